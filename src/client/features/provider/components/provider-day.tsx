import { ChevronLeft, ChevronRight, Lock, LockOpen } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderDay as Day } from '../../../../domain/availability-schemas';
import type { Booking } from '../../../../domain/bookings';
import { addDays, todayInParis } from '../../../../domain/dates';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { useLanguage } from '../../../i18n/use-language';
import { useErrorText } from '../../../lib/error-text';
import { formatDay } from '../../../lib/format';
import { type Closure, useAvailabilitySettings, useProviderDay, useSetClosed } from '../api/availability';
import { dayOfText, isDayText } from '../date-text';
import { DateField } from './date-field';

interface DayPickerProps {
  date: string;
  onDateChange: (date: string) => void;
}

/** The day shown: the day before and after by a button, any day by its date. */
function DayPicker({ date, onDateChange }: DayPickerProps) {
  const { t } = useTranslation('provider');
  const id = useId();
  const [text, setText] = useState(date);
  const [error, setError] = useState<string | undefined>();
  // Another day chosen by a button (or the address): the field shows it.
  const [shown, setShown] = useState(date);
  if (shown !== date) {
    setShown(date);
    setText(date);
    setError(undefined);
  }
  const today = todayInParis(new Date());
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => onDateChange(addDays(date, -1))}>
          <ChevronLeft aria-hidden className="h-4 w-4" />
          {t('day.previous')}
        </Button>
        <Button variant="secondary" onClick={() => onDateChange(addDays(date, 1))}>
          {t('day.next')}
          <ChevronRight aria-hidden className="h-4 w-4" />
        </Button>
        {date === today ? null : (
          <Button variant="ghost" onClick={() => onDateChange(today)}>
            {t('day.today')}
          </Button>
        )}
      </div>
      <form
        className="flex items-start gap-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!isDayText(text)) {
            setError(t('availability.errors.date'));
            requestAnimationFrame(() => document.getElementById(`${id}-date`)?.focus());
            return;
          }
          setError(undefined);
          onDateChange(dayOfText(text));
        }}
      >
        <DateField
          id={`${id}-date`}
          label={t('day.date')}
          value={text}
          example={today}
          error={error}
          onChange={setText}
          className="w-full max-w-56"
        />
        <Button type="submit" variant="secondary" className="mt-6 shrink-0">
          {t('day.show')}
        </Button>
      </form>
    </div>
  );
}

type Slot = Day['slots'][number];

function Places({ slot, capacity }: { slot: Slot; capacity: number | null }) {
  const { t } = useTranslation('provider');
  if (capacity === null) return <>{t('day.takenUnlimited', { count: slot.taken })}</>;
  return (
    <>
      {t('day.taken', { taken: slot.taken, capacity })} ·{' '}
      {slot.placesLeft === 0 ? t('day.full') : t('day.left', { count: slot.placesLeft ?? 0 })}
    </>
  );
}

interface ProviderDayViewProps extends DayPickerProps {
  activityId: number;
  /** One booking's row: the route gives the bookings' own (confirm, decline). */
  renderBooking: (booking: Booking) => ReactNode;
  /** Whether the viewer may close and open days (a rejected provider only looks). */
  readOnly?: boolean;
}

/**
 * One day of an activity (docs/availability.md#the-providers-day): per start, the places taken and
 * left, whether it is closed, and its bookings; the day and each slot closed or opened again.
 */
