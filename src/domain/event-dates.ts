/**
 * The dates of a festival's or other event's next edition
 * (docs/product.md#event-dates): a first day and, for an edition of more than
 * one day, a last day, both YYYY-MM-DD in Limoux's calendar. No zod here: the
 * detail page and the provider's form use these rules too.
 */

/** The longest edition, first and last day included: half a year (a carnival runs from January into April). */
export const EVENT_MAX_DAYS = 183;

export interface EventDates {
  eventStart: string | null;
  eventEnd: string | null;
}

export interface EventDatesProblem {
  path: 'eventStart' | 'eventEnd';
  message: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/**
 * What is wrong with an edition's dates (both already real days), or null.
 * With `today`, an edition that has ended is refused too; without it (the
 * request's shape alone), only the order and the length are checked.
 */
export function eventDatesProblem({ eventStart, eventEnd }: EventDates, today?: string): EventDatesProblem | null {
  if (eventStart === null) {
    return eventEnd === null ? null : { path: 'eventStart', message: 'is required with a last day' };
  }
  const last = eventEnd ?? eventStart;
  if (last < eventStart) return { path: 'eventEnd', message: 'must not be before the first day' };
  if (dayNumber(last) - dayNumber(eventStart) + 1 > EVENT_MAX_DAYS) {
    return { path: 'eventEnd', message: `must be within ${EVENT_MAX_DAYS} days of the first day` };
  }
  if (today !== undefined && last < today) {
    return { path: eventEnd === null ? 'eventStart' : 'eventEnd', message: 'must be today or later' };
  }
  return null;
}

/** The edition that runs or is still to come on `today`, with its last day filled in; null when there is none. */
export function upcomingEdition(dates: EventDates, today: string): { start: string; end: string } | null {
  if (dates.eventStart === null) return null;
  const end = dates.eventEnd ?? dates.eventStart;
  return end < today ? null : { start: dates.eventStart, end };
}
