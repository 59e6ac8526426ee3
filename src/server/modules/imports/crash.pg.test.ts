import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../config.js';
import { type Database, queryRows } from '../../db/client.js';
import { fixedClock, systemClock } from '../../deps.js';
import { createTestDatabase } from '../../test/test-db.js';
import { BATCH_SIZE } from './datatourisme/importer.js';
import { writeFluxZip } from './datatourisme/flux-writer.js';
import { claimRun, failInterruptedRuns, isRunning, STALE_RUN_MS } from './service.js';
import { type Planned, plannedObjects } from './test-flux.js';

/**
 * kill -9 in the middle of `npm run import` (docs/datatourisme.md#known-limits), on PostgreSQL: the
 * batches it committed are whole (each activity with its source row and its translations, no part
 * of the batch it was writing), its run stays `running` and blocks every other run, from the
 * command line as from the console, until it is stale; then a second run imports the rest, each
 * object once. Ctrl-C (SIGTERM here) marks the run failed at once.
 */

/** The children's connections are named, so that the test can see their transactions. */
const APP_NAME = 'dl-crash-import';
/** In-area objects: ten full batches; every 50th object is one more, outside the service area. */
const BATCHES = 10;
const IN_AREA = BATCHES * BATCH_SIZE;

let database: Database;
let url = '';
let work: string;
let zip: string;
let planned: Planned[];
const children = new Set<ChildProcess>();
let standIn: Server | null = null;

beforeAll(async () => {
  database = await createTestDatabase({
    through: (given) => {
      url = given;
      return given;
    },
  });
  work = await mkdtemp(path.join(tmpdir(), 'dl-import-crash-'));
  zip = path.join(work, 'flux.zip');
  const flux = plannedObjects(BATCHES);
  planned = flux.planned;
  await writeFluxZip(zip, flux.objects);
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  standIn?.closeAllConnections();
  standIn?.close();
  await database?.close();
  await rm(work, { recursive: true, force: true });
});

/** `npm run import -- datatourisme <args>` as its own process, on this file's database. */
function importCli(...args: string[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(PROJECT_ROOT, 'src/server/import-cli.ts'), 'datatourisme', ...args],
    {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: url,
        DATA_DIR: work,
        PGAPPNAME: APP_NAME,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(child);
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = once(child, 'exit').then(([code, signal]) => {
    children.delete(child);
    return { code: code as number | null, signal: signal as NodeJS.Signals | null, out };
  });
  return { child, exited };
}

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(database.db, query))[0] as T;

/** What the database holds of the import now. */
async function imported() {
  const sources = await queryRows<{ source_id: string; activity_id: number }>(
    database.db,
    sql`select source_id, activity_id from activity_sources order by activity_id`,
  );
  const counts = await one<{ activities: number; orphans: number; sourceless: number; distinct: number }>(sql`
    select (select count(*)::int from activities) as activities,
           (select count(*)::int from activities a where not exists
              (select 1 from activity_sources s where s.activity_id = a.id)) as sourceless,
           (select count(*)::int from activity_sources s where not exists
              (select 1 from activities a where a.id = s.activity_id)) as orphans,
           (select count(distinct source_id)::int from activity_sources) as distinct`);
  const translations = await queryRows<{ source_id: string; languages: string[] }>(
    database.db,
    sql`select s.source_id, array_agg(t.language order by t.language) as languages
        from activity_sources s join activity_translations t on t.activity_id = s.activity_id
        group by s.source_id`,
  );
  return { sources, ...counts, translations: new Map(translations.map((t) => [t.source_id, t.languages])) };
}

/** Each imported activity has exactly the translations its object has. */
function expectTranslations(state: Awaited<ReturnType<typeof imported>>, ids: string[]) {
  const byId = new Map(planned.map((p) => [p.sourceId, p]));
  for (const id of ids) {
    expect(state.translations.get(id) ?? [], id).toEqual([...(byId.get(id)?.translations ?? [])].sort());
  }
}

const runs = () =>
  queryRows<{ id: number; status: string; dry_run: boolean; report: Record<string, unknown> }>(
    database.db,
    sql`select id, status, dry_run, report from import_runs order by id`,
  );

