import { Download } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEASURES, type Measure } from '../../../../domain/measures';
import { LOCALES } from '../../../../domain/languages';
import { Skeleton } from '../../../components/ui/skeleton';
import { useLanguage } from '../../../i18n/use-language';
import { analyticsCsvUrl, bookingsCsvUrl, useProviderAnalytics } from '../api/analytics';
import { NumbersChart } from './numbers-chart';

/**
 * What visitors did with the provider's activities over the last 30 days:
 * a chart per measure, the totals per activity with the conversion from
 * views to confirmed bookings, and the CSV downloads.
 */
export function NumbersDashboard({ showBookings }: { showBookings: boolean }) {
  const { t } = useTranslation('provider');
  const language = useLanguage();
  const locale = LOCALES[language];
  const id = useId();
  const { data, isPending, isError } = useProviderAnalytics();
  const [measure, setMeasure] = useState<Measure>('views');
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const days = useMemo(() => data?.days.map((d) => d.date) ?? [], [data]);
  const values = useMemo(() => data?.days.map((d) => d[measure]) ?? [], [data, measure]);

  if (isPending) return <Skeleton className="h-64 w-full" />;
  if (isError)
    return (
      <p role="alert" className="text-red-800">
        {t('numbers.loadFailed')}
      </p>
    );

  const total = (m: Measure) => data.activities.reduce((sum, a) => sum + a[m], 0);

  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(['views', 'favourites', 'bookingRequests', 'confirmedBookings'] as const).map((m) => (
          <div key={m} className="rounded-2xl bg-white p-4 ring-1 ring-sand-200">
            <dt className="text-sm text-ink-600">{t(`numbers.measure.${m}`)}</dt>
            <dd className="text-2xl font-semibold text-ink-900">{number.format(total(m))}</dd>
          </div>
        ))}
      </dl>

      <div className="rounded-3xl bg-white p-4 ring-1 ring-sand-200">
        <div className="mb-3 flex flex-wrap items-center gap-3">
          <label htmlFor={`${id}-measure`} className="text-sm font-medium text-ink-800">
            {t('numbers.chartOf')}
          </label>
          <select
            id={`${id}-measure`}
            className="h-10 rounded-xl border border-sand-300 bg-white px-3 text-sm"
            value={measure}
            onChange={(e) => setMeasure(e.target.value as Measure)}
          >
            {MEASURES.map((m) => (
              <option key={m} value={m}>
                {t(`numbers.measure.${m}`)}
              </option>
            ))}
          </select>
        </div>
        <NumbersChart days={days} values={values} label={t(`numbers.measure.${measure}`)} locale={locale} />
      </div>

      {data.activities.length === 0 ? (
        <p className="text-ink-600">{t('numbers.none')}</p>
      ) : (
        <div className="overflow-x-auto rounded-3xl bg-white ring-1 ring-sand-200">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">{t('numbers.tableCaption')}</caption>
            <thead className="bg-sand-50 text-ink-700">
              <tr>
                <th scope="col" className="px-4 py-2">
                  {t('numbers.activity')}
                </th>
                {MEASURES.map((m) => (
                  <th key={m} scope="col" className="px-3 py-2 text-right">
                    {t(`numbers.measure.${m}`)}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2 text-right">
                  {t('numbers.conversion')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-sand-100">
              {data.activities.map((a) => (
                <tr key={a.activityId}>
                  <th scope="row" className="px-4 py-2 font-medium text-ink-900">
                    {a.name}
                  </th>
                  {MEASURES.map((m) => (
                    <td key={m} className="px-3 py-2 text-right tabular-nums">
                      {number.format(a[m])}
                    </td>
                  ))}
                  <td className="px-3 py-2 text-right tabular-nums">
                    {a.conversion === null ? '–' : percent.format(a.conversion)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-sm text-ink-500">{t('numbers.privacy')}</p>
      <div className="flex flex-wrap gap-4">
        <a
          href={analyticsCsvUrl(data.from, data.to)}
          download
          className="inline-flex items-center gap-1 font-medium text-terracotta-700 hover:underline"
        >
          <Download aria-hidden className="h-4 w-4" />
          {t('numbers.csv')}
        </a>
        {showBookings ? (
          <a
            href={bookingsCsvUrl()}
            download
            className="inline-flex items-center gap-1 font-medium text-terracotta-700 hover:underline"
          >
            <Download aria-hidden className="h-4 w-4" />
            {t('numbers.bookingsCsv')}
          </a>
        ) : null}
      </div>
    </div>
  );
}
