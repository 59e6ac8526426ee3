import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, not, sql } from 'drizzle-orm';
import { addDays, todayInParis, TIME_ZONE } from '../../../domain/dates.js';
import {
  DEFAULT_IMPORT_TIME,
  type ImportRun,
  type ImportRunReport,
  type ImportSettings,
  type ImportSettingsInput,
} from '../../../domain/imports.js';
import type { Page, PageQuery } from '../../../domain/pagination.js';
import type { Db } from '../../db/client.js';
import { adminSettings, importRuns } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { releaseUnusedPhotos, uploadsDirOf } from '../photos/service.js';
import { downloadFlux } from './datatourisme/download.js';
import { emptyReport, runImport, SOURCE } from './datatourisme/importer.js';
import { fetchPhoto } from './datatourisme/photo-fetch.js';
import { type FluxSource, zipSource } from './datatourisme/source.js';

/**
 * The console's imports and the daily import from the flux URL (docs/datatourisme.md#running-an-import):
 * one run at a time, claimed in the database so that every instance sees it; the run goes on in the
 * background and its report is read from its row.
 */

export type ImportDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'log'>;

/** How often a run going on renews its heartbeat. */
export const HEARTBEAT_MS = 30_000;
/**
 * A run `running` whose heartbeat is older than this was left by a process that stopped (killed,
 * the machine down): it no longer blocks (docs/datatourisme.md#one-run-at-a-time).
 */
export const STALE_RUN_MS = 5 * 60 * 1000;
/** The daily import starts at its time or within this long after (an instance started late catches up). */
export const SCHEDULE_WINDOW_MINUTES = 120;

/** Serialises the claims of a run (any number, unique in the app: the admins' role changes use 470113). */
const RUN_LOCK = 470_133;

export const SETTING_KEYS = {
  feedUrl: 'imports.datatourisme.feedUrl',
  time: 'imports.datatourisme.time',
  /** The Paris day of the last scheduled import started: the claim that makes it once a day. */
  lastScheduled: 'imports.datatourisme.lastScheduled',
} as const;

/** Where uploads and downloads wait while they are imported. */
export const importsDirOf = (config: Pick<Deps['config'], 'dataDir'>) => path.join(config.dataDir, 'imports');

/** The objects read so far by the runs of this instance, per database. */
const progressByDb = new WeakMap<Db, Map<number, number>>();
const progressOf = (db: Db) => {
  let map = progressByDb.get(db);
  if (!map) progressByDb.set(db, (map = new Map()));
  return map;
};
/** The runs of this instance still going on, by id, so that the app can end them when it closes. */
const activeByDb = new WeakMap<Db, Map<number, Promise<void>>>();
export const activeRuns = (db: Db) => {
  let map = activeByDb.get(db);
  if (!map) activeByDb.set(db, (map = new Map()));
  return map;
};

/** How long a closing app waits for its runs before it marks them failed. */
export const CLOSE_WAIT_MS = 3000;

/**
 * When the app closes: its runs get CLOSE_WAIT_MS to finish; those still going are marked failed
 * ("interrupted"), so that no other instance waits for them until they go stale. What their
 * batches committed stays, and the next run finishes the job (docs/datatourisme.md#one-run-at-a-time).
 */
export async function endActiveRuns(deps: Pick<ImportDeps, 'db' | 'clock' | 'log'>) {
  const active = activeRuns(deps.db);
  if (active.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled([...active.values()]),
    new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS))),
  ]);
  clearTimeout(timer);
  for (const runId of active.keys()) {
    const [row] = await deps.db
      .select({ location: importRuns.location, dryRun: importRuns.dryRun })
      .from(importRuns)
      .where(eq(importRuns.id, runId))
      .catch(() => []);
    if (!row) continue;
    await finishFailed(deps, runId, row.location, row.dryRun, 'interrupted: the app stopped while it ran').catch(
      (error: unknown) => deps.log.warn({ err: error, runId }, 'import run not marked failed; it goes stale'),
    );
  }
}

const importRunning = () => new AppError('IMPORT_RUNNING', 'An import is running; start another when it has finished');

type RunRow = typeof importRuns.$inferSelect;

