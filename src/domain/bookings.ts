import { z } from 'zod';
import { answeredBySchema } from './activity-schemas.js';
import { isEmailAddress, isPhoneNumber } from './contact-rules.js';
import { optionalText } from './text-fields.js';
import { isIsoDate } from './dates.js';
import { LANGUAGES } from './languages.js';
import { pageQueryShape } from './pagination.js';
import { rowId, rowIdInPath } from './ids.js';
import { TIME_PATTERN } from './weekly-hours.js';

// The rules the browser needs too live apart, without zod (docs/architecture.md#shared-rules).
export * from './booking-rules.js';
export { answeredBySchema, type AnsweredBy } from './activity-schemas.js';
import { BOOKING_FIELD_LIMITS, BOOKING_MESSAGE_MAX, BOOKING_PEOPLE, BOOKING_STATUSES } from './booking-rules.js';

/**
 * POST /api/bookings: the product's body. `totalAmount` may be sent but is
 * ignored: the server computes it. The date is checked against today (in
 * Paris) by the server, which knows the day.
 */
export const createBookingBody = z.strictObject({
  activityId: rowId('must be the id of an activity'),
  customerName: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(BOOKING_FIELD_LIMITS.name, `must be at most ${BOOKING_FIELD_LIMITS.name} characters`),
  customerEmail: z
    .string({ error: 'is required' })
    .trim()
    .max(BOOKING_FIELD_LIMITS.email, `must be at most ${BOOKING_FIELD_LIMITS.email} characters`)
    .refine(isEmailAddress, 'must be an e-mail address'),
  customerPhone: optionalText(BOOKING_FIELD_LIMITS.phone).refine((v) => v === null || isPhoneNumber(v), {
    message: 'must be a phone number',
  }),
  numberOfPeople: z
    .number({ error: `must be a whole number from ${BOOKING_PEOPLE.min} to ${BOOKING_PEOPLE.max}` })
    .int(`must be a whole number from ${BOOKING_PEOPLE.min} to ${BOOKING_PEOPLE.max}`)
    .min(BOOKING_PEOPLE.min, `must be at least ${BOOKING_PEOPLE.min}`)
    .max(BOOKING_PEOPLE.max, `must be at most ${BOOKING_PEOPLE.max}`)
    .default(1),
  bookingDate: z.string({ error: 'is required' }).refine(isIsoDate, 'must be a date written YYYY-MM-DD'),
  slot: z
    .string({ error: 'must be a start time (HH:MM)' })
    .regex(new RegExp(TIME_PATTERN), 'must be a start time (HH:MM)')
    .nullish()
    .transform((v) => v ?? null)
    .describe("The slot's start time, for an activity booked in time slots; null or left out for a whole day"),
  notes: optionalText(BOOKING_FIELD_LIMITS.notes),
  totalAmount: z.number().optional().describe('Ignored: the server computes the total'),
  language: z.enum(LANGUAGES).optional().describe('The language for the mails about this booking (default nl)'),
});
export type CreateBookingBody = z.output<typeof createBookingBody>;

/** An Idempotency-Key: a retry with the same key and body answers the first booking. */
export const idempotencyKeyHeader = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,200}$/, 'must be 8 to 200 letters, digits, - or _ (a UUID works)');

export const bookingSchema = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  activityName: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  numberOfPeople: z.number().int(),
  bookingDate: z.string().describe('YYYY-MM-DD'),
  slot: z.string().nullable().describe("HH:MM in Limoux: the slot's start; null for the whole day"),
  totalAmount: z.number().describe('EUR, computed by the server'),
  status: z.enum(BOOKING_STATUSES),
  notes: z.string().nullable(),
  language: z.enum(LANGUAGES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The guest's name, address, phone and notes were erased (docs/privacy.md#retention): they are
   * empty, and the client shows "former guest".
   */
  anonymised: z.boolean(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingIdParams = z.strictObject({
  id: rowIdInPath(),
});

/** POST .../decline: an optional message the guest reads in their mail. */
export const declineBody = z.strictObject({ message: optionalText(BOOKING_MESSAGE_MAX) }).nullish();

/** POST /api/bookings/:id/cancel: the token of the guest's link, or nothing when logged in as the booker. */
export const cancelBookingBody = z.strictObject({ token: z.string().max(200).optional() }).nullish();

/** GET /api/provider/bookings: filter by status and by a range of booking dates. */
const bookingFilterShape = {
  activityId: rowIdInPath().optional(),
  status: z.enum(BOOKING_STATUSES, { error: `must be one of ${BOOKING_STATUSES.join(', ')}` }).optional(),
  from: z.string().refine(isIsoDate, 'must be a date written YYYY-MM-DD').optional(),
  to: z.string().refine(isIsoDate, 'must be a date written YYYY-MM-DD').optional(),
};
const fromBeforeTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

export const providerBookingsQuery = z
  .strictObject({ ...bookingFilterShape, ...pageQueryShape })
  .refine(fromBeforeTo, { message: 'from must not be after to', path: ['from'] });

/** The CSV export: the same filters, every page. */
export const providerBookingsExportQuery = z
  .strictObject(bookingFilterShape)
  .refine(fromBeforeTo, { message: 'from must not be after to', path: ['from'] });

/** A booking in the admins' inbox: also whose activity it is and who answers it. */
export const adminBookingSchema = bookingSchema.extend({
  providerId: z.number().int().nullable().describe("The activity's provider; null for the team's own listings"),
  answeredBy: answeredBySchema,
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

/** The inbox's filters: those of a provider's list, and the activity and the provider (`none`: the team's). */
const adminBookingFilterShape = {
  ...bookingFilterShape,
  provider: z
    .union([z.literal('none'), rowIdInPath()])
    .optional()
    .describe('A provider id, or `none`: the activities without a provider'),
};

/** GET /api/admin/bookings: every booking, filtered and paged. */
export const adminBookingsQuery = z
  .strictObject({ ...adminBookingFilterShape, ...pageQueryShape })
  .refine(fromBeforeTo, { message: 'from must not be after to', path: ['from'] });
export type AdminBookingsQuery = z.output<typeof adminBookingsQuery>;

/** GET /api/admin/bookings.csv: the same filters, every page. */
export const adminBookingsExportQuery = z
  .strictObject(adminBookingFilterShape)
  .refine(fromBeforeTo, { message: 'from must not be after to', path: ['from'] });

/** The most rows one CSV export holds. */
export const BOOKING_EXPORT_MAX = 10_000;
