/**
 * The agenda (docs/when.md#the-agenda-and-the-calendar-feeds): the events and markets day by day,
 * from today for AGENDA_DAYS days, on Limoux's calendar. Shared by the server, which builds it,
 * and the web client, which shows it. No zod here.
 */
import { CATEGORIES, type Category } from './activities.js';
import { addDays } from './dates.js';
import { hoursOn, isOpenOn, MARKET_CATEGORY, type OpeningInterval, type TimedActivity } from './opening.js';

/** How many days the agenda shows, today included. */
export const AGENDA_DAYS = 30;

/** What puts an activity in the agenda: an event edition, or market days as weekly rows. */
export type AgendaKind = 'event' | 'market';

export interface AgendaEntry {
  id: number;
  name: string;
  category: Category;
  city: string;
  kind: AgendaKind;
  /** The openings that day (HH:MM, 24:00 for midnight); [] for an event held all day. */
  times: OpeningInterval[];
  /** An event's edition (YYYY-MM-DD), its last day the first for a one-day event; null for a market. */
  edition: { start: string; end: string } | null;
}

export interface AgendaDay {
  /** YYYY-MM-DD in Limoux. */
  day: string;
  entries: AgendaEntry[];
}

/** The answer of GET /api/agenda. */
export interface Agenda {
  from: string;
  to: string;
  category: Category | null;
  /** Only the days with something on, in order. */
  days: AgendaDay[];
}

/** What the agenda reads of an activity. */
export interface AgendaActivity extends TimedActivity {
  id: number;
}

/**
 * Why an activity is in the agenda, or null: an event when it has an edition; a market when it is
 * in the market category with weekly rows. Free-text market days are not read (docs/when.md).
 */
export function agendaKind(activity: TimedActivity): AgendaKind | null {
  if (activity.eventStart !== null) return 'event';
  if (activity.category === MARKET_CATEGORY && activity.weeklyHours !== null && activity.weeklyHours.length > 0)
    return 'market';
  return null;
}

/** The days from `from` on, `count` of them. */
export function agendaRange(from: string, count = AGENDA_DAYS): string[] {
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

/** One activity's days in `days`: those it is held on, with that day's openings. */
export function heldDays<A extends AgendaActivity>(
  activity: A,
  days: readonly string[],
): { day: string; times: OpeningInterval[] }[] {
  if (agendaKind(activity) === null) return [];
  const out: { day: string; times: OpeningInterval[] }[] = [];
  for (const day of days) {
    if (isOpenOn(activity, day) !== 'open') continue;
    const hasRows = activity.weeklyHours !== null && activity.weeklyHours.length > 0;
    out.push({ day, times: hasRows ? [...hoursOn(activity.weeklyHours, day)] : [] });
  }
  return out;
}

/** The order of a day's entries: those held all day first, then by their first opening, then by name. */
export function compareEntries(a: AgendaEntry, b: AgendaEntry): number {
  const first = (entry: AgendaEntry) => entry.times[0]?.opens ?? '';
  return first(a) < first(b) ? -1 : first(a) > first(b) ? 1 : a.name.localeCompare(b.name) || a.id - b.id;
}

/** The agenda page's category from its address (`?category=`); anything else is the whole agenda. */
export function agendaCategoryOf(value: string | null): Category | null {
  return CATEGORIES.includes(value as Category) ? (value as Category) : null;
}
