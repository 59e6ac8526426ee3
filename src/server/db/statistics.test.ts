import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_AREA } from '../../domain/geo.js';
import { fixedClock } from '../deps.js';
import { publicActivities } from '../modules/catalog/repository.js';
import { writeFluxFolder } from '../modules/imports/datatourisme/flux-writer.js';
import { runImport } from '../modules/imports/datatourisme/importer.js';
import { localSource } from '../modules/imports/datatourisme/source.js';
import { market } from '../modules/imports/datatourisme/test-objects.js';
import { createTestDatabase } from '../test/test-db.js';
import { type Database, queryRows } from './client.js';
import { resetDemoContent } from './seed/index.js';
import { seedScale } from './seed/scale.js';
import { CATALOGUE_TABLES, ensureStatistics, STATISTICS_MIN_ACTIVITIES } from './statistics.js';

/**
 * The planner's statistics of the catalogue's tables (docs/architecture.md#the-planners-statistics):
 * made where they are missing or the table has doubled since, by the catalogue's large reads and
 * after an import; left alone otherwise.
 */
let database: Database;
let dir: string;

/** What the planner takes the table of activities to hold: -1 when it was never analysed. */
async function estimated(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select reltuples::float8 as n from pg_class where oid = 'activities'::regclass`,
  );
  return row?.n ?? Number.NaN;
}

const counted = async () =>
  (await queryRows<{ n: number }>(database.db, sql`select count(*)::float8 as n from activities`))[0]?.n ?? 0;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'dl-statistics-'));
  // Only what this test does analyses here: a PostgreSQL server's autovacuum is kept out of its tables.
  for (const table of CATALOGUE_TABLES)
    await database.db.execute(sql.raw(`alter table ${table} set (autovacuum_enabled = false)`));
  await resetDemoContent(database.db, { accounts: false });
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the planner’s statistics', () => {
  it('are left alone below the minimum of activities', async () => {
    expect(await counted()).toBeLessThan(STATISTICS_MIN_ACTIVITIES);
    const before = await estimated();
    expect(await ensureStatistics(database.db)).toBe(false);
    expect(await estimated()).toBe(before);
  });

  it('are made by a whole read of activities never analysed, and then left alone', async () => {
    await seedScale(database.db, 300);
    // Never analysed (-1), or from before the activities were written.
    expect(await estimated()).toBeLessThan((await counted()) / 2);
    expect((await publicActivities(database.db)).length).toBeGreaterThan(STATISTICS_MIN_ACTIVITIES);
    expect(await estimated()).toBe(await counted());
    expect(await ensureStatistics(database.db)).toBe(false);
  });

  it('are made again once the table has more than doubled, by an import run', async () => {
    const before = await estimated();
    await seedScale(database.db, 2 * before + 50);
    expect(await estimated()).toBe(before);
    // A real run analyses after it (a dry run writes nothing and leaves them).
    const folder = path.join(dir, 'flux');
    await writeFluxFolder(folder, [market()]);
    const run = async (dryRun: boolean) =>
      runImport(
        { db: database.db, clock: fixedClock('2026-11-26T10:00:00Z'), area: DEFAULT_SERVICE_AREA },
        await localSource(folder),
        { dryRun },
      );
    await run(true);
    expect(await estimated()).toBe(before);
    expect((await run(false)).created).toBe(1);
    expect(await estimated()).toBe(await counted());
  });
});
