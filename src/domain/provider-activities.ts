import { z } from 'zod';
import { isEmailAddress, isPhoneNumber } from './contact-rules.js';
import { eventDatesProblem } from './event-dates.js';
import { isWebAddress, keepableText, normaliseWebsite, optionalText } from './text-fields.js';
import {
  CLOSING_TIME_PATTERN,
  normaliseDays,
  SEASON_DAY_PATTERN,
  TIME_PATTERN,
  WEEKLY_HOURS_MAX_ROWS,
  weeklyHoursProblem,
} from './weekly-hours.js';
import { CATEGORIES, SETTINGS } from './activities.js';
import { weeklyHoursSchema } from './activity-schemas.js';
import { rowId } from './ids.js';
import { LANGUAGES } from './languages.js';
import { MODERATION_REASON_MAX_LENGTH } from './moderation.js';

export { IMAGE_WIDTHS, imageSources, UPLOAD_MAX_BYTES, UPLOAD_TYPES } from './images.js';

/**
 * A provider's own activities (docs/provider-workspace.md): the one schema
 * the server validates with and the form checks with, so both say the same.
 */

export const ACTIVITY_FIELD_LIMITS = {
  name: 200,
  description: 5000,
  location: 200,
  address: 300,
  city: 120,
  hours: 1000,
  phone: 40,
  email: 320,
  website: 500,
  /** Euros per person. */
  price: 10_000,
} as const;

const L = ACTIVITY_FIELD_LIMITS;

const requiredText = (max: number) =>
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** A real calendar day (YYYY-MM-DD, `format: date` in the API's description); null or left out for none. */
const optionalDay = z.iso
  .date({ error: 'must be a date (YYYY-MM-DD)' })
  .nullish()
  .transform((v) => v ?? null);

const seasonDay = z
  .string({ error: 'must be a day of the year (MM-DD)' })
  .regex(new RegExp(SEASON_DAY_PATTERN), 'must be a day of the year (MM-DD)')
  .nullish()
  .transform((v) => v ?? null);

/** One row of structured opening hours (docs/product.md#weekly-hours). */
const weeklyHoursRow = z.strictObject({
  days: z
    .array(z.int({ error: 'must be weekdays 1 (Monday) to 7 (Sunday)' }).min(1).max(7), {
      error: 'must be a list of weekdays',
    })
    .max(7)
    .transform(normaliseDays)
    .describe('ISO weekdays: 1 is Monday, 7 is Sunday'),
  opens: z.string({ error: 'must be a time (HH:MM)' }).regex(new RegExp(TIME_PATTERN), 'must be a time (HH:MM)'),
  closes: z
    .string({ error: 'must be a time (HH:MM)' })
    .regex(new RegExp(CLOSING_TIME_PATTERN), 'must be a time (HH:MM, 24:00 for midnight)'),
  seasonStart: seasonDay.describe('first day (MM-DD) of the season these hours hold in, every year; null all year'),
  seasonEnd: seasonDay.describe("last day (MM-DD) of that season; it may be in the next year's start"),
});

const weeklyHours = z
  .array(weeklyHoursRow, { error: 'must be a list of opening hours' })
  .max(WEEKLY_HOURS_MAX_ROWS, `must have at most ${WEEKLY_HOURS_MAX_ROWS} rows`)
  .superRefine((rows, ctx) => {
    const problem = weeklyHoursProblem(rows);
    if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  })
  .describe('structured opening hours, all replaced at once; [] for none (docs/product.md#weekly-hours)');

/** The message of a website that is not one; the client knows it by its words (activity-form.tsx). */
export const WEBSITE_MESSAGE = 'must be a web address (http or https)';

/**
 * A website: one typed without a scheme gets `https://` (`normaliseWebsite`), on the server and in
 * the form alike, and what is then not an http(s) address is refused (docs/provider-workspace.md#fields).
 */
const websiteUrl = z
  .string({ error: WEBSITE_MESSAGE })
  .trim()
  .transform(normaliseWebsite)
  .pipe(
    z
      .string()
      .max(L.website, `must be at most ${L.website} characters`)
      .refine((value) => value === '' || isWebAddress(value), { message: WEBSITE_MESSAGE }),
  )
  .nullish()
  .transform((value) => value || null)
  .describe('http(s) address; one without a scheme (www.example.fr) is stored with https://');

/**
 * One other language's text: name and description, and the place, free-text opening hours and
 * market days in that language. Those three left out keep what the language had (dropped when the
 * original of that field changes); empty or null is none, and the public API shows the original's.
 */
export const activityTranslationInput = z.strictObject({
  name: requiredText(L.name),
  description: requiredText(L.description),
  location: keepableText(L.location),
  openingHours: keepableText(L.hours),
  marketDays: keepableText(L.hours),
});

/** The translated fields besides name and description (docs/provider-workspace.md#fields). */
export const TRANSLATED_PRACTICAL_FIELDS = ['location', 'openingHours', 'marketDays'] as const;
export type TranslatedPracticalField = (typeof TRANSLATED_PRACTICAL_FIELDS)[number];

/** Texts in the other languages; an empty one is left out (the public API falls back to the original). */
export const translationsInput = z
  .partialRecord(
    z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` }),
    activityTranslationInput.nullish(),
  )
  .transform((record) => {
    const out: Partial<Record<(typeof LANGUAGES)[number], z.output<typeof activityTranslationInput>>> = {};
    for (const language of LANGUAGES) {
      const t = record[language];
      if (t) out[language] = t;
    }
    return out;
  });

/** The fields of an activity a provider owns (docs/product.md#screens, the activity fields). */
export const activityFields = {
  name: requiredText(L.name),
  description: requiredText(L.description),
  language: z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` }),
  translations: translationsInput,
  category: z.enum(CATEGORIES, { error: `must be one of ${CATEGORIES.join(', ')}` }),
  location: optionalText(L.location),
  address: optionalText(L.address),
  city: requiredText(L.city),
  latitude: z.number({ error: 'must be a number' }).min(-90, 'must be at least -90').max(90, 'must be at most 90'),
  longitude: z.number({ error: 'must be a number' }).min(-180, 'must be at least -180').max(180, 'must be at most 180'),
  price: z
    .number({ error: 'must be a number' })
    .min(0, 'must be 0 (free) or more')
    .max(L.price, `must be at most ${L.price}`)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: 'must have at most two decimals',
    })
    .nullish()
    .transform((v) => v ?? null)
    .describe('EUR per person; null or left out when unknown, 0 when free'),
  openingHours: optionalText(L.hours),
  marketDays: optionalText(L.hours),
  eventStart: optionalDay.describe("first day of a festival's or event's next edition (docs/product.md#event-dates)"),
  eventEnd: optionalDay.describe('last day of that edition; null for a one-day edition'),
  weeklyHours,
  contactPhone: optionalText(L.phone).refine((v) => v === null || isPhoneNumber(v), {
    message: 'must be a phone number',
  }),
  contactEmail: optionalText(L.email).refine((v) => v === null || isEmailAddress(v), {
    message: 'must be an e-mail address',
  }),
  website: websiteUrl,
  bookingRequired: z.boolean({ error: 'must be true or false' }),
  setting: z
    .enum(SETTINGS, { error: `must be one of ${SETTINGS.join(', ')}, or null when unknown` })
    .nullable()
    .describe('indoor, outdoor or both (docs/when.md#indoors-and-outdoors); null when unknown'),
};

