import { CalendarCheck, CalendarDays, MapPin, Navigation } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/navigation';
import type { Activity } from '../../../../domain/activities';
import { Badge } from '../../../components/ui/badge';
import { useLanguage } from '../../../i18n/use-language';
import { formatDistance, formatPrice } from '../../../lib/format';
import { CategoryBadge, SponsorBadge } from './badges';
import { RatingStars } from './rating-stars';
import { imageSources } from '../../../../domain/images';
import { langOf } from '../../../lib/text-language';
import { StatusLine } from '../../../components/status-line';

/** The list view's row (docs/product.md#the-overview): small image, text, place, distance, market days, rating, booking badge, price. */
export function ActivityListItem({ activity, favouriteButton }: { activity: Activity; favouriteButton?: ReactNode }) {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  return (
    <article className="group relative flex gap-4 rounded-3xl bg-white p-3 shadow-sm ring-1 ring-sand-200 transition hover:shadow-md">
      <div className="relative h-24 w-28 shrink-0 overflow-hidden rounded-2xl bg-sand-100 sm:h-28 sm:w-40">
        {activity.imageUrl ? (
          <img
            {...imageSources(activity.imageUrl)}
            sizes="160px"
            alt=""
            width={160}
            height={112}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <CategoryBadge category={activity.category} />
          <SponsorBadge level={activity.sponsorLevel} />
          {activity.bookingRequired ? (
            <Badge className="bg-vine-50 text-vine-700">
              <CalendarCheck aria-hidden className="h-3.5 w-3.5" />
              {t('list.bookingRequired')}
            </Badge>
          ) : null}
        </div>
        {/* Two lines at most; the link's name and title keep the whole name (docs/product.md#the-overview). */}
        <h3
          lang={langOf(activity, 'name', language)}
          className="line-clamp-2 text-base font-semibold leading-snug text-ink-900"
        >
          <Link
            to={`/activity/${activity.id}`}
            title={activity.name}
            className="after:absolute after:inset-0 after:rounded-3xl after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-terracotta-600"
          >
            {activity.name}
          </Link>
        </h3>
        <p lang={langOf(activity, 'description', language)} className="line-clamp-1 text-sm text-ink-600">
          {activity.description}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-600">
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden className="h-4 w-4 text-terracotta-600" />
            {activity.location ? (
              <>
                <span lang={langOf(activity, 'location', language)}>{activity.location}</span>, {activity.city}
              </>
            ) : (
              activity.city
            )}
          </span>
          <span className="inline-flex items-center gap-1">
            <Navigation aria-hidden className="h-3.5 w-3.5" />
            <span className="sr-only">{t('card.distance')}: </span>
            {formatDistance(activity.distance, language)}
          </span>
          {activity.category === 'markten' && activity.marketDays ? (
            <span className="inline-flex items-center gap-1">
              <CalendarDays aria-hidden className="h-4 w-4" />
              <span className="sr-only">{t('card.marketDays')}: </span>
              <span lang={langOf(activity, 'marketDays', language)}>{activity.marketDays}</span>
            </span>
          ) : null}
        </div>
        <StatusLine status={activity.status} checkTimes={activity.whenMatch === 'check-times'} />
        <div className="mt-auto flex items-center justify-between gap-2">
          <RatingStars rating={activity.rating} reviewCount={activity.reviewCount} />
          {activity.price !== null && activity.price > 0 ? (
            <p className="text-sm font-semibold text-ink-900">
              {formatPrice(activity.price, language)}{' '}
              <span className="font-normal text-ink-500">{t('card.perPerson')}</span>
            </p>
          ) : null}
        </div>
      </div>
      {favouriteButton ? <div className="relative z-10 self-start">{favouriteButton}</div> : null}
    </article>
  );
}
