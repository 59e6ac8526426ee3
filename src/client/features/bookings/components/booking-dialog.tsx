import { CalendarCheck } from 'lucide-react';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnsweredBy } from '../../../../domain/activities';
import { BOOKING_FIELD_LIMITS, BOOKING_PEOPLE } from '../../../../domain/booking-rules';
import { isIsoDate, todayInParis } from '../../../../domain/dates';
import { upcomingEdition } from '../../../../domain/event-dates';
import { bookingTotalCents, toCents, toEuros } from '../../../../domain/money';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useLanguage } from '../../../i18n/use-language';
import { useErrorText } from '../../../lib/error-text';
import { formatDayRange, formatPrice } from '../../../lib/format';
import { useCreateBooking } from '../api/create-booking';

export interface BookableActivity {
  id: number;
  name: string;
  /** Per person, in euros; null when unknown. */
  price: number | null;
  /** An event's next edition (docs/product.md#event-dates): a booking is for one of its days. */
  eventStart: string | null;
  eventEnd: string | null;
  /** Who answers the request (docs/product.md#who-answers): the provider, or the guide's team. */
  answeredBy?: AnsweredBy;
}

/** The dialog's and the detail page's text on who answers: a `<key>By` with the provider's name, or `<key>Team`. */
export const whoAnswersKey = (key: 'dialog.description' | 'bookHint', by: AnsweredBy | undefined) =>
  by === undefined ? key : by.kind === 'team' ? (`${key}Team` as const) : (`${key}By` as const);

interface BookingDialogProps {
  activity: BookableActivity;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back when the dialog closes (the button that opened it). */
  returnFocusTo: RefObject<HTMLElement | null>;
  /** Name and e-mail of a logged-in visitor, filled in for them. */
  prefill?: { name: string; email: string };
}

type Field = 'customerName' | 'customerEmail' | 'customerPhone' | 'numberOfPeople' | 'bookingDate';
type Problems = Partial<Record<Field, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[+()\d\s./-]{6,40}$/;

const newKey = () => crypto.randomUUID();

/**
 * The booking dialog (docs/product.md#bookings): name, e-mail, phone, people
 * (1-8), desired date and comments, with the total shown as it changes.
 * Name, e-mail and a date from today on are required; the server checks the
 * same and computes the total it keeps. One Idempotency-Key per request, so
 * a retry never books twice.
 */
