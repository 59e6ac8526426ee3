import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../../../domain/languages';
import { toEuros } from '../../../../domain/money';
import { Skeleton } from '../../../components/ui/skeleton';
import { useLanguage } from '../../../i18n/use-language';
import { formatDate, formatPrice } from '../../../lib/format';
import { useSponsorshipOverview } from '../api/sponsorships';

/** "november 2026" from "2026-11". */
function monthName(month: string, language: ReturnType<typeof useLanguage>) {
  return new Intl.DateTimeFormat(LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** The admin's view of paid sponsorships (docs/sponsorship.md#admin): who pays for what, and the money per month. */
export function SponsorshipOverview() {
  const { t } = useTranslation('sponsorship');
  const language = useLanguage();
  const { data, isPending, isError } = useSponsorshipOverview();
  if (isPending) return <Skeleton className="h-40 w-full" />;
  if (isError)
    return (
      <p role="alert" className="text-red-800">
        {t('admin.loadFailed')}
      </p>
    );
  return (
    <div className="space-y-8">
      <section aria-labelledby="live-sponsorships" className="space-y-3">
        <h2 id="live-sponsorships" className="text-lg font-semibold text-ink-900">
          {t('admin.liveTitle')}
        </h2>
        {data.active.length === 0 ? (
          <p className="rounded-3xl bg-white p-6 text-ink-600 ring-1 ring-sand-200">{t('admin.noneLive')}</p>
        ) : (
          <div className="overflow-x-auto rounded-3xl bg-white ring-1 ring-sand-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('admin.liveTitle')}</caption>
              <thead className="text-ink-600">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('admin.activity')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('admin.provider')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('admin.plan')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('admin.status')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('admin.periodEnd')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-sand-100">
                {data.active.map((row) => (
                  <tr key={row.id}>
                    <td className="px-4 py-3 text-ink-900">{row.activityName ?? t('admin.deleted')}</td>
                    <td className="px-4 py-3 text-ink-700">{row.providerName ?? '—'}</td>
                    <td className="px-4 py-3 text-ink-700">
                      {t(`plan.${row.plan}`)} · {formatPrice(toEuros(row.amountCents), language)}
                    </td>
                    <td className="px-4 py-3 text-ink-700">
                      {t(
                        row.status === 'past_due'
                          ? 'admin.overdue'
                          : row.cancelAtPeriodEnd
                            ? 'admin.ending'
                            : 'admin.active',
                      )}
                    </td>
                    <td className="px-4 py-3 text-ink-700">
                      {row.currentPeriodEnd ? formatDate(row.currentPeriodEnd, language) : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="sponsorship-revenue" className="space-y-3">
        <h2 id="sponsorship-revenue" className="text-lg font-semibold text-ink-900">
          {t('admin.revenueTitle')}
        </h2>
        {data.revenue.length === 0 ? (
          <p className="rounded-3xl bg-white p-6 text-ink-600 ring-1 ring-sand-200">{t('admin.noRevenue')}</p>
        ) : (
          <div className="overflow-x-auto rounded-3xl bg-white ring-1 ring-sand-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('admin.revenueTitle')}</caption>
              <thead className="text-ink-600">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('admin.month')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    {t('admin.payments')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    {t('admin.amount')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-sand-100">
                {data.revenue.map((row) => (
                  <tr key={row.month}>
                    <th scope="row" className="px-4 py-3 font-normal text-ink-900">
                      {monthName(row.month, language)}
                    </th>
                    <td className="px-4 py-3 text-right text-ink-700">{row.payments}</td>
                    <td className="px-4 py-3 text-right font-semibold text-ink-900">
                      {formatPrice(toEuros(row.amountCents), language)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
