import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../config.js';
import { openPglite, queryRows } from '../../db/client.js';
import { writeFluxZip } from './datatourisme/flux-writer.js';
import { market, testObject } from './datatourisme/test-objects.js';

/**
 * `npm run import` on the embedded database (docs/datatourisme.md#one-run-at-a-time): it is the only
 * process on the database's files, so a run a killed command left `running` is marked failed when
 * the next one starts, instead of blocking it.
 */
let dataDir: string;
let zip: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'dl-import-cli-'));
  zip = path.join(dataDir, 'flux.zip');
  const castle = testObject({
    uuid: '5e1f0c2a-0000-4000-8000-000000000001',
    types: ['CulturalSite', 'Castle', 'PlaceOfInterest', 'PointOfInterest'],
    names: { fr: 'Château de test', en: 'Test castle' },
    latitude: '43.06',
    longitude: '2.22',
  });
  await writeFluxZip(zip, [market(), castle]);
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

function importCli(...args: string[]) {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(PROJECT_ROOT, 'src/server/import-cli.ts'), 'datatourisme', ...args],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

/** The embedded database's rows, opened while no command runs. */
async function withDatabase<T>(use: (db: Awaited<ReturnType<typeof openPglite>>['db']) => Promise<T>) {
  const database = await openPglite(path.join(dataDir, 'pglite'));
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

it('marks a run a killed command left running failed, and imports', async () => {
  const first = importCli(zip);
  expect(first.code, first.out).toBe(0);
  expect(first.out).toContain('created 2, updated 0, unchanged 0');
  // As a kill -9 leaves it: the run still `running`, started a minute ago (far from stale).
  await withDatabase((db) =>
    db.execute(sql`update import_runs set status = 'running', started_at = now() - interval '1 minute'`),
  );
  const second = importCli(zip, '--dry-run');
  expect(second.code, second.out).toBe(0);
  expect(second.out).toContain('created 0, updated 0, unchanged 2');
  const runs = await withDatabase((db) =>
    queryRows<{ status: string; dry_run: boolean; failure: string | null }>(
      db,
      sql`select status, dry_run, report->>'failure' as failure from import_runs order by id`,
    ),
  );
  expect(runs).toEqual([
    { status: 'failed', dry_run: false, failure: 'interrupted: the app stopped while it ran' },
    { status: 'done', dry_run: true, failure: null },
  ]);
}, 120_000);
