import type { Category } from '../../../domain/activities.js';
import {
  type Agenda,
  type AgendaEntry,
  agendaKind,
  agendaRange,
  compareEntries,
  heldDays,
} from '../../../domain/agenda.js';
import { addDays, todayInParis } from '../../../domain/dates.js';
import { upcomingEdition } from '../../../domain/event-dates.js';
import { LIMOUX } from '../../../domain/geo.js';
import type { Language } from '../../../domain/languages.js';
import type { CatalogModel, CatalogActivity } from '../catalog/model.js';
import type { CalendarEvent } from './calendar.js';

/**
 * The agenda and the calendar feeds from the read model (docs/when.md#the-agenda-and-the-calendar-feeds).
 * Pure: the routes pass the snapshot, the day and the language.
 */

/** How far ahead a feed gives a market's days: half a year, about as long as an edition may last. */
export const FEED_DAYS = 183;

/** The activities that may be in the agenda: events and markets with rows, of a category or all. */
function candidates(model: CatalogModel, category: Category | null): CatalogActivity[] {
  return model.rows().filter((row) => (category === null || row.category === category) && agendaKind(row) !== null);
}

/** The agenda from `today` for AGENDA_DAYS days, names in `language` (docs/when.md). */
export function agendaOf(model: CatalogModel, today: string, category: Category | null, language: Language): Agenda {
  const days = agendaRange(today);
  const byDay = new Map<string, AgendaEntry[]>(days.map((day) => [day, []]));
  for (const row of candidates(model, category)) {
    const held = heldDays(row, days);
    if (held.length === 0) continue;
    const shown = model.get(row.id, LIMOUX, language);
    if (!shown) continue;
    const kind = agendaKind(row) ?? 'event';
    const edition = kind === 'event' ? upcomingEdition(row, today) : null;
    for (const { day, times } of held) {
      byDay.get(day)?.push({
        id: row.id,
        name: shown.name,
        category: row.category,
        city: row.city,
        kind,
        times,
        edition,
      });
    }
  }
  return {
    from: days[0] ?? today,
    to: days.at(-1) ?? today,
    category,
    days: [...byDay]
      .filter(([, entries]) => entries.length > 0)
      .map(([day, entries]) => ({ day, entries: entries.sort(compareEntries) })),
  };
}

/** A stable id of the calendar's events: the same event keeps it, so a subscribed calendar updates it. */
const uidOf = (host: string, id: number, part: string) => `activity-${id}-${part}@${host}`;

/**
 * An activity's calendar events from `today` on (docs/when.md#calendar-feeds): an edition without
 * rows as one all-day event; an edition with rows, and a market, as one weekly event for each
 * opening time (08:00–12:30), over the edition's days or FEED_DAYS, the days its rows leave out
 * as exceptions. [] when it is neither, or nothing is to come.
 */
export function calendarEventsOf(
  row: CatalogActivity,
  name: string,
  location: string,
  today: string,
  publicUrl: string,
): CalendarEvent[] {
  const kind = agendaKind(row);
  if (kind === null) return [];
  const host = new URL(publicUrl).hostname;
  const common = {
    summary: name,
    location,
    geo: { lat: row.latitude, lon: row.longitude },
    url: `${publicUrl}/activity/${row.id}`,
    modified: new Date(row.updatedAt),
  };
  const edition = kind === 'event' ? upcomingEdition(row, today) : null;
  if (kind === 'event' && edition === null) return [];
  const hasRows = row.weeklyHours.length > 0;
  if (edition !== null && !hasRows) {
    return [{ ...common, kind: 'all-day', uid: uidOf(host, row.id, edition.start), ...edition }];
  }
  const from = edition && edition.start > today ? edition.start : today;
  const to = edition ? edition.end : addDays(today, FEED_DAYS - 1);
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  // One event per opening time, with the days it is held at that time.
  const byTime = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const { day, times } of heldDays(row, days)) {
    for (const { opens, closes } of times) {
      const key = `${opens}-${closes}`;
      let group = byTime.get(key);
      if (!group) byTime.set(key, (group = { opens, closes, days: [] }));
      group.days.push(day);
    }
  }
  const prefix = edition ? `${edition.start}-` : '';
  return [...byTime.values()].map((group) => ({
    ...common,
    kind: 'weekly' as const,
    uid: uidOf(host, row.id, `${prefix}${group.opens.replace(':', '')}-${group.closes.replace(':', '')}`),
    ...group,
  }));
}

/** Every event of the agenda's activities (a category or all) for the calendar feed. */
export function agendaCalendar(
  model: CatalogModel,
  now: Date,
  category: Category | null,
  language: Language,
  publicUrl: string,
): CalendarEvent[] {
  const today = todayInParis(now);
  return candidates(model, category).flatMap((row) => {
    const shown = model.get(row.id, LIMOUX, language);
    if (!shown) return [];
    return calendarEventsOf(row, shown.name, placeOf(shown), today, publicUrl);
  });
}

/** Where it is held, as a calendar says it: the place, the address, the town. */
export const placeOf = (activity: { location: string | null; address: string | null; city: string }) =>
  [activity.location, activity.address, activity.city].filter((part) => part !== null && part.trim() !== '').join(', ');
