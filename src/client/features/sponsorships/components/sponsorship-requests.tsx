import { Check, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, todayInParis } from '../../../../domain/dates';
import { PLAN_BILLING, SPONSORSHIP_REQUEST_STATUSES, type SponsorshipRequestStatus } from '../../../../domain/plans';
import type { AdminSponsorshipRequest } from '../../../../domain/sponsorships';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { PagedRows } from '../../../components/ui/paged-rows';
import { toast } from '../../../components/ui/toast-store';
import { useLanguage } from '../../../i18n/use-language';
import { Link } from '../../../lib/navigation';
import { useErrorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { RejectDialog } from '../../../components/reject-dialog';
import { useAnswerRequest, useSponsorshipRequests } from '../api/sponsorships';

/** The last day a grant proposes: one billing period of the plan from today, as online. */
function defaultUntil(plan: AdminSponsorshipRequest['plan'], today: string): string {
  const billing = PLAN_BILLING[plan];
  if (billing.interval === 'week') return addDays(today, 7 * billing.intervalCount - 1);
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1 + billing.intervalCount, day));
  return addDays(next.toISOString().slice(0, 10), -1);
}

/** The grant: the plan's level until a last day the admin chooses (today or later). */
function GrantDialog({
  item,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  item: AdminSponsorshipRequest;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: React.RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('sponsorship');
  const language = useLanguage();
  const errorText = useErrorText();
  const id = useId();
  const answer = useAnswerRequest();
  const today = todayInParis(new Date());
  const [until, setUntil] = useState(() => defaultUntil(item.plan, today));
  const plan = t(`plan.${item.plan}`);
  const tooEarly = until !== '' && until < today;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('requests.grantTitle', { plan, name: item.activityName })}
        closeLabel={t('requests.back')}
        returnFocusTo={returnFocusTo}
      >
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!until || tooEarly) return;
            answer.mutate(
              { id: item.id, action: 'grant', until },
              {
                onSuccess: () => {
                  onOpenChange(false);
                  toast({ title: t('requests.grantedToast', { plan, date: formatDate(until, language) }) });
                },
                onError: (error) =>
                  toast({
                    title: t('requests.failed'),
                    description: errorText(error, t('failedText')),
                    variant: 'destructive',
                  }),
              },
            );
          }}
        >
          <div>
            <label htmlFor={`${id}-until`} className="mb-1 block text-sm font-medium text-ink-900">
              {t('requests.until')}
            </label>
            <Input
              id={`${id}-until`}
              type="date"
              required
              min={today}
              value={until}
              onChange={(event) => setUntil(event.target.value)}
              aria-invalid={tooEarly}
              aria-describedby={`${id}-until-hint`}
            />
            <p id={`${id}-until-hint`} className={tooEarly ? 'mt-1 text-sm text-red-800' : 'mt-1 text-sm text-ink-500'}>
              {tooEarly ? t('requests.untilTooEarly') : t('requests.untilHint')}
            </p>
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {t('requests.back')}
            </Button>
            <Button type="submit" disabled={answer.isPending || !until || tooEarly}>
              {t('requests.grantSubmit', { plan })}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RequestRow({ item }: { item: AdminSponsorshipRequest }) {
  const { t } = useTranslation('sponsorship');
  const language = useLanguage();
  const errorText = useErrorText();
  const answer = useAnswerRequest();
  const [granting, setGranting] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const grantButton = useRef<HTMLButtonElement>(null);
  const refuseButton = useRef<HTMLButtonElement>(null);
  const plan = t(`plan.${item.plan}`);
  const level = item.sponsorLevel > 0 ? t(`level.${item.sponsorLevel}`) : null;
  return (
    <article className="w-full space-y-2" aria-labelledby={`request-${item.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`request-${item.id}`} className="font-semibold text-ink-900">
          <Link to={`/activity/${item.activityId}`} className="hover:underline">
            {item.activityName}
          </Link>{' '}
          <span className="rounded-full bg-terracotta-50 px-2 py-0.5 text-xs font-semibold text-terracotta-800">
            {plan}
          </span>
        </h3>
        <p className="text-sm text-ink-600">{t('requests.asked', { date: formatDate(item.createdAt, language) })}</p>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-ink-600">{t('admin.provider')}</dt>
        <dd className="text-ink-900">{item.providerName ?? t('requests.guide')}</dd>
        <dt className="text-ink-600">{t('requests.message')}</dt>
        <dd className="whitespace-pre-line text-ink-900">{item.message ?? '—'}</dd>
        <dt className="text-ink-600">{t('requests.now')}</dt>
        <dd className="text-ink-900">
          {level
            ? item.sponsoredUntil
              ? t('requests.levelUntil', { level, date: formatDate(item.sponsoredUntil, language) })
              : level
            : t('requests.basis')}
        </dd>
        {item.status === 'granted' && item.until ? (
          <>
            <dt className="text-ink-600">{t('requests.answer')}</dt>
            <dd className="text-ink-900">{t('requests.grantedUntil', { date: formatDate(item.until, language) })}</dd>
          </>
        ) : null}
        {item.status === 'refused' ? (
          <>
            <dt className="text-ink-600">{t('requests.answer')}</dt>
            <dd className="text-ink-900">{t('requests.refusedBecause', { reason: item.reason ?? '' })}</dd>
          </>
        ) : null}
      </dl>
      {item.status === 'open' ? (
        <div className="flex flex-wrap gap-2 pt-1">
          {item.paidSponsorship ? (
            <p className="w-full text-sm text-ink-600">{t('requests.paid')}</p>
          ) : (
            <Button
              ref={grantButton}
              size="sm"
              onClick={() => setGranting(true)}
              aria-label={t('requests.grantLabel', { plan, name: item.activityName })}
            >
              <Check aria-hidden className="h-4 w-4" />
              {t('requests.grant', { plan })}
            </Button>
          )}
          <Button
            ref={refuseButton}
            size="sm"
            variant="secondary"
            onClick={() => setRefusing(true)}
            aria-label={t('requests.refuseLabel', { name: item.activityName })}
          >
            <X aria-hidden className="h-4 w-4" />
            {t('requests.refuse')}
          </Button>
        </div>
      ) : null}
      {granting ? (
        <GrantDialog item={item} open={granting} onOpenChange={setGranting} returnFocusTo={grantButton} />
      ) : null}
      <RejectDialog
        open={refusing}
        onOpenChange={setRefusing}
        title={t('requests.refuseTitle', { plan, name: item.activityName })}
        closeLabel={t('requests.back')}
        reasonLabel={t('requests.reason')}
        submitLabel={t('requests.refuse')}
        backLabel={t('requests.back')}
        busy={answer.isPending}
        requiredText={t('requests.reasonRequired')}
        returnFocusTo={refuseButton}
        onReject={(reason) =>
          answer.mutate(
            { id: item.id, action: 'refuse', reason: reason ?? '' },
            {
              onSuccess: () => {
                setRefusing(false);
                toast({ title: t('requests.refusedToast') });
              },
              onError: (error) =>
                toast({
                  title: t('requests.failed'),
                  description: errorText(error, t('failedText')),
                  variant: 'destructive',
                }),
            },
          )
        }
      />
    </article>
  );
}

/**
 * The admin's queue of providers' requests for a plan (docs/sponsorship.md#asking-for-a-plan): open
 * ones oldest first, to grant with a last day or refuse with a reason; the answered ones on request.
 */
export function SponsorshipRequests() {
  const { t } = useTranslation('sponsorship');
  const id = useId();
  const [status, setStatus] = useState<SponsorshipRequestStatus>('open');
  const list = useSponsorshipRequests(status);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-ink-900">
          {t('requests.title')}
        </h2>
        <div>
          <label htmlFor={`${id}-status`} className="mb-1 block text-sm font-medium text-ink-800">
            {t('requests.show')}
          </label>
          <select
            id={`${id}-status`}
            className="h-11 rounded-xl border border-sand-300 bg-white px-3 text-ink-900"
            value={status}
            onChange={(event) => setStatus(event.target.value as SponsorshipRequestStatus)}
          >
            {SPONSORSHIP_REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`requests.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PagedRows
        list={list}
        empty={t(`requests.none.${status}`)}
        rowKey={(item) => item.id}
        row={(item) => <RequestRow item={item} />}
      />
    </section>
  );
}
