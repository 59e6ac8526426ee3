import { z } from 'zod';
import { isIsoDate } from './dates.js';
import {
  CATEGORIES,
  CATEGORY_ALIASES,
  CATEGORY_FILTERS,
  type CategoryFilter,
  DEFAULT_SORT,
  MAX_OFFSET,
  MAX_PAGE_SIZE,
  MAX_TAG_FILTERS,
  PAGE_SIZE,
  SETTINGS,
  SORT_OPTIONS,
  TAG_NAME_MAX_LENGTH,
} from './activities.js';
import { DATATOURISME, MACHINE_TRANSLATED_FIELDS } from './attribution.js';
import { LANGUAGES } from './languages.js';
import { WHEN_WORDS } from './opening.js';
import { MAX_SEARCH_LENGTH } from './search.js';
import { rowIdInPath } from './ids.js';

/**
 * Zod schemas of the activities API: validation, types and OpenAPI from one
 * source (STYLE.md 2). Kept apart from the constants in activities.ts so
 * that the web client can use those without loading zod.
 */

/** Query flags accept true/false and 1/0 (docs/api.md#names-and-values). */
const queryFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true, false, 1 or 0' })
  .transform((value) => value === 'true' || value === '1');

/** A number given as query text; empty or non-numeric text is refused. */
const queryNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'must be a number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const queryInteger = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

export const categoryParam = z
  .enum([...CATEGORIES, ...CATEGORY_FILTERS, ...(Object.keys(CATEGORY_ALIASES) as (keyof typeof CATEGORY_ALIASES)[])], {
    error: `must be one of ${[...CATEGORY_FILTERS, ...CATEGORIES].join(', ')}`,
  })
  .transform((value): CategoryFilter =>
    value in CATEGORY_ALIASES ? CATEGORY_ALIASES[value as keyof typeof CATEGORY_ALIASES] : (value as CategoryFilter),
  );

export const languageParam = z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` });

export const searchParam = z
  .string()
  .max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`)
  .transform((value) => value.trim());

export const latitudeParam = queryNumber(-90, 90);
export const longitudeParam = queryNumber(-180, 180);

/** Comma-separated tag names; an activity must carry all of them. */
export const tagsParam = z
  .string()
  .max(MAX_TAG_FILTERS * (TAG_NAME_MAX_LENGTH + 1), 'is too long')
  .transform((value) => [
    ...new Set(
      value
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z
      .array(z.string().max(TAG_NAME_MAX_LENGTH, `each tag must be at most ${TAG_NAME_MAX_LENGTH} characters`))
      .max(MAX_TAG_FILTERS, `at most ${MAX_TAG_FILTERS} tags`),
  );

/**
 * The "when" filter (docs/when.md#the-when-filter): today, tomorrow, the weekend, or one day
 * YYYY-MM-DD, on Limoux's calendar. The days it means are worked out at the request's moment.
 */
export const whenParam = z
  .string()
  .trim()
  .refine((value) => (WHEN_WORDS as readonly string[]).includes(value) || isIsoDate(value), {
    message: `must be ${WHEN_WORDS.join(', ')} or a date YYYY-MM-DD`,
  });

/** The filters of the activities' list, which the map's clusters take too (docs/api.md#the-map). */
export const activityFilterFields = {
  category: categoryParam.optional(),
  search: searchParam.optional(),
  minPrice: queryNumber(0, 100_000).optional(),
  maxPrice: queryNumber(0, 100_000).optional(),
  minRating: queryNumber(0, 5).optional(),
  bookable: queryFlag.optional(),
  sponsored: queryFlag.optional(),
  tags: tagsParam.optional(),
  when: whenParam.optional(),
  openNow: queryFlag.optional(),
};

/** A number or a whole number given as query text, between bounds. */
export { queryInteger, queryNumber };

export const activityListQuery = z
  .strictObject(
    {
      ...activityFilterFields,
      sort: z.enum(SORT_OPTIONS, { error: `must be one of ${SORT_OPTIONS.join(', ')}` }).default(DEFAULT_SORT),
      lat: latitudeParam.optional(),
      lon: longitudeParam.optional(),
      lng: languageParam.optional(),
      weatherDay: whenParam
        .optional()
        .describe(
          "Order for that day's forecast at Limoux (docs/when.md#weather-suggestions), the day as `when` names it (the weekend: its first day): on a rainy or stormy day indoor activities first, on a heat day water and shade first; the header X-Weather-Suggestion says so",
        ),
      limit: queryInteger(1, MAX_PAGE_SIZE).default(PAGE_SIZE),
      offset: queryInteger(0, MAX_OFFSET).default(0),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `unknown parameter: ${issue.keys.join(', ')}` : undefined,
    },
  )
  .superRefine((query, ctx) => {
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      ctx.addIssue({ code: 'custom', path: ['minPrice'], message: 'must not be greater than maxPrice' });
    }
    if ((query.lat === undefined) !== (query.lon === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [query.lat === undefined ? 'lat' : 'lon'],
        message: 'lat and lon go together',
      });
    }
  });
export type ActivityListQuery = z.output<typeof activityListQuery>;

export const activityIdParams = z.strictObject({
  id: rowIdInPath(),
});

export const positionQuery = z
  .strictObject({ lat: latitudeParam.optional(), lon: longitudeParam.optional(), lng: languageParam.optional() })
  .refine((q) => (q.lat === undefined) === (q.lon === undefined), {
    message: 'lat and lon go together',
    path: ['lat'],
  });

