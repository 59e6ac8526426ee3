import { CalendarDays, MapPin, Navigation } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/navigation';
import type { Activity } from '../../../../domain/activities';
import { useLanguage } from '../../../i18n/use-language';
import { cn } from '../../../lib/cn';
import { formatDistance, formatPrice } from '../../../lib/format';
import { CategoryBadge, SponsorBadge } from './badges';
import { RatingStars } from './rating-stars';
import { imageSources } from '../../../../domain/images';
import { langOf } from '../../../lib/text-language';
import { StatusLine } from '../../../components/status-line';

interface ActivityCardProps {
  activity: Activity;
  /** The favourite toggle, composed in by the route. */
  favouriteButton?: ReactNode;
  /** Load the image at once (first row), not lazily. */
  priority?: boolean;
  highlighted?: boolean;
}

/** The overview's card (docs/product.md#the-overview). The title link covers the card; the action button opens the same page. */
export function ActivityCard({ activity, favouriteButton, priority = false, highlighted = false }: ActivityCardProps) {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  const href = `/activity/${activity.id}`;
  return (
    <article
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-sand-200 transition hover:-translate-y-0.5 hover:shadow-md',
        highlighted && 'ring-2 ring-terracotta-600',
      )}
    >
      <div className="relative aspect-[16/10] overflow-hidden bg-sand-100">
        {activity.imageUrl ? (
          <img
            {...imageSources(activity.imageUrl)}
            sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            alt=""
            width={800}
            height={500}
            loading={priority ? 'eager' : 'lazy'}
            // The first row's pictures are on the first screen, on a phone too: the page's largest paint.
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            className="h-full w-full object-cover transition duration-500 group-hover:scale-[1.03]"
          />
        ) : null}
        <div className="absolute left-3 top-3 flex flex-wrap gap-1.5">
          <CategoryBadge category={activity.category} onImage />
          <SponsorBadge level={activity.sponsorLevel} />
        </div>
        {favouriteButton ? <div className="absolute right-3 top-3 z-10">{favouriteButton}</div> : null}
        <span className="absolute bottom-3 left-3 inline-flex items-center gap-1 rounded-full bg-ink-900/75 px-2.5 py-1 text-xs font-medium text-white">
          <Navigation aria-hidden className="h-3 w-3" />
          <span className="sr-only">{t('card.distance')}: </span>
          {formatDistance(activity.distance, language)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {/* A long name stops after two lines; the link's name and title keep it whole (docs/product.md#the-overview). */}
        <h3
          lang={langOf(activity, 'name', language)}
          className="line-clamp-2 text-lg font-semibold leading-snug text-ink-900"
        >
          <Link
            to={href}
            title={activity.name}
            className="after:absolute after:inset-0 after:rounded-3xl after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-terracotta-600"
          >
            {activity.name}
          </Link>
        </h3>
        <p lang={langOf(activity, 'description', language)} className="line-clamp-2 text-sm text-ink-600">
          {activity.description}
        </p>
        <p className="flex items-center gap-1 text-sm text-ink-600">
          <MapPin aria-hidden className="h-4 w-4 shrink-0 text-terracotta-600" />
          {activity.city}
        </p>
        {activity.category === 'markten' && activity.marketDays ? (
          <p className="flex items-start gap-1 text-sm text-ink-700">
            <CalendarDays aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-terracotta-600" />
            <span>
              <span className="sr-only">{t('card.marketDays')}: </span>
              <span lang={langOf(activity, 'marketDays', language)}>{activity.marketDays}</span>
            </span>
          </p>
        ) : null}
        {/* What it is now: plain text in the card (docs/when.md#what-a-card-says). */}
        <StatusLine status={activity.status} checkTimes={activity.whenMatch === 'check-times'} />
        <RatingStars rating={activity.rating} reviewCount={activity.reviewCount} className="hidden md:flex" />
        <div className="mt-auto flex items-center justify-between gap-3 pt-2">
          {activity.price !== null && activity.price > 0 ? (
            <p className="text-base font-semibold text-ink-900">
              {formatPrice(activity.price, language)}{' '}
              <span className="text-sm font-normal text-ink-500">{t('card.perPerson')}</span>
            </p>
          ) : (
            <span />
          )}
          <Link
            to={activity.bookingRequired ? `${href}?book=1` : href}
            aria-label={t(activity.bookingRequired ? 'card.bookLabel' : 'card.detailsLabel', { name: activity.name })}
            className={cn(
              'relative z-10 inline-flex h-9 items-center rounded-full px-4 text-sm font-medium transition-colors',
              activity.bookingRequired
                ? 'bg-terracotta-600 text-white hover:bg-terracotta-700'
                : 'bg-sand-100 text-ink-900 hover:bg-sand-200',
            )}
          >
            {t(activity.bookingRequired ? 'card.book' : 'card.details')}
          </Link>
        </div>
      </div>
    </article>
  );
}