export function ProviderDayView({
  activityId,
  date,
  onDateChange,
  renderBooking,
  readOnly = false,
}: ProviderDayViewProps) {
  const { t } = useTranslation('provider');
  const language = useLanguage();
  const errorText = useErrorText();
  const day = useProviderDay(activityId, date);
  const settings = useAvailabilitySettings(activityId);
  const setClosed = useSetClosed(activityId);
  const ids = useId();
  // What the last close or open said, for the day it was said of.
  const [said, setSaid] = useState({ date, text: '' });
  const today = todayInParis(new Date());
  const past = date < today;
  const words = formatDay(date, language);
  const closedWhole = settings.data?.closed.some((c) => c.date === date && c.slot === null) ?? false;
  const slotted = (settings.data?.slots.length ?? 0) > 0;

  const change = (closure: Closure, done: string) =>
    setClosed.mutate(closure, {
      onSuccess: () => setSaid({ date: closure.date, text: done }),
      onError: (error) =>
        toast({
          title: t('day.closeFailed'),
          description: errorText(error, t('availability.failedText')),
          variant: 'destructive',
        }),
    });

  let body: ReactNode;
  if (day.isPending || settings.isPending) {
    body = (
      <div role="status" aria-label={t('day.loading')}>
        <Skeleton className="h-48 w-full" />
      </div>
    );
  } else if (day.isError || settings.isError) {
    body = (
      <div role="alert" className="space-y-3 rounded-2xl bg-red-50 p-4 text-red-900">
        <p>{t('day.loadFailed')}</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            if (day.isError) void day.refetch();
            if (settings.isError) void settings.refetch();
          }}
        >
          {t('availability.retry')}
        </Button>
      </div>
    );
  } else {
    const data = day.data;
    body = (
      <div className="space-y-4">
        {past ? (
          <p role="note" className="rounded-2xl bg-sand-100 p-4 text-ink-700">
            {t('day.past')}
          </p>
        ) : closedWhole ? (
          <p role="note" className="rounded-2xl bg-red-50 p-4 text-red-900">
            {t('day.closedWhole')}
          </p>
        ) : !data.offered ? (
          <p role="note" className="rounded-2xl bg-amber-50 p-4 text-amber-900">
            {t('day.notOffered')}
          </p>
        ) : null}
        {past || readOnly ? null : (
          <Button
            variant={closedWhole ? 'primary' : 'secondary'}
            disabled={setClosed.isPending}
            onClick={() =>
              change(
                { date, slot: null, closed: !closedWhole },
                t(closedWhole ? 'day.dayOpened' : 'day.dayClosed', { date: words }),
              )
            }
          >
            {closedWhole ? <LockOpen aria-hidden className="h-4 w-4" /> : <Lock aria-hidden className="h-4 w-4" />}
            {t(closedWhole ? 'day.openDay' : 'day.closeDay')}
          </Button>
        )}
        <ul aria-label={t('day.slotsLabel', { date: words })} className="space-y-4">
          {data.slots.map((slot) => {
            const time = slot.start;
            // A slot that is no longer one of the start times keeps its bookings here, with nothing to close.
            const ownSlot = time !== null && (settings.data?.slots.includes(time) ?? false);
            const slotClosedByHand =
              time !== null && (settings.data?.closed.some((c) => c.date === date && c.slot === time) ?? false);
            const headingId = `${ids}-${time ?? 'day'}`;
            return (
              <li key={time ?? 'day'}>
                <section
                  aria-labelledby={headingId}
                  className="space-y-3 rounded-3xl bg-white p-5 ring-1 ring-sand-200"
                >
                  <div className="flex flex-wrap items-center gap-3">
                    <h3 id={headingId} className="text-lg font-semibold text-ink-900">
                      {time ?? t('day.wholeDay')}
                    </h3>
                    {slot.closed ? (
                      <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-900">
                        {ownSlot || !slotted ? t('day.closed') : t('day.gone')}
                      </span>
                    ) : null}
                    <span className="text-sm text-ink-700">
                      <Places slot={slot} capacity={data.capacity} />
                    </span>
                    {ownSlot && !past && !readOnly && !closedWhole ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        className="ml-auto"
                        disabled={setClosed.isPending}
                        aria-label={t(slotClosedByHand ? 'day.openSlotLabel' : 'day.closeSlotLabel', { time })}
                        onClick={() =>
                          change(
                            { date, slot: time, closed: !slotClosedByHand },
                            t(slotClosedByHand ? 'day.slotOpened' : 'day.slotClosed', { time }),
                          )
                        }
                      >
                        {slotClosedByHand ? (
                          <LockOpen aria-hidden className="h-4 w-4" />
                        ) : (
                          <Lock aria-hidden className="h-4 w-4" />
                        )}
                        {t(slotClosedByHand ? 'day.openSlot' : 'day.closeSlot')}
                      </Button>
                    ) : null}
                  </div>
                  {slot.bookings.length === 0 ? (
                    <p className="text-sm text-ink-600">{t('day.noBookings')}</p>
                  ) : (
                    <ul
                      aria-label={t('day.bookingsOf', { time: time ?? t('day.wholeDay') })}
                      className="divide-y divide-sand-100 rounded-2xl ring-1 ring-sand-200"
                    >
                      {slot.bookings.map((booking) => (
                        <li key={booking.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                          {renderBooking(booking)}
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              </li>
            );
          })}
        </ul>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <DayPicker date={date} onDateChange={onDateChange} />
      <h2 className="font-display text-2xl font-semibold text-ink-900">{words}</h2>
      <p role="status" className="min-h-6 font-medium text-emerald-900">
        {said.date === date ? said.text : ''}
      </p>
      {body}
    </div>
  );
}