/** One row of an activity's structured opening hours, as the API gives it (docs/product.md#weekly-hours). */
export const weeklyHoursSchema = z.object({
  days: z.array(z.number().int().min(1).max(7)).describe('ISO weekdays, Monday (1) first'),
  opens: z.string().describe('HH:MM'),
  closes: z.string().describe('HH:MM; 24:00 for midnight'),
  seasonStart: z.string().nullable().describe('MM-DD: first day of the yearly season; null all year'),
  seasonEnd: z.string().nullable().describe('MM-DD: last day of that season'),
});

/**
 * The language each text field is in (docs/product.md#activity-text-in-five-languages): the one asked
 * for, else English, else the original's, field by field; null for a field with no text.
 */
export const textLanguagesSchema = z
  .object({
    name: languageParam,
    description: languageParam,
    location: languageParam.nullable(),
    openingHours: languageParam.nullable(),
    marketDays: languageParam.nullable(),
  })
  .describe(
    'The language of each text field: the one asked for, else en, else the original; null when the field is empty',
  );
export type TextLanguages = z.infer<typeof textLanguagesSchema>;

/** What a card says at the moment of the request (docs/when.md#what-a-card-says); the sentence is the client's. */
export const openingStatusSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('open'), until: z.string().nullable(), untilDay: z.string().nullable() }),
    z.object({ kind: z.literal('opens-later'), opens: z.string() }),
    z.object({ kind: z.literal('closed-now') }),
    z.object({ kind: z.literal('closed-today') }),
    z.object({
      kind: z.literal('market-today'),
      opens: z.string(),
      closes: z.string(),
      phase: z.enum(['later', 'on', 'over']),
    }),
    z.object({ kind: z.literal('event-on'), until: z.string() }),
    z.object({ kind: z.literal('event-later'), start: z.string(), end: z.string() }),
    z.object({ kind: z.literal('unknown') }),
  ])
  .describe("The activity's status now, on Limoux's clock (Europe/Paris); unknown: check times");

/** An activity as the public API shows it: public fields only, localized. */
export const activitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  language: languageParam.describe('Language of the name (see languages for each field)'),
  languages: textLanguagesSchema,
  category: z.enum(CATEGORIES),
  location: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  imageUrl: z.string().nullable(),
  rating: z.number().describe('Average of approved reviews, one decimal; 0 without reviews'),
  reviewCount: z.number().int(),
  distance: z.number().describe('km from the origin (lat/lon, default Limoux), one decimal'),
  price: z.number().nullable().describe('EUR per person; null when unknown, 0 when free'),
  openingHours: z.string().nullable(),
  marketDays: z.string().nullable(),
  eventStart: z
    .string()
    .nullable()
    .describe("First day (YYYY-MM-DD) of a festival's or event's next edition; it may have passed"),
  eventEnd: z.string().nullable().describe('Last day of that edition; null for a one-day edition'),
  weeklyHours: z.array(weeklyHoursSchema).describe('Structured opening hours; [] when the provider gave none'),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  website: z.string().nullable(),
  bookingRequired: z.boolean(),
  setting: z
    .enum(SETTINGS)
    .nullable()
    .describe('Indoor, outdoor or both (docs/when.md#indoors-and-outdoors); null when unknown'),
  isSponsored: z.boolean(),
  sponsorLevel: z.number().int().min(0).max(3),
  tags: z.array(z.string()).describe('Approved tag names'),
  createdAt: z.string(),
  status: openingStatusSchema,
  whenMatch: z
    .enum(['match', 'check-times'])
    .optional()
    .describe(
      'Only with `when` or `openNow`: match, open then; check-times, nothing structured says (listed after the matches)',
    ),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityListSchema = z.array(activitySchema);

/**
 * Who answers a booking request (docs/product.md#who-answers): the provider who runs the activity,
 * by their company's name (else their own), or the guide's team for a listing without a listed
 * provider.
 */
export const answeredBySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('provider'), name: z.string() }),
  z.object({ kind: z.literal('team') }),
]);
export type AnsweredBy = z.infer<typeof answeredBySchema>;

/**
 * Where an imported activity comes from, as its licence asks it to be credited
 * (docs/datatourisme.md#attribution): the record's author and publisher, the day the producer last
 * updated it, the photo's credits and licence (when the photo shown is the imported one), and the
 * fields a translation service wrote, per language.
 */
export const activitySourceSchema = z.object({
  name: z.literal(DATATOURISME.name),
  creator: z.string().nullable().describe('Who wrote the record (its author); null when the source names nobody'),
  publisher: z.string().nullable().describe('Who published it on the platform'),
  updatedAt: z.string().nullable().describe("The producer's last update (YYYY-MM-DD); null when unknown"),
  photoCredits: z
    .string()
    .nullable()
    .describe('Credits of the photo shown, when it is the imported one; null when it names nobody or was replaced'),
  photoLicence: z.string().nullable().describe("The photo's licence as the source writes it"),
  machineTranslated: z
    .array(z.object({ language: z.enum(LANGUAGES), field: z.enum(MACHINE_TRANSLATED_FIELDS) }))
    .describe('Fields a translation service wrote, per language, that nobody has changed here since'),
});
export type ActivitySource = z.infer<typeof activitySourceSchema>;

/** One activity (GET /api/activities/:id): the list's fields, who answers its booking requests and, for an imported one, its source. */
export const activityDetailSchema = activitySchema.extend({
  answeredBy: answeredBySchema,
  source: activitySourceSchema.nullable().describe("The source of an imported activity; null for the guide's own"),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

/** Stats of the public activities (docs/product.md#maps: 0 when missing). */
export const statsSchema = z.object({
  markets: z.number().int(),
  events: z.number().int(),
  sports: z.number().int(),
  viewpoints: z.number().int(),
});
export type Stats = z.infer<typeof statsSchema>;
