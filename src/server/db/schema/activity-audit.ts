import { index, integer, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import type { ActivityAuditAction } from '../../../domain/admin-activities.js';
import { activities } from './activities.js';
import { users } from './users.js';

/**
 * Every change an admin makes to an activity (docs/moderation.md#the-admins-changes): who, when, what
 * (the action and the fields it changed, shortly). Written in the transaction of the change.
 */
export const activityAudit = pgTable(
  'activity_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    /** The admin; null once their account is deleted. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 20 }).$type<ActivityAuditAction>().notNull(),
    /** The changed fields with their new values (long texts shortened). */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('activity_audit_activity_idx').on(t.activityId, t.id)],
);
