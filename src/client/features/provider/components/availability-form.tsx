import { Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVAILABILITY_LIMITS as L, type AvailabilitySettings } from '../../../../domain/availability';
import type { AvailabilitySettingsBody } from '../../../../domain/availability-schemas';
import { addDays, todayInParis } from '../../../../domain/dates';
import { WEEKDAYS } from '../../../../domain/weekly-hours';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { WeekdayChecks } from './weekday-checks';
import {
  type AvailabilityFormState,
  type FieldErrors,
  formErrors,
  type RowList,
  toBody,
  toFormState,
  withoutRows,
} from '../availability-state';
import { timeOfText } from '../date-text';
import { DateField } from './date-field';

const labelClass = 'mb-1 block text-sm font-medium text-ink-800';
const hintClass = 'mt-1 text-sm text-ink-500';
const legendClass = 'mb-2 text-lg font-semibold text-ink-900';
const rowClass = 'space-y-3 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200';
const selectClass =
  'h-11 w-full rounded-xl border border-sand-300 bg-white px-3 text-ink-900 focus:border-terracotta-600 aria-[invalid=true]:border-red-700';
const radioClass = 'mt-0.5 h-5 w-5 shrink-0 accent-terracotta-600';

interface AvailabilityFormProps {
  settings: AvailabilitySettings;
  busy: boolean;
  /** The API's errors per field (`details` of a 400), shown next to the fields until they change. */
  serverErrors?: FieldErrors;
  onSubmit: (body: AvailabilitySettingsBody) => void;
}

/**
 * Every setting of an activity's availability (docs/availability.md#what-a-provider-sets), checked
 * with the schema the server uses: errors next to each field, focus on the first one.
 */
