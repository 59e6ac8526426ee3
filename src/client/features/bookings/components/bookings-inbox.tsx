import { useQuery } from '@tanstack/react-query';
import { Download, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminBooking, BookingStatus } from '../../../../domain/bookings';
import { BOOKING_STATUSES } from '../../../../domain/booking-rules';
import { Input } from '../../../components/ui/input';
import { PagedRows } from '../../../components/ui/paged-rows';
import { useLanguage } from '../../../i18n/use-language';
import { api } from '../../../lib/api-client';
import { type AdminBookingFilter, adminBookingsCsvUrl, useAdminBookings } from '../api/provider-bookings';
import { bookingKeys } from '../api/keys';
import { ProviderBookingRow } from './provider-booking-row';

/** Everyone, the team's own (`none`), or one provider's id. */
type Answerer = 'all' | 'none' | `${number}`;

/** A provider the inbox can be narrowed to (the admin screen passes the approved ones). */
export interface InboxProvider {
  id: number;
  name: string;
}

/** The public activities that take bookings, by name: the inbox's activity filter. */
function useBookableActivities() {
  const language = useLanguage();
  return useQuery({
    queryKey: [...bookingKeys.all, 'bookable-activities', language],
    queryFn: ({ signal }) =>
      api<{ id: number; name: string }[]>('/activities', {
        query: { bookable: true, sort: 'name', limit: 100, lng: language },
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

/** Who answers a booking, as the inbox says it under the guest. */
function AnsweredBy({ booking }: { booking: AdminBooking }) {
  const { t } = useTranslation('bookings');
  const team = booking.answeredBy.kind === 'team';
  return (
    <p
      className={`mt-1 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${
        team ? 'bg-terracotta-50 text-terracotta-800' : 'bg-sand-100 text-ink-700'
      }`}
    >
      <Users aria-hidden className="h-3.5 w-3.5" />
      {booking.answeredBy.kind === 'team'
        ? t('inbox.byTeam')
        : t('inbox.byProvider', { name: booking.answeredBy.name })}
    </p>
  );
}

/**
 * The admins' bookings inbox (docs/product.md#bookings-inbox): every booking, filtered by status,
 * who answers, activity and dates, a page at a time; the team answers those of listings without a
 * provider (and may answer any other) as a provider answers theirs; the same list as CSV.
 */
export function BookingsInbox({ providers = [] }: { providers?: readonly InboxProvider[] }) {
  const { t } = useTranslation('bookings');
  const ids = useId();
  const [status, setStatus] = useState<BookingStatus | ''>('pending');
  const [answerer, setAnswerer] = useState<Answerer>('all');
  const [activityId, setActivityId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const activities = useBookableActivities();
  const filter: AdminBookingFilter = {
    ...(status ? { status } : {}),
    ...(answerer === 'none' ? { provider: 'none' as const } : answerer === 'all' ? {} : { provider: Number(answerer) }),
    ...(activityId ? { activityId: Number(activityId) } : {}),
    ...(from ? { from } : {}),
    ...(to && (!from || to >= from) ? { to } : {}),
  };
  const list = useAdminBookings(filter);
  const labelClass = 'mb-1 block text-sm font-medium text-ink-900';
  const selectClass =
    'h-11 w-full rounded-xl border border-sand-300 bg-white px-3 text-ink-900 focus:border-terracotta-600';

  return (
    <section aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="font-display text-2xl font-semibold text-ink-900">
        {t('inbox.title')}
      </h2>
      <p className="mb-6 mt-2 max-w-3xl text-ink-600">{t('inbox.intro')}</p>
      <form
        aria-label={t('inbox.filtersLabel')}
        className="mb-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        onSubmit={(event) => event.preventDefault()}
      >
        <div>
          <label htmlFor={`${ids}-status`} className={labelClass}>
            {t('inbox.status')}
          </label>
          <select
            id={`${ids}-status`}
            className={selectClass}
            value={status}
            onChange={(e) => setStatus(e.target.value as BookingStatus | '')}
          >
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
            <option value="">{t('inbox.statusAll')}</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-answerer`} className={labelClass}>
            {t('inbox.answerer')}
          </label>
          <select
            id={`${ids}-answerer`}
            className={selectClass}
            value={answerer}
            onChange={(e) => setAnswerer(e.target.value as Answerer)}
          >
            <option value="all">{t('inbox.answererAll')}</option>
            <option value="none">{t('inbox.answererTeam')}</option>
            {providers.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-activity`} className={labelClass}>
            {t('inbox.activity')}
          </label>
          <select
            id={`${ids}-activity`}
            className={selectClass}
            value={activityId}
            onChange={(e) => setActivityId(e.target.value)}
          >
            <option value="">{t('inbox.activityAll')}</option>
            {(activities.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-from`} className={labelClass}>
            {t('provider.from')}
          </label>
          <Input id={`${ids}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${ids}-to`} className={labelClass}>
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
      </form>
      <p className="mb-6">
        <a
          href={adminBookingsCsvUrl(filter)}
          download
          className="inline-flex items-center gap-1 font-medium text-terracotta-700 hover:underline"
        >
          <Download aria-hidden className="h-4 w-4" />
          {t('inbox.csv')}
        </a>
      </p>
      <PagedRows
        list={list}
        empty={t('inbox.empty')}
        rowKey={(booking) => booking.id}
        row={(booking) => (
          <ProviderBookingRow booking={booking} scope="admin" extra={<AnsweredBy booking={booking} />} />
        )}
      />
    </section>
  );
}
