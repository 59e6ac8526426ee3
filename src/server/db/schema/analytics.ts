import { date, index, integer, jsonb, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { activities } from './activities.js';
import { users } from './users.js';

export const analytics = pgTable(
  'analytics',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    event: varchar('event', { length: 60 }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_activity_idx').on(t.activityId, t.createdAt)],
);

/**
 * What visitors did with an activity, counted per day (docs/provider-workspace.md#numbers):
 * counters only, no person, address, cookie or time of day.
 */
export const activityDailyStats = pgTable(
  'activity_daily_stats',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    favourites: integer('favourites').notNull().default(0),
    websiteClicks: integer('website_clicks').notNull().default(0),
    phoneClicks: integer('phone_clicks').notNull().default(0),
    directionsClicks: integer('directions_clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.day] })],
);