/** POST /api/provider/activities (no translations and no booking unless said). */
export const createActivityBody = z
  .strictObject({
    ...activityFields,
    translations: translationsInput.default({}),
    bookingRequired: activityFields.bookingRequired.default(false),
    setting: activityFields.setting.default(null),
    eventStart: activityFields.eventStart.default(null),
    eventEnd: activityFields.eventEnd.default(null),
    weeklyHours: weeklyHours.default([]),
  })
  .superRefine((body, ctx) => {
    // The order and length of an edition; whether it has ended is the server's to say (it knows today).
    const problem = eventDatesProblem(body);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });
export type CreateActivityBody = z.output<typeof createActivityBody>;
export type ActivityFormValues = z.input<typeof createActivityBody>;

/** PATCH /api/provider/activities/:id: any of the fields, plus pausing (`isActive: false`) and resuming. */
export const updateActivityBody = z
  .strictObject(activityFields)
  .partial()
  .extend({ isActive: z.boolean({ error: 'must be true or false' }).optional() });
export type UpdateActivityBody = z.output<typeof updateActivityBody>;

/**
 * What an edit of a published activity changes only after an admin approves
 * it: everything that can carry a message or a link — its text, its place, its
 * photo, its free-text hours and market days, its contact details and website
 * (docs/provider-workspace.md#lifecycle).
 */
export const REVIEWED_FIELDS = [
  'name',
  'description',
  'language',
  'translations',
  'category',
  'location',
  'address',
  'city',
  'latitude',
  'longitude',
  'imageUrl',
  'openingHours',
  'marketDays',
  'contactPhone',
  'contactEmail',
  'website',
] as const;
export type ReviewedField = (typeof REVIEWED_FIELDS)[number];

/** Facts that cannot carry a message: they change at once, on a published activity too. */
export const IMMEDIATE_FIELDS = [
  'price',
  'eventStart',
  'eventEnd',
  'weeklyHours',
  'bookingRequired',
  'setting',
] as const;

