import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/navigation';
import { CATEGORIES, type CategoryFilter } from '../../../../domain/activities';
import { cn } from '../../../lib/cn';
import { FILTER_ICON } from '../categories';

/** Order of the chips (docs/product.md#the-overview). */
const CHIPS: CategoryFilter[] = ['alle', 'top_rated', ...CATEGORIES];

interface CategoryBarProps {
  selected: CategoryFilter;
  /** The URL of the overview with that category chosen (keeps the other filters). */
  hrefFor: (category: CategoryFilter) => string;
}

/** Sticky chips; top_rated is hidden below 768 px (docs/product.md#the-overview). */
export function CategoryBar({ selected, hrefFor }: CategoryBarProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('category.navLabel')} className="sticky top-16 z-30 -mx-4 bg-sand-50/95 px-4 py-3 backdrop-blur">
      <ul className="flex gap-2 overflow-x-auto pb-1 [scrollbar-width:none]">
        {CHIPS.map((category) => {
          const Icon = FILTER_ICON[category];
          const active = category === selected;
          return (
            <li key={category} className={cn(category === 'top_rated' && 'hidden md:block')}>
              <Link
                to={hrefFor(category)}
                aria-current={active ? 'true' : undefined}
                className={cn(
                  'inline-flex h-10 items-center gap-2 whitespace-nowrap rounded-full border px-4 text-sm font-medium transition-colors',
                  active
                    ? 'border-terracotta-600 bg-terracotta-600 text-white'
                    : 'border-sand-300 bg-white text-ink-700 hover:border-terracotta-500 hover:text-terracotta-700',
                )}
              >
                <Icon aria-hidden className="h-4 w-4" />
                {t(`category.chip.${category}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
