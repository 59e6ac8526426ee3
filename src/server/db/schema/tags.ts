import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { TAG_NAME_MAX_LENGTH } from '../../../domain/activities.js';
import { activities } from './activities.js';
import { moderationChecks, moderationColumns } from './moderation.js';
import { users } from './users.js';

/** Tags people propose; pending until an admin approves or rejects them (docs/moderation.md). */
export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: TAG_NAME_MAX_LENGTH }).notNull().unique(),
    description: text('description'),
    proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    ...moderationColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...moderationChecks('tags', t),
    index('tags_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

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
    proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    ...moderationColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('activity_tags_activity_tag_key').on(t.activityId, t.tagId),
    index('activity_tags_tag_idx').on(t.tagId),
    ...moderationChecks('activity_tags', t),
  ],
);
