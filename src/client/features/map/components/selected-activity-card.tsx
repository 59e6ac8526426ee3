import { Navigation, Star, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_COLORS } from '../../../../domain/activities';
import { useLanguage } from '../../../i18n/use-language';
import { cn } from '../../../lib/cn';
import { formatDistance, formatRating } from '../../../lib/format';
import { Link } from '../../../lib/navigation';
import { langOf } from '../../../lib/text-language';
import { StatusLine } from '../../../components/status-line';
import { MISSING_MAP_RATING, type MapActivity } from '../types';

/**
 * The map page's card of the selected marker (docs/product.md#maps): its picture, category, name
 * (two lines at most, the whole name in its title and accessible name), rating, distance and a link
 * to its page.
 */
export function SelectedActivityCard({
  activity,
  onClose,
  className,
}: {
  activity: MapActivity;
  onClose: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <article
      aria-label={t('map.selected', { name: activity.name })}
      className={cn('flex gap-3 rounded-2xl bg-white p-3 shadow-xl ring-1 ring-sand-200', className)}
    >
      {activity.imageUrl ? (
        <img
          src={activity.imageUrl}
          alt=""
          width={96}
          height={96}
          className="h-24 w-24 shrink-0 rounded-xl object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1 space-y-1">
        {/* The category's colour (its marker's) in a dot: as text colour some are too light on white. */}
        <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-ink-700">
          <span
            aria-hidden
            className="h-2.5 w-2.5 shrink-0 rounded-full"
            style={{ background: CATEGORY_COLORS[activity.category] }}
          />
          {t(`category.badge.${activity.category}`)}
        </p>
        <h3
          lang={langOf(activity, 'name', language)}
          className="line-clamp-2 font-semibold leading-snug text-ink-900"
          title={activity.name}
        >
          {activity.name}
        </h3>
        <p className="flex items-center gap-3 text-sm text-ink-600">
          <span className="inline-flex items-center gap-1">
            <Star aria-hidden className="h-4 w-4 text-gold-400" fill="currentColor" />
            <span className="sr-only">{t('map.rating')}: </span>
            {formatRating(activity.rating ?? MISSING_MAP_RATING, language)}
          </span>
          <span className="inline-flex items-center gap-1">
            <Navigation aria-hidden className="h-3.5 w-3.5" />
            <span className="sr-only">{t('map.distance')}: </span>
            {formatDistance(activity.distance, language)}
          </span>
        </p>
        <StatusLine status={activity.status} checkTimes={activity.whenMatch === 'check-times'} />
        <Link
          to={`/activity/${activity.id}`}
          className="inline-block text-sm font-semibold text-terracotta-700 hover:underline"
        >
          {t('map.viewDetails')}
        </Link>
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label={t('map.closeCard')}
        className="-m-1 self-start rounded-full p-1.5 text-ink-600 hover:bg-sand-100"
      >
        <X aria-hidden className="h-4 w-4" />
      </button>
    </article>
  );
}
