import { BadgeCheck, Check, RotateCcw, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModerationStatus } from '../../../../domain/moderation';
import type { AdminReview } from '../../../../domain/reviews';
import { Button } from '../../../components/ui/button';
import { CountTabs } from '../../../components/ui/count-tabs';
import { PagedRows } from '../../../components/ui/paged-rows';
import { RejectDialog } from '../../../components/reject-dialog';
import { toast } from '../../../components/ui/toast-store';
import { useLanguage } from '../../../i18n/use-language';
import { useErrorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { useAdminReviews, useReviewApproval } from '../api/admin-api';

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('admin');
  return (
    <span role="img" aria-label={t('reviews.stars', { count: rating })} className="text-gold-400">
      {'★'.repeat(rating)}
      <span className="text-sand-300">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

/** One review with what an admin needs to judge it, and the decisions its status allows. */
function ReviewRow({ review }: { review: AdminReview }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const errorText = useErrorText();
  const approval = useReviewApproval();
  const [rejecting, setRejecting] = useState(false);
  const rejectButton = useRef<HTMLButtonElement>(null);
  // A review kept after its author's erasure names nobody (docs/privacy.md#erasure-on-request).
  const formerGuest = review.formerGuest;
  const author = formerGuest ? t('reviews.formerGuest') : (review.authorName ?? t('reviews.noName'));
  const decide = (approve: boolean, why?: string | null) =>
    approval.mutate(
      { id: review.id, approve, reason: why ?? null },
      {
        onSuccess: () => {
          toast({ title: t(approve ? 'reviews.approvedToast' : 'reviews.rejectedToast') });
          setRejecting(false);
        },
        onError: (error) =>
          toast({
            title: t('error'),
            description: errorText(error, t('reviews.updateFailed')),
            variant: 'destructive',
          }),
      },
    );

  return (
    <article aria-label={t('reviews.rowLabel', { author, activity: review.activityName })} className="w-full space-y-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <span className="font-semibold text-ink-900">{review.activityName}</span>
        {review.verifiedBooking ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900">
            <BadgeCheck aria-hidden className="h-3.5 w-3.5" />
            {t('reviews.verified')}
          </span>
        ) : null}
        <time dateTime={review.createdAt} className="ml-auto text-sm text-ink-500">
          {formatDate(review.createdAt, language)}
        </time>
      </div>
      {review.title ? <p className="font-medium text-ink-900">{review.title}</p> : null}
      <p className="whitespace-pre-line text-sm text-ink-700">{review.comment}</p>
      {formerGuest ? (
        <p className="text-sm italic text-ink-500">{author}</p>
      ) : (
        <p className="text-sm text-ink-500">
          {author}
          {review.authorEmail ? ` · ${review.authorEmail}` : ''}
          {review.isAnonymous ? ` · ${t('reviews.anonymous')}` : ''}
          {review.byAccount ? ` · ${t('reviews.byAccount')}` : ` · ${t('reviews.byGuest')}`}
        </p>
      )}
      {review.status === 'rejected' && review.moderationReason ? (
        <p className="text-sm text-ink-700">
          <span className="font-medium">{t('reviews.reason')}:</span> {review.moderationReason}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {review.status !== 'approved' ? (
          <Button
            size="sm"
            disabled={approval.isPending}
            onClick={() => decide(true)}
            aria-label={t(review.status === 'rejected' ? 'reviews.reapproveLabel' : 'reviews.approveLabel', { author })}
          >
            {review.status === 'rejected' ? (
              <RotateCcw aria-hidden className="h-4 w-4" />
            ) : (
              <Check aria-hidden className="h-4 w-4" />
            )}
            {t(review.status === 'rejected' ? 'reviews.reapprove' : 'reviews.approve')}
          </Button>
        ) : null}
        {review.status !== 'rejected' ? (
          <Button
            ref={rejectButton}
            size="sm"
            variant="secondary"
            disabled={approval.isPending}
            onClick={() => setRejecting(true)}
            aria-label={t('reviews.rejectLabel', { author })}
          >
            <X aria-hidden className="h-4 w-4" />
            {t('reviews.reject')}
          </Button>
        ) : null}
      </div>
      <RejectDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={t('reviews.rejectTitle', { author })}
        description={review.activityName}
        closeLabel={t('reviews.close')}
        reasonLabel={t('reviews.reason')}
        submitLabel={t('reviews.rejectSubmit')}
        backLabel={t('reviews.back')}
        busy={approval.isPending}
        returnFocusTo={rejectButton}
        onReject={(why) => decide(false, why)}
      />
    </article>
  );
}

function ReviewList({ status }: { status: ModerationStatus }) {
  const { t } = useTranslation('admin');
  const list = useAdminReviews(status);
  return (
    <PagedRows
      list={list}
      empty={t(`reviews.none.${status}`)}
      rowKey={(review) => review.id}
      row={(review) => <ReviewRow review={review} />}
    />
  );
}

/** Review moderation (docs/moderation.md): pending, approved and rejected, each with its counts. */
export function ReviewsModeration() {
  const { t } = useTranslation('admin');
  const pending = useAdminReviews('pending');
  const approved = useAdminReviews('approved');
  const rejected = useAdminReviews('rejected');
  const count = (list: { isPending: boolean; total: number }) => (list.isPending ? undefined : list.total);
  return (
    <CountTabs
      label={t('reviews.tabsLabel')}
      defaultValue="pending"
      tabs={[
        {
          value: 'pending',
          title: t('reviews.pending'),
          count: count(pending),
          content: <ReviewList status="pending" />,
        },
        {
          value: 'approved',
          title: t('reviews.approvedTab'),
          count: count(approved),
          content: <ReviewList status="approved" />,
        },
        {
          value: 'rejected',
          title: t('reviews.rejectedTab'),
          count: count(rejected),
          content: <ReviewList status="rejected" />,
        },
      ]}
    />
  );
}
