import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { BOOKING_ACTORS, BOOKING_PEOPLE, BOOKING_STATUSES, type BookingStatus } from '../../../domain/bookings.js';
import { LANGUAGES, type Language } from '../../../domain/languages.js';
import { activities } from './activities.js';
import { inList } from './sql-helpers.js';
import { users } from './users.js';

export const bookings = pgTable(
  'bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Bookings are kept when an activity goes: an activity with bookings cannot be deleted. */
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'restrict' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: varchar('customer_name', { length: 200 }).notNull(),
    customerEmail: varchar('customer_email', { length: 320 }).notNull(),
    customerPhone: varchar('customer_phone', { length: 40 }),
    numberOfPeople: integer('number_of_people').notNull().default(1),
    bookingDate: date('booking_date').notNull(),
    /** The slot's start (HH:MM in Limoux); null for a booking of the whole day (docs/availability.md). */
    slot: varchar('slot', { length: 5 }),
    /** Price per person times people, in cents, computed by the server (docs/product.md#bookings). */
    totalAmountCents: integer('total_amount_cents').notNull().default(0),
    status: varchar('status', { length: 20 }).$type<BookingStatus>().notNull().default('pending'),
    notes: text('notes'),
    /** The language the guest booked in: every mail about the booking is in it. */
    language: varchar('language', { length: 2 }).$type<Language>().notNull().default('nl'),
    /** The client's Idempotency-Key and a hash of the request it came with. */
    idempotencyKey: varchar('idempotency_key', { length: 200 }).unique(),
    requestHash: varchar('request_hash', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The guest's account was deleted or their address erased while the booking was still to come:
     * its guest details stay for the provider until its day is past, then the retention job erases
     * them (docs/privacy.md#retention).
     */
    eraseAfterDay: boolean('erase_after_day').notNull().default(false),
    /** When the guest's name, address, phone and notes were erased (docs/privacy.md#retention); null: kept. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'bookings_people_check',
      sql`${t.numberOfPeople} between ${sql.raw(String(BOOKING_PEOPLE.min))} and ${sql.raw(String(BOOKING_PEOPLE.max))}`,
    ),
    check('bookings_status_check', sql`${t.status} in ${inList(BOOKING_STATUSES)}`),
    check('bookings_total_check', sql`${t.totalAmountCents} >= 0`),
    check('bookings_slot_check', sql`${t.slot} is null or ${t.slot} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('bookings_language_check', sql`${t.language} in ${inList(LANGUAGES)}`),
    index('bookings_activity_idx').on(t.activityId, t.bookingDate),
    // The hourly job looks for the bookings of a few days (docs/mail.md#scheduled-mails).
    index('bookings_date_idx').on(t.bookingDate),
    index('bookings_user_idx').on(t.userId),
    index('bookings_email_idx').on(sql`lower(${t.customerEmail})`),
    // The retention job looks for the bookings whose guest details are still kept.
    index('bookings_kept_details_idx')
      .on(t.bookingDate)
      .where(sql`${t.anonymisedAt} is null`),
  ],
);

/** Every change of a booking's status, with who made it and when (docs/product.md#bookings). */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 20 }),
    toStatus: varchar('to_status', { length: 20 }).notNull(),
    actor: varchar('actor', { length: 20 }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('booking_events_actor_check', sql`${t.actor} in ${inList(BOOKING_ACTORS)}`),
    index('booking_events_booking_idx').on(t.bookingId, t.createdAt),
  ],
);

/** The mails the hourly job sends about a booking once, when its day calls for it (docs/mail.md#scheduled-mails). */
export const BOOKING_MAIL_KINDS = ['review_invitation', 'reminder'] as const;
export type BookingMailKind = (typeof BOOKING_MAIL_KINDS)[number];

/**
 * Which scheduled mail a booking has had: written in the same transaction as the mail's outbox row,
 * so a mail is queued exactly once, whatever the number of app instances and restarts.
 */
export const bookingMails = pgTable(
  'booking_mails',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 40 }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.kind], name: 'booking_mails_pkey' }),
    check('booking_mails_kind_check', sql`${t.kind} in ${inList(BOOKING_MAIL_KINDS)}`),
  ],
);
