/**
 * `npm run import -- datatourisme <zip|folder|url> [--dry-run]`: brings the guide in step with a
 * DATAtourisme flux (docs/datatourisme.md#running-an-import), with its progress on the terminal and
 * its report at the end. It claims its run as the console does (docs/datatourisme.md#one-run-at-a-time):
 * while another import runs it does nothing and exits 3. With the embedded database, stop the app
 * first (one process at a time).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { importRuns } from './db/schema/index.js';
import { systemClock } from './deps.js';
import { AppError } from './errors.js';
import { downloadFlux } from './modules/imports/datatourisme/download.js';
import { type ImportReport, runImport } from './modules/imports/datatourisme/importer.js';
import { fetchPhoto } from './modules/imports/datatourisme/photo-fetch.js';
import { localSource } from './modules/imports/datatourisme/source.js';
import {
  CLOSE_WAIT_MS,
  claimRun,
  failInterruptedRuns,
  finishFailed,
  keepAlive,
  STALE_RUN_MS,
} from './modules/imports/service.js';
import { uploadsDirOf } from './modules/photos/service.js';

const USAGE = 'Usage: npm run import -- datatourisme <flux.zip | folder | https://…> [--dry-run]';

/** The exit code when another import is running (1: the run stopped early; 2: wrong usage). */
const EXIT_IMPORT_RUNNING = 3;

const BAR_WIDTH = 30;

/** A progress bar on the terminal (nothing when the output goes to a file): `[=====     ] 52 % 26,000 / 50,000 objects`. */
function progressLine(read: number, total: number | null): string {
  const count = read.toLocaleString('en');
  if (!total) return `read ${count} objects`;
  const share = Math.min(1, read / total);
  const done = Math.round(share * BAR_WIDTH);
  return `[${'='.repeat(done)}${' '.repeat(BAR_WIDTH - done)}] ${Math.floor(share * 100)} % ${count} / ${total.toLocaleString('en')} objects`;
}

function printReport(report: ImportReport) {
  if (process.stderr.isTTY) process.stderr.write('\n');
  const lines = [
    `${report.dryRun ? 'Dry run (nothing written)' : 'Import'} of ${report.source}: ${report.read} objects read`,
    `  created ${report.created}, updated ${report.updated}, unchanged ${report.unchanged}, unpublished ${report.unpublished}, back ${report.republished}`,
    ...Object.entries(report.skipped).map(
      ([reason, entry]) => `  left out (${reason}): ${entry.count}, e.g. ${entry.ids.slice(0, 3).join(', ')}`,
    ),
    ...Object.entries(report.keptLocalEdits).map(([field, n]) => `  kept as changed here: ${field} on ${n}`),
  ];
  console.info(lines.join('\n'));
  if (report.failure) console.error(`Stopped: ${report.failure}. Nothing was unpublished; run it again.`);
}

/**
 * Ctrl-C or a SIGTERM while the run goes on: the run is marked failed ("interrupted") before the
 * process ends, so that it does not block the console's imports until it goes stale. The batch being
 * written is rolled back with the connection (docs/datatourisme.md#identity-and-sync).
 */
function failOnSignals(onSignal: (signal: NodeJS.Signals) => Promise<void>) {
  const handler = (signal: NodeJS.Signals) => {
    const code = signal === 'SIGINT' ? 130 : 143;
    const timer = setTimeout(() => process.exit(code), CLOSE_WAIT_MS);
    void onSignal(signal)
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        process.exit(code);
      });
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}

async function main(argv: string[]): Promise<number> {
  const dryRun = argv.includes('--dry-run');
  const [kind, location] = argv.filter((arg) => arg !== '--dry-run');
  if (kind !== 'datatourisme' || !location) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  // What claimRun and the run's row need, without the app.
  const deps = { db: database.db, clock: systemClock };
  let work: string | null = null;
  let runId: number | null = null;
  try {
    await database.migrate();
    // The embedded database has one process on its files, this one: a run left `running` was
    // interrupted, as the app takes it when it starts.
    if (database.kind === 'pglite') await failInterruptedRuns(deps, { all: true });
    try {
      runId = await claimRun(deps, { location, dryRun, startedBy: null });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'IMPORT_RUNNING')) throw error;
      const [other] = await database.db
        .select({ id: importRuns.id, location: importRuns.location, startedAt: importRuns.startedAt })
        .from(importRuns)
        .where(eq(importRuns.status, 'running'))
        .limit(1);
      console.error(
        `Another import is running${other ? ` (run ${other.id}, ${other.location}, started ${other.startedAt.toISOString()})` : ''}: ` +
          'nothing was done. Run this again when it has finished (the console’s Import tab shows it). ' +
          `A run left running by a process that was killed stops blocking ${STALE_RUN_MS / 60_000} minutes after its last sign of life.`,
      );
      return EXIT_IMPORT_RUNNING;
    }
    const claimed = runId;
    const stopBeating = keepAlive(deps, claimed);
    failOnSignals((signal) => finishFailed(deps, claimed, location, dryRun, `interrupted: the command got ${signal}`));
    const file = /^https?:\/\//i.test(location)
      ? await downloadFlux(location, (work = await mkdtemp(path.join(tmpdir(), 'dl-flux-'))))
      : location;
    const source = await localSource(file);
    const total = process.stderr.isTTY ? await source.count?.().catch(() => null) : null;
    const progress = (read: number) => {
      if (process.stderr.isTTY) process.stderr.write(`\r${progressLine(read, total ?? null)}`);
    };
    const report = await runImport(
      {
        db: database.db,
        clock: systemClock,
        area: config.serviceArea,
        // A photo a newer one replaced is left to the app's sweep of unused photos.
        photos: {
          uploadsDir: uploadsDirOf(config),
          fetch: (url) => fetchPhoto(url, { privateOrigins: config.imports.privatePhotoOrigins }),
          release: async () => {},
        },
      },
      source,
      { dryRun, runId: claimed, onProgress: progress },
    );
    stopBeating();
    printReport(report);
    return report.failure ? 1 : 0;
  } catch (error) {
    // Failed before runImport ended the run (a download, a flux that cannot be opened): the run says why.
    if (runId !== null) {
      await finishFailed(deps, runId, location, dryRun, (error as Error).message).catch(() => undefined);
    }
    throw error;
  } finally {
    await database.close();
    if (work) await rm(work, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
