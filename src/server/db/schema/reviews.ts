import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Language } from '../../../domain/languages.js';
import { activities } from './activities.js';
import { bookings } from './bookings.js';
import { moderationChecks, moderationColumns } from './moderation.js';
import { users } from './users.js';

/**
 * Reviews, hidden until an admin approves them; one per account per activity and one per booking
 * (docs/product.md#reviews). A typed guest address reserves nothing: it proves nothing.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    guestName: varchar('guest_name', { length: 100 }),
    guestEmail: varchar('guest_email', { length: 320 }),
    rating: integer('rating').notNull(),
    title: varchar('title', { length: 120 }),
    comment: text('comment').notNull(),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /**
     * The booking the review is tied to: the author's own account made it, or the review came
     * through the signed link mailed to its address. Its badge "Verified booking" comes from here
     * only, never from an address typed in the form (docs/security.md#verified-reviews).
     */
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** The language the review was written in. */
    language: varchar('language', { length: 2 }).$type<Language>(),
    /**
     * The author deleted their account or had their address erased and chose to keep the review: it
     * shows "former guest" as its author, with no name, address or account (docs/privacy.md).
     */
    authorErasedAt: timestamp('author_erased_at', { withTimezone: true }),
    ...moderationColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    ...moderationChecks('reviews', t),
    index('reviews_activity_public_idx')
      .on(t.activityId, t.createdAt.desc())
      .where(sql`${t.isApproved}`),
    index('reviews_status_idx').on(t.status, t.createdAt),
    // Download and erasure by address (docs/privacy.md).
    index('reviews_guest_email_idx').on(sql`lower(${t.guestEmail})`),
    uniqueIndex('reviews_one_per_user_key')
      .on(t.activityId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('reviews_one_per_booking_key')
      .on(t.bookingId)
      .where(sql`${t.bookingId} is not null`),
  ],
);
