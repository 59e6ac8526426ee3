import { Crown, Gem } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PAID_PLANS, type PaidPlan, SPONSOR_PLANS } from '../../../../domain/plans';
import type { OwnSponsorship } from '../../../../domain/sponsorships';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useLanguage } from '../../../i18n/use-language';
import { useErrorText } from '../../../lib/error-text';
import { formatDate, formatPrice } from '../../../lib/format';
import { useBillingPortal, useStartCheckout } from '../api/sponsorships';
import { RequestPlan } from './request-plan';

const PLAN_ICON = { premium: Gem, top: Crown } as const;

/** What the activity has now, in the provider's words. */
function CurrentState({ item }: { item: OwnSponsorship }) {
  const { t } = useTranslation('sponsorship');
  const language = useLanguage();
  const paid = item.sponsorship?.live ? item.sponsorship : null;
  if (paid) {
    const end = paid.currentPeriodEnd ? formatDate(paid.currentPeriodEnd, language) : null;
    const key =
      paid.status === 'past_due' ? 'state.overdue' : paid.cancelAtPeriodEnd ? 'state.endsOn' : 'state.renewsOn';
    return (
      <p className="text-sm text-ink-700">
        <span className="font-semibold text-ink-900">{t(`plan.${paid.plan}`)}</span> · {t(key, { date: end ?? '—' })}
      </p>
    );
  }
  if (item.sponsorLevel > 0) {
    return (
      <p className="text-sm text-ink-700">
        {item.sponsoredUntil
          ? t('state.byHandUntil', {
              level: t(`level.${item.sponsorLevel}`),
              date: formatDate(item.sponsoredUntil, language),
            })
          : t('state.byHand', { level: t(`level.${item.sponsorLevel}`) })}
      </p>
    );
  }
  const ended = item.sponsorship && !item.sponsorship.live ? item.sponsorship : null;
  return (
    <p className="text-sm text-ink-700">
      {ended ? t('state.ended', { plan: t(`plan.${ended.plan}`) }) : t('state.basis')}
    </p>
  );
}

/**
 * One published activity on the sponsorship page (docs/sponsorship.md#the-provider-page):
 * its plan, status and end date, and the buttons to buy, change or cancel; without online
 * payment, the form that asks the team for a plan.
 */
export function SponsorshipRow({ item, paymentsOn }: { item: OwnSponsorship; paymentsOn: boolean }) {
  const { t } = useTranslation('sponsorship');
  const language = useLanguage();
  const errorText = useErrorText();
  const checkout = useStartCheckout();
  const portal = useBillingPortal();
  const busy = checkout.isPending || portal.isPending;
  const paid = item.sponsorship?.live ? item.sponsorship : null;
  const failed = (error: unknown) =>
    toast({ title: t('failed'), description: errorText(error, t('failedText')), variant: 'destructive' });

  const buy = (plan: PaidPlan) => checkout.mutate({ activityId: item.activityId, plan, language }, { onError: failed });

  return (
    <li className="space-y-3 px-5 py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-ink-900">{item.name}</h3>
        {item.isActive ? null : (
          <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-ink-700">{t('paused')}</span>
        )}
      </div>
      <CurrentState item={item} />
      {!paymentsOn ? (
        <RequestPlan item={item} />
      ) : !item.isActive && !paid ? (
        <p className="text-sm text-ink-500">{t('pausedText')}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {PAID_PLANS.filter((plan) => plan !== paid?.plan).map((plan) => {
            const Icon = PLAN_ICON[plan];
            const info = SPONSOR_PLANS.find((p) => p.id === plan);
            const price = info ? `${formatPrice(info.price, language)} ${t(`per.${plan}`)}` : '';
            return (
              <Button
                key={plan}
                size="sm"
                variant={plan === 'top' ? 'primary' : 'secondary'}
                disabled={busy || paid?.status === 'past_due'}
                onClick={() => buy(plan)}
                aria-label={t(paid ? 'switchLabel' : 'buyLabel', { plan: t(`plan.${plan}`), name: item.name, price })}
              >
                <Icon aria-hidden className="h-4 w-4" />
                {t(paid ? 'switch' : 'buy', { plan: t(`plan.${plan}`) })}
                <span className="font-normal">· {price}</span>
              </Button>
            );
          })}
          {paid ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() =>
                portal.mutate(paid.cancelAtPeriodEnd || paid.status === 'past_due' ? undefined : item.activityId, {
                  onError: failed,
                })
              }
              aria-label={t(paid.cancelAtPeriodEnd || paid.status === 'past_due' ? 'manageLabel' : 'cancelLabel', {
                name: item.name,
              })}
            >
              {t(paid.status === 'past_due' ? 'payNow' : paid.cancelAtPeriodEnd ? 'resume' : 'cancel')}
            </Button>
          ) : null}
        </div>
      )}
    </li>
  );
}
