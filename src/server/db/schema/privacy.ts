import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { ERASURE_KINDS, type ErasureKind } from '../../../domain/privacy.js';
import { inList } from './sql-helpers.js';
import { users } from './users.js';

/**
 * A link mailed to a guest's address to download what the guide holds under it
 * (docs/privacy.md#download-my-data). Only a hash of the link's token is kept; the link works once,
 * until `expires_at`.
 */
export const dataLinks = pgTable(
  'data_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 of the token in the link, hex. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    /** The address the link was mailed to (lower case): the data it opens is this address's. */
    email: varchar('email', { length: 320 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the link was used: a second use is refused. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('data_links_expires_idx').on(t.expiresAt)],
);

/**
 * The record that an erasure was done (docs/privacy.md#erasure-on-request): who and when, never
 * what: no address, no name, no count.
 */
export const erasures = pgTable(
  'erasures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar('kind', { length: 20 }).$type<ErasureKind>().notNull(),
    /** The admin who erased on request, or the person who deleted their own account (then null: they are gone). */
    erasedBy: uuid('erased_by').references(() => users.id, { onDelete: 'set null' }),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('erasures_kind_check', sql`${t.kind} in ${inList(ERASURE_KINDS)}`),
    index('erasures_erased_at_idx').on(t.erasedAt.desc()),
  ],
);
