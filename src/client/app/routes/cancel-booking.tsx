import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../lib/navigation';
import { useParams } from 'wouter';
import { mayMoveBooking } from '../../../domain/booking-rules';
import { Button, buttonClass } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import type { ErrorCode } from '../../../domain/errors';
import { useCancelBooking, useGuestBooking } from '../../features/bookings/api/guest-bookings';
import { BookingSummary } from '../../features/bookings/components/booking-summary';
import { errorCodeOf, useErrorText } from '../../lib/error-text';

/** Where the cancel link of a booking mail leads: the booking, and one button to cancel it. */
export function CancelBookingRoute() {
  const { t } = useTranslation('bookings');
  const errorText = useErrorText();
  const id = Number(useParams().id);
  const token = useSearchParams()[0].get('token');
  const booking = useGuestBooking(id, token);
  const cancel = useCancelBooking();
  /** Why the last try failed, said on the page: past the provider's limit, there is no button to try again. */
  const [failure, setFailure] = useState<{ code: ErrorCode | null; text: string } | null>(null);
  const tooLate = failure?.code === 'BOOKING_CANCEL_TOO_LATE';

  let body;
  if (booking.isPending)
    body = (
      <div role="status">
        <span className="sr-only">{t('cancelPage.loading')}</span>
        <Skeleton className="h-32 w-full" />
      </div>
    );
  else if (booking.isError)
    body = (
      <p role="alert" className="flex gap-2 rounded-2xl bg-red-50 p-4 text-red-900">
        <AlertCircle aria-hidden className="h-5 w-5 shrink-0" />
        {t('cancelPage.invalid')}
      </p>
    );
  else {
    const current = booking.data;
    body = (
      <div className="space-y-6 rounded-3xl bg-white p-6 ring-1 ring-sand-200">
        <BookingSummary booking={current} headingLevel={2} />
        {current.status === 'cancelled' ? (
          <p role="status" className="flex gap-2 rounded-2xl bg-emerald-50 p-4 text-emerald-900">
            <CheckCircle2 aria-hidden className="h-5 w-5 shrink-0" />
            {t('cancelPage.done')}
          </p>
        ) : mayMoveBooking(current.status, 'cancelled') ? (
          <>
            {tooLate ? null : <p className="text-ink-700">{t('cancelPage.question')}</p>}
            <div role="alert" className="empty:hidden">
              {failure ? (
                <div className="flex gap-2 rounded-2xl bg-red-50 p-4 text-red-900">
                  <AlertCircle aria-hidden className="h-5 w-5 shrink-0" />
                  <div>
                    <p className="font-semibold">{t('mine.cancelFailed')}</p>
                    <p className="text-sm">{failure.text}</p>
                  </div>
                </div>
              ) : null}
            </div>
            {tooLate ? null : (
              <Button
                variant="danger"
                disabled={cancel.isPending}
                onClick={() => {
                  setFailure(null);
                  cancel.mutate(
                    { id, token },
                    {
                      onSuccess: () => toast({ title: t('mine.cancelled') }),
                      onError: (error) =>
                        setFailure({ code: errorCodeOf(error), text: errorText(error, t('toast.failedText')) }),
                    },
                  );
                }}
              >
                {t('cancelPage.confirm')}
              </Button>
            )}
          </>
        ) : (
          <p className="text-ink-700">{t('cancelPage.closed', { status: t(`status.${current.status}`) })}</p>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-6 font-display text-3xl font-semibold text-ink-900">{t('cancelPage.title')}</h1>
      {body}
      <Link className={buttonClass({ variant: 'secondary', className: 'mt-6' })} to="/">
        {t('cancelPage.toOverview')}
      </Link>
    </div>
  );
}
