/**
 * What's on when (docs/when.md): whether an activity is open or held on a day and at a moment, and
 * what its card says now, all on Limoux's clock (Europe/Paris). Built on the weekly hours
 * (docs/product.md#weekly-hours, `hoursOnDay` decides which rows hold on a day) and the event
 * editions (docs/product.md#event-dates). No zod here: server and client share these rules.
 *
 * Speed: the server runs these over every activity of a request. The Paris offset is asked of
 * `Intl` once per hour of time (and cached), the last `now` read is kept, and a day's hours are
 * kept per rows array, so 10,000 activities at one `now` cost one clock reading and one day's
 * hours each (docs/when.md#speed).
 */
import type { Category } from './activities.js';
import { addDays, HOUR_MS, isIsoDate, MINUTE_MS, minutesOf, parisOffsetMinutes } from './dates.js';
import { hoursOnDay, isoWeekday, type WeeklyHoursRow } from './weekly-hours.js';

/** What the rules need of an activity. */
export interface TimedActivity {
  category: Category;
  /** Structured weekly hours; null or [] when it has none. */
  weeklyHours: readonly WeeklyHoursRow[] | null;
  /** Its event edition (docs/product.md#event-dates): YYYY-MM-DD, the last day null for one day. */
  eventStart: string | null;
  eventEnd: string | null;
}

/** One opening on a day: HH:MM, `closes` after `opens`, 24:00 for midnight at the day's end. */
export interface OpeningInterval {
  opens: string;
  closes: string;
}

/** Open or held; closed; or nothing structured says ("check times"). */
export type Opening = 'open' | 'closed' | 'unknown';

/** The category whose cards say 'market today' (docs/product.md#categories-and-vocabulary). */
export const MARKET_CATEGORY: Category = 'markten';

/** How many days "open now until" follows hours that run on past midnight (24:00 then 00:00); open round the clock past them, it names no end. */
export const OPEN_UNTIL_MAX_DAYS = 7;

const DAY_MINUTES = 24 * 60;

const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

// ---------------------------------------------------------------------------------------------
// Limoux's clock

/** The calendar day and the time on Limoux's clock at a moment. */
export interface ParisClock {
  /** YYYY-MM-DD in Europe/Paris. */
  day: string;
  /**
   * Minutes since the day's midnight on the clock, 0 to 1439, as the rules compare them: in the
   * hour the clocks go back (02:00 to 02:59 a second time), 179, as every time of that hour has
   * already passed once (docs/when.md#clock-changes).
   */
  minute: number;
}

let lastClock: { time: number; clock: ParisClock } | undefined;

/** The day and time on Limoux's clock at `now`; the same `now` twice is read once. */
export function parisClock(now: Date): ParisClock {
  const time = now.getTime();
  if (lastClock !== undefined && lastClock.time === time) return lastClock.clock;
  if (!Number.isFinite(time)) throw new RangeError('parisClock: not a valid date');
  const offset = parisOffsetMinutes(time);
  const wall = new Date(time + offset * MINUTE_MS);
  const hour = wall.getUTCHours();
  // An hour ago the clock was ahead: it went back within the hour, and shows this hour again.
  const minute = parisOffsetMinutes(time - HOUR_MS) > offset ? hour * 60 + 59 : hour * 60 + wall.getUTCMinutes();
  const clock: ParisClock = { day: wall.toISOString().slice(0, 10), minute };
  lastClock = { time, clock };
  return clock;
}

// ---------------------------------------------------------------------------------------------
// A day's hours

interface DayHours {
  intervals: readonly OpeningInterval[];
  /** The same as minutes: [from, to] pairs, `to` 1440 for 24:00, in order, none touching. */
  spans: readonly (readonly [number, number])[];
}

const CLOSED_DAY: DayHours = { intervals: [], spans: [] };
const ALL_DAY: DayHours = { intervals: [{ opens: '00:00', closes: '24:00' }], spans: [[0, DAY_MINUTES]] };

/** The days kept per rows array before the oldest are let go. */
const DAYS_CACHED = 64;
const dayHoursCache = new WeakMap<readonly WeeklyHoursRow[], Map<string, DayHours>>();

