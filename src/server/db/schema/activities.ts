import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  jsonb,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { CATEGORIES, type Category, SETTINGS, type Setting } from '../../../domain/activities.js';
import { LANGUAGES, type Language } from '../../../domain/languages.js';
import type { AvailabilitySettings } from '../../../domain/availability.js';
import type { WeeklyHoursRow } from '../../../domain/weekly-hours.js';
import type { StoredReviewedContent } from '../../../domain/provider-activities.js';
import { moderationChecks, moderationColumns } from './moderation.js';
import { providers } from './providers.js';
import { users } from './users.js';
import { inList } from './sql-helpers.js';

export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stable key of seeded records; null for activities made in the app. */
    slug: varchar('slug', { length: 120 }).unique(),
    /** Original text, shown when a language has no translation (docs/product.md#activity-text-in-five-languages). */
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description').notNull(),
    /** Language of the original text. */
    language: varchar('language', { length: 2 }).$type<Language>().notNull().default('fr'),
    category: varchar('category', { length: 30 }).$type<Category>().notNull(),
    location: varchar('location', { length: 200 }),
    address: varchar('address', { length: 300 }),
    city: varchar('city', { length: 120 }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    imageUrl: text('image_url'),
    /** Average of approved reviews, kept current by the reviews service (docs/product.md#ratings). */
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** Per person, in cents (docs/product.md#dates-times-and-money); null when unknown, 0 when free. */
    priceCents: integer('price_cents'),
    openingHours: text('opening_hours'),
    marketDays: text('market_days'),
    /** First and last day of a festival's or other event's next edition (docs/product.md#event-dates); null when none. */
    eventStart: date('event_start', { mode: 'string' }),
    eventEnd: date('event_end', { mode: 'string' }),
    /** Structured opening hours (docs/product.md#weekly-hours), the same in every language; [] when none. */
    weeklyHours: jsonb('weekly_hours')
      .$type<WeeklyHoursRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** When and how it can be booked (docs/availability.md); null: the defaults (when open, by day, no limit). */
    availability: jsonb('availability').$type<AvailabilitySettings>(),
    contactPhone: varchar('contact_phone', { length: 40 }),
    contactEmail: varchar('contact_email', { length: 320 }),
    website: text('website'),
    bookingRequired: boolean('booking_required').notNull().default(false),
    /** Indoors, outdoors or both (docs/when.md#indoors-and-outdoors); null when unknown. */
    setting: varchar('setting', { length: 10 }).$type<Setting>(),
    isSponsored: boolean('is_sponsored').notNull().default(false),
    sponsorLevel: integer('sponsor_level').notNull().default(0),
    /** Last day of a sponsorship set by hand; the level drops to 0 after it (docs/provider-workspace.md#admin). */
    sponsoredUntil: date('sponsored_until', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    isApproved: boolean('is_approved').notNull().default(false),
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    /** Normalised original name, for sorting by name. */
    sortName: varchar('sort_name', { length: 200 }).notNull(),
    /** Normalised text of every language, for accent-free prefix search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('activities_category_check', sql`${t.category} in ${inList(CATEGORIES)}`),
    check('activities_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('activities_longitude_check', sql`${t.longitude} between -180 and 180`),
    check('activities_rating_check', sql`${t.rating} between 0 and 5`),
    check('activities_price_check', sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    check('activities_sponsor_level_check', sql`${t.sponsorLevel} between 0 and 3`),
    check('activities_sponsored_check', sql`${t.isSponsored} = (${t.sponsorLevel} > 0)`),
    check(
      'activities_event_dates_check',
      sql`${t.eventEnd} is null or (${t.eventStart} is not null and ${t.eventEnd} >= ${t.eventStart})`,
    ),
    check('activities_weekly_hours_check', sql`jsonb_typeof(${t.weeklyHours}) = 'array'`),
    check('activities_language_check', sql`${t.language} in ${inList(LANGUAGES)}`),
    check('activities_setting_check', sql`${t.setting} is null or ${t.setting} in ${inList(SETTINGS)}`),
    index('activities_public_category_idx')
      .on(t.category)
      .where(sql`${t.isActive} and ${t.isApproved}`),
    index('activities_provider_idx').on(t.providerId),
    index('activities_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Name and description per language (docs/product.md#activity-text-in-five-languages), plus the localized place and hours. */
export const activityTranslations = pgTable(
  'activity_translations',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 2 }).$type<Language>().notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    description: text('description').notNull(),
    location: varchar('location', { length: 200 }),
    openingHours: text('opening_hours'),
    marketDays: text('market_days'),
    sortName: varchar('sort_name', { length: 200 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.language] }),
    check('activity_translations_language_check', sql`${t.language} in ${inList(LANGUAGES)}`),
  ],
);

/**
 * A provider's request to publish an activity or change a published one
 * (docs/provider-workspace.md#lifecycle): the text, place, photo, free-text
 * hours, contact and website it asks for, moderated like everything else.
 * Requests saved before hours, contact and website were reviewed lack those
 * (docs/moderation.md#activities). The activity row keeps the published
 * version until an admin approves; at most one request waits per activity.
 */
export const activityRevisions = pgTable(
  'activity_revisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    content: jsonb('content').$type<StoredReviewedContent>().notNull(),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    ...moderationColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activity_revisions_one_pending_key')
      .on(t.activityId)
      .where(sql`${t.status} = 'pending'`),
    index('activity_revisions_activity_idx').on(t.activityId, t.id),
    ...moderationChecks('activity_revisions', t),
  ],
);