export function AvailabilityForm({ settings, busy, serverErrors = {}, onSubmit }: AvailabilityFormProps) {
  const { t } = useTranslation('provider');
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<AvailabilityFormState>(() => toFormState(settings));
  const [shownSettings, setShownSettings] = useState(settings);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  // The server's errors hold for the form as it was sent: a list whose rows changed since drops them.
  const [changedLists, setChangedLists] = useState<{ since: FieldErrors; lists: RowList[] }>({
    since: serverErrors,
    lists: [],
  });
  // Saved settings (slots in order, past closed days dropped) come back: the form shows them.
  if (settings !== shownSettings) {
    setShownSettings(settings);
    setState(toFormState(settings));
  }
  const shownServerErrors =
    changedLists.since === serverErrors
      ? changedLists.lists.reduce((errors, list) => withoutRows(errors, list), serverErrors)
      : serverErrors;
  const errors = { ...shownServerErrors, ...clientErrors };
  const fieldId = (name: string) => `${id}-${name}`;
  const errorText = (name: string) => {
    const error = errors[name];
    return error ? t(`availability.errors.${error.key}`, { max: error.max }) : undefined;
  };
  const invalid = (name: string, hint?: string) => {
    const describedBy = [errors[name] ? `${fieldId(name)}-error` : null, hint ?? null].filter(Boolean).join(' ');
    return {
      'aria-invalid': errors[name] ? (true as const) : (false as const),
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    };
  };
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className="mt-1 text-sm text-red-800">
        {errorText(name)}
      </p>
    ) : null;

  const set = <K extends keyof AvailabilityFormState>(key: K, value: AvailabilityFormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));
  /** A list's rows changed: its errors (by row place) no longer hold. */
  const setRows = <K extends RowList>(list: K, rows: AvailabilityFormState[K]) => {
    set(list, rows);
    setClientErrors((found) => withoutRows(found, list));
    setChangedLists((c) => ({ since: serverErrors, lists: c.since === serverErrors ? [...c.lists, list] : [list] }));
  };
  const nextKey = (rows: readonly { key: number }[]) => Math.max(-1, ...rows.map((r) => r.key)) + 1;
  /** After a row comes or goes, focus goes to the row's first field, or to the list's "add" when none is left there. */
  const focusLater = (elementId: string, fallback?: React.RefObject<HTMLElement | null>) =>
    requestAnimationFrame(() => (document.getElementById(elementId) ?? fallback?.current)?.focus());

  const addPeriod = useRef<HTMLButtonElement>(null);
  const addClosed = useRef<HTMLButtonElement>(null);
  const addSlot = useRef<HTMLButtonElement>(null);

  const today = todayInParis(new Date());
  const example = addDays(today, 30);
  const slotTimes = [...new Set(state.slots.map((s) => timeOfText(s.start)).filter((s) => /^\d\d:\d\d$/.test(s)))];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = formErrors(state);
    if (Object.keys(found).length > 0) {
      setClientErrors(found);
      // The first field to fix, in the order of the form; a list that needs a row: its "add" button.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid-list]')?.focus(),
      );
      return;
    }
    setClientErrors({});
    onSubmit(toBody(state));
  };

  const weekdayBoxes = (index: number, days: number[]) => {
    const name = `periods.${index}.days`;
    return (
      <WeekdayChecks
        legend={t('availability.periodDays')}
        legendClassName={labelClass}
        id={fieldId(name)}
        days={days}
        onChange={(next) =>
          set(
            'periods',
            state.periods.map((p, i) => (i === index ? { ...p, days: next } : p)),
          )
        }
        invalid={invalid(name)}
        error={fieldError(name)}
      />
    );
  };

  const radio = (group: string, value: string, checked: boolean, onChange: () => void, label: string, hint: string) => (
    <label className="flex items-start gap-3 rounded-2xl bg-white p-3 ring-1 ring-sand-200 has-[:checked]:ring-2 has-[:checked]:ring-terracotta-600">
      <input
        type="radio"
        name={fieldId(group)}
        value={value}
        checked={checked}
        onChange={onChange}
        className={radioClass}
        aria-describedby={fieldId(`${group}-${value}-hint`)}
      />
      <span>
        <span className="block font-medium text-ink-900">{label}</span>
        <span id={fieldId(`${group}-${value}-hint`)} className="block text-sm text-ink-600">
          {hint}
        </span>
      </span>
    </label>
  );

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-8" aria-label={t('availability.formLabel')}>
      {/* When */}
      <fieldset className="space-y-4">
        <legend className={legendClass}>{t('availability.when')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {radio(
            'when',
            'open',
            state.when === 'open',
            () => set('when', 'open'),
            t('availability.whenOpen'),
            t('availability.whenOpenHint'),
          )}
          {radio(
            'when',
            'periods',
            state.when === 'periods',
            () => {
              set('when', 'periods');
              if (state.periods.length === 0) {
                setRows('periods', [{ key: 0, start: '', end: '', days: [...WEEKDAYS] }]);
              }
            },
            t('availability.whenPeriods'),
            t('availability.whenPeriodsHint'),
          )}
        </div>
        {state.when === 'periods' ? (
          <div className="space-y-4">
            {state.periods.map((period, index) => {
              const n = index + 1;
              const at = (field: string) => `periods.${index}.${field}`;
              const update = (change: Partial<typeof period>) =>
                set(
                  'periods',
                  state.periods.map((p, i) => (i === index ? { ...p, ...change } : p)),
                );
              return (
                <fieldset key={period.key} className={rowClass}>
                  <legend className="font-medium text-ink-900">{t('availability.period', { n })}</legend>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <DateField
                      id={fieldId(at('start'))}
                      label={t('availability.periodStart')}
                      value={period.start}
                      example={example}
                      error={errorText(at('start'))}
                      onChange={(start) => update({ start })}
                    />
                    <DateField
                      id={fieldId(at('end'))}
                      label={t('availability.periodEnd')}
                      value={period.end}
                      example={example}
                      error={errorText(at('end'))}
                      onChange={(end) => update({ end })}
                    />
                  </div>
                  {weekdayBoxes(index, period.days)}
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      setRows(
                        'periods',
                        state.periods.filter((_, i) => i !== index),
                      );
                      focusLater(fieldId(`periods.${index}.start`), addPeriod);
                    }}
                  >
                    <Trash2 aria-hidden className="h-4 w-4" />
                    {t('availability.removePeriod', { n })}
                  </Button>
                </fieldset>
              );
            })}
            <Button
              ref={addPeriod}
              variant="secondary"
              size="sm"
              disabled={state.periods.length >= L.periods}
              aria-describedby={errors.periods ? `${fieldId('periods')}-error` : undefined}
              data-invalid-list={errors.periods ? true : undefined}
              onClick={() => {
                focusLater(fieldId(`periods.${state.periods.length}.start`), addPeriod);
                setRows('periods', [
                  ...state.periods,
                  { key: nextKey(state.periods), start: '', end: '', days: [...WEEKDAYS] },
                ]);
              }}
            >
              <Plus aria-hidden className="h-4 w-4" />
              {t('availability.addPeriod')}
            </Button>
            {fieldError('periods')}
          </div>
        ) : null}
      </fieldset>

      {/* How */}
      <fieldset className="space-y-4">
        <legend className={legendClass}>{t('availability.how')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {radio(
            'by',
            'day',
            state.by === 'day',
            () => set('by', 'day'),
            t('availability.byDay'),
            t('availability.byDayHint'),
          )}
          {radio(
            'by',
            'slots',
            state.by === 'slots',
            () => {
              set('by', 'slots');
              if (state.slots.length === 0) {
                setRows('slots', [{ key: 0, start: '' }]);
              }
            },
            t('availability.bySlots'),
            t('availability.bySlotsHint'),
          )}
        </div>
        {state.by === 'slots' ? (
          <fieldset className={rowClass}>
            <legend className="font-medium text-ink-900">{t('availability.slots')}</legend>
            <p id={`${fieldId('slots')}-hint`} className="text-sm text-ink-500">
              {t('availability.timeHint')}
            </p>
            <ul className="space-y-3">
              {state.slots.map((slot, index) => {
                const n = index + 1;
                const name = `slots.${index}`;
                return (
                  <li key={slot.key}>
                    <label htmlFor={fieldId(name)} className={labelClass}>
                      {t('availability.slot', { n })}
                    </label>
                    <div className="flex items-center gap-2">
                      <Input
                        id={fieldId(name)}
                        inputMode="numeric"
                        autoComplete="off"
                        maxLength={5}
                        className="max-w-32"
                        value={slot.start}
                        onChange={(e) =>
                          set(
                            'slots',
                            state.slots.map((s, i) => (i === index ? { ...s, start: e.target.value } : s)),
                          )
                        }
                        {...invalid(name, `${fieldId('slots')}-hint`)}
                      />
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t('availability.removeSlot', { n })}
                        onClick={() => {
                          setRows(
                            'slots',
                            state.slots.filter((_, i) => i !== index),
                          );
                          focusLater(fieldId(`slots.${index}`), addSlot);
                        }}
                      >
                        <Trash2 aria-hidden className="h-4 w-4" />
                      </Button>
                    </div>
                    {fieldError(name)}
                  </li>
                );
              })}
            </ul>
            <Button
              ref={addSlot}
              variant="secondary"
              size="sm"
              disabled={state.slots.length >= L.slots}
              aria-describedby={errors.slots ? `${fieldId('slots')}-error` : undefined}
              data-invalid-list={errors.slots ? true : undefined}
              onClick={() => {
                focusLater(fieldId(`slots.${state.slots.length}`), addSlot);
                setRows('slots', [...state.slots, { key: nextKey(state.slots), start: '' }]);
              }}
            >
              <Plus aria-hidden className="h-4 w-4" />
              {t('availability.addSlot')}
            </Button>
            {fieldError('slots')}
          </fieldset>
        ) : null}
        <fieldset>
          <legend className={labelClass}>{t('availability.duration')}</legend>
          <p id={`${fieldId('durationMinutes')}-hint`} className="mb-2 text-sm text-ink-500">
            {t(state.by === 'slots' ? 'availability.durationHintSlots' : 'availability.durationHintDay')}
          </p>
          <div className="flex flex-wrap gap-2">
            <div>
              <label htmlFor={fieldId('durationMinutes')} className="sr-only">
                {t('availability.durationAmount')}
              </label>
              <Input
                id={fieldId('durationMinutes')}
                inputMode="decimal"
                className="max-w-28"
                value={state.duration}
                onChange={(e) => set('duration', e.target.value)}
                {...invalid('durationMinutes', `${fieldId('durationMinutes')}-hint`)}
              />
            </div>
            <div>
              <label htmlFor={fieldId('durationUnit')} className="sr-only">
                {t('availability.durationUnit')}
              </label>
              <select
                id={fieldId('durationUnit')}
                className={`${selectClass} max-w-36`}
                value={state.durationUnit}
                onChange={(e) => set('durationUnit', e.target.value as AvailabilityFormState['durationUnit'])}
              >
                <option value="hours">{t('availability.hours')}</option>
                <option value="minutes">{t('availability.minutes')}</option>
              </select>
            </div>
          </div>
          {fieldError('durationMinutes')}
        </fieldset>
      </fieldset>

      {/* How many */}
      <fieldset className="space-y-4">
        <legend className={legendClass}>{t('availability.places')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {radio(
            'limited',
            'no',
            !state.limited,
            () => set('limited', false),
            t('availability.unlimited'),
            t('availability.unlimitedHint'),
          )}
          {radio(
            'limited',
            'yes',
            state.limited,
            () => set('limited', true),
            t('availability.limited'),
            t('availability.limitedHint'),
          )}
        </div>
        {state.limited ? (
          <div>
            <label htmlFor={fieldId('capacity')} className={labelClass}>
              {t(state.by === 'slots' ? 'availability.capacitySlot' : 'availability.capacityDay')}
            </label>
            <Input
              id={fieldId('capacity')}
              inputMode="numeric"
              className="max-w-32"
              value={state.capacity}
              onChange={(e) => set('capacity', e.target.value)}
              {...invalid('capacity', `${fieldId('capacity')}-hint`)}
            />
            <p id={`${fieldId('capacity')}-hint`} className={hintClass}>
              {t('availability.capacityHint')}
            </p>
            {fieldError('capacity')}
          </div>
        ) : null}
      </fieldset>

      {/* Confirmation */}
      <fieldset className="space-y-4">
        <legend className={legendClass}>{t('availability.confirmation')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {radio(
            'confirmation',
            'manual',
            state.confirmation === 'manual',
            () => set('confirmation', 'manual'),
            t('availability.manual'),
            t('availability.manualHint'),
          )}
          {radio(
            'confirmation',
            'instant',
            state.confirmation === 'instant',
            () => set('confirmation', 'instant'),
            t('availability.instant'),
            t('availability.instantHint'),
          )}
        </div>
      </fieldset>

      {/* Deadlines */}
      <fieldset className="space-y-4">
        <legend className={legendClass}>{t('availability.deadlines')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {(
            [
              ['leadTimeHours', 'availability.leadTime', 'availability.leadTimeHint'],
              ['cancelUntilHours', 'availability.cancelUntil', 'availability.cancelUntilHint'],
            ] as const
          ).map(([name, label, hint]) => (
            <div key={name}>
              <label htmlFor={fieldId(name)} className={labelClass}>
                {t(label)}
              </label>
              <Input
                id={fieldId(name)}
                inputMode="numeric"
                className="max-w-32"
                value={state[name]}
                onChange={(e) => set(name, e.target.value)}
                {...invalid(name, `${fieldId(name)}-hint`)}
              />
              <p id={`${fieldId(name)}-hint`} className={hintClass}>
                {t(hint)}
              </p>
              {fieldError(name)}
            </div>
          ))}
        </div>
      </fieldset>

      {/* Closed dates */}
      <fieldset className="space-y-4" aria-describedby={`${fieldId('closed')}-hint`}>
        <legend className={legendClass}>{t('availability.closed')}</legend>
        <p id={`${fieldId('closed')}-hint`} className="text-sm text-ink-600">
          {t('availability.closedHint')}
        </p>
        {state.closed.map((row, index) => {
          const n = index + 1;
          const at = (field: string) => `closed.${index}.${field}`;
          const update = (change: Partial<typeof row>) =>
            set(
              'closed',
              state.closed.map((c, i) => (i === index ? { ...c, ...change } : c)),
            );
          // A slot closed before it went from the start times stays shown, for the check to name.
          const options = row.slot && !slotTimes.includes(row.slot) ? [...slotTimes, row.slot] : slotTimes;
          return (
            <fieldset key={row.key} className={rowClass}>
              <legend className="font-medium text-ink-900">{t('availability.closedRow', { n })}</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <DateField
                  id={fieldId(at('date'))}
                  label={t('availability.closedDate')}
                  value={row.date}
                  example={example}
                  error={errorText(at('date'))}
                  onChange={(date) => update({ date })}
                />
                <div>
                  <label htmlFor={fieldId(at('slot'))} className={labelClass}>
                    {t('availability.closedWhat')}
                  </label>
                  <select
                    id={fieldId(at('slot'))}
                    className={selectClass}
                    value={row.slot}
                    onChange={(e) => update({ slot: e.target.value })}
                    {...invalid(at('slot'))}
                  >
                    <option value="">{t('availability.wholeDay')}</option>
                    {options.map((time) => (
                      <option key={time} value={time}>
                        {t('availability.slotAt', { time })}
                      </option>
                    ))}
                  </select>
                  {fieldError(at('slot'))}
                </div>
              </div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setRows(
                    'closed',
                    state.closed.filter((_, i) => i !== index),
                  );
                  focusLater(fieldId(`closed.${index}.date`), addClosed);
                }}
              >
                <Trash2 aria-hidden className="h-4 w-4" />
                {t('availability.removeClosed', { n })}
              </Button>
            </fieldset>
          );
        })}
        <Button
          ref={addClosed}
          variant="secondary"
          size="sm"
          disabled={state.closed.length >= L.closed}
          aria-describedby={errors.closed ? `${fieldId('closed')}-error` : undefined}
          data-invalid-list={errors.closed ? true : undefined}
          onClick={() => {
            focusLater(fieldId(`closed.${state.closed.length}.date`), addClosed);
            setRows('closed', [...state.closed, { key: nextKey(state.closed), date: '', slot: '' }]);
          }}
        >
          <Plus aria-hidden className="h-4 w-4" />
          {t('availability.addClosed')}
        </Button>
        {fieldError('closed')}
      </fieldset>

      <Button type="submit" disabled={busy}>
        {t(busy ? 'availability.saving' : 'availability.save')}
      </Button>
    </form>
  );
}
