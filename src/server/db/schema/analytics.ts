import { index, integer, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
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
