/**
 * When an activity can be booked, and how many places it has (docs/availability.md). No zod here:
 * the booking dialog, the provider's form and the server share these rules; the API's schemas are
 * in availability-schemas.ts.
 */
import { addDays, minutesOf, parisOffsetMinutes } from './dates.js';
import { upcomingEdition } from './event-dates.js';
import { hoursOnDay, isoWeekday, type WeeklyHoursRow } from './weekly-hours.js';

/** A stretch of days on which the activity can be booked, on some weekdays. */
export interface BookablePeriod {
  /** YYYY-MM-DD, first and last day, both included. */
  start: string;
  end: string;
  /** ISO weekdays, Monday (1) first. */
  days: number[];
}

/** A day (or one slot of it) the provider closed: a holiday, a river too high. */
export interface ClosedDate {
  date: string;
  /** HH:MM: only this slot; null: the whole day. */
  slot: string | null;
}

export const CONFIRMATION_MODES = ['manual', 'instant'] as const;
export type ConfirmationMode = (typeof CONFIRMATION_MODES)[number];

/** What a provider sets (docs/availability.md#what-a-provider-sets). */
export interface AvailabilitySettings {
  /** The provider's own bookable periods; [] books the activity when it is open. */
  periods: BookablePeriod[];
  closed: ClosedDate[];
  /** Start times (HH:MM, ascending); [] books the whole day. */
  slots: string[];
  /** How long one slot (or the day's activity) lasts, in minutes; required with slots. */
  durationMinutes: number | null;
  /** Places (people) per day, or per slot with slots; null: no limit. */
  capacity: number | null;
  confirmation: ConfirmationMode;
  /** A booking is accepted until this many hours before the start (docs/availability.md#lead-time). */
  leadTimeHours: number;
  /** A guest may cancel a confirmed booking until this many hours before the start. */
  cancelUntilHours: number;
}

/** An activity that says nothing books as it always did: when open, by day, no limit, answered by hand. */
export const DEFAULT_AVAILABILITY: AvailabilitySettings = {
  periods: [],
  closed: [],
  slots: [],
  durationMinutes: null,
  capacity: null,
  confirmation: 'manual',
  leadTimeHours: 0,
  cancelUntilHours: 0,
};

export const AVAILABILITY_LIMITS = {
  periods: 20,
  closed: 366,
  slots: 24,
  /** Minutes: a quarter of an hour to a whole day. */
  duration: { min: 15, max: 24 * 60 },
  capacity: { min: 1, max: 10_000 },
  /** Hours: up to 30 days. */
  hours: { min: 0, max: 720 },
  /** The longest range the availability answer covers, in days. */
  rangeDays: 92,
} as const;

/** What the activity says of when it is open: its weekly hours and its event edition. */
export interface OpeningFacts {
  weeklyHours: readonly WeeklyHoursRow[];
  eventStart: string | null;
  eventEnd: string | null;
}

export interface AvailabilityProblem {
  path: (string | number)[];
  message: string;
}

/**
 * What is wrong with settings whose fields each have the right shape: periods in order, slots
 * unique and not running past midnight, a duration with slots, a closed slot that exists.
 */
export function availabilityProblems(settings: AvailabilitySettings): AvailabilityProblem[] {
  const problems: AvailabilityProblem[] = [];
  for (const [index, period] of settings.periods.entries()) {
    if (period.end < period.start)
      problems.push({ path: ['periods', index, 'end'], message: 'must not be before the first day' });
    if (period.days.length === 0)
      problems.push({ path: ['periods', index, 'days'], message: 'must have at least one day' });
  }
  for (const [index, slot] of settings.slots.entries()) {
    if (settings.slots.indexOf(slot) !== index) {
      problems.push({ path: ['slots', index], message: 'must not repeat a start time' });
    } else if (settings.durationMinutes !== null && minutesOf(slot) + settings.durationMinutes > 24 * 60) {
      problems.push({ path: ['slots', index], message: 'must end by midnight: a slot cannot run into the next day' });
    }
  }
  if (settings.slots.length > 0 && settings.durationMinutes === null) {
    problems.push({ path: ['durationMinutes'], message: 'is required with time slots' });
  }
  for (const [index, closed] of settings.closed.entries()) {
    if (closed.slot !== null && !settings.slots.includes(closed.slot)) {
      problems.push({ path: ['closed', index, 'slot'], message: 'must be one of the start times' });
    }
  }
  return problems;
}