function computeDayHours(rows: readonly WeeklyHoursRow[], day: string): DayHours {
  const held = hoursOnDay(rows, day);
  if (held.length === 0) return CLOSED_DAY;
  const sorted = held
    .map((row) => [minutesOf(row.opens), minutesOf(row.closes)] as [number, number])
    // A row that does not close after it opens is refused on the way in (weeklyHoursProblems); none here.
    .filter(([from, to]) => from < to);
  sorted.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const spans: [number, number][] = [];
  for (const span of sorted) {
    const last = spans.at(-1);
    // Rows that overlap or touch (12:00 and 12:00) are one opening.
    if (last !== undefined && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else spans.push([span[0], span[1]]);
  }
  return {
    spans,
    intervals: spans.map(([from, to]) => ({ opens: timeOf(from), closes: timeOf(to) })),
  };
}

/** The day's hours by the rows, kept per rows array (rows are not changed in place). */
function dayHoursOf(rows: readonly WeeklyHoursRow[] | null, day: string): DayHours {
  if (rows === null || rows.length === 0) return CLOSED_DAY;
  let days = dayHoursCache.get(rows);
  if (days === undefined) {
    days = new Map();
    dayHoursCache.set(rows, days);
  }
  let hours = days.get(day);
  if (hours === undefined) {
    hours = computeDayHours(rows, day);
    if (days.size >= DAYS_CACHED) days.clear();
    days.set(day, hours);
  }
  return hours;
}

/**
 * The openings on `day` (YYYY-MM-DD) by the weekly rows: the rows that hold that day (a season's
 * rows replace the all-year rows and those of a longer season, docs/product.md#weekly-hours), in
 * order, rows that overlap or touch joined; 24:00 closes at the day's end. [] when closed or when
 * there are no rows. The answer is shared: do not change it.
 */
export function hoursOn(rows: readonly WeeklyHoursRow[] | null, day: string): readonly OpeningInterval[] {
  return dayHoursOf(rows, day).intervals;
}

const hasRows = (activity: TimedActivity) => activity.weeklyHours !== null && activity.weeklyHours.length > 0;

/** Whether anything structured says when the activity is open: weekly rows or an event edition. */
export function hasStructuredTimes(activity: TimedActivity): boolean {
  return hasRows(activity) || activity.eventStart !== null;
}

/**
 * The activity's hours on `day`, or null when nothing says: its weekly rows; for an event, only on
 * its edition's days (closed before the edition, unknown after it, all day within it without rows).
 */
function activityHoursOn(activity: TimedActivity, day: string): DayHours | null {
  if (activity.eventStart !== null) {
    const end = activity.eventEnd ?? activity.eventStart;
    // The edition has ended: the next one is not known yet.
    if (day > end) return null;
    if (day < activity.eventStart) return CLOSED_DAY;
    return hasRows(activity) ? dayHoursOf(activity.weeklyHours, day) : ALL_DAY;
  }
  return hasRows(activity) ? dayHoursOf(activity.weeklyHours, day) : null;
}

/**
 * Whether the activity is open (or held) on `day`: 'open' when its rows give it hours that day or
 * its edition covers the day (and, with rows too, the rows give it hours); 'closed' when they do
 * not, or the day is before the edition; 'unknown' without rows or dates, or after the edition.
 */
export function isOpenOn(activity: TimedActivity, day: string): Opening {
  const hours = activityHoursOn(activity, day);
  if (hours === null) return 'unknown';
  return hours.spans.length > 0 ? 'open' : 'closed';
}

/** `isOpenOn` over several days (a weekend): open on one of them; else unknown on one; else closed. */
export function isOpenDuring(activity: TimedActivity, days: readonly string[]): Opening {
  let answer: Opening = 'closed';
  for (const day of days) {
    const opening = isOpenOn(activity, day);
    if (opening === 'open') return 'open';
    if (opening === 'unknown') answer = 'unknown';
  }
  return answer;
}

const spanAt = (hours: DayHours, minute: number) => hours.spans.find(([from, to]) => from <= minute && minute < to);

/**
 * Whether the activity is open at `now` on Limoux's clock: within one of the day's openings (an
 * edition without rows counts as held all day); 'unknown' as for `isOpenOn`.
 */
export function isOpenAt(activity: TimedActivity, now: Date): Opening {
  const clock = parisClock(now);
  const hours = activityHoursOn(activity, clock.day);
  if (hours === null) return 'unknown';
  return spanAt(hours, clock.minute) !== undefined ? 'open' : 'closed';
}

// ---------------------------------------------------------------------------------------------
// What a card says now

/** What a card says now (docs/when.md#what-a-card-says); the sentences are the client's. */
export type OpeningStatus =
  /** Open now until `until` (HH:MM, 24:00 for midnight) on `untilDay`; both null when open round the clock for the next week. */
  | { kind: 'open'; until: string | null; untilDay: string | null }
  /** Closed now, opens later today at `opens`. */
  | { kind: 'opens-later'; opens: string }
  /** Open earlier today; today's hours are over. */
  | { kind: 'closed-now' }
  /** No hours today. */
  | { kind: 'closed-today' }
  /** A market held today, from the first opening to the last closing; `phase` places now against them. */
  | { kind: 'market-today'; opens: string; closes: string; phase: 'later' | 'on' | 'over' }
  /** An event edition (without weekly rows) that covers today, until its last day `until`. */
  | { kind: 'event-on'; until: string }
  /** An event whose edition is still to come. */
  | { kind: 'event-later'; start: string; end: string }
  /** Nothing structured says: "check times". */
  | { kind: 'unknown' };

const UNKNOWN: OpeningStatus = { kind: 'unknown' };
const CLOSED_NOW: OpeningStatus = { kind: 'closed-now' };
const CLOSED_TODAY: OpeningStatus = { kind: 'closed-today' };

/** Where an opening that runs to 24:00 ends, following the next days' openings that start at 00:00. */
function openUntil(
  activity: TimedActivity,
  day: string,
  to: number,
): { until: string | null; untilDay: string | null } {
  let untilDay = day;
  let until = to;
  for (let step = 0; until === DAY_MINUTES; step++) {
    if (step === OPEN_UNTIL_MAX_DAYS) return { until: null, untilDay: null };
    const next = addDays(untilDay, 1);
    const first = activityHoursOn(activity, next)?.spans[0];
    if (first === undefined || first[0] !== 0) break;
    untilDay = next;
    until = first[1];
  }
  return { until: timeOf(until), untilDay };
}

/**
 * What the activity's card says at `now`, on Limoux's clock, first that applies: an event before
 * its edition ('event-later') or after it ('unknown'); an edition without rows that covers today
 * ('event-on'); no rows ('unknown'); a market held today ('market-today'); open now ('open', with
 * where the opening ends, over midnight too); later today ('opens-later'); 'closed-now' after the
 * day's hours; 'closed-today'.
 */
export function statusAt(activity: TimedActivity, now: Date): OpeningStatus {
  const clock = parisClock(now);
  const { day, minute } = clock;
  if (activity.eventStart !== null) {
    const end = activity.eventEnd ?? activity.eventStart;
    if (day < activity.eventStart) return { kind: 'event-later', start: activity.eventStart, end };
    if (day > end) return UNKNOWN;
    if (!hasRows(activity)) return { kind: 'event-on', until: end };
  }
  if (!hasRows(activity)) return UNKNOWN;
  const hours = dayHoursOf(activity.weeklyHours, day);
  const { spans } = hours;
  const first = spans[0];
  const last = spans.at(-1);
  if (first === undefined || last === undefined) return CLOSED_TODAY;
  if (activity.category === MARKET_CATEGORY) {
    const phase = minute >= last[1] ? 'over' : spanAt(hours, minute) !== undefined ? 'on' : 'later';
    return { kind: 'market-today', opens: timeOf(first[0]), closes: timeOf(last[1]), phase };
  }
  const open = spanAt(hours, minute);
  if (open !== undefined) return { kind: 'open', ...openUntil(activity, day, open[1]) };
  const later = spans.find(([from]) => from > minute);
  if (later !== undefined) return { kind: 'opens-later', opens: timeOf(later[0]) };
  return CLOSED_NOW;
}

// ---------------------------------------------------------------------------------------------
// The days a filter asks for

/** The words of the "when" filter; a day YYYY-MM-DD is taken too. */
export const WHEN_WORDS = ['today', 'tomorrow', 'weekend'] as const;
export type WhenWord = (typeof WHEN_WORDS)[number];

/**
 * The days (YYYY-MM-DD, in order) that `when` means at `now` in Limoux: today; tomorrow; the
 * weekend, which is the coming Saturday and Sunday, on a Saturday today and Sunday, on a Sunday
 * today only (docs/when.md#the-when-filter); or the one day given. Null for anything else, which the
 * caller answers with a 400.
 */
export function whenRange(when: string, now: Date): string[] | null {
  if (when !== 'today' && when !== 'tomorrow' && when !== 'weekend') return isIsoDate(when) ? [when] : null;
  const today = parisClock(now).day;
  if (when === 'today') return [today];
  if (when === 'tomorrow') return [addDays(today, 1)];
  const weekday = isoWeekday(today);
  if (weekday === 7) return [today];
  const saturday = addDays(today, 6 - weekday);
  return [saturday, addDays(saturday, 1)];
}
