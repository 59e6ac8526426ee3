import { CheckCircle2, Info, Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../lib/navigation';
import { isApprovedProvider, principalOfUser } from '../../../domain/policies';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { useAuthUser } from '../../features/auth/api/auth-user';
import { useBillingPortal, useOwnSponsorships } from '../../features/sponsorships/api/sponsorships';
import { SponsorshipRow } from '../../features/sponsorships/components/sponsorship-row';
import { useClientConfig } from '../../lib/client-config';
import { useErrorText } from '../../lib/error-text';
import { RequireAccess } from '../require-access';

/** What the return from Stripe Checkout says: paid (and whether the webhook has come yet), or cancelled. */
function CheckoutReturn({ started }: { started: boolean | null }) {
  const { t } = useTranslation('sponsorship');
  const [params] = useSearchParams();
  const outcome = params.get('checkout');
  if (outcome === 'cancelled') {
    return (
      <p role="status" className="flex gap-2 rounded-2xl bg-sand-100 p-4 text-ink-800">
        <Info aria-hidden className="h-5 w-5 shrink-0" />
        {t('return.cancelled')}
      </p>
    );
  }
  if (outcome !== 'success') return null;
  return (
    <p role="status" className="flex gap-2 rounded-2xl bg-emerald-50 p-4 text-emerald-900">
      <CheckCircle2 aria-hidden className="h-5 w-5 shrink-0" />
      {t(started ? 'return.started' : 'return.waiting')}
    </p>
  );
}

function SponsorshipPage() {
  const { t } = useTranslation('sponsorship');
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const { data: user } = useAuthUser();
  const config = useClientConfig();
  const approved = isApprovedProvider(user ? principalOfUser(user) : null);
  const returnedFor = params.get('checkout') === 'success' ? Number(params.get('activity')) || null : null;
  // Back from a payment: read again until Stripe's webhook has started the sponsorship.
  const { data, isPending, isError } = useOwnSponsorships(returnedFor);
  const portal = useBillingPortal();
  const paymentsOn = config.data?.payments ?? false;
  const started = returnedFor ? (data?.find((i) => i.activityId === returnedFor)?.sponsorship?.live ?? false) : null;
  const anyPaid = data?.some((item) => item.sponsorship !== null) ?? false;

  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <div className="space-y-3">
        <Link to="/provider" className="text-sm font-medium text-terracotta-700 hover:underline">
          {t('back')}
        </Link>
        <h1 className="font-display text-3xl font-semibold text-ink-900 md:text-4xl">{t('title')}</h1>
        <p className="text-ink-600">{t(config.data && !paymentsOn ? 'introByHand' : 'intro')}</p>
      </div>
      <CheckoutReturn started={started} />
      {!approved ? (
        <p role="status" className="rounded-2xl bg-sand-100 p-4 text-ink-800">
          {t('pendingProvider')}
        </p>
      ) : null}
      {approved && config.data && !paymentsOn ? (
        <p role="status" className="flex gap-2 rounded-2xl bg-sand-100 p-4 text-ink-800">
          <Info aria-hidden className="h-5 w-5 shrink-0" />
          {config.data.contact.email ? t('paymentsOffContact', { email: config.data.contact.email }) : t('paymentsOff')}
        </p>
      ) : null}
      {approved ? (
        <section aria-labelledby="sponsored-activities" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="sponsored-activities" className="text-xl font-semibold text-ink-900">
              {t('listTitle')}
            </h2>
            {paymentsOn && anyPaid ? (
              <Button
                variant="secondary"
                size="sm"
                disabled={portal.isPending}
                onClick={() =>
                  portal.mutate(undefined, {
                    onError: (error) =>
                      toast({
                        title: t('failed'),
                        description: errorText(error, t('failedText')),
                        variant: 'destructive',
                      }),
                  })
                }
              >
                <Receipt aria-hidden className="h-4 w-4" />
                {t('invoices')}
              </Button>
            ) : null}
          </div>
          {isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : isError ? (
            <p role="alert" className="text-red-800">
              {t('loadFailed')}
            </p>
          ) : data.length === 0 ? (
            <p className="rounded-3xl bg-white p-8 text-ink-600 ring-1 ring-sand-200">
              {t('none')}{' '}
              <Link to="/provider" className="font-medium text-terracotta-700 hover:underline">
                {t('toActivities')}
              </Link>
            </p>
          ) : (
            <ul
              aria-labelledby="sponsored-activities"
              className="divide-y divide-sand-100 rounded-3xl bg-white ring-1 ring-sand-200"
            >
              {data.map((item) => (
                <SponsorshipRow key={item.activityId} item={item} paymentsOn={paymentsOn} />
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** Sponsorship of a provider's activities, paid online (docs/sponsorship.md#the-provider-page). */
export function ProviderSponsorshipRoute() {
  return (
    <RequireAccess level="provider">
      <SponsorshipPage />
    </RequireAccess>
  );
}
