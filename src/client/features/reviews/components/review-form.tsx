import { AlertCircle, BadgeCheck, CheckCircle2, Send } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmailAddress } from '../../../../domain/contact-rules';
import { REVIEW_LIMITS, REVIEW_RATING } from '../../../../domain/review-rules';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { useLanguage } from '../../../i18n/use-language';
import { useErrorText } from '../../../lib/error-text';
import { formatDay } from '../../../lib/format';
import { useReviewInvitation } from '../api/get-invitation';
import { useSubmitReview } from '../api/submit-review';
import { StarInput } from './star-input';

type Field = 'rating' | 'comment' | 'guest';

interface ReviewFormProps {
  activityId: number;
  /** True when someone is logged in: name and e-mail come from the account. */
  loggedIn: boolean;
  /** The token of a review invitation's link (the page's `?token=`), when the visitor came by it. */
  token?: string | null;
}

/**
 * The guestbook's form (docs/product.md#reviews): 1-5 stars and a comment,
 * a title if you like; guests give name and e-mail, logged-in people may
 * post anonymously. Reviews show once an admin approves them. Opened from a
 * review invitation's link, it says that the review will carry "Verified
 * booking", fills in the booking's name and needs no e-mail.
 */
export function ReviewForm({ activityId, loggedIn, token = null }: ReviewFormProps) {
  const { t } = useTranslation('detail');
  const language = useLanguage();
  const errorText = useErrorText();
  const ids = useId();
  const submit = useSubmitReview(activityId);
  const invitation = useReviewInvitation(activityId, token);
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [comment, setComment] = useState('');
  // Null until the guest types: the booking's name from the link until then.
  const [typedName, setName] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [website, setWebsite] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [sent, setSent] = useState<{ verified: boolean } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const invited = token && invitation.isSuccess ? invitation.data : null;
  const name = typedName ?? invited?.customerName ?? '';

  if (sent) {
    return (
      <p role="status" className="mt-4 flex gap-2 rounded-2xl bg-emerald-50 p-4 text-emerald-900">
        <CheckCircle2 aria-hidden className="h-5 w-5 shrink-0" />
        <span>
          {t('reviews.form.thanks')}
          {sent.verified ? ` ${t('reviews.invitation.thanksVerified')}` : null}
        </span>
      </p>
    );
  }
  if (token && invitation.isPending) {
    return (
      <div aria-busy="true" aria-label={t('reviews.invitation.checking')} className="mt-4">
        <Skeleton className="h-48 w-full rounded-3xl" />
      </div>
    );
  }
  if (invited?.reviewed) {
    return (
      <p role="status" className="mt-4 flex gap-2 rounded-2xl bg-emerald-50 p-4 text-emerald-900">
        <CheckCircle2 aria-hidden className="h-5 w-5 shrink-0" />
        {t('reviews.invitation.reviewed', { date: formatDay(invited.bookingDate, language) })}
      </p>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (rating < REVIEW_RATING.min) found.rating = t('reviews.form.errors.rating');
    if (!comment.trim()) found.comment = t('reviews.form.errors.comment');
    // The server's own e-mail rule (docs/api.md#e-mail-addresses-and-phone-numbers).
    if (!loggedIn && !invited && (!name.trim() || !isEmailAddress(email.trim())))
      found.guest = t('reviews.form.errors.guest');
    setProblems(found);
    if (Object.keys(found).length > 0) {
      toast({ title: t('reviews.form.failedTitle'), description: Object.values(found)[0], variant: 'destructive' });
      requestAnimationFrame(() =>
        form.current
          ?.querySelector<HTMLElement>(
            '[aria-invalid="true"] input, input[aria-invalid="true"], textarea[aria-invalid="true"]',
          )
          ?.focus(),
      );
      return;
    }
    submit.mutate(
      {
        rating,
        comment: comment.trim(),
        title: title.trim() || null,
        guestName: loggedIn ? null : name.trim() || null,
        // The link's booking gives the address; a typed one is only for the admins.
        guestEmail: loggedIn || invited ? null : email.trim(),
        isAnonymous: loggedIn && anonymous,
        website,
        language,
        ...(invited && token ? { token } : {}),
      },
      {
        onSuccess: (review) => {
          toast({ title: t('reviews.form.sentTitle'), description: t('reviews.form.sentText') });
          setSent({ verified: review.verifiedBooking });
        },
        onError: (error) =>
          toast({
            title: t('reviews.form.failedTitle'),
            description: errorText(error, t('reviews.form.failedText'), [
              'INTERNAL_ERROR',
              'BAD_REQUEST',
              'NOT_FOUND',
              'ROUTE_NOT_FOUND',
              'VALIDATION_FAILED',
            ]),
            variant: 'destructive',
          }),
      },
    );
  };

  const errorId = (field: Field) => `${ids}-${field}-error`;
  const error = (field: Field) =>
    problems[field] ? (
      <p id={errorId(field)} className="mt-1 text-sm text-red-800">
        {problems[field]}
      </p>
    ) : null;
  const invalid = (field: Field) =>
    problems[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {};
  const labelClass = 'mb-1 block text-sm font-medium text-ink-900';

  return (
    <form
      ref={form}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${ids}-title`}
      className="mt-4 space-y-4 rounded-3xl bg-white p-6 ring-1 ring-sand-200"
    >
      <h3 id={`${ids}-title`} className="text-lg font-semibold text-ink-900">
        {t('reviews.form.title')}
      </h3>
      {invited ? (
        <p className="flex gap-2 rounded-2xl bg-emerald-50 p-3 text-sm text-emerald-900">
          <BadgeCheck aria-hidden className="h-5 w-5 shrink-0" />
          {t('reviews.invitation.verified', { date: formatDay(invited.bookingDate, language) })}
        </p>
      ) : null}
      {token && invitation.isError ? (
        <p role="status" className="flex gap-2 rounded-2xl bg-amber-50 p-3 text-sm text-amber-900">
          <AlertCircle aria-hidden className="h-5 w-5 shrink-0" />
          {errorText(invitation.error, t('reviews.invitation.failed'))}
        </p>
      ) : null}
      <div>
        <StarInput
          name={`${ids}-rating`}
          value={rating}
          onChange={setRating}
          legend={t('reviews.form.rating')}
          invalid={Boolean(problems.rating)}
          {...(problems.rating ? { describedBy: errorId('rating') } : {})}
        />
        {error('rating')}
      </div>
      <div>
        <label htmlFor={`${ids}-heading`} className={labelClass}>
          {t('reviews.form.heading')}
        </label>
        <Input
          id={`${ids}-heading`}
          maxLength={REVIEW_LIMITS.title}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${ids}-comment`} className={labelClass}>
          {t('reviews.form.comment')}
        </label>
        <textarea
          id={`${ids}-comment`}
          rows={4}
          maxLength={REVIEW_LIMITS.comment}
          aria-required="true"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          className="w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-ink-900 focus:border-terracotta-600 aria-[invalid=true]:border-red-700"
          {...invalid('comment')}
        />
        {error('comment')}
      </div>
      {loggedIn ? (
        <Checkbox
          id={`${ids}-anonymous`}
          checked={anonymous}
          onCheckedChange={setAnonymous}
          label={t('reviews.form.anonymous')}
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${ids}-name`} className={labelClass}>
              {t('reviews.form.name')}
            </label>
            <Input
              id={`${ids}-name`}
              autoComplete="name"
              aria-required={invited ? undefined : 'true'}
              maxLength={REVIEW_LIMITS.name}
              value={name}
              onChange={(e) => setName(e.target.value)}
              {...invalid('guest')}
            />
          </div>
          {invited ? null : (
            <div>
              <label htmlFor={`${ids}-email`} className={labelClass}>
                {t('reviews.form.email')}
              </label>
              <Input
                id={`${ids}-email`}
                type="email"
                autoComplete="email"
                aria-required="true"
                maxLength={REVIEW_LIMITS.email}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                {...invalid('guest')}
              />
            </div>
          )}
          <div className="sm:col-span-2">
            <p className="text-xs text-ink-500">
              {invited ? t('reviews.invitation.emailFromBooking') : t('reviews.form.emailNote')}
            </p>
            {error('guest')}
          </div>
        </div>
      )}
      {/* People never see this field; robots fill it in (and their review is refused). */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${ids}-website`}>{t('reviews.form.honeypot')}</label>
        <input
          id={`${ids}-website`}
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
        />
      </div>
      <p className="text-sm text-ink-600">{t('reviews.form.moderationNote')}</p>
      <Button type="submit" disabled={submit.isPending}>
        <Send aria-hidden className="h-4 w-4" />
        {submit.isPending ? t('reviews.form.sending') : t('reviews.form.submit')}
      </Button>
    </form>
  );
}
