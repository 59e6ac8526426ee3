import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { PROVIDER_STATUSES } from '../../../domain/roles.js';
import { inList } from './sql-helpers.js';
import { users } from './users.js';

export const providers = pgTable(
  'providers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The account that manages this provider. */
    userId: uuid('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 320 }).notNull().unique(),
    phone: varchar('phone', { length: 40 }),
    company: varchar('company', { length: 200 }),
    address: text('address'),
    isApproved: boolean('is_approved').notNull().default(false),
    /** pending -> approved | rejected (spec 4); isApproved mirrors 'approved'. */
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('providers_status_check', sql`${t.status} in ${inList(PROVIDER_STATUSES)}`),
    check('providers_approved_check', sql`${t.isApproved} = (${t.status} = 'approved')`),
  ],
);