/** The settings with slots in order and closed dates before `today` dropped. */
export function normaliseAvailability(settings: AvailabilitySettings, today: string): AvailabilitySettings {
  const closed = settings.closed
    .filter((c) => c.date >= today)
    .filter((c, i, all) => all.findIndex((o) => o.date === c.date && o.slot === c.slot) === i)
    .sort((a, b) => a.date.localeCompare(b.date) || (a.slot ?? '').localeCompare(b.slot ?? ''));
  return { ...settings, slots: [...settings.slots].sort(), closed };
}

/**
 * Whether the activity is offered on `day` before places and lead time count: within one of the
 * provider's periods; or, without periods, when it is open (its edition's days, its weekly hours
 * on that day; every day when it says neither). A day closed whole is not offered.
 */
export function isOfferedOn(settings: AvailabilitySettings, facts: OpeningFacts, day: string): boolean {
  if (settings.closed.some((c) => c.date === day && c.slot === null)) return false;
  const weekday = isoWeekday(day);
  if (settings.periods.length > 0) {
    return settings.periods.some((p) => p.start <= day && day <= p.end && p.days.includes(weekday));
  }
  const edition = upcomingEdition(facts, day);
  if (facts.eventStart !== null && (!edition || day < edition.start)) return false;
  if (facts.weeklyHours.length > 0) return hoursOnDay(facts.weeklyHours, day).length > 0;
  return true;
}

/** The starts a day offers, closed slots left out: its slots, or `[null]` for a day booking. */
export function startsOn(settings: AvailabilitySettings, day: string): (string | null)[] {
  if (settings.slots.length === 0) return [null];
  return settings.slots.filter((slot) => !settings.closed.some((c) => c.date === day && c.slot === slot));
}

/** The day's first opening and last closing (HH:MM) by its weekly hours; null when it has none. */
export function dayHours(facts: OpeningFacts, day: string): { opens: string; closes: string } | null {
  const rows = hoursOnDay(facts.weeklyHours, day);
  if (rows.length === 0) return null;
  const opens = rows.map((r) => r.opens).sort()[0] as string;
  const closes = rows
    .map((r) => r.closes)
    .sort()
    .at(-1) as string;
  return { opens, closes };
}

/**
 * When a booking starts, as the guest's mail and calendar say it (HH:MM in Limoux): its slot; for a
 * day booking, the day's opening by its weekly hours; null when nothing says.
 */
export function startTime(facts: OpeningFacts, day: string, slot: string | null): string | null {
  return slot ?? dayHours(facts, day)?.opens ?? null;
}

/**
 * The instant of a wall-clock time in Limoux (`time` HH:MM, 24:00 for the day's end). A time the
 * clocks skip in spring (02:30 on the last Sunday of March) counts as the same time an hour later
 * (03:30 summer time); a time that comes twice in autumn (02:30 on the last Sunday of October), as
 * its first (summer time). docs/availability.md#lead-time
 */
export function parisInstant(day: string, time: string): Date {
  const local = Date.parse(`${day}T00:00:00Z`) + minutesOf(time) * 60_000;
  // The offsets in force half a day either side: both sides of a change of the clocks.
  const before = parisOffsetMinutes(local - 12 * 3_600_000);
  const after = parisOffsetMinutes(local + 12 * 3_600_000);
  if (before === after) return new Date(local - before * 60_000);
  const fits = [before, after]
    .map((offset) => ({ offset, instant: local - offset * 60_000 }))
    .filter(({ offset, instant }) => parisOffsetMinutes(instant) === offset)
    .map(({ instant }) => instant);
  // No offset fits: the spring change skipped this time; read it with the offset before the change.
  return new Date(fits.length > 0 ? Math.min(...fits) : local - before * 60_000);
}

/**
 * Until when a booking of this day (and slot) is accepted: `leadTimeHours` before the slot's start;
 * for a day booking, before the day's closing by its weekly hours, or its end (docs/availability.md#lead-time).
 */
export function bookingDeadline(
  settings: AvailabilitySettings,
  facts: OpeningFacts,
  day: string,
  slot: string | null,
): Date {
  const until = slot ?? dayHours(facts, day)?.closes ?? '24:00';
  return new Date(parisInstant(day, until).getTime() - settings.leadTimeHours * 3_600_000);
}

