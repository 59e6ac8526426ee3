import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../domain/bookings';
import { useLanguage } from '../../../i18n/use-language';
import { formatDay, formatPrice } from '../../../lib/format';
import { BookingStatusBadge } from './booking-status';

/** A booking's day in words, with its slot's start when it has one: "zaterdag 5 december 2026 om 10:00". */
export function useBookingWhen() {
  const { t } = useTranslation('bookings');
  const language = useLanguage();
  return (booking: Pick<Booking, 'bookingDate' | 'slot'>) => {
    const day = formatDay(booking.bookingDate, language);
    return booking.slot ? t('details.dayAt', { day, time: booking.slot }) : day;
  };
}

/** What a booking is: activity, day (and time), people, total, status. */
export function BookingSummary({ booking, headingLevel = 3 }: { booking: Booking; headingLevel?: 2 | 3 | 4 }) {
  const { t } = useTranslation('bookings');
  const language = useLanguage();
  const when = useBookingWhen();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="min-w-0 flex-1 basis-64 space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <Heading className="font-semibold text-ink-900">{booking.activityName}</Heading>
        <BookingStatusBadge status={booking.status} />
      </div>
      <p className="text-sm text-ink-600">
        {when(booking)} · {t('details.people', { count: booking.numberOfPeople })}
        {booking.totalAmount > 0 ? ` · ${formatPrice(booking.totalAmount, language)}` : ''}
      </p>
      <p className="text-xs text-ink-500">{t('details.reference', { id: booking.id })}</p>
    </div>
  );
}
