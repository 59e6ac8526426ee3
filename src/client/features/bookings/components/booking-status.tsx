import { useTranslation } from 'react-i18next';
import type { BookingStatus } from '../../../../domain/bookings';
import { cn } from '../../../lib/cn';

const STYLE: Record<BookingStatus, string> = {
  pending: 'bg-amber-50 text-amber-900',
  confirmed: 'bg-emerald-50 text-emerald-900',
  declined: 'bg-red-50 text-red-900',
  cancelled: 'bg-sand-100 text-ink-700',
};

/** The status of a booking as a label, in words (never colour alone). */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation('bookings');
  return (
    <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', STYLE[status])}>
      {t(`status.${status}`)}
    </span>
  );
}
