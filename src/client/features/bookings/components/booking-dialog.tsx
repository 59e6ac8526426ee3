import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, CheckCircle2, Clock } from 'lucide-react';
import { type FormEvent, type RefObject, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvailabilityAnswer } from '../../../../domain/availability-schemas';
import { BOOKING_FIELD_LIMITS, BOOKING_MAX_DAYS_AHEAD, BOOKING_PEOPLE } from '../../../../domain/booking-rules';
import type { Booking } from '../../../../domain/bookings';
import { isEmailAddress, isPhoneNumber } from '../../../../domain/contact-rules';
import { addDays, todayInParis } from '../../../../domain/dates';
import type { ErrorCode } from '../../../../domain/errors';
import { upcomingEdition } from '../../../../domain/event-dates';
import { bookingTotalCents, toCents, toEuros } from '../../../../domain/money';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useLanguage } from '../../../i18n/use-language';
import { cn } from '../../../lib/cn';
import { errorCodeOf, useErrorText } from '../../../lib/error-text';
import { formatDay, formatPrice } from '../../../lib/format';
import { type Month, useAvailabilityMonth, useRefreshAvailability } from '../api/availability';
import { useCreateBooking } from '../api/create-booking';
import { myBookingsQueryOptions } from '../api/guest-bookings';
import { type DayState, DayCalendar } from './booking-dialog-calendar';
// From the button's module, which the page has loaded already: the dialog's chunk adds no other.
import { type BookableActivity, type BookingPrefill, whoAnswersKey } from './book-action';

export { type BookableActivity, type BookingPrefill, whoAnswersKey } from './book-action';

interface BookingDialogProps {
  activity: BookableActivity;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back when the dialog closes (the button that opened it). */
  returnFocusTo: RefObject<HTMLElement | null>;
  /** Name, e-mail and phone of a logged-in visitor, filled in for them. */
  prefill?: BookingPrefill | undefined;
}

type Field = 'bookingDate' | 'slot' | 'customerName' | 'customerEmail' | 'customerPhone';
type Problems = Partial<Record<Field, string>>;
/** The order the fields come in: the first one to fix gets the focus. */
const FIELDS: readonly Field[] = ['bookingDate', 'slot', 'customerName', 'customerEmail', 'customerPhone'];

/** Refusals after which the calendar asks again: what it showed was no longer true. */
const STALE_CALENDAR: readonly ErrorCode[] = [
  'BOOKING_FULL',
  'BOOKING_NOT_AVAILABLE',
  'BOOKING_TOO_LATE',
  'BOOKING_SLOT_UNKNOWN',
  'BOOKING_SLOT_REQUIRED',
];

const newKey = () => crypto.randomUUID();

type AvailableDay = AvailabilityAnswer['days'][number];

/** A day as the calendar shows it: bookable, full when every start is taken, else not bookable. */
function dayState(day: AvailableDay): DayState {
  if (!day.open || day.slots.length === 0) return 'closed';
  return day.slots.every((slot) => slot.placesLeft === 0) ? 'full' : 'open';
}

/** The phone of the visitor's latest booking that has one. */
const latestPhone = (bookings: readonly Booking[] | undefined) =>
  [...(bookings ?? [])].sort((a, b) => b.id - a.id).find((b) => b.customerPhone)?.customerPhone ?? null;

/**
 * The booking dialog (docs/product.md#bookings, docs/availability.md#what-the-guest-sees): a calendar
 * of the bookable days, month by month from the availability answer; the chosen day's times with
 * their places left; the number of people, never more than the places left; name, e-mail, phone
 * and comments; the total, and who confirms and how fast. The server checks all of it again. One
 * Idempotency-Key per request, so a retry never books twice.
 */
