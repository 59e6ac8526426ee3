import { BadgeCheck, MessageSquareText } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicReview } from '../../../../domain/reviews';
import { REVIEW_PAGE_SIZE } from '../../../../domain/review-rules';
import { LoadMore } from '../../../components/ui/load-more';
import { Skeleton } from '../../../components/ui/skeleton';
import { useLanguage } from '../../../i18n/use-language';
import { formatDate } from '../../../lib/format';
import { useActivityReviews } from '../api/get-reviews';
import { ReviewStars } from './review-stars';

/** Up to two initials of a display name (docs/product.md#constants): "Sanne V." -> "SV". */
export function initialsOf(name: string): string {
  return name
    .split(/[\s.-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

function ReviewItem({ review }: { review: PublicReview }) {
  const { t } = useTranslation('detail');
  const language = useLanguage();
  // A review kept after its author erased their account has no name left (docs/privacy.md#deleting-an-account).
  const name = review.formerGuest ? t('reviews.formerGuest') : (review.guestName ?? t('reviews.anonymous'));
  return (
    <li className="flex gap-4 border-b border-sand-200 py-5 last:border-b-0">
      <span
        aria-hidden
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-terracotta-100 text-sm font-semibold text-terracotta-800"
      >
        {review.guestName ? initialsOf(review.guestName) : '?'}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold text-ink-900">{name}</p>
          <time dateTime={review.createdAt} className="text-sm text-ink-500">
            {formatDate(review.createdAt, language)}
          </time>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ReviewStars rating={review.rating} />
          {review.verifiedBooking ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900">
              <BadgeCheck aria-hidden className="h-3.5 w-3.5" />
              {t('reviews.verified')}
            </span>
          ) : null}
        </div>
        {review.title ? <p className="font-medium text-ink-900">{review.title}</p> : null}
        <p className="text-sm leading-relaxed text-ink-700">{review.comment}</p>
      </div>
    </li>
  );
}

/**
 * An activity's guestbook: the newest reviews, and "more reviews" for the next ones. The server
 * renders the first page with the detail page (docs/rendering.md#data); the browser adds the rest.
 */
export function ReviewList({ activityId }: { activityId: number }) {
  const { t } = useTranslation('detail');
  const reviews = useActivityReviews(activityId);
  const itemsRef = useRef<HTMLUListElement>(null);
  if (reviews.isPending) {
    return (
      <div aria-busy="true" aria-label={t('reviews.loading')} className="space-y-4 py-4">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  // A later page that failed keeps what is shown and says so under it (LoadMore).
  if (reviews.isError && !reviews.isFetchNextPageError)
    return <p className="py-4 text-sm text-red-800">{t('reviews.error')}</p>;
  if (reviews.items.length === 0) {
    return (
      <p className="flex items-center gap-2 py-4 text-sm text-ink-600">
        <MessageSquareText aria-hidden className="h-5 w-5" />
        {t('reviews.empty')}
      </p>
    );
  }
  return (
    <div>
      <ul ref={itemsRef} aria-label={t('reviews.listLabel')}>
        {reviews.items.map((review) => (
          <ReviewItem key={review.id} review={review} />
        ))}
      </ul>
      {/* Only a guestbook of more than one page says how many it shows. */}
      {reviews.total > REVIEW_PAGE_SIZE ? (
        <LoadMore
          className="space-y-3 pt-2 pb-4"
          list={{ ...reviews, shown: reviews.items.length }}
          itemsRef={itemsRef}
          shownText={t('reviews.shown', { shown: reviews.items.length, count: reviews.total })}
          label={t('reviews.more')}
          failedText={t('reviews.moreFailed')}
        />
      ) : null}
    </div>
  );
}
