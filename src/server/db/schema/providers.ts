import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { moderationChecks, moderationColumns } from './moderation.js';
import { users } from './users.js';

/** A provider's application and business details; pending until an admin decides (docs/moderation.md). */
export const providers = pgTable(
  'providers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The account that manages this provider. */
    userId: uuid('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 320 }).notNull(),
    phone: varchar('phone', { length: 40 }),
    company: varchar('company', { length: 200 }),
    address: text('address'),
    ...moderationColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('providers_email_lower_key').on(sql`lower(${t.email})`), ...moderationChecks('providers', t)],
);