/**
 * Until when the guest may cancel a confirmed booking themselves: `cancelUntilHours` before its
 * start (the slot, the day's opening, or the day's first minute).
 */
export function cancelDeadline(
  settings: Pick<AvailabilitySettings, 'cancelUntilHours'>,
  facts: OpeningFacts,
  day: string,
  slot: string | null,
): Date {
  const start = startTime(facts, day, slot) ?? '00:00';
  return new Date(parisInstant(day, start).getTime() - settings.cancelUntilHours * 3_600_000);
}

/** People already booked (pending or confirmed): per slot start, `''` for day bookings. */
export type TakenPlaces = ReadonlyMap<string, number>;

/** The places a start has left; null when there is no limit. */
export function placesLeft(settings: AvailabilitySettings, taken: TakenPlaces, slot: string | null): number | null {
  if (settings.capacity === null) return null;
  // By day, every booking of the day counts, whatever slot it was made for before the slots went.
  const used =
    settings.slots.length === 0 ? [...taken.values()].reduce((a, b) => a + b, 0) : (taken.get(slot ?? '') ?? 0);
  return Math.max(0, settings.capacity - used);
}

export interface AvailableDay {
  date: string;
  /** Offered that day (its slots may all be full). */
  open: boolean;
  /** The starts still bookable (lead time not passed), each with its places left; [] when closed. */
  slots: { start: string | null; placesLeft: number | null }[];
}

/** One day as the booking calendar sees it (docs/availability.md#the-answer). */
export function availableDay(
  settings: AvailabilitySettings,
  facts: OpeningFacts,
  day: string,
  now: Date,
  taken: TakenPlaces,
): AvailableDay {
  if (!isOfferedOn(settings, facts, day)) return { date: day, open: false, slots: [] };
  // No start of the day comes before its first minute in Limoux, at the latest 22:00 UTC the day
  // before: when that is more than the lead time ahead, no deadline has passed, and the time-zone
  // work of each start's deadline is spared (most days of a calendar).
  const ahead = Date.parse(`${day}T00:00:00Z`) - (2 + settings.leadTimeHours) * 3_600_000 > now.getTime();
  const slots = startsOn(settings, day)
    .filter((start) => ahead || bookingDeadline(settings, facts, day, start).getTime() > now.getTime())
    .map((start) => ({ start, placesLeft: placesLeft(settings, taken, start) }));
  return { date: day, open: slots.length > 0, slots };
}

/** Why a booking of this day, slot and size cannot be taken, or null when it can. */
export type BookingRefusal = 'NOT_OFFERED' | 'SLOT_REQUIRED' | 'SLOT_UNKNOWN' | 'TOO_LATE' | 'FULL';

export function bookingRefusal(
  settings: AvailabilitySettings,
  facts: OpeningFacts,
  booking: { day: string; slot: string | null; people: number },
  now: Date,
  taken: TakenPlaces,
): BookingRefusal | null {
  if (settings.slots.length > 0 && booking.slot === null) return 'SLOT_REQUIRED';
  if (booking.slot !== null && !settings.slots.includes(booking.slot)) return 'SLOT_UNKNOWN';
  if (!isOfferedOn(settings, facts, booking.day) || !startsOn(settings, booking.day).includes(booking.slot)) {
    return 'NOT_OFFERED';
  }
  if (bookingDeadline(settings, facts, booking.day, booking.slot).getTime() <= now.getTime()) return 'TOO_LATE';
  const left = placesLeft(settings, taken, booking.slot);
  if (left !== null && left < booking.people) return 'FULL';
  return null;
}

/**
 * Whether a booking already made still fits the availability (places aside): on an offered day,
 * in a start the day still has. Changed settings list the bookings that no longer do
 * (docs/availability.md#changing-availability).
 */
export function fitsAvailability(
  settings: AvailabilitySettings,
  facts: OpeningFacts,
  booking: { day: string; slot: string | null },
): boolean {
  if (!isOfferedOn(settings, facts, booking.day)) return false;
  if (settings.slots.length === 0) return true;
  return booking.slot !== null && startsOn(settings, booking.day).includes(booking.slot);
}

/** The days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
