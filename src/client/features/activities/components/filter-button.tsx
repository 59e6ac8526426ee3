import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { hasActiveFilters } from '../filters';
import type { FilterDialogProps } from './filter-dialog';

const loadDialog = () => import('./filter-dialog');
const FilterDialog = lazy(loadDialog);

/**
 * The Filters button, with a dot while any filter is active (docs/product.md#filters-and-sorting). The
 * dialog's code loads on first open, and is fetched ahead as soon as the
 * pointer or focus reaches the button, so opening does not wait.
 */
export function FilterButton(props: Omit<FilterDialogProps, 'open' | 'onOpenChange'>) {
  const { t } = useTranslation('activities');
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const active = hasActiveFilters(props.filters);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        variant="secondary"
        className="relative"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <SlidersHorizontal aria-hidden className="h-4 w-4" />
        {t('filters.open')}
        {active ? (
          <>
            <span
              aria-hidden
              className="absolute right-1.5 top-1.5 h-2.5 w-2.5 rounded-full bg-terracotta-600 ring-2 ring-white"
            />
            <span className="sr-only">({t('filters.activeHint')})</span>
          </>
        ) : null}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <FilterDialog {...props} open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
}
