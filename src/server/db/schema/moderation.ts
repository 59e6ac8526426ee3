import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { MODERATION_STATUSES, type ModerationStatus } from '../../../domain/moderation.js';
import { inList } from './sql-helpers.js';
import { users } from './users.js';

/**
 * The columns of the one moderation model (docs/moderation.md): a status,
 * who decided and when, a reason, and the product's `is_approved` flag that
 * mirrors the status.
 */
export const moderationColumns = () => ({
  status: varchar('status', { length: 20 }).$type<ModerationStatus>().notNull().default('pending'),
  isApproved: boolean('is_approved').notNull().default(false),
  moderatedBy: uuid('moderated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  moderatedAt: timestamp('moderated_at', { withTimezone: true }),
  moderationReason: text('moderation_reason'),
});

/** The checks that keep a moderated table's status valid and its flag in step. */
export function moderationChecks(table: string, t: { status: AnyPgColumn; isApproved: AnyPgColumn }) {
  return [
    check(`${table}_status_check`, sql`${t.status} in ${inList(MODERATION_STATUSES)}`),
    check(`${table}_approved_check`, sql`${t.isApproved} = (${t.status} = 'approved')`),
  ];
}
