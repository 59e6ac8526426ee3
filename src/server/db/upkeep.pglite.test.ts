import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-db.js';
import { type Database, queryRows } from './client.js';
import { embeddedUpkeep } from './upkeep.js';

/**
 * Autovacuum's vacuuming on the embedded database (docs/architecture.md#the-embedded-databases-upkeep):
 * a table with dead rows past PostgreSQL's threshold is vacuumed and the space given back, so is a
 * table filled past the insert threshold, and the rest are left alone; a PostgreSQL server is left to
 * its own autovacuum. The embedded database's engine only (*.pglite.test.ts).
 */
let database: Database;

const bytes = async (table: string) =>
  (await queryRows<{ n: number }>(database.db, sql`select pg_relation_size(${table})::float8 as n`))[0]?.n ?? NaN;
const lastVacuum = async (table: string) =>
  (
    await queryRows<{ at: string | null }>(
      database.db,
      sql`select last_vacuum as at from pg_stat_user_tables where relname = ${table}`,
    )
  )[0]?.at ?? null;
/**
 * The counts of the statements so far, in the statistics: a session reports them at the end of a
 * later statement, at most once a second unless asked.
 */
const countsReported = async () => {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  await database.db.execute(sql`select 1`);
};
const ours = (names: string[] | undefined) => (names ?? []).filter((name) => name.startsWith('public.upkeep_'));

beforeAll(async () => {
  database = await createTestDatabase();
  // Scratch tables of this test only.
  for (const table of ['upkeep_emptied', 'upkeep_filled', 'upkeep_small', 'upkeep_quiet']) {
    await database.db.execute(sql.raw(`create table ${table} (id integer primary key, body text)`));
  }
  await database.db.execute(sql`insert into upkeep_quiet select g, 'q' from generate_series(1, 20) g`);
  await database.db.execute(sql`vacuum (analyze) upkeep_quiet`);
  await database.db.execute(sql`insert into upkeep_emptied select g, repeat('x', 200) from generate_series(1, 3000) g`);
  await database.db.execute(sql`vacuum (analyze) upkeep_emptied`);
  await database.db.execute(sql`delete from upkeep_emptied`);
  // Past the insert threshold (1,000 rows), and short of it.
  await database.db.execute(sql`insert into upkeep_filled select g, 'y' from generate_series(1, 1500) g`);
  await database.db.execute(sql`insert into upkeep_small select g, 'z' from generate_series(1, 600) g`);
  await countsReported();
});
afterAll(async () => {
  await database.close();
});

describe('the embedded database’s upkeep', () => {
  it('vacuums a table full of dead rows, whose space comes back, and a table filled since, and leaves the others', async () => {
    expect(await bytes('upkeep_emptied')).toBeGreaterThan(500_000);
    const quietVacuumed = await lastVacuum('upkeep_quiet');

    const report = await embeddedUpkeep(database);
    expect(ours(report?.vacuumed)).toEqual(['public.upkeep_emptied', 'public.upkeep_filled']);
    // Every row was deleted: the table's file is cut back to nothing.
    expect(await bytes('upkeep_emptied')).toBe(0);
    await countsReported();
    expect(await lastVacuum('upkeep_filled')).not.toBeNull();
    expect(await lastVacuum('upkeep_small')).toBeNull();
    expect(await lastVacuum('upkeep_quiet')).toBe(quietVacuumed);

    // Done: the next round finds nothing of these to do.
    expect(ours((await embeddedUpkeep(database))?.vacuumed)).toEqual([]);
  });

  it('is left to autovacuum on a PostgreSQL server', async () => {
    await database.db.execute(sql`delete from upkeep_filled`);
    await countsReported();
    const before = await bytes('upkeep_filled');
    expect(await embeddedUpkeep({ ...database, kind: 'postgres' })).toBeNull();
    expect(await bytes('upkeep_filled')).toBe(before);
    expect(ours((await embeddedUpkeep(database))?.vacuumed)).toEqual(['public.upkeep_filled']);
  });
});
