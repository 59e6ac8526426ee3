import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client.js';

/**
 * The tables the public catalogue's read joins (src/server/modules/catalog/repository.ts): the
 * planner's statistics of these decide whether the read is one pass or a pass per activity.
 */
export const CATALOGUE_TABLES = [
  'activities',
  'activity_translations',
  'activity_tags',
  'activity_sources',
  'tags',
  'providers',
  'users',
] as const;

/** Below this many activities even the planner's worst choice for the read costs little. */
export const STATISTICS_MIN_ACTIVITIES = 200;

/**
 * Gives the planner statistics of the catalogue's tables where it has none or where the table has
 * grown past twice what they count (docs/architecture.md#the-planners-statistics). The embedded
 * database has no autovacuum to keep them, and a PostgreSQL server's comes minutes after a bulk
 * write: without them the planner takes a few thousand activities for a handful, and the
 * catalogue's read joined every activity with every text (37 s for 2,000 activities against 0.2 s).
 * Returns whether it analysed; cheap when the statistics hold (two counts).
 */
export async function ensureStatistics(db: Db): Promise<boolean> {
  const [state] = await queryRows<{ estimated: number; counted: number }>(
    db,
    sql`select (select reltuples from pg_class where oid = 'activities'::regclass)::float8 as estimated,
      (select count(*) from activities)::float8 as counted`,
  );
  if (!state || state.counted < STATISTICS_MIN_ACTIVITIES) return false;
  // reltuples is -1 for a table never analysed (PostgreSQL 14 and later).
  if (state.estimated >= 0 && state.counted <= 2 * state.estimated) return false;
  await db.execute(sql`analyze ${sql.raw(CATALOGUE_TABLES.join(', '))}`);
  return true;
}
