import { CalendarX2, Compass } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/navigation';
import type { Booking } from '../../../domain/bookings';
import { mayMoveBooking } from '../../../domain/booking-rules';
import { Button, buttonClass } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { useCancelBooking, useMyBookings } from '../../features/bookings/api/guest-bookings';
import { BookingSummary, useBookingWhen } from '../../features/bookings/components/booking-summary';
import { errorCodeOf, useErrorText } from '../../lib/error-text';
import { RequireAccess } from '../require-access';

function CancelButton({ booking }: { booking: Booking }) {
  const { t } = useTranslation('bookings');
  const when = useBookingWhen();
  const errorText = useErrorText();
  const cancel = useCancelBooking();
  const [open, setOpen] = useState(false);
  /** Why it could not be cancelled, said inside the dialog (a toast behind a modal is hidden from screen readers). */
  const [failure, setFailure] = useState<{ text: string; final: boolean } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const date = when(booking);
  return (
    <>
      <Button
        ref={button}
        size="sm"
        variant="secondary"
        onClick={() => {
          setFailure(null);
          setOpen(true);
        }}
        aria-label={t('mine.cancelLabel', { name: booking.activityName, date })}
      >
        <CalendarX2 aria-hidden className="h-4 w-4" />
        {t('mine.cancel')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={t('mine.cancelTitle')}
          description={t('mine.cancelText', { name: booking.activityName, date })}
          closeLabel={t('dialog.close')}
          returnFocusTo={button}
        >
          <div role="alert" className="mb-4 empty:hidden">
            {failure ? (
              <div className="rounded-2xl bg-red-50 p-4 text-red-900">
                <p className="font-semibold">{t('mine.cancelFailed')}</p>
                <p className="text-sm">{failure.text}</p>
              </div>
            ) : null}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('mine.keep')}
            </Button>
            {failure?.final ? null : (
              <Button
                variant="danger"
                disabled={cancel.isPending}
                onClick={() =>
                  cancel.mutate(
                    { id: booking.id },
                    {
                      onSuccess: () => {
                        toast({ title: t('mine.cancelled') });
                        setOpen(false);
                      },
                      onError: (error) =>
                        setFailure({
                          text: errorText(error, t('toast.failedText')),
                          // Past the provider's limit, asking again cannot help (docs/availability.md#cancelling).
                          final: errorCodeOf(error) === 'BOOKING_CANCEL_TOO_LATE',
                        }),
                    },
                  )
                }
              >
                {t('mine.cancelConfirm')}
              </Button>
            )}
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

function MyBookingList() {
  const { t } = useTranslation('bookings');
  const { data, isPending, isError } = useMyBookings();
  if (isPending) return <Skeleton className="h-40 w-full" />;
  if (isError)
    return (
      <p role="alert" className="text-red-800">
        {t('mine.loadFailed')}
      </p>
    );
  if (data.length === 0)
    return (
      <div className="flex flex-col items-start gap-4 rounded-3xl bg-white p-8 ring-1 ring-sand-200">
        <p className="text-ink-600">{t('mine.empty')}</p>
        <Link className={buttonClass({ variant: 'secondary' })} to="/">
          <Compass aria-hidden className="h-4 w-4" />
          {t('mine.explore')}
        </Link>
      </div>
    );
  return (
    <ul className="divide-y divide-sand-100 rounded-3xl bg-white ring-1 ring-sand-200">
      {data.map((booking) => (
        <li key={booking.id} className="flex flex-wrap items-center gap-4 px-5 py-4">
          <BookingSummary booking={booking} />
          {mayMoveBooking(booking.status, 'cancelled') ? <CancelButton booking={booking} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** "My bookings": what the logged-in person booked, with cancelling (docs/product.md#bookings). */
export function MyBookingsRoute() {
  const { t } = useTranslation('bookings');
  return (
    <RequireAccess level="user">
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="font-display text-3xl font-semibold text-ink-900 md:text-4xl">{t('mine.title')}</h1>
        <p className="mb-8 mt-2 text-ink-600">{t('mine.intro')}</p>
        <MyBookingList />
      </div>
    </RequireAccess>
  );
}