/** Where an activity stands for its provider (docs/provider-workspace.md#lifecycle). */
export const ACTIVITY_STATES = ['draft', 'pending', 'rejected', 'published'] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];

/** A language's text in a request or an answer; a request saved before place and hours were translated lacks them. */
const translationSchema = z.object({
  name: z.string(),
  description: z.string(),
  location: z.string().nullish(),
  openingHours: z.string().nullish(),
  marketDays: z.string().nullish(),
});

/**
 * The content an admin approves: the reviewed fields. A request saved before
 * hours, contact and website were reviewed lacks those five; the server reads
 * them from the activity as it is (docs/moderation.md#activities).
 */
export const reviewedContentSchema = z.object({
  name: z.string(),
  description: z.string(),
  language: z.enum(LANGUAGES),
  translations: z.partialRecord(z.enum(LANGUAGES), translationSchema),
  category: z.enum(CATEGORIES),
  location: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  imageUrl: z.string().nullable(),
  openingHours: z.string().nullable(),
  marketDays: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  website: z.string().nullable(),
});
export type ReviewedContent = z.output<typeof reviewedContentSchema>;

/** The fields that changed at once before they were reviewed: an older request has none of them. */
export type LaterReviewedField = 'openingHours' | 'marketDays' | 'contactPhone' | 'contactEmail' | 'website';
/** A request's content as stored: whole, or (saved before those fields were reviewed) without them. */
export type StoredReviewedContent = Omit<ReviewedContent, LaterReviewedField> &
  Partial<Pick<ReviewedContent, LaterReviewedField>>;

/** A provider's activity as their workspace shows it: the working copy (with a pending edit, that edit). */
export const providerActivitySchema = reviewedContentSchema.extend({
  id: z.number().int(),
  price: z.number().nullable(),
  eventStart: z.string().nullable(),
  eventEnd: z.string().nullable(),
  weeklyHours: z.array(weeklyHoursSchema),
  bookingRequired: z.boolean(),
  setting: z.enum(SETTINGS).nullable(),
  isActive: z.boolean().describe('false while paused'),
  isApproved: z.boolean().describe('published: an approved version is public (while active)'),
  state: z.enum(ACTIVITY_STATES),
  pendingChanges: z.boolean().describe('a change waits for approval; the published version stays visible'),
  review: z
    .object({
      status: z.enum(['pending', 'approved', 'rejected']),
      reason: z.string().nullable(),
      at: z.string().nullable(),
    })
    .nullable()
    .describe('the latest decision (or pending request) on this activity'),
  sponsorLevel: z.number().int(),
  sponsoredUntil: z.string().nullable().describe('last day of a sponsorship set by hand'),
  rating: z.number(),
  reviewCount: z.number().int(),
  bookingCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProviderActivity = z.output<typeof providerActivitySchema>;

/**
 * Which request the admin decides on: its id and the hash of the content they
 * were shown (docs/moderation.md#activities). A request changed since is a 409.
 */
export const CONTENT_HASH_PATTERN = '^[0-9a-f]{64}$';
export const decideActivityBody = z.strictObject({
  revisionId: rowId('must be the id of the request (revisionId of the queue)').describe(
    '`revisionId` of the queue entry the admin was shown',
  ),
  contentHash: z
    .string({ error: 'must be the contentHash of the queue entry' })
    .regex(new RegExp(CONTENT_HASH_PATTERN), 'must be the contentHash of the queue entry')
    .describe('`contentHash` of the queue entry the admin was shown'),
});
export type DecideActivityBody = z.output<typeof decideActivityBody>;

export const rejectActivityBody = decideActivityBody.extend({
  reason: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(MODERATION_REASON_MAX_LENGTH, `must be at most ${MODERATION_REASON_MAX_LENGTH} characters`),
});

/** One entry of the admin's queue: what is public now (null for a new activity) beside what is asked. */
export const pendingActivitySchema = z.object({
  activityId: z.number().int(),
  revisionId: z.number().int(),
  contentHash: z
    .string()
    .describe('hash of `proposed`; approve and reject send it back with `revisionId` (a changed request is a 409)'),
  providerName: z.string().nullable(),
  submittedAt: z.string(),
  current: reviewedContentSchema.nullable(),
  proposed: reviewedContentSchema,
  facts: z
    .object({
      price: z.number().nullable(),
      bookingRequired: z.boolean(),
      setting: z.enum(SETTINGS).nullable(),
      eventStart: z.string().nullable(),
      eventEnd: z.string().nullable(),
      weeklyHours: z.array(weeklyHoursSchema),
    })
    .describe('the fields that change at once, without approval: public as they are (docs/moderation.md#activities)'),
});
export type PendingActivity = z.output<typeof pendingActivitySchema>;
