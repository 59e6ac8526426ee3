import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../config.js';
import { openPglite, queryRows } from '../../db/client.js';
import { writeFluxZip } from './datatourisme/flux-writer.js';
import { BATCH_SIZE } from './datatourisme/importer.js';
import { market, testObject } from './datatourisme/test-objects.js';
import { writeMigratedEmbeddedDatabase } from '../../test/test-db.js';
import { plannedObjects } from './test-flux.js';

/**
 * `npm run import` on the embedded database (docs/datatourisme.md#one-run-at-a-time): it is the only
 * process on the database's files, so a run a killed command left `running` is marked failed when
 * the next one starts, instead of blocking it. Killed with SIGKILL in the middle of a run, it leaves
 * whole batches, and the next run imports the rest once.
 */
let dataDir: string;
let zip: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'dl-import-cli-'));
  // Every database here is migrated already, from the run's template: the commands are the subject.
  await writeMigratedEmbeddedDatabase(path.join(dataDir, 'pglite'));
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

const cliArgs = (...args: string[]) => [
  '--import',
  'tsx',
  path.join(PROJECT_ROOT, 'src/server/import-cli.ts'),
  'datatourisme',
  ...args,
];
const cliEnv = (dir: string) => ({
  ...process.env,
  DATA_DIR: dir,
  DATABASE_URL: '',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
});

