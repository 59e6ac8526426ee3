import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { activities } from './activities.js';
import { users } from './users.js';

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
    isApproved: boolean('is_approved').notNull().default(false),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    moderatedBy: uuid('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    moderationReason: text('moderation_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    index('reviews_activity_public_idx')
      .on(t.activityId, t.createdAt.desc())
      .where(sql`${t.isApproved}`),
  ],
);
