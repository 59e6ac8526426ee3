/** Dates and "today" are those of Europe/Paris (docs/product.md#dates-times-and-money). */
export const TIME_ZONE = 'Europe/Paris';

/** How `todayInParis` formats a day: en-CA writes it YYYY-MM-DD. */
export const ISO_DAY_FORMAT = {
  locale: 'en-CA',
  options: { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' },
} as const satisfies { locale: string; options: Intl.DateTimeFormatOptions };

let isoDay: Intl.DateTimeFormat | undefined;

/**
 * The calendar day in Limoux at `now`, as YYYY-MM-DD. The formatter is made on first use, not when
 * the module loads: a page's first `Intl` formatter loads the browser's number and date data, in one
 * long task (docs/rendering.md#first-paint), and the overview imports this module without asking
 * for today.
 */
export function todayInParis(now: Date): string {
  isoDay ??= new Intl.DateTimeFormat(ISO_DAY_FORMAT.locale, ISO_DAY_FORMAT.options);
  return isoDay.format(now);
}

/** Whether `value` is a real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The day `days` after `day` (YYYY-MM-DD; a negative `days` goes back). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

let hourFormat: Intl.DateTimeFormat | undefined;

/** The hour of the clock in Limoux at `now`, 0 to 23. */
export function hourInParis(now: Date): number {
  hourFormat ??= new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', hourCycle: 'h23' });
  return Number(hourFormat.format(now));
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/** Minutes since midnight of a time HH:MM (24:00 is 1440). */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
let offsetFormat: Intl.DateTimeFormat | undefined;
const offsetByHour = new Map<number, number>();
const OFFSET_CACHE_HOURS = 4096;

/**
 * Minutes Limoux is ahead of UTC at `instant` (60 in winter, 120 in summer). Europe/Paris changes
 * its clocks at 01:00 UTC, on a whole hour, so the offset is asked once per hour of UTC time.
 */
export function parisOffsetMinutes(instant: number): number {
  const hour = Math.floor(instant / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offsetFormat ??= new Intl.DateTimeFormat('en-GB', {
      timeZone: TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    const start = hour * HOUR_MS;
    const parts: Record<string, string> = {};
    for (const part of offsetFormat.formatToParts(new Date(start))) parts[part.type] = part.value;
    const wall = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
    );
    offset = Math.round((wall - start) / MINUTE_MS);
    if (offsetByHour.size >= OFFSET_CACHE_HOURS) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}