it('leaves whole batches after a kill -9 mid-batch, blocks other runs until stale, and a second run imports the rest once', async () => {
  const inAreaIds = planned.filter((p) => p.inArea).map((p) => p.sourceId);
  expect(inAreaIds).toHaveLength(IN_AREA);

  // 1. The first run is killed while it writes a batch, after at least one batch committed: its
  // connection holds a transaction that has written (it has an xid) at the moment of the kill.
  const first = importCli(zip);
  let committedAtKill = -1;
  let exitedEarly = false;
  void first.exited.then(() => (exitedEarly = committedAtKill < 0));
  for (const started = Date.now(); committedAtKill < 0;) {
    if (exitedEarly) throw new Error(`the import ended before it was killed:\n${(await first.exited).out}`);
    if (Date.now() - started > 40_000) throw new Error('no batch committed in 40 s');
    const now = await one<{ committed: number; writing: boolean }>(sql`
      select (select count(*)::int from activity_sources) as committed,
             exists (select 1 from pg_stat_activity where datname = current_database()
                     and application_name = ${APP_NAME} and backend_xid is not null) as writing`);
    if (now.committed > 0 && now.writing) {
      first.child.kill('SIGKILL');
      committedAtKill = now.committed;
    } else await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect((await first.exited).signal).toBe('SIGKILL');
  // The server rolls back the killed connection's transaction once it sees the connection gone.
  await expect
    .poll(() =>
      one<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where application_name = ${APP_NAME}`),
    )
    .toEqual({ n: 0 });

  // 2. Whole batches: the first k batches' objects, in the flux's order, each with its source row and
  // translations; nothing of the batch being written.
  const afterKill = await imported();
  const k = afterKill.sources.length / BATCH_SIZE;
  expect(Number.isInteger(k), `${afterKill.sources.length} activities is not a whole number of batches`).toBe(true);
  expect(afterKill.sources.length).toBeGreaterThanOrEqual(committedAtKill);
  expect(afterKill.sources.length).toBeLessThan(IN_AREA);
  expect(afterKill.sources.map((s) => s.source_id).sort()).toEqual(inAreaIds.slice(0, k * BATCH_SIZE).sort());
  expect(afterKill).toMatchObject({ activities: k * BATCH_SIZE, sourceless: 0, orphans: 0, distinct: k * BATCH_SIZE });
  expectTranslations(
    afterKill,
    afterKill.sources.map((s) => s.source_id),
  );
  const [killed] = await runs();
  expect(killed).toMatchObject({ status: 'running', dry_run: false });

  // 3. The killed run still blocks: another command line exits 3 and claims nothing, and so would the console.
  const second = await importCli(zip).exited;
  expect(second.code, second.out).toBe(3);
  expect(second.out).toContain(`Another import is running (run ${killed?.id}`);
  expect(await runs()).toHaveLength(1);
  expect(await isRunning({ db: database.db, clock: systemClock })).toBe(true);
  await expect(
    claimRun({ db: database.db, clock: systemClock }, { location: 'x.zip', dryRun: true, startedBy: null }),
  ).rejects.toMatchObject({ code: 'IMPORT_RUNNING' });
  expect((await imported()).sources).toHaveLength(k * BATCH_SIZE);

  // 4. Once stale (its heartbeat STALE_RUN_MS old, as every claim checks), it is marked failed and blocks no more.
  const later = fixedClock(new Date(Date.now() + STALE_RUN_MS + 60_000));
  expect(await isRunning({ db: database.db, clock: later })).toBe(false);
  expect(await failInterruptedRuns({ db: database.db, clock: later })).toBe(1);
  expect((await runs())[0]).toMatchObject({
    status: 'failed',
    report: { failure: 'interrupted: the app stopped while it ran' },
  });

  // 5. A second run finishes the job: every in-area object once, the first run's unchanged.
  const third = await importCli(zip).exited;
  expect(third.code, third.out).toBe(0);
  const done = await imported();
  expect(done).toMatchObject({ activities: IN_AREA, sourceless: 0, orphans: 0, distinct: IN_AREA });
  expect(done.sources.map((s) => s.source_id).sort()).toEqual([...inAreaIds].sort());
  expectTranslations(done, inAreaIds);
  const finished = (await runs())[1];
  expect(finished).toMatchObject({
    status: 'done',
    dry_run: false,
    report: {
      read: planned.length,
      created: IN_AREA - k * BATCH_SIZE,
      updated: 0,
      unchanged: k * BATCH_SIZE,
      unpublished: 0,
      failure: null,
      skipped: { out_of_area: { count: planned.length - IN_AREA } },
    },
  });
  expect(third.out).toContain(`created ${IN_AREA - k * BATCH_SIZE}, updated 0, unchanged ${k * BATCH_SIZE}`);
}, 90_000);

it('marks its run failed at once when stopped by a signal, a dry run as a real one', async () => {
  // A flux URL that never answers: the run is claimed before its download starts.
  let asked: () => void = () => undefined;
  const downloading = new Promise<void>((resolve) => (asked = resolve));
  standIn = createServer(() => asked());
  standIn.listen(0, '127.0.0.1');
  await once(standIn, 'listening');
  const feed = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/flux.zip`;
  const cli = importCli(feed, '--dry-run');
  await downloading;
  const [running] = (await runs()).filter((run) => run.status === 'running');
  expect(running).toMatchObject({ dry_run: true });
  cli.child.kill('SIGTERM');
  const ended = await cli.exited;
  expect(ended.code, ended.out).toBe(143);
  const [row] = (await runs()).filter((run) => run.id === running?.id);
  expect(row).toMatchObject({ status: 'failed', report: { failure: 'interrupted: the command got SIGTERM' } });
  expect(await isRunning({ db: database.db, clock: systemClock })).toBe(false);
}, 30_000);
