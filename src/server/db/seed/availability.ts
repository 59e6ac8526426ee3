/**
 * When the demo's bookable activities can be booked, and their festivals' editions
 * (docs/availability.md; README.md, "Availability in the demo").
 *
 * The checked facts give the seasons and the editions: the rafting from April to September, the
 * Limoux Brass Festival from late April to 1 May (27 April to 1 May in 2022 and 2023), the Festival
 * de Carcassonne in July, the Embrasement de la Cité on 14 July. Everything else here is the demo's
 * choice, not a fact: the slots and their length, the places, the weekdays of the Maison Guinot,
 * the closed days, the lead times and cancellation limits, which activity confirms at once, and
 * that the two wine cellars take bookings at all (the facts do not say).
 *
 * The seed may run on any day of the year: seasons come back every year (this year's while it runs
 * or is to come, and the next two, as far as bookings go: 732 days), and an edition is this year's
 * while it runs or is to come, else next year's.
 */
import {
  type AvailabilitySettings,
  type BookablePeriod,
  DEFAULT_AVAILABILITY,
  isOfferedOn,
  type OpeningFacts,
} from '../../../domain/availability.js';
import { addDays } from '../../../domain/dates.js';

/** A day of the year, MM-DD. */
type YearDay = `${number}-${number}`;

const WHOLE_WEEK = [1, 2, 3, 4, 5, 6, 7];
const TUESDAY_TO_SATURDAY = [2, 3, 4, 5, 6];
/** Seasons are written for this year and the next two: bookings reach 732 days ahead. */
const YEARS_AHEAD = 2;

const yearOf = (day: string) => Number(day.slice(0, 4));

/** The first `month`-`day` on or after `today` (YYYY-MM-DD). */
export function nextYearly(today: string, { month, day }: { month: number; day: number }): string {
  const inYear = (y: number) => `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return inYear(yearOf(today)) >= today ? inYear(yearOf(today)) : inYear(yearOf(today) + 1);
}

/**
 * A season from `start` to `end` (MM-DD, within one year) on `days`, as bookable periods: this
 * year's while it runs or is still to come, and those of the following years up to two years ahead.
 */
export function seasons(today: string, start: YearDay, end: YearDay, days: number[]): BookablePeriod[] {
  const periods: BookablePeriod[] = [];
  for (let year = yearOf(today); year <= yearOf(today) + YEARS_AHEAD; year++) {
    if (`${year}-${end}` >= today) periods.push({ start: `${year}-${start}`, end: `${year}-${end}`, days });
  }
  return periods;
}

/** Whether `day` lies in the season from `start` to `end` (MM-DD, within one year). */
export function inSeason(day: string, start: YearDay, end: YearDay): boolean {
  const yearDay = day.slice(5);
  return start <= yearDay && yearDay <= end;
}

/** A festival's edition as the checked facts give it: MM-DD, a last day for more than one. */
interface Edition {
  start: YearDay;
  end: YearDay | null;
}

/**
 * The editions the seed dates (docs/product.md#event-dates). The Embrasement is every 14 July; the
 * Brass Festival's 27 April to 1 May is its 2022 and 2023 editions', and the Festival de
 * Carcassonne's whole of July the month the facts give: both to be confirmed by their organisers
 * every year, as any provider would.
 */
export const EDITIONS: Record<string, Edition> = {
  'embrasement-de-la-cite': { start: '07-14', end: null },
  'limoux-brass-festival': { start: '04-27', end: '05-01' },
  'festival-de-carcassonne': { start: '07-01', end: '07-31' },
};

/** The edition that runs or is still to come on `today`: this year's, else next year's. */
export function nextEdition(today: string, edition: Edition): { eventStart: string; eventEnd: string | null } {
  const last = edition.end ?? edition.start;
  const year = `${yearOf(today)}-${last}` >= today ? yearOf(today) : yearOf(today) + 1;
  return { eventStart: `${year}-${edition.start}`, eventEnd: edition.end === null ? null : `${year}-${edition.end}` };
}

/** The places whose facts say nothing of bookings, which take them in the demo: the wine cellars' tastings. */
export const BOOKABLE_BY_CHOICE = ['sieur-d-arques', 'maison-guinot'];

/** The rafting's season, from the facts: April to September. */
export const RAFTING_SEASON = { start: '04-01', end: '09-30' } as const satisfies Record<string, YearDay>;

/**
 * The availability of each bookable demo activity on `today` (an activity not listed books by the
 * defaults). Each shows a case of docs/availability.md:
 * - the rafting: its season, two slots of three hours, 8 places each (one raft), answered by hand;
 * - the Brass Festival and the Festival de Carcassonne: no periods, so booked on their edition's
 *   days; by the day with places, answered by the team (they have no provider);
 * - the Sieur d'Arques tasting: every day, 12 people a day, confirmed at once;
 * - the Maison Guinot cellar tour: Tuesday to Saturday all year, 10 people a day, closed on
 *   Christmas and New Year's Day, answered by hand.
 */
export function demoAvailability(today: string): Record<string, AvailabilitySettings> {
  const next = (month: number, day: number) => nextYearly(today, { month, day });
  return {
    'rafting-gorges-de-l-aude': {
      ...DEFAULT_AVAILABILITY,
      periods: seasons(today, RAFTING_SEASON.start, RAFTING_SEASON.end, WHOLE_WEEK),
      slots: ['10:00', '14:00'],
      durationMinutes: 180,
      capacity: 8,
      // Guides and rafts are planned the evening before; a guest may cancel until two days before.
      leadTimeHours: 12,
      cancelUntilHours: 48,
    },
    'limoux-brass-festival': {
      ...DEFAULT_AVAILABILITY,
      // Evening concerts: bookings close at 20:00 on the day (no hours: the day ends at midnight).
      capacity: 150,
      leadTimeHours: 4,
      cancelUntilHours: 24,
    },
    'festival-de-carcassonne': {
      ...DEFAULT_AVAILABILITY,
      capacity: 40,
      leadTimeHours: 24,
      cancelUntilHours: 72,
    },
    'sieur-d-arques': {
      ...DEFAULT_AVAILABILITY,
      durationMinutes: 60,
      capacity: 12,
      confirmation: 'instant',
      // Until noon on the day (no hours: counted from midnight).
      leadTimeHours: 12,
      cancelUntilHours: 24,
    },
    'maison-guinot': {
      ...DEFAULT_AVAILABILITY,
      periods: seasons(today, '01-01', '12-31', TUESDAY_TO_SATURDAY),
      closed: [
        { date: next(12, 25), slot: null },
        { date: next(1, 1), slot: null },
      ].sort((a, b) => a.date.localeCompare(b.date)),
      durationMinutes: 90,
      capacity: 10,
      leadTimeHours: 24,
      cancelUntilHours: 48,
    },
  };
}

/** The first day from `from` on, up to `days` later, that the activity offers; null when none. */
export function firstOfferedDay(
  settings: AvailabilitySettings,
  facts: OpeningFacts,
  from: string,
  days = 731,
): string | null {
  for (let i = 0; i <= days; i++) {
    const day = addDays(from, i);
    if (isOfferedOn(settings, facts, day)) return day;
  }
  return null;
}
