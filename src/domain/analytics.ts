import { z } from 'zod';
import { isIsoDate } from './dates.js';
import { MEASURES, type Measure } from './measures.js';

/**
 * The numbers providers see (docs/provider-workspace.md#numbers): counted per
 * activity and day, without cookies or anything about the person.
 */
export const ACTIVITY_EVENTS = ['view', 'favourite', 'website', 'phone', 'directions'] as const;
export type ActivityEvent = (typeof ACTIVITY_EVENTS)[number];

export { MEASURES, type Measure };
export type Counts = Record<Measure, number>;

/** How many days the dashboard shows by default, and the most one period may span. */
export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_MAX_DAYS = 366;

export const activityEventBody = z.strictObject({
  event: z.enum(ACTIVITY_EVENTS, { error: `must be one of ${ACTIVITY_EVENTS.join(', ')}` }),
});

const day = z.string().refine(isIsoDate, 'must be a date (YYYY-MM-DD)');

/** How many days the period from `from` to `to` spans, both included. */
export function periodDays(from: string, to: string): number {
  return (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
}

/**
 * `from` and `to` are days (Europe/Paris), both included; the last 30 days when left out.
 * A period given by both ends is checked here; one with a default end is checked by the
 * server once the default is known (docs/provider-workspace.md#numbers).
 */
export const analyticsQuery = z.strictObject({ from: day.optional(), to: day.optional() }).superRefine((q, ctx) => {
  if (q.from && q.to) {
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to' });
    if (periodDays(q.from, q.to) > ANALYTICS_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: `the period is at most ${ANALYTICS_MAX_DAYS} days` });
    }
  }
});
export type AnalyticsQuery = z.output<typeof analyticsQuery>;

const counts = Object.fromEntries(MEASURES.map((m) => [m, z.number().int()])) as Record<Measure, z.ZodNumber>;

export const analyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  activities: z.array(
    z.object({
      activityId: z.number().int(),
      name: z.string(),
      ...counts,
      conversion: z.number().nullable().describe('confirmed bookings per view; null without views'),
    }),
  ),
  days: z.array(z.object({ date: z.string(), ...counts })).describe('every day of the period, all activities together'),
});
export type Analytics = z.output<typeof analyticsSchema>;

/** The days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/** The day `n` days before `day`. */
export function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

/** Confirmed bookings per view, or null when nobody looked. */
export function conversion(c: Pick<Counts, 'views' | 'confirmedBookings'>): number | null {
  return c.views === 0 ? null : c.confirmedBookings / c.views;
}

/** A CSV cell: quoted when needed, and a leading formula sign neutralised for spreadsheets. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
