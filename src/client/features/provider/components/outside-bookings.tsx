import { Check, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../domain/bookings';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { useLanguage } from '../../../i18n/use-language';
import { useErrorText } from '../../../lib/error-text';
import { formatDay } from '../../../lib/format';
import { useCancelForGuest } from '../api/availability';

const STATUS_STYLE: Record<string, string> = {
  pending: 'bg-amber-50 text-amber-900',
  confirmed: 'bg-emerald-50 text-emerald-900',
};

interface OutsideBookingProps {
  booking: Booking;
  onCancelled: (booking: Booking) => void;
  onKept: (booking: Booking) => void;
}

/** One booking the new settings no longer offer: cancel it for the guest (behind a question), or keep it. */
function OutsideBooking({ booking, onCancelled, onKept }: OutsideBookingProps) {
  const { t } = useTranslation('provider');
  const { t: tb } = useTranslation('bookings');
  const language = useLanguage();
  const errorText = useErrorText();
  const ids = useId();
  const cancel = useCancelForGuest(booking.activityId);
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState('');
  const cancelButton = useRef<HTMLButtonElement>(null);
  const date = formatDay(booking.bookingDate, language);
  const when = booking.slot ? t('availability.outside.at', { date, time: booking.slot }) : date;
  const whenLabel = booking.slot ? when : `${date} (${t('availability.outside.wholeDay')})`;

  return (
    <li className="flex flex-wrap items-center gap-3 px-5 py-4">
      <div className="min-w-0 flex-1 basis-64 space-y-1">
        <p className="font-semibold text-ink-900">{whenLabel}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-700">
          <span>{booking.customerName}</span>
          <span aria-hidden>·</span>
          <span>{t('availability.outside.people', { count: booking.numberOfPeople })}</span>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[booking.status] ?? 'bg-sand-100 text-ink-700'}`}
          >
            {tb(`status.${booking.status}`)}
          </span>
        </p>
        <p className="text-xs text-ink-500">{tb('details.reference', { id: booking.id })}</p>
      </div>
      <div className="ml-auto flex flex-wrap gap-2">
        <Button
          ref={cancelButton}
          size="sm"
          variant="danger"
          aria-label={t('availability.outside.cancelLabel', { name: booking.customerName, date: when })}
          onClick={() => setAsking(true)}
        >
          <X aria-hidden className="h-4 w-4" />
          {t('availability.outside.cancel')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('availability.outside.keepLabel', { name: booking.customerName, date: when })}
          onClick={() => onKept(booking)}
        >
          <Check aria-hidden className="h-4 w-4" />
          {t('availability.outside.keep')}
        </Button>
      </div>
      <Dialog open={asking} onOpenChange={setAsking}>
        <DialogContent
          title={t('availability.outside.cancelTitle', { name: booking.customerName })}
          description={`${booking.activityName} · ${when} · ${t('availability.outside.people', { count: booking.numberOfPeople })}`}
          closeLabel={t('availability.outside.back')}
          returnFocusTo={cancelButton}
        >
          <form
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              cancel.mutate(
                { id: booking.id, message: message.trim() || null },
                {
                  onSuccess: () => {
                    setAsking(false);
                    onCancelled(booking);
                  },
                  onError: (error) =>
                    toast({
                      title: t('availability.outside.cancelFailed'),
                      description: errorText(error, t('availability.failedText')),
                      variant: 'destructive',
                    }),
                },
              );
            }}
          >
            <div>
              <label htmlFor={`${ids}-message`} className="mb-1 block text-sm font-medium text-ink-900">
                {t('availability.outside.message')}
              </label>
              <textarea
                id={`${ids}-message`}
                rows={3}
                maxLength={500}
                aria-describedby={`${ids}-hint`}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                className="w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-ink-900 focus:border-terracotta-600"
              />
              <p id={`${ids}-hint`} className="mt-1 text-xs text-ink-500">
                {t('availability.outside.messageHint')}
              </p>
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => setAsking(false)}>
                {t('availability.outside.back')}
              </Button>
              <Button type="submit" variant="danger" disabled={cancel.isPending}>
                {t('availability.outside.confirmCancel')}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </li>
  );
}

interface OutsideBookingsProps {
  bookings: Booking[];
  /** How many were listed at first: once all are handled, the list says so. */
  listed: number;
  onCancelled: (booking: Booking) => void;
  onKept: (booking: Booking) => void;
}

/**
 * The bookings to come that the saved settings no longer offer (docs/availability.md#changing-availability):
 * each is cancelled (the guest gets a mail) or kept (it still holds its places).
 */
export function OutsideBookings({ bookings, listed, onCancelled, onKept }: OutsideBookingsProps) {
  const { t } = useTranslation('provider');
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  if (listed === 0) return null;
  // A handled row goes: focus goes to the list's heading rather than to the page's start.
  const handled = (then: (booking: Booking) => void) => (booking: Booking) => {
    then(booking);
    requestAnimationFrame(() => heading.current?.focus());
  };
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-3xl bg-amber-50 p-5 ring-1 ring-amber-200">
      <h2 ref={heading} id={headingId} tabIndex={-1} className="text-lg font-semibold text-ink-900">
        {t('availability.outside.title')}
      </h2>
      {bookings.length === 0 ? (
        <p className="text-ink-700">{t('availability.outside.done')}</p>
      ) : (
        <>
          <p className="text-sm text-ink-700">{t('availability.outside.intro')}</p>
          <ul
            aria-label={t('availability.outside.label')}
            className="divide-y divide-sand-100 rounded-2xl bg-white ring-1 ring-sand-200"
          >
            {bookings.map((booking) => (
              <OutsideBooking
                key={booking.id}
                booking={booking}
                onCancelled={handled(onCancelled)}
                onKept={handled(onKept)}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