export function BookingDialog({ activity, open, onOpenChange, returnFocusTo, prefill }: BookingDialogProps) {
  const { t } = useTranslation('bookings');
  const language = useLanguage();
  const errorText = useErrorText();
  const ids = useId();
  const create = useCreateBooking();
  const refreshAvailability = useRefreshAvailability();
  const today = todayInParis(new Date());
  const todayMonth = today.slice(0, 7);
  const edition = upcomingEdition(activity, today);
  const lastMonth = addDays(today, BOOKING_MAX_DAYS_AHEAD).slice(0, 7);
  const [month, setMonth] = useState<Month>(edition && edition.start > today ? edition.start.slice(0, 7) : todayMonth);
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [name, setName] = useState(prefill?.name ?? '');
  const [email, setEmail] = useState(prefill?.email ?? '');
  const [phone, setPhone] = useState(prefill?.phone ?? '');
  const [people, setPeople] = useState(1);
  const [notes, setNotes] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  /** What went wrong, said inside the dialog (a toast behind a modal is hidden from screen readers). */
  const [alert, setAlert] = useState<{ title: string; text: string } | null>(null);
  const idempotencyKey = useRef(newKey());
  const form = useRef<HTMLFormElement>(null);
  const alertBox = useRef<HTMLDivElement>(null);
  /** Fields the visitor typed in: a prefill that comes late leaves them alone. */
  const typed = useRef(new Set<'name' | 'email' | 'phone'>());

  // The month shown, and the month of the chosen day (the same query when they are the same month).
  const shown = useAvailabilityMonth(activity.id, month, { enabled: open });
  const chosenMonth = useAvailabilityMonth(activity.id, date ? date.slice(0, 7) : month, {
    enabled: open && date !== null,
    ahead: false,
  });
  const answer = shown.data ?? chosenMonth.data;
  const { refetch } = shown;
  const retryMonth = useCallback(() => void refetch(), [refetch]);
  const chooseDay = useCallback((day: string) => {
    setDate(day);
    setProblems(({ bookingDate: _, ...rest }) => rest);
  }, []);
  const states = useMemo(
    () => (shown.data ? new Map(shown.data.days.map((day) => [day.date, dayState(day)])) : undefined),
    [shown.data],
  );
  // The chosen day while it can be booked: an answer that says it is full or closed now un-chooses it.
  const chosenDay = chosenMonth.data?.days.find((day) => day.date === date && dayState(day) === 'open');
  const bySlot = answer?.bySlot ?? false;
  const starts = chosenDay?.slots ?? [];
  const chosenStart = bySlot
    ? starts.find((start) => start.start === slot && start.placesLeft !== 0)
    : starts.find((start) => start.placesLeft !== 0);
  const placesLeft = chosenStart?.placesLeft ?? null;
  const maxPeople = placesLeft === null ? BOOKING_PEOPLE.max : Math.min(BOOKING_PEOPLE.max, placesLeft);
  const peopleCount = Math.min(people, maxPeople);
  const instant = answer?.confirmation === 'instant';

  // A logged-in visitor's details, filled in when they come (the session may answer after the dialog opened).
  const wantsPhone = open && prefill !== undefined && !prefill.phone;
  const mine = useQuery({ ...myBookingsQueryOptions(), enabled: wantsPhone });
  const prefillPhone = prefill?.phone || latestPhone(mine.data);
  useEffect(() => {
    if (prefill?.name && !typed.current.has('name')) setName((v) => v || prefill.name);
    if (prefill?.email && !typed.current.has('email')) setEmail((v) => v || prefill.email);
    if (prefillPhone && !typed.current.has('phone')) setPhone((v) => v || prefillPhone);
  }, [prefill?.name, prefill?.email, prefillPhone]);

  const totalCents = bookingTotalCents(activity.price === null ? null : toCents(activity.price), peopleCount);
  const total =
    activity.price === null
      ? t('dialog.totalUnknown')
      : totalCents === 0
        ? t('dialog.totalFree')
        : formatPrice(toEuros(totalCents), language);
  const answeredByName = activity.answeredBy?.kind === 'provider' ? activity.answeredBy.name : '';

  const check = (): Problems => {
    const found: Problems = {};
    if (!chosenDay) found.bookingDate = t('dialog.errors.date');
    else if (!chosenStart) found.slot = t('dialog.errors.slot');
    if (!name.trim()) found.customerName = t('dialog.errors.name');
    // The server's own rules (docs/api.md#e-mail-addresses-and-phone-numbers): what passes here passes there.
    if (!isEmailAddress(email.trim())) found.customerEmail = t('dialog.errors.email');
    if (phone.trim() && !isPhoneNumber(phone.trim())) found.customerPhone = t('dialog.errors.phone');
    return found;
  };

  const reset = () => {
    setDate(null);
    setSlot(null);
    setPeople(1);
    setNotes('');
    setProblems({});
    setAlert(null);
    idempotencyKey.current = newKey();
  };

  /** The first field to fix gets the focus: the calendar's day in the tab order, the first free time, or the field. */
  const focusField = (field: Field) => {
    const root = form.current;
    if (!root) return;
    const target =
      field === 'bookingDate'
        ? root.querySelector<HTMLElement>('[data-day][tabindex="0"]')
        : field === 'slot'
          ? root.querySelector<HTMLElement>('input[type="radio"]:not(:disabled)')
          : root.ownerDocument.getElementById(fieldId(field));
    target?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setProblems(found);
    setAlert(null);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      const missingRequired = !name.trim() || !email.trim() || !chosenDay || !chosenStart;
      setAlert(
        missingRequired
          ? { title: t('toast.missingTitle'), text: t('toast.missingText') }
          : { title: t('toast.checkTitle'), text: found[first] ?? '' },
      );
      requestAnimationFrame(() => focusField(first));
      return;
    }
    if (!chosenDay || !chosenStart) return;
    create.mutate(
      {
        request: {
          activityId: activity.id,
          customerName: name.trim(),
          customerEmail: email.trim(),
          customerPhone: phone.trim() || null,
          numberOfPeople: peopleCount,
          bookingDate: chosenDay.date,
          slot: chosenStart.start,
          notes: notes.trim() || null,
          language,
        },
        idempotencyKey: idempotencyKey.current,
      },
      {
        onSuccess: (booking) => {
          void refreshAvailability(activity.id);
          toast(
            booking.status === 'confirmed'
              ? { title: t('toast.confirmedTitle'), description: t('toast.confirmedText') }
              : { title: t('toast.successTitle'), description: t('toast.successText') },
          );
          reset();
          onOpenChange(false);
        },
        onError: (error) => {
          const code = errorCodeOf(error);
          if (code && STALE_CALENDAR.includes(code)) void refreshAvailability(activity.id);
          // The refusal is said at the top, above the calendar it may have changed: scrolled to, from the button
          // (jsdom has no scrolling).
          requestAnimationFrame(() => alertBox.current?.scrollIntoView?.({ block: 'start' }));
          setAlert({
            title: t('toast.failedTitle'),
            text: errorText(error, t('toast.failedText'), [
              'INTERNAL_ERROR',
              'BAD_REQUEST',
              'NOT_FOUND',
              'ROUTE_NOT_FOUND',
              'VALIDATION_FAILED',
            ]),
          });
        },
      },
    );
  };

  function fieldId(field: Field | 'notes' | 'numberOfPeople') {
    return `${ids}-${field}`;
  }
  const errorId = (field: Field) => `${ids}-${field}-error`;
  const invalid = (field: Field) =>
    problems[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {};
  const fieldError = (field: Field) =>
    problems[field] ? (
      <p id={errorId(field)} className="mt-1 text-sm text-red-800">
        {problems[field]}
      </p>
    ) : null;
  const labelClass = 'mb-1 block text-sm font-medium text-ink-900';
  const required = <span className="font-normal text-ink-500"> ({t('dialog.required')})</span>;
  const dayLabelId = `${ids}-day-label`;
  const peopleHintId = `${ids}-people-hint`;
  // The calendar's day in the tab order gets the focus when the dialog opens: choosing a day comes first.
  const calendarFocus = {
    get current() {
      return form.current?.querySelector<HTMLElement>('[data-day][tabindex="0"]') ?? null;
    },
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('dialog.title', { name: activity.name })}
        description={
          instant
            ? t('dialog.descriptionInstant')
            : t(whoAnswersKey('dialog.description', activity.answeredBy), { name: answeredByName })
        }
        closeLabel={t('dialog.close')}
        returnFocusTo={returnFocusTo}
        initialFocus={calendarFocus}
      >
        <form ref={form} noValidate onSubmit={submit} className="space-y-4">
          <div ref={alertBox} role="alert" className="scroll-mt-6 empty:hidden">
            {alert ? (
              <div className="rounded-2xl bg-red-50 p-4 text-red-900">
                <p className="font-semibold">{alert.title}</p>
                <p className="text-sm">{alert.text}</p>
              </div>
            ) : null}
          </div>
          <div>
            <p id={dayLabelId} className={labelClass}>
              {t('dialog.day')}
              {required}
            </p>
            <DayCalendar
              labelId={dayLabelId}
              language={language}
              month={month}
              minMonth={todayMonth}
              maxMonth={lastMonth}
              onMonthChange={setMonth}
              days={states}
              status={shown.isError ? 'error' : shown.isSuccess ? 'success' : 'pending'}
              onRetry={retryMonth}
              selected={chosenDay ? chosenDay.date : null}
              onSelect={chooseDay}
              today={today}
              describedBy={problems.bookingDate ? errorId('bookingDate') : undefined}
              invalid={Boolean(problems.bookingDate)}
            />
            {fieldError('bookingDate')}
            <p role="status" className="mt-2 text-sm font-medium text-ink-900 empty:hidden">
              {chosenDay
                ? [
                    t('dialog.chosenDay', { day: formatDay(chosenDay.date, language) }),
                    !bySlot && placesLeft !== null ? t('dialog.slotPlaces', { count: placesLeft }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : null}
            </p>
          </div>
          {chosenDay && bySlot ? (
            <fieldset {...(problems.slot ? { 'aria-describedby': errorId('slot') } : {})}>
              <legend className={labelClass}>
                {t('dialog.slot')}
                {required}
              </legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {starts.map(({ start, placesLeft: left }) => {
                  const full = left === 0;
                  return (
                    <label
                      key={start ?? 'day'}
                      className={cn(
                        'flex cursor-pointer flex-col rounded-xl border px-3 py-2 text-sm',
                        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-terracotta-600',
                        full
                          ? 'cursor-not-allowed border-sand-200 bg-sand-100 text-ink-600'
                          : 'border-sand-300 bg-white text-ink-900 hover:bg-sand-100 has-[:checked]:border-terracotta-600 has-[:checked]:bg-terracotta-600 has-[:checked]:text-white',
                      )}
                    >
                      <input
                        type="radio"
                        name={`${ids}-slot`}
                        aria-label={[
                          start,
                          full ? t('dialog.slotFull') : left === null ? null : t('dialog.slotPlaces', { count: left }),
                        ]
                          .filter(Boolean)
                          .join(', ')}
                        value={start ?? ''}
                        className="sr-only"
                        disabled={full}
                        checked={start === chosenStart?.start}
                        onChange={() => {
                          setSlot(start);
                          setProblems(({ slot: _, ...rest }) => rest);
                        }}
                      />
                      <span className="flex items-center gap-1.5 font-semibold">
                        <Clock aria-hidden className="h-4 w-4" />
                        {start}
                      </span>
                      <span className={cn('text-xs', full && 'font-medium text-red-800')}>
                        {full ? t('dialog.slotFull') : left === null ? null : t('dialog.slotPlaces', { count: left })}
                      </span>
                    </label>
                  );
                })}
              </div>
              {fieldError('slot')}
            </fieldset>
          ) : null}
          <div>
            <label htmlFor={fieldId('numberOfPeople')} className={labelClass}>
              {t('dialog.people')}
            </label>
            <select
              id={fieldId('numberOfPeople')}
              value={peopleCount}
              onChange={(e) => setPeople(Number(e.target.value))}
              {...(maxPeople < BOOKING_PEOPLE.max ? { 'aria-describedby': peopleHintId } : {})}
              className="h-11 w-full rounded-xl border border-sand-300 bg-white px-3 text-ink-900 focus:border-terracotta-600 sm:w-1/2"
            >
              {Array.from({ length: maxPeople - BOOKING_PEOPLE.min + 1 }, (_, i) => i + BOOKING_PEOPLE.min).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            {maxPeople < BOOKING_PEOPLE.max ? (
              <p id={peopleHintId} className="mt-1 text-sm text-ink-700">
                {t('dialog.peopleMax', { count: maxPeople })}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor={fieldId('customerName')} className={labelClass}>
              {t('dialog.name')}
              {required}
            </label>
            <Input
              id={fieldId('customerName')}
              autoComplete="name"
              aria-required="true"
              maxLength={BOOKING_FIELD_LIMITS.name}
              value={name}
              onChange={(e) => {
                typed.current.add('name');
                setName(e.target.value);
              }}
              {...invalid('customerName')}
            />
            {fieldError('customerName')}
          </div>
          <div>
            <label htmlFor={fieldId('customerEmail')} className={labelClass}>
              {t('dialog.email')}
              {required}
            </label>
            <Input
              id={fieldId('customerEmail')}
              type="email"
              autoComplete="email"
              aria-required="true"
              maxLength={BOOKING_FIELD_LIMITS.email}
              value={email}
              onChange={(e) => {
                typed.current.add('email');
                setEmail(e.target.value);
              }}
              {...invalid('customerEmail')}
            />
            {fieldError('customerEmail')}
          </div>
          <div>
            <label htmlFor={fieldId('customerPhone')} className={labelClass}>
              {t('dialog.phone')}
            </label>
            <Input
              id={fieldId('customerPhone')}
              type="tel"
              autoComplete="tel"
              maxLength={BOOKING_FIELD_LIMITS.phone}
              value={phone}
              onChange={(e) => {
                typed.current.add('phone');
                setPhone(e.target.value);
              }}
              {...invalid('customerPhone')}
            />
            {fieldError('customerPhone')}
          </div>
          <div>
            <label htmlFor={fieldId('notes')} className={labelClass}>
              {t('dialog.notes')}
            </label>
            <textarea
              id={fieldId('notes')}
              rows={3}
              maxLength={BOOKING_FIELD_LIMITS.notes}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              className="w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-ink-900 focus:border-terracotta-600"
            />
          </div>
          <div className="space-y-2 rounded-2xl bg-sand-100 px-4 py-3">
            <div className="flex items-center justify-between">
              <span className="text-sm text-ink-700">
                {t('dialog.total')}
                {activity.price !== null && activity.price > 0 ? (
                  <span className="block text-xs text-ink-600">
                    {t('dialog.perPerson', { price: formatPrice(activity.price, language), count: peopleCount })}
                  </span>
                ) : null}
              </span>
              <output aria-live="polite" htmlFor={fieldId('numberOfPeople')} className="text-xl font-bold text-ink-900">
                {total}
              </output>
            </div>
            {answer ? (
              <p className="flex items-start gap-2 border-t border-sand-300 pt-2 text-sm text-ink-700">
                {instant ? (
                  <CheckCircle2 aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-vine-700" />
                ) : (
                  <Clock aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-terracotta-700" />
                )}
                {instant
                  ? t('dialog.confirmInstant')
                  : t(whoAnswersKey('dialog.confirmManual', activity.answeredBy), { name: answeredByName })}
              </p>
            ) : null}
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={create.isPending}>
            <CalendarCheck aria-hidden className="h-5 w-5" />
            {create.isPending ? t('dialog.sending') : instant ? t('dialog.submitInstant') : t('dialog.submit')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
