import { sql } from 'drizzle-orm';
import { type Database, queryRows } from './client.js';

export interface UpkeepReport {
  /** Tables vacuumed (schema-qualified). */
  vacuumed: string[];
  /** How long the round took, in milliseconds. */
  ms: number;
}

/**
 * Autovacuum's vacuuming, done by the app on the embedded database, which has no autovacuum
 * (docs/architecture.md#the-embedded-databases-upkeep): each table that PostgreSQL's own rules and
 * settings would vacuum (dead rows past the threshold, rows inserted since the last vacuum past
 * theirs, or old transaction ids to freeze) is vacuumed. Without it the space of deleted and updated
 * rows (sessions, the outbox, the change log) is never used again and the files only grow. No
 * ANALYZE: it keeps 60 MB more of the process at 50,000 activities, and the statistics that matter
 * are the catalogue's, which ensureStatistics keeps. On a PostgreSQL server autovacuum does all
 * this: null, nothing done.
 */
export async function embeddedUpkeep(database: Database): Promise<UpkeepReport | null> {
  if (database.kind !== 'pglite') return null;
  const started = performance.now();
  const due = await queryRows<{ name: string }>(
    database.db,
    sql`select format('%I.%I', s.schemaname, s.relname) as name
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8
        + current_setting('autovacuum_vacuum_scale_factor')::float8 * greatest(c.reltuples, 0)
      or s.n_ins_since_vacuum > current_setting('autovacuum_vacuum_insert_threshold')::float8
        + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * greatest(c.reltuples, 0)
      or age(c.relfrozenxid) > current_setting('autovacuum_freeze_max_age')::float8
    order by s.schemaname, s.relname`,
  );
  const report: UpkeepReport = { vacuumed: [], ms: 0 };
  for (const { name } of due) {
    // The name comes from the catalogue, quoted by format('%I').
    await database.db.execute(sql.raw(`vacuum ${name}`));
    report.vacuumed.push(name);
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}
