import { z } from 'zod';
import {
  AVAILABILITY_LIMITS,
  availabilityProblems,
  CONFIRMATION_MODES,
  type AvailabilitySettings,
} from './availability.js';
import { bookingSchema } from './bookings.js';
import { isIsoDate } from './dates.js';
import { rowIdInPath } from './ids.js';
import { normaliseDays, TIME_PATTERN } from './weekly-hours.js';

/** The API's schemas of availability (docs/availability.md); the rules are in availability.ts. */

const L = AVAILABILITY_LIMITS;
const day = (what = 'must be a date written YYYY-MM-DD') => z.string({ error: what }).refine(isIsoDate, what);
const time = z
  .string({ error: 'must be a time (HH:MM)' })
  .regex(new RegExp(TIME_PATTERN), 'must be a time (HH:MM)')
  .describe('HH:MM in Limoux');
const hours = z
  .int({ error: `must be a whole number of hours from ${L.hours.min} to ${L.hours.max}` })
  .min(L.hours.min, `must be at least ${L.hours.min}`)
  .max(L.hours.max, `must be at most ${L.hours.max} (30 days)`);

const period = z.strictObject({
  start: day(),
  end: day(),
  days: z
    .array(z.int({ error: 'must be weekdays 1 (Monday) to 7 (Sunday)' }).min(1).max(7), {
      error: 'must be a list of weekdays',
    })
    .max(7)
    .transform(normaliseDays)
    .describe('ISO weekdays: 1 is Monday, 7 is Sunday'),
});

const closedDate = z.strictObject({
  date: day(),
  slot: time
    .nullish()
    .transform((v) => v ?? null)
    .describe('a start time: only that slot; null: the whole day'),
});

/** PUT /api/provider/activities/:id/availability: the whole settings, replaced at once. */
export const availabilitySettingsBody = z
  .strictObject({
    periods: z
      .array(period, { error: 'must be a list of periods' })
      .max(L.periods, `must have at most ${L.periods} periods`)
      .default([])
      .describe('own bookable periods; [] books the activity when it is open (its hours, its edition)'),
    closed: z
      .array(closedDate, { error: 'must be a list of closed dates' })
      .max(L.closed, `must have at most ${L.closed} closed dates`)
      .default([]),
    slots: z
      .array(time, { error: 'must be a list of start times' })
      .max(L.slots, `must have at most ${L.slots} start times`)
      .default([])
      .describe('start times; [] books by the day'),
    durationMinutes: z
      .int({ error: `must be a whole number of minutes from ${L.duration.min} to ${L.duration.max}` })
      .min(L.duration.min, `must be at least ${L.duration.min} minutes`)
      .max(L.duration.max, `must be at most ${L.duration.max} minutes`)
      .nullish()
      .transform((v) => v ?? null),
    capacity: z
      .int({ error: `must be a whole number of places from ${L.capacity.min} to ${L.capacity.max}` })
      .min(L.capacity.min, `must be at least ${L.capacity.min}`)
      .max(L.capacity.max, `must be at most ${L.capacity.max}`)
      .nullish()
      .transform((v) => v ?? null)
      .describe('places (people) per day, or per slot; null: no limit'),
    confirmation: z
      .enum(CONFIRMATION_MODES, { error: `must be one of ${CONFIRMATION_MODES.join(', ')}` })
      .default('manual'),
    leadTimeHours: hours.default(0).describe('a booking is accepted until this many hours before the start'),
    cancelUntilHours: hours.default(0).describe('a guest may cancel until this many hours before the start'),
  })
  .superRefine((settings, ctx) => {
    for (const problem of availabilityProblems(settings)) {
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    }
  });
export type AvailabilitySettingsBody = z.input<typeof availabilitySettingsBody>;

export const availabilitySettingsSchema = z.object({
  periods: z.array(z.object({ start: z.string(), end: z.string(), days: z.array(z.number().int()) })),
  closed: z.array(z.object({ date: z.string(), slot: z.string().nullable() })),
  slots: z.array(z.string()),
  durationMinutes: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
  confirmation: z.enum(CONFIRMATION_MODES),
  leadTimeHours: z.number().int(),
  cancelUntilHours: z.number().int(),
}) satisfies z.ZodType<AvailabilitySettings>;

/** The answer of a change: the settings as kept, and the bookings to come that no longer fit them. */
export const availabilityChangeSchema = z.object({
  availability: availabilitySettingsSchema,
  outside: z
    .array(bookingSchema)
    .describe('pending and confirmed bookings to come outside the new availability: cancel or keep each'),
});

/** GET /api/activities/:id/availability?from=&to= (at most 92 days). */
export const availabilityQuery = z
  .strictObject({ from: day(), to: day() })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) < L.rangeDays * 86_400_000, {
    message: `must cover at most ${L.rangeDays} days`,
    path: ['to'],
  });

export const availabilityAnswerSchema = z.object({
  confirmation: z.enum(CONFIRMATION_MODES).describe('instant: a booking within the places is confirmed at once'),
  durationMinutes: z.number().int().nullable(),
  capacity: z.number().int().nullable().describe('places per day or per slot; null: no limit'),
  bySlot: z.boolean().describe('true: a booking names one of the slots'),
  days: z.array(
    z.object({
      date: z.string(),
      open: z.boolean().describe('bookable that day (its slots may all be full)'),
      slots: z
        .array(
          z.object({
            start: z.string().nullable().describe('HH:MM; null for a booking of the whole day'),
            placesLeft: z.number().int().nullable().describe('null: no limit; 0: full'),
          }),
        )
        .describe('the starts still bookable; [] on a closed day'),
    }),
  ),
});
export type AvailabilityAnswer = z.infer<typeof availabilityAnswerSchema>;

/** POST/DELETE /api/provider/activities/:id/closures: close (or open again) a day or one slot of it. */
export const closureBody = closedDate;

/** GET /api/provider/activities/:id/days/:date: a provider's day, slot by slot. */
export const providerDayParams = z.strictObject({
  id: rowIdInPath(),
  date: day(),
});

export const providerDaySchema = z.object({
  date: z.string(),
  offered: z.boolean().describe('within the availability (the whole day not closed)'),
  capacity: z.number().int().nullable(),
  slots: z.array(
    z.object({
      start: z.string().nullable(),
      closed: z.boolean(),
      taken: z.number().int().describe('people in pending and confirmed bookings'),
      placesLeft: z.number().int().nullable(),
      bookings: z.array(bookingSchema),
    }),
  ),
});
export type ProviderDay = z.infer<typeof providerDaySchema>;