export function BookingDialog({ activity, open, onOpenChange, returnFocusTo, prefill }: BookingDialogProps) {
  const { t } = useTranslation('bookings');
  const language = useLanguage();
  const errorText = useErrorText();
  const ids = useId();
  const create = useCreateBooking();
  const today = todayInParis(new Date());
  const edition = upcomingEdition(activity, today);
  const firstDay = edition && edition.start > today ? edition.start : today;
  const [name, setName] = useState(prefill?.name ?? '');
  const [email, setEmail] = useState(prefill?.email ?? '');
  const [phone, setPhone] = useState('');
  const [people, setPeople] = useState(1);
  const [date, setDate] = useState('');
  const [notes, setNotes] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  /** What went wrong, said inside the dialog (a toast behind a modal is hidden from screen readers). */
  const [alert, setAlert] = useState<{ title: string; text: string } | null>(null);
  const idempotencyKey = useRef(newKey());
  const firstInvalid = useRef<HTMLFormElement>(null);
  const nameField = useRef<HTMLInputElement>(null);

  const totalCents = bookingTotalCents(activity.price === null ? null : toCents(activity.price), people);
  const total =
    activity.price === null
      ? t('dialog.totalUnknown')
      : totalCents === 0
        ? t('dialog.totalFree')
        : formatPrice(toEuros(totalCents), language);

  const check = (): Problems => {
    const found: Problems = {};
    if (!name.trim()) found.customerName = t('dialog.errors.name');
    if (!EMAIL.test(email.trim())) found.customerEmail = t('dialog.errors.email');
    if (phone.trim() && !PHONE.test(phone.trim())) found.customerPhone = t('dialog.errors.phone');
    if (!date || !isIsoDate(date)) found.bookingDate = t('dialog.errors.date');
    else if (date < today) found.bookingDate = t('dialog.errors.datePast');
    else if (edition && (date < edition.start || date > edition.end))
      found.bookingDate = t('dialog.errors.dateOutsideEdition', {
        range: formatDayRange(edition.start, edition.end, language),
      });
    return found;
  };

  const reset = () => {
    setPhone('');
    setPeople(1);
    setDate('');
    setNotes('');
    setProblems({});
    setAlert(null);
    idempotencyKey.current = newKey();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setProblems(found);
    setAlert(null);
    if (Object.keys(found).length > 0) {
      const missingRequired = !name.trim() || !email.trim() || !date;
      setAlert(
        missingRequired
          ? { title: t('toast.missingTitle'), text: t('toast.missingText') }
          : { title: t('toast.checkTitle'), text: Object.values(found)[0] ?? '' },
      );
      // The first field to fix gets the focus.
      requestAnimationFrame(() => firstInvalid.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    create.mutate(
      {
        request: {
          activityId: activity.id,
          customerName: name.trim(),
          customerEmail: email.trim(),
          customerPhone: phone.trim() || null,
          numberOfPeople: people,
          bookingDate: date,
          notes: notes.trim() || null,
          language,
        },
        idempotencyKey: idempotencyKey.current,
      },
      {
        onSuccess: () => {
          toast({ title: t('toast.successTitle'), description: t('toast.successText') });
          reset();
          onOpenChange(false);
        },
        onError: (error) =>
          setAlert({
            title: t('toast.failedTitle'),
            text: errorText(error, t('toast.failedText'), [
              'INTERNAL_ERROR',
              'BAD_REQUEST',
              'NOT_FOUND',
              'ROUTE_NOT_FOUND',
              'VALIDATION_FAILED',
            ]),
          }),
      },
    );
  };

  const fieldId = (field: Field | 'notes') => `${ids}-${field}`;
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

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('dialog.title', { name: activity.name })}
        description={t(whoAnswersKey('dialog.description', activity.answeredBy), {
          name: activity.answeredBy?.kind === 'provider' ? activity.answeredBy.name : '',
        })}
        closeLabel={t('dialog.close')}
        returnFocusTo={returnFocusTo}
        initialFocus={nameField}
      >
        <form ref={firstInvalid} noValidate onSubmit={submit} className="space-y-4">
          <div role="alert" className="empty:hidden">
            {alert ? (
              <div className="rounded-2xl bg-red-50 p-4 text-red-900">
                <p className="font-semibold">{alert.title}</p>
                <p className="text-sm">{alert.text}</p>
              </div>
            ) : null}
          </div>
          <div>
            <label htmlFor={fieldId('customerName')} className={labelClass}>
              {t('dialog.name')}
              {required}
            </label>
            <Input
              ref={nameField}
              id={fieldId('customerName')}
              autoComplete="name"
              aria-required="true"
              maxLength={BOOKING_FIELD_LIMITS.name}
              value={name}
              onChange={(e) => setName(e.target.value)}
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
              onChange={(e) => setEmail(e.target.value)}
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
              onChange={(e) => setPhone(e.target.value)}
              {...invalid('customerPhone')}
            />
            {fieldError('customerPhone')}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={fieldId('numberOfPeople')} className={labelClass}>
                {t('dialog.people')}
              </label>
              <select
                id={fieldId('numberOfPeople')}
                value={people}
                onChange={(e) => setPeople(Number(e.target.value))}
                className="h-11 w-full rounded-xl border border-sand-300 bg-white px-3 text-ink-900 focus:border-terracotta-600"
              >
                {Array.from(
                  { length: BOOKING_PEOPLE.max - BOOKING_PEOPLE.min + 1 },
                  (_, i) => i + BOOKING_PEOPLE.min,
                ).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={fieldId('bookingDate')} className={labelClass}>
                {t('dialog.date')}
                {required}
              </label>
              <Input
                id={fieldId('bookingDate')}
                type="date"
                min={firstDay}
                max={edition?.end}
                aria-required="true"
                value={date}
                onChange={(e) => setDate(e.target.value)}
                {...invalid('bookingDate')}
              />
              {fieldError('bookingDate')}
            </div>
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
          <div className="flex items-center justify-between rounded-2xl bg-sand-100 px-4 py-3">
            <span className="text-sm text-ink-700">
              {t('dialog.total')}
              {activity.price !== null && activity.price > 0 ? (
                <span className="block text-xs text-ink-500">
                  {t('dialog.perPerson', { price: formatPrice(activity.price, language), count: people })}
                </span>
              ) : null}
            </span>
            <output aria-live="polite" htmlFor={fieldId('numberOfPeople')} className="text-xl font-bold text-ink-900">
              {total}
            </output>
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={create.isPending}>
            <CalendarCheck aria-hidden className="h-5 w-5" />
            {create.isPending ? t('dialog.sending') : t('dialog.submit')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