function importCli(...args: string[]) {
  const run = spawnSync(process.execPath, cliArgs(...args), {
    env: cliEnv(dataDir),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

/** The embedded database's rows, opened while no command runs. */
async function withDatabase<T>(
  use: (db: Awaited<ReturnType<typeof openPglite>>['db']) => Promise<T>,
  dir: string = dataDir,
) {
  const database = await openPglite(path.join(dir, 'pglite'));
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

/** `npm run import` on `dir`'s embedded database as its own process, not waited for. */
function startImport(dir: string, ...args: string[]) {
  const child = spawn(process.execPath, cliArgs(...args), { env: cliEnv(dir), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
    out,
  }));
  return { child, exited };
}

/** The file of the table activity_translations in `dir`'s embedded database (it grows as rows are written, committed or not). */
const translationsFile = async (dir: string) =>
  path.join(
    dir,
    'pglite',
    await withDatabase(async (db) => {
      const [row] = await queryRows<{ file: string }>(
        db,
        sql`select pg_relation_filepath('activity_translations') as file`,
      );
      return row?.file ?? '';
    }, dir),
  );

/** What the database holds of the import. */
const imported = (dir: string) =>
  withDatabase(async (db) => {
    const sources = await queryRows<{ source_id: string }>(
      db,
      sql`select source_id from activity_sources order by activity_id`,
    );
    const [counts] = await queryRows<{ activities: number; orphans: number; sourceless: number; distinct: number }>(
      db,
      sql`select (select count(*)::int from activities) as activities,
                 (select count(*)::int from activities a where not exists
                    (select 1 from activity_sources s where s.activity_id = a.id)) as sourceless,
                 (select count(*)::int from activity_sources s where not exists
                    (select 1 from activities a where a.id = s.activity_id)) as orphans,
                 (select count(distinct source_id)::int from activity_sources) as distinct`,
    );
    const translations = await queryRows<{ source_id: string; languages: string[] }>(
      db,
      sql`select s.source_id, array_agg(t.language order by t.language) as languages
          from activity_sources s join activity_translations t on t.activity_id = s.activity_id
          group by s.source_id`,
    );
    const runs = await queryRows<{ status: string; dry_run: boolean; report: Record<string, unknown> | null }>(
      db,
      sql`select status, dry_run, report from import_runs order by id`,
    );
    return {
      sources: sources.map((s) => s.source_id),
      ...counts,
      translations: new Map(translations.map((t) => [t.source_id, t.languages])),
      runs,
    };
  }, dir);

it('leaves whole batches after a kill -9 mid-run, and the next run imports the rest once', async () => {
  const BATCHES = 6;
  const flux = plannedObjects(BATCHES);
  const inArea = flux.planned.filter((p) => p.inArea);
  const fluxZip = path.join(dataDir, 'large.zip');
  await writeFluxZip(fluxZip, flux.objects);

  // 1. Measured: how large the first batch makes the file of activity_translations, from a run of
  // the flux's first batch alone (the same objects) on a database of its own. The file only grows
  // (PostgreSQL writes a table's new pages to its file as it adds them, committed or not), and the
  // batches are written one after the other, so once the file is larger than that, the second batch
  // is being written: the first has committed. This does not depend on the machine's speed: on a
  // slow, loaded machine the import is slower too, and the poll below still sees the same point.
  const measureDir = await mkdtemp(path.join(tmpdir(), 'dl-import-measure-'));
  let perBatch: number;
  try {
    await writeMigratedEmbeddedDatabase(path.join(measureDir, 'pglite'));
    const firstBatchZip = path.join(measureDir, 'first.zip');
    await writeFluxZip(firstBatchZip, plannedObjects(1).objects);
    const measured = await startImport(measureDir, firstBatchZip).exited;
    expect(measured.code, measured.out).toBe(0);
    expect(measured.out).toContain(`created ${BATCH_SIZE}, updated 0`);
    perBatch = (await stat(await translationsFile(measureDir))).size;
  } finally {
    await rm(measureDir, { recursive: true, force: true });
  }
  expect(perBatch).toBeGreaterThan(0);

  // 2. The run to kill, on a fresh database (made here, to find the table's file first): killed
  // once the file holds more than one and a half batches' worth. A batch writes its activities,
  // then their translations, then its source rows, so the kill falls inside the second batch's
  // transaction (measured: always, with 200 activities committed): without that transaction its
  // activities would stay without their source rows. The four batches after it leave the poll room (one takes seconds).
  const killDir = await mkdtemp(path.join(tmpdir(), 'dl-import-kill-'));
  try {
    await writeMigratedEmbeddedDatabase(path.join(killDir, 'pglite'));
    const file = await translationsFile(killDir);
    const first = startImport(killDir, fluxZip);
    let ended = false;
    void first.exited.then(() => (ended = true));
    let sizeAtKill = 0;
    for (const started = Date.now(); ;) {
      if (ended) throw new Error(`the import ended before it was killed:\n${(await first.exited).out}`);
      if (Date.now() - started > 40_000) throw new Error('the import wrote no second batch in 40 s');
      const size = await stat(file).then((s) => s.size);
      if (size > 1.5 * perBatch) {
        first.child.kill('SIGKILL');
        sizeAtKill = size;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await first.exited).signal).toBe('SIGKILL');

    // 3. The database opens again (PGlite recovers from its write-ahead log), with whole batches:
    // the flux's first k batches in order, each activity with its source row and all its
    // translations, nothing of the batch being written; the killed run is still `running`.
    const afterKill = await imported(killDir);
    const k = afterKill.sources.length / BATCH_SIZE;
    expect(Number.isInteger(k), `${afterKill.sources.length} activities is not a whole number of batches`).toBe(true);
    expect(k, `file at ${sizeAtKill} bytes, one batch makes ${perBatch}`).toBeGreaterThanOrEqual(1);
    expect(k).toBeLessThan(BATCHES);
    const firstK = inArea.slice(0, k * BATCH_SIZE);
    expect(afterKill.sources).toEqual(firstK.map((p) => p.sourceId));
    expect(afterKill).toMatchObject({
      activities: k * BATCH_SIZE,
      sourceless: 0,
      orphans: 0,
      distinct: k * BATCH_SIZE,
    });
    for (const p of firstK)
      expect(afterKill.translations.get(p.sourceId) ?? [], p.sourceId).toEqual([...p.translations].sort());
    expect(afterKill.runs).toEqual([expect.objectContaining({ status: 'running', dry_run: false })]);

    // 4. The next run marks the killed one failed and imports the rest: every in-area object once.
    const second = await startImport(killDir, fluxZip).exited;
    expect(second.code, second.out).toBe(0);
    expect(second.out).toContain(`created ${(BATCHES - k) * BATCH_SIZE}, updated 0, unchanged ${k * BATCH_SIZE}`);
    const done = await imported(killDir);
    expect(done).toMatchObject({
      activities: BATCHES * BATCH_SIZE,
      sourceless: 0,
      orphans: 0,
      distinct: BATCHES * BATCH_SIZE,
    });
    expect([...done.sources].sort()).toEqual(inArea.map((p) => p.sourceId).sort());
    for (const p of inArea)
      expect(done.translations.get(p.sourceId) ?? [], p.sourceId).toEqual([...p.translations].sort());
    expect(done.runs).toEqual([
      expect.objectContaining({
        status: 'failed',
        dry_run: false,
        report: expect.objectContaining({ failure: 'interrupted: the app stopped while it ran' }),
      }),
      expect.objectContaining({
        status: 'done',
        dry_run: false,
        report: expect.objectContaining({
          read: flux.planned.length,
          created: (BATCHES - k) * BATCH_SIZE,
          updated: 0,
          unchanged: k * BATCH_SIZE,
          failure: null,
        }),
      }),
    ]);
  } finally {
    await rm(killDir, { recursive: true, force: true });
  }
}, 90_000);
