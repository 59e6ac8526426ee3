import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/navigation';
import type { BookingStatus } from '../../../domain/bookings';
import { Input } from '../../components/ui/input';
import { PagedRows } from '../../components/ui/paged-rows';
import { useProviderBookings } from '../../features/bookings/api/provider-bookings';
import { ProviderBookingRow } from '../../features/bookings/components/provider-booking-row';
import { CountTabs } from '../../components/ui/count-tabs';
import { RequireAccess } from '../require-access';

const TABS = ['pending', 'confirmed', 'all'] as const;

function BookingList({ status, from, to }: { status: BookingStatus | undefined; from: string; to: string }) {
  const { t } = useTranslation('bookings');
  const list = useProviderBookings({
    ...(status ? { status } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  });
  return (
    <PagedRows
      list={list}
      empty={t('provider.empty')}
      rowKey={(booking) => booking.id}
      row={(booking) => <ProviderBookingRow booking={booking} />}
    />
  );
}

/** The bookings of the provider's activities: answer the new ones, see the rest (docs/product.md#bookings). */
export function ProviderBookingsRoute() {
  const { t } = useTranslation('bookings');
  const ids = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  return (
    <RequireAccess level="approvedProvider">
      <div className="mx-auto max-w-5xl px-4 py-10">
        <nav aria-label={t('provider.title')} className="mb-4 flex gap-4 text-sm">
          <Link to="/provider" className="text-terracotta-700 hover:underline">
            {t('provider.toActivities')}
          </Link>
        </nav>
        <h1 className="font-display text-3xl font-semibold text-ink-900 md:text-4xl">{t('provider.title')}</h1>
        <p className="mb-6 mt-2 text-ink-600">{t('provider.intro')}</p>
        <div className="mb-6 flex flex-wrap gap-4">
          <div>
            <label htmlFor={`${ids}-from`} className="mb-1 block text-sm font-medium text-ink-900">
              {t('provider.from')}
            </label>
            <Input id={`${ids}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </div>
          <div>
            <label htmlFor={`${ids}-to`} className="mb-1 block text-sm font-medium text-ink-900">
              {t('provider.to')}
            </label>
            <Input
              id={`${ids}-to`}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
        </div>
        <CountTabs
          label={t('provider.tabsLabel')}
          defaultValue="pending"
          tabs={TABS.map((tab) => ({
            value: tab,
            title: t(`provider.tabs.${tab}`),
            content: <BookingList status={tab === 'all' ? undefined : tab} from={from} to={to} />,
          }))}
        />
      </div>
    </RequireAccess>
  );
}
