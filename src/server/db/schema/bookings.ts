import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { BOOKING_PEOPLE, BOOKING_STATUSES } from '../../../domain/bookings.js';
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
    totalAmount: numeric('total_amount', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'bookings_people_check',
      sql`${t.numberOfPeople} between ${sql.raw(String(BOOKING_PEOPLE.min))} and ${sql.raw(String(BOOKING_PEOPLE.max))}`,
    ),
    check('bookings_status_check', sql`${t.status} in ${inList(BOOKING_STATUSES)}`),
    check('bookings_total_check', sql`${t.totalAmount} >= 0`),
    index('bookings_activity_idx').on(t.activityId, t.bookingDate),
  ],
);
