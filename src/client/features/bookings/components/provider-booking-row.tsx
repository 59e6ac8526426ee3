import { CalendarDays, Check, Mail, Phone, X } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../domain/bookings';
import { BOOKING_MESSAGE_MAX, mayMoveBooking } from '../../../../domain/booking-rules';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { useLanguage } from '../../../i18n/use-language';
import { useErrorText } from '../../../lib/error-text';
import { formatDay } from '../../../lib/format';
import { Link } from '../../../lib/navigation';
import { type AnswerScope, useConfirmBooking, useDeclineBooking } from '../api/provider-bookings';
import { BookingSummary } from './booking-summary';

/**
 * One booking in the provider's list (or the admins' inbox, `scope`): the guest's details, a link to
 * its activity's day (docs/availability.md#the-providers-day) and, while pending, confirm and
 * decline; `extra` says more under the guest (the inbox: who answers). In the day view itself
 * (`dayLink` false) `onAnswered` tells it to show the answer.
 */
export function ProviderBookingRow({
  booking,
  scope = 'provider',
  extra,
  dayLink = true,
  onAnswered,
  headingLevel,
}: {
  booking: Booking;
  scope?: AnswerScope;
  extra?: ReactNode;
  dayLink?: boolean;
  onAnswered?: () => void;
  headingLevel?: 2 | 3 | 4;
}) {
  const { t } = useTranslation('bookings');
  const language = useLanguage();
  const errorText = useErrorText();
  const ids = useId();
  const confirm = useConfirmBooking(scope);
  const decline = useDeclineBooking(scope);
  const [declining, setDeclining] = useState(false);
  const [message, setMessage] = useState('');
  const declineButton = useRef<HTMLButtonElement>(null);
  const date = formatDay(booking.bookingDate, language);
  // An anonymised booking has no name, e-mail, phone or notes left (docs/privacy.md#retention).
  const anonymised = booking.anonymised;
  const name = anonymised ? t('provider.formerGuest') : booking.customerName;
  const failed = (error: unknown) =>
    toast({
      title: t('provider.failed'),
      description: errorText(error, t('toast.failedText')),
      variant: 'destructive',
    });
  const busy = confirm.isPending || decline.isPending;

  return (
    <>
      <BookingSummary booking={booking} headingLevel={headingLevel} />
      <div className="w-full text-sm text-ink-700 sm:w-auto">
        {anonymised ? (
          <p className="font-medium italic text-ink-600">{name}</p>
        ) : (
          <>
            <p className="font-medium text-ink-900">{name}</p>
            <p className="flex items-center gap-1">
              <Mail aria-hidden className="h-3.5 w-3.5" />
              <a href={`mailto:${booking.customerEmail}`} className="hover:underline">
                {booking.customerEmail}
              </a>
            </p>
          </>
        )}
        {booking.customerPhone ? (
          <p className="flex items-center gap-1">
            <Phone aria-hidden className="h-3.5 w-3.5" />
            <a href={`tel:${booking.customerPhone.replace(/\s/g, '')}`} className="hover:underline">
              {booking.customerPhone}
            </a>
          </p>
        ) : null}
        {booking.notes ? (
          <p className="mt-1 text-ink-600">
            <span className="font-medium">{t('details.notes')}:</span> {booking.notes}
          </p>
        ) : null}
        {extra}
        {dayLink ? (
          <Link
            to={`/provider/activities/${booking.activityId}/days?date=${booking.bookingDate}`}
            className="mt-1 inline-flex items-center gap-1 font-medium text-terracotta-700 hover:underline"
            aria-label={t('provider.dayViewLabel', { name: booking.activityName, date })}
          >
            <CalendarDays aria-hidden className="h-3.5 w-3.5" />
            {t('provider.dayView')}
          </Link>
        ) : null}
      </div>
      {mayMoveBooking(booking.status, 'confirmed') ? (
        <div className="ml-auto flex gap-2">
          <Button
            size="sm"
            disabled={busy}
            aria-label={t('provider.confirmLabel', { name, date })}
            onClick={() =>
              confirm.mutate(booking.id, {
                onSuccess: () => {
                  toast({ title: t('provider.confirmed') });
                  onAnswered?.();
                },
                onError: failed,
              })
            }
          >
            <Check aria-hidden className="h-4 w-4" />
            {t('provider.confirm')}
          </Button>
          <Button
            ref={declineButton}
            size="sm"
            variant="secondary"
            disabled={busy}
            aria-label={t('provider.declineLabel', { name, date })}
            onClick={() => setDeclining(true)}
          >
            <X aria-hidden className="h-4 w-4" />
            {t('provider.decline')}
          </Button>
          <Dialog open={declining} onOpenChange={setDeclining}>
            <DialogContent
              title={t('provider.declineTitle', { name })}
              description={`${booking.activityName} · ${date}`}
              closeLabel={t('dialog.close')}
              returnFocusTo={declineButton}
            >
              <form
                className="space-y-4"
                onSubmit={(event) => {
                  event.preventDefault();
                  decline.mutate(
                    { id: booking.id, message: message.trim() || null },
                    {
                      onSuccess: () => {
                        toast({ title: t('provider.declined') });
                        setDeclining(false);
                        onAnswered?.();
                      },
                      onError: failed,
                    },
                  );
                }}
              >
                <div>
                  <label htmlFor={`${ids}-message`} className="mb-1 block text-sm font-medium text-ink-900">
                    {t('provider.declineMessage')}
                  </label>
                  <textarea
                    id={`${ids}-message`}
                    rows={3}
                    maxLength={BOOKING_MESSAGE_MAX}
                    aria-describedby={`${ids}-hint`}
                    value={message}
                    onChange={(e) => setMessage(e.target.value)}
                    className="w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-ink-900 focus:border-terracotta-600"
                  />
                  <p id={`${ids}-hint`} className="mt-1 text-xs text-ink-500">
                    {t('provider.declineHint')}
                  </p>
                </div>
                <div className="flex flex-wrap justify-end gap-2">
                  <Button variant="secondary" onClick={() => setDeclining(false)}>
                    {t('provider.cancel')}
                  </Button>
                  <Button type="submit" variant="danger" disabled={decline.isPending}>
                    {t('provider.declineSubmit')}
                  </Button>
                </div>
              </form>
            </DialogContent>
          </Dialog>
        </div>
      ) : null}
    </>
  );
}