function toRun(db: Db, row: RunRow): ImportRun {
  const report = row.status === 'running' ? null : (row.report as unknown as ImportRunReport);
  return {
    id: row.id,
    location: row.location,
    dryRun: row.dryRun,
    status: row.status,
    progress: row.status === 'running' ? (progressOf(db).get(row.id) ?? null) : null,
    report: report && typeof report.read === 'number' ? report : null,
    startedBy: row.startedBy,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function listRuns(deps: ImportDeps, query: PageQuery): Promise<Page<ImportRun>> {
  const [rows, [count]] = await Promise.all([
    deps.db
      .select()
      .from(importRuns)
      .orderBy(sql`${importRuns.id} desc`)
      .limit(query.limit)
      .offset(query.offset),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(importRuns),
  ]);
  return { items: rows.map((row) => toRun(deps.db, row)), total: count?.total ?? 0 };
}

export async function getRun(deps: ImportDeps, id: number): Promise<ImportRun> {
  const [row] = await deps.db.select().from(importRuns).where(eq(importRuns.id, id));
  if (!row) throw new AppError('IMPORT_RUN_NOT_FOUND', 'No such import run');
  return toRun(deps.db, row);
}

/** A failed run's report: nothing done, and why. */
const failedReport = (location: string, dryRun: boolean, failure: string) =>
  ({ ...emptyReport(location, dryRun), failure }) as unknown as Record<string, unknown>;

/** The runs whose last sign of life (the heartbeat, else the start) is older than STALE_RUN_MS. */
const staleBefore = (since: Date) => sql`coalesce(${importRuns.heartbeatAt}, ${importRuns.startedAt}) < ${since}`;

/**
 * Keeps a run from going stale while it goes on: its heartbeat renewed every HEARTBEAT_MS (the
 * timer keeps no process alive). A beat that fails is tried again at the next one. The answer stops it.
 */
export function keepAlive(deps: Pick<ImportDeps, 'db' | 'clock'>, runId: number): () => void {
  const timer = setInterval(() => void beat(deps, runId).catch(() => undefined), HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Renews a running run's heartbeat. */
export async function beat(deps: Pick<ImportDeps, 'db' | 'clock'>, runId: number) {
  await deps.db
    .update(importRuns)
    .set({ heartbeatAt: deps.clock.now() })
    .where(and(eq(importRuns.id, runId), eq(importRuns.status, 'running')));
}

/**
 * Marks as failed the runs left `running` by an instance that stopped: those whose heartbeat
 * stopped STALE_RUN_MS ago, or all of them (`all`) when this process is the only one on the database (the
 * embedded one, at start-up).
 */
export async function failInterruptedRuns(deps: Pick<ImportDeps, 'db' | 'clock'>, { all = false } = {}) {
  const now = deps.clock.now();
  const running = eq(importRuns.status, 'running');
  const rows = await deps.db
    .select({ id: importRuns.id, location: importRuns.location, dryRun: importRuns.dryRun })
    .from(importRuns)
    .where(all ? running : and(running, staleBefore(new Date(now.getTime() - STALE_RUN_MS))));
  for (const row of rows) {
    await deps.db
      .update(importRuns)
      .set({
        status: 'failed',
        finishedAt: now,
        report: failedReport(row.location, row.dryRun, 'interrupted: the app stopped while it ran'),
      })
      .where(and(eq(importRuns.id, row.id), running));
  }
  return rows.length;
}

/** Whether a run is going on now (a stale one does not count). */
export async function isRunning(deps: Pick<ImportDeps, 'db' | 'clock'>): Promise<boolean> {
  const since = new Date(deps.clock.now().getTime() - STALE_RUN_MS);
  const [row] = await deps.db
    .select({ id: importRuns.id })
    .from(importRuns)
    .where(and(eq(importRuns.status, 'running'), not(staleBefore(since))))
    .limit(1);
  return row !== undefined;
}

/**
 * Claims the one run there may be at a time: its row, `running`, made under a lock every instance
 * takes, after the stale runs are marked failed. 409 IMPORT_RUNNING when another runs.
 */
export async function claimRun(
  deps: Pick<ImportDeps, 'db' | 'clock'>,
  { location, dryRun, startedBy }: { location: string; dryRun: boolean; startedBy: string | null },
): Promise<number> {
  await failInterruptedRuns(deps);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RUN_LOCK})`);
    const [running] = await tx
      .select({ id: importRuns.id })
      .from(importRuns)
      .where(eq(importRuns.status, 'running'))
      .limit(1);
    if (running) throw importRunning();
    const [row] = await tx
      .insert(importRuns)
      .values({
        source: SOURCE,
        location,
        dryRun,
        status: 'running',
        startedBy,
        startedAt: deps.clock.now(),
        heartbeatAt: deps.clock.now(),
      })
      .returning({ id: importRuns.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  });
}

/** Marks a run failed with `failure` as its reason, unless it has ended already. */
export async function finishFailed(
  deps: Pick<ImportDeps, 'db' | 'clock'>,
  runId: number,
  location: string,
  dryRun: boolean,
  failure: string,
) {
  await deps.db
    .update(importRuns)
    .set({ status: 'failed', finishedAt: deps.clock.now(), report: failedReport(location, dryRun, failure) })
    .where(and(eq(importRuns.id, runId), inArray(importRuns.status, ['running'])));
}

/**
 * Runs a claimed run in the background: `prepare` gives the flux (the upload, or the URL
 * downloaded); the report lands in the run's row. Whatever happens, the row ends `done` or
 * `failed` (when the database is reachable) and the flux's files are removed.
 */
export function runInBackground(
  deps: ImportDeps,
  run: { id: number; location: string; dryRun: boolean; startedBy: string | null },
  prepare: () => Promise<{ source: FluxSource; cleanup: () => Promise<void> }>,
): Promise<void> {
  const progress = progressOf(deps.db);
  progress.set(run.id, 0);
  const stopBeating = keepAlive(deps, run.id);
  const work = (async () => {
    let cleanup: (() => Promise<void>) | null = null;
    try {
      const prepared = await prepare();
      cleanup = prepared.cleanup;
      const source: FluxSource = { name: run.location, items: () => prepared.source.items() };
      await runImport(
        {
          db: deps.db,
          clock: deps.clock,
          area: deps.config.serviceArea,
          photos: {
            uploadsDir: uploadsDirOf(deps.config),
            fetch: (url) =>
              fetchPhoto(url, {
                allowPrivate: deps.config.imports.allowPrivatePhotos,
                privateOrigins: deps.config.imports.privatePhotoOrigins,
              }),
            release: (activityId) => releaseUnusedPhotos(deps, activityId),
          },
        },
        source,
        {
          dryRun: run.dryRun,
          startedBy: run.startedBy,
          runId: run.id,
          onProgress: (read) => progress.set(run.id, read),
        },
      );
    } catch (error) {
      deps.log.warn({ err: error, runId: run.id }, 'import run failed');
      await finishFailed(deps, run.id, run.location, run.dryRun, (error as Error).message).catch((e: unknown) =>
        deps.log.warn({ err: e, runId: run.id }, 'import run not marked failed; it goes stale'),
      );
    } finally {
      stopBeating();
      progress.delete(run.id);
      await cleanup?.().catch(() => undefined);
    }
  })();
  const active = activeRuns(deps.db);
  active.set(run.id, work);
  void work.finally(() => active.delete(run.id));
  return work;
}

/** An uploaded ZIP, imported in the background; its file is removed after the run. */
export function importUpload(
  deps: ImportDeps,
  run: { id: number; location: string; dryRun: boolean; startedBy: string | null },
  file: string,
) {
  return runInBackground(deps, run, async () => ({
    source: zipSource(file),
    cleanup: () => rm(file, { force: true }),
  }));
}

/** The flux URL downloaded to a folder of its own under DATA_DIR, then imported, in the background. */
export function importFromUrl(
  deps: ImportDeps,
  run: { id: number; location: string; dryRun: boolean; startedBy: string | null },
  url: string,
) {
  return runInBackground(deps, run, async () => {
    const root = importsDirOf(deps.config);
    await mkdir(root, { recursive: true });
    const dir = await mkdtemp(path.join(root, 'download-'));
    const cleanup = () => rm(dir, { recursive: true, force: true });
    try {
      return { source: zipSource(await downloadFlux(url, dir)), cleanup };
    } catch (error) {
      await cleanup();
      throw error;
    }
  });
}

// --- Settings -------------------------------------------------------------------------------------

async function storedSettings(db: Db): Promise<Map<string, string | null>> {
  const rows = await db
    .select({ key: adminSettings.key, value: adminSettings.value })
    .from(adminSettings)
    .where(inArray(adminSettings.key, Object.values(SETTING_KEYS)));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** The flux URL in force (null: none) and the daily time. */
export async function scheduleOf(deps: Pick<ImportDeps, 'db' | 'config'>) {
  const stored = await storedSettings(deps.db);
  const storedUrl = stored.get(SETTING_KEYS.feedUrl);
  const isDefault = storedUrl === undefined || storedUrl === null;
  const feedUrl = isDefault ? deps.config.imports.feedUrl : storedUrl || null;
  const time = stored.get(SETTING_KEYS.time) ?? DEFAULT_IMPORT_TIME;
  return { feedUrl, isDefault, time, lastScheduled: stored.get(SETTING_KEYS.lastScheduled) ?? null };
}

let parisClock: Intl.DateTimeFormat | undefined;

/** The wall-clock time in Limoux at `now`, as minutes since midnight. */
export function minutesInParis(now: Date): number {
  parisClock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const [h = '0', m = '0'] = parisClock.format(now).split(':');
  return Number(h) * 60 + Number(m);
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The moment `time` (HH:MM) is reached in Limoux on `day` (YYYY-MM-DD), whatever the daylight saving. */
export function parisMoment(day: string, time: string): Date {
  const wanted = Date.parse(`${day}T${time}:00Z`);
  let guess = wanted;
  // Two corrections find the offset on either side of a change of summer time.
  for (let i = 0; i < 2; i++) {
    const shown = Date.parse(`${todayInParis(new Date(guess))}T00:00:00Z`) + minutesInParis(new Date(guess)) * 60_000;
    guess += wanted - shown;
  }
  return new Date(guess);
}

/** The next daily import after `now` (today's while its window is open and it has not started), or null without a URL. */
function nextRun(now: Date, time: string, feedUrl: string | null, lastScheduled: string | null): Date | null {
  if (!feedUrl) return null;
  const today = todayInParis(now);
  const runsToday = lastScheduled !== today && minutesInParis(now) < minutesOf(time) + SCHEDULE_WINDOW_MINUTES;
  return parisMoment(runsToday ? today : addDays(today, 1), time);
}

export async function getSettings(deps: Pick<ImportDeps, 'db' | 'config' | 'clock'>): Promise<ImportSettings> {
  const schedule = await scheduleOf(deps);
  const next = nextRun(deps.clock.now(), schedule.time, schedule.feedUrl, schedule.lastScheduled);
  return {
    feedUrl: schedule.feedUrl,
    defaultFeedUrl: deps.config.imports.feedUrl,
    isDefault: schedule.isDefault,
    time: schedule.time,
    nextRun: next?.toISOString() ?? null,
  };
}

const DESCRIPTIONS = {
  feedUrl: 'The DATAtourisme flux imported every day (empty: none); no row: DATATOURISME_FEED_URL',
  time: 'The time of the daily import, Europe/Paris',
};

export async function saveSettings(
  deps: Pick<ImportDeps, 'db' | 'config' | 'clock'>,
  input: ImportSettingsInput,
): Promise<ImportSettings> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (input.feedUrl === null) await tx.delete(adminSettings).where(eq(adminSettings.key, SETTING_KEYS.feedUrl));
    else await upsert(tx, SETTING_KEYS.feedUrl, input.feedUrl, DESCRIPTIONS.feedUrl, now);
    await upsert(tx, SETTING_KEYS.time, input.time, DESCRIPTIONS.time, now);
  });
  return getSettings(deps);
}

async function upsert(db: Db, key: string, value: string, description: string, now: Date) {
  await db
    .insert(adminSettings)
    .values({ key, value, description, updatedAt: now })
    .onConflictDoUpdate({ target: adminSettings.key, set: { value, description, updatedAt: now } });
}

// --- The daily import -------------------------------------------------------------------------------

/**
 * One tick of the schedule (server.ts runs it every minute on every instance): from the set time
 * and for SCHEDULE_WINDOW_MINUTES after, the instance that first writes today's day into the
 * `lastScheduled` row starts the day's import of the flux URL; the others find the day written and
 * do nothing. A run already going on (an upload) takes the day's place. Answers the run started.
 */
export async function scheduledImportTick(deps: ImportDeps): Promise<number | null> {
  const schedule = await scheduleOf(deps);
  if (!schedule.feedUrl) return null;
  const now = deps.clock.now();
  const minutes = minutesInParis(now);
  const start = minutesOf(schedule.time);
  if (minutes < start || minutes >= start + SCHEDULE_WINDOW_MINUTES) return null;
  const today = todayInParis(now);
  if (schedule.lastScheduled === today) return null;
  const claimed = await deps.db
    .insert(adminSettings)
    .values({
      key: SETTING_KEYS.lastScheduled,
      value: today,
      description: 'The day of the last daily import started',
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: adminSettings.key,
      set: { value: today, updatedAt: now },
      setWhere: sql`${adminSettings.value} is distinct from ${today}`,
    })
    .returning({ key: adminSettings.key });
  if (claimed.length === 0) return null;
  let runId: number;
  try {
    runId = await claimRun(deps, { location: schedule.feedUrl, dryRun: false, startedBy: null });
  } catch (error) {
    if (error instanceof AppError && error.code === 'IMPORT_RUNNING') {
      deps.log.info('the daily import is skipped: another import is running');
      return null;
    }
    throw error;
  }
  void importFromUrl(deps, { id: runId, location: schedule.feedUrl, dryRun: false, startedBy: null }, schedule.feedUrl);
  return runId;
}
