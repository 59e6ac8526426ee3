import type { AvailabilitySettings, ConfirmationMode } from '../../../domain/availability';
import { availabilitySettingsBody, type AvailabilitySettingsBody } from '../../../domain/availability-schemas';
import { WEEKDAYS } from '../../../domain/weekly-hours';
import { ApiError } from '../../lib/api-client';
import { dayOfText, timeOfText } from './date-text';

/**
 * The availability form's state (docs/availability.md#what-a-provider-sets): every field as typed,
 * numbers and days as text until checked; rows carry a key that stays while rows come and go.
 */
export interface PeriodRow {
  key: number;
  start: string;
  end: string;
  days: number[];
}
export interface ClosedRow {
  key: number;
  date: string;
  /** A start time, or '' for the whole day. */
  slot: string;
}
export interface SlotRow {
  key: number;
  start: string;
}
export type DurationUnit = 'minutes' | 'hours';

export interface AvailabilityFormState {
  when: 'open' | 'periods';
  periods: PeriodRow[];
  closed: ClosedRow[];
  by: 'day' | 'slots';
  slots: SlotRow[];
  duration: string;
  durationUnit: DurationUnit;
  limited: boolean;
  capacity: string;
  confirmation: ConfirmationMode;
  leadTimeHours: string;
  cancelUntilHours: string;
}

/** The rows' lists, whose errors name a row by its place. */
export type RowList = 'periods' | 'closed' | 'slots';

export function toFormState(settings: AvailabilitySettings): AvailabilityFormState {
  const minutes = settings.durationMinutes;
  const inHours = minutes === null || minutes % 60 === 0;
  return {
    when: settings.periods.length > 0 ? 'periods' : 'open',
    periods: settings.periods.map((p, key) => ({ key, start: p.start, end: p.end, days: [...p.days] })),
    closed: settings.closed.map((c, key) => ({ key, date: c.date, slot: c.slot ?? '' })),
    by: settings.slots.length > 0 ? 'slots' : 'day',
    slots: settings.slots.map((start, key) => ({ key, start })),
    duration: minutes === null ? '' : String(inHours ? minutes / 60 : minutes),
    durationUnit: inHours ? 'hours' : 'minutes',
    limited: settings.capacity !== null,
    capacity: settings.capacity === null ? '' : String(settings.capacity),
    confirmation: settings.confirmation,
    leadTimeHours: String(settings.leadTimeHours),
    cancelUntilHours: String(settings.cancelUntilHours),
  };
}

/** A number as typed ("1,5" too); NaN when it is none, for the schema to name. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

/** What is sent: the API's names; a choice's rows are left out when the other choice is taken. */
export function toBody(state: AvailabilityFormState): AvailabilitySettingsBody {
  const duration = numberOf(state.duration);
  const minutes = state.duration.trim() === '' ? null : state.durationUnit === 'hours' ? duration * 60 : duration;
  const hours = (text: string) => (text.trim() === '' ? 0 : numberOf(text));
  return {
    periods:
      state.when === 'periods'
        ? state.periods.map((p) => ({ start: dayOfText(p.start), end: dayOfText(p.end), days: p.days }))
        : [],
    closed: state.closed.map((c) => ({ date: dayOfText(c.date), slot: c.slot === '' ? null : c.slot })),
    slots: state.by === 'slots' ? state.slots.map((s) => timeOfText(s.start)) : [],
    // A whole number of minutes: 1,5 hours is 90; 1,33 hours is refused as no whole number.
    durationMinutes: minutes === null ? null : Math.round(minutes * 1000) / 1000,
    capacity: state.limited ? numberOf(state.capacity) : null,
    confirmation: state.confirmation,
    leadTimeHours: hours(state.leadTimeHours),
    cancelUntilHours: hours(state.cancelUntilHours),
  };
}

/** An error next to a field: a key under `availability.errors`, and the limit it names. */
export interface FieldError {
  key: string;
  max?: number;
}
export type FieldErrors = Record<string, FieldError>;

/** The form's key for a problem at `path` (the schema's, or the API's `details`, which speak English). */
export function errorOf(path: readonly (string | number)[], message: string): { field: string; error: FieldError } {
  const [list] = path;
  // A row's field (`periods.0.days`), not one weekday of it (`periods.0.days.2`).
  const depth = list === 'periods' || list === 'closed' ? 3 : list === 'slots' ? 2 : 1;
  const field = path.slice(0, depth).join('.');
  const max = /at most (\d+)/.exec(message)?.[1];
  const error = (key: string): { field: string; error: FieldError } => ({ field, error: { key } });
  if (path.length === 1 && (list === 'periods' || list === 'closed' || list === 'slots') && max) {
    return { field, error: { key: 'tooMany', max: Number(max) } };
  }
  if (list === 'durationMinutes') return error(message.includes('required') ? 'durationRequired' : 'duration');
  if (list === 'capacity') return error('capacity');
  if (list === 'leadTimeHours' || list === 'cancelUntilHours') return error('hours');
  if (message.includes('must be a date')) return error('date');
  if (message.includes('before the first day')) return error('periodOrder');
  if (message.includes('at least one day') || message.includes('weekdays')) return error('days');
  if (message.includes('must be a time')) return error('time');
  if (message.includes('repeat a start time')) return error('slotRepeat');
  if (message.includes('midnight')) return error('slotMidnight');
  if (message.includes('one of the start times')) return error('closedSlot');
  if (message.includes('or later')) return error('past');
  return error('invalid');
}

/**
 * What is wrong with the form, by field: the server's own schema (availabilitySettingsBody), which
 * names every problem at once, and the choices the schema cannot see (own periods chosen but none
 * given, slots chosen but no start time).
 */
export function formErrors(state: AvailabilityFormState): FieldErrors {
  const found: FieldErrors = {};
  if (state.when === 'periods' && state.periods.length === 0) found.periods = { key: 'noPeriods' };
  if (state.by === 'slots' && state.slots.length === 0) found.slots = { key: 'noSlots' };
  const parsed = availabilitySettingsBody.safeParse(toBody(state));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const { field, error } = errorOf(issue.path as (string | number)[], issue.message);
      found[field] ??= error;
    }
  }
  return found;
}

/** The API's field errors (`details` of a 400), keyed as the form keys them. */
export function serverErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  try {
    const body = JSON.parse(error.message.slice(error.message.indexOf(':') + 1)) as {
      details?: { path: string; message: string }[];
    };
    const found: FieldErrors = {};
    for (const d of body.details ?? []) {
      const path = d.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
      const message = d.message.startsWith(`${d.path} `) ? d.message.slice(d.path.length + 1) : d.message;
      const { field, error: fieldError } = errorOf(path, message);
      found[field] ??= fieldError;
    }
    return found;
  } catch {
    return {};
  }
}

/** The errors without those of one list's rows: a removed row moves the ones after it. */
export const withoutRows = (errors: FieldErrors, list: RowList): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => !field.startsWith(`${list}.`) && field !== list));

export const ALL_WEEKDAYS = [...WEEKDAYS];
