import { boolean, index, integer, pgTable, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { TAG_NAME_MAX_LENGTH } from '../../../domain/activities.js';
import { activities } from './activities.js';
import { users } from './users.js';

/** Pending: not approved, no approver. Rejected: not approved, approver set (spec 4). */
export const tags = pgTable('tags', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: TAG_NAME_MAX_LENGTH }).notNull().unique(),
  description: text('description'),
  isApproved: boolean('is_approved').notNull().default(false),
  proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
  approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const activityTags = pgTable(
  'activity_tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    isApproved: boolean('is_approved').notNull().default(false),
    proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('activity_tags_activity_tag_key').on(t.activityId, t.tagId),
    index('activity_tags_tag_idx').on(t.tagId),
  ],
);
