import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { activities } from './activities.js';
import { users } from './users.js';

/** A photo as the source gave it, with what its licence asks (docs/datatourisme.md#photos). */
export interface SourcePhoto {
  url: string | null;
  credits: string | null;
  licence: string | null;
  skipped: string | null;
}

/**
 * Where an imported activity comes from (docs/datatourisme.md#identity-and-sync): the source's key
 * (a DATAtourisme `@id`), what the import last wrote (so that a field changed here is never
 * overwritten) and the attribution its licence asks for. Written in the transaction that writes
 * the activity: an activity is never half imported.
 */
export const activitySources = pgTable(
  'activity_sources',
  {
    activityId: integer('activity_id')
      .primaryKey()
      .references(() => activities.id, { onDelete: 'cascade' }),
    source: varchar('source', { length: 20 }).notNull(),
    sourceId: text('source_id').notNull().unique(),
    /** A hash of the mapped object: the same hash, nothing to do. */
    contentHash: varchar('content_hash', { length: 64 }).notNull(),
    /** Each field's value as the import last wrote it. */
    importedValues: jsonb('imported_values').$type<Record<string, unknown>>().notNull(),
    creator: text('creator'),
    publisher: text('publisher'),
    /** The producer's last update, as the flux gives it. */
    lastUpdate: varchar('last_update', { length: 40 }),
    /** Language and field pairs a translation service wrote. */
    machineTranslated: jsonb('machine_translated').$type<{ language: string; field: string }[]>().notNull().default([]),
    photo: jsonb('photo').$type<SourcePhoto | null>(),
    /** Set when a full snapshot no longer had the object: the import took it offline, and puts it back if it returns. */
    unpublishedAt: timestamp('unpublished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('activity_sources_source_idx').on(t.source)],
);

/** One import, dry or not, with its report (docs/datatourisme.md#runs-and-reports). */
export const importRuns = pgTable('import_runs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  source: varchar('source', { length: 20 }).notNull(),
  /** The ZIP's name, the folder or the URL read. */
  location: text('location').notNull(),
  dryRun: boolean('dry_run').notNull(),
  status: varchar('status', { length: 10 }).$type<'running' | 'done' | 'failed'>().notNull(),
  report: jsonb('report').$type<Record<string, unknown>>().notNull().default({}),
  /** The admin who started it; null for the command line and the schedule. */
  startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** Renewed while the run goes on (docs/datatourisme.md#one-run-at-a-time): a run whose beat stops goes stale. */
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
});
