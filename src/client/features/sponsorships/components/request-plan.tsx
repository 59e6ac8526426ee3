import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAID_PLANS, type PaidPlan } from '../../../../domain/plans';
import type { OwnSponsorship } from '../../../../domain/sponsorships';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useLanguage } from '../../../i18n/use-language';
import { useErrorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { useRequestPlan } from '../api/sponsorships';

/** The server's limit (SPONSORSHIP_MESSAGE_MAX_LENGTH), repeated so that this chunk does not load zod. */
const MESSAGE_MAX_LENGTH = 1000;

/** Where the request stands: open (waiting for the team), or refused with the team's reason. */
function RequestState({ request }: { request: NonNullable<OwnSponsorship['request']> }) {
  const { t } = useTranslation('sponsorship');
  const language = useLanguage();
  const plan = t(`plan.${request.plan}`);
  const date = formatDate(request.createdAt, language);
  if (request.status === 'open') {
    return <p className="rounded-2xl bg-sand-100 px-4 py-3 text-sm text-ink-800">{t('ask.open', { plan, date })}</p>;
  }
  if (request.status === 'refused') {
    return (
      <div className="rounded-2xl bg-red-50 px-4 py-3 text-sm text-red-900">
        <p>{t('ask.refused', { plan, date })}</p>
        {request.reason ? <p className="mt-1">{t('ask.reason', { reason: request.reason })}</p> : null}
      </div>
    );
  }
  return null;
}

/**
 * Without online payment, a provider asks the team for a plan for one published activity
 * (docs/sponsorship.md#asking-for-a-plan): the plan, a message if they like; one open request at a time.
 */
export function RequestPlan({ item }: { item: OwnSponsorship }) {
  const { t } = useTranslation('sponsorship');
  const errorText = useErrorText();
  const id = useId();
  const send = useRequestPlan();
  const [plan, setPlan] = useState<PaidPlan>(item.sponsorLevel >= 2 ? 'top' : 'premium');
  const [message, setMessage] = useState('');
  const request = item.request;
  const open = request?.status === 'open';

  if (!item.isActive && !open) return <p className="text-sm text-ink-500">{t('pausedText')}</p>;
  return (
    <div className="space-y-3">
      {request ? <RequestState request={request} /> : null}
      {open ? null : (
        <form
          aria-labelledby={`${id}-title`}
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate(
              { activityId: item.activityId, plan, message },
              {
                onSuccess: () => {
                  setMessage('');
                  toast({ title: t('ask.sent') });
                },
                onError: (error) =>
                  toast({
                    title: t('ask.failed'),
                    description: errorText(error, t('failedText')),
                    variant: 'destructive',
                  }),
              },
            );
          }}
        >
          <h4 id={`${id}-title`} className="sr-only">
            {t('ask.title', { name: item.name })}
          </h4>
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-ink-800">{t('ask.plan')}</legend>
            <div className="flex flex-wrap gap-2">
              {PAID_PLANS.map((option) => (
                <label
                  key={option}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full bg-white px-4 text-sm font-medium text-ink-900 ring-1 ring-sand-300 has-[:checked]:bg-terracotta-50 has-[:checked]:ring-2 has-[:checked]:ring-terracotta-600 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-terracotta-600"
                >
                  <input
                    type="radio"
                    name={`${id}-plan`}
                    value={option}
                    checked={plan === option}
                    onChange={() => setPlan(option)}
                    className="h-4 w-4 accent-terracotta-700"
                  />
                  {t(`plan.${option}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={`${id}-message`} className="mb-1 block text-sm font-medium text-ink-800">
              {t('ask.message')}
            </label>
            <textarea
              id={`${id}-message`}
              rows={2}
              maxLength={MESSAGE_MAX_LENGTH}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              aria-describedby={`${id}-message-hint`}
              className="w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-ink-900 focus:border-terracotta-600"
            />
            <p id={`${id}-message-hint`} className="mt-1 text-sm text-ink-500">
              {t('ask.messageHint')}
            </p>
          </div>
          <Button
            type="submit"
            size="sm"
            disabled={send.isPending}
            aria-label={t('ask.submitLabel', { plan: t(`plan.${plan}`), name: item.name })}
          >
            <Send aria-hidden className="h-4 w-4" />
            {t('ask.submit', { plan: t(`plan.${plan}`) })}
          </Button>
        </form>
      )}
    </div>
  );
}
