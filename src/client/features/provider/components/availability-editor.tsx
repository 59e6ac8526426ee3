import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../domain/bookings';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { useErrorText } from '../../../lib/error-text';
import { useAvailabilitySettings, useSaveAvailability } from '../api/availability';
import { type FieldErrors, serverErrorsOf } from '../availability-state';
import { AvailabilityForm } from './availability-form';
import { OutsideBookings } from './outside-bookings';

interface AvailabilityEditorProps {
  activityId: number;
  /** A booking was cancelled here: the lists of bookings elsewhere are out of date. */
  onBookingsChanged?: () => void;
}

/**
 * The "Availability" screen's content (docs/availability.md#what-a-provider-sets): the settings'
 * form, what the last save said (a live region), and the bookings it left outside, to cancel or keep.
 */
export function AvailabilityEditor({ activityId, onBookingsChanged }: AvailabilityEditorProps) {
  const { t } = useTranslation('provider');
  const errorText = useErrorText();
  const settings = useAvailabilitySettings(activityId);
  const save = useSaveAvailability(activityId);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [outside, setOutside] = useState<{ listed: number; left: Booking[] }>({ listed: 0, left: [] });
  const [said, setSaid] = useState('');

  if (settings.isPending) return <Skeleton className="h-[40rem] w-full" />;
  if (settings.isError)
    return (
      <div role="alert" className="space-y-3 rounded-2xl bg-red-50 p-4 text-red-900">
        <p>{t('availability.loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
          {t('availability.retry')}
        </Button>
      </div>
    );

  return (
    <div className="space-y-6">
      <AvailabilityForm
        settings={settings.data}
        busy={save.isPending}
        serverErrors={serverErrors}
        onSubmit={(body) => {
          setSaid('');
          save.mutate(body, {
            onSuccess: (change) => {
              setServerErrors({});
              setOutside({ listed: change.outside.length, left: change.outside });
              setSaid(
                change.outside.length === 0
                  ? t('availability.saved')
                  : t('availability.savedOutside', { count: change.outside.length }),
              );
            },
            onError: (error) => {
              const text = errorText(error, t('availability.failedText'));
              setServerErrors(serverErrorsOf(error));
              toast({ title: t('availability.failed'), description: text, variant: 'destructive' });
            },
          });
        }}
      />
      {/* Announced when it changes: saved, how many bookings fell outside, one cancelled or kept. */}
      <p role="status" className="min-h-6 font-medium text-emerald-900">
        {said}
      </p>
      <OutsideBookings
        bookings={outside.left}
        listed={outside.listed}
        onCancelled={(booking) => {
          setOutside((o) => ({ ...o, left: o.left.filter((b) => b.id !== booking.id) }));
          setSaid(t('availability.outside.cancelled', { name: booking.customerName }));
          onBookingsChanged?.();
        }}
        onKept={(booking) => {
          setOutside((o) => ({ ...o, left: o.left.filter((b) => b.id !== booking.id) }));
          setSaid(t('availability.outside.kept', { name: booking.customerName }));
        }}
      />
    </div>
  );
}
