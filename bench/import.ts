/**
 * The DATAtourisme import at a region's scale (docs/benchmarks.md#datatourisme-import):
 *
 *   tsx bench/import.ts [--objects=50000] [--postgres=<url of a server>]
 *
 * Writes (once, in a process of its own, kept in the temporary folder) a generated flux ZIP of
 * that many objects (bench/datatourisme-flux.ts), then in this process: a plain parse of the same
 * ZIP (every entry read and JSON.parse'd, nothing else), and the import into a fresh embedded
 * database on disk (a DATA_DIR of its own), streaming, batches of 200. Reports objects per second
 * of each and their ratio, and the peak RSS of the import (sampled every 20 ms). The embedded
 * database alone (PGlite's WebAssembly heap) takes about 390 MB of the process as soon as it is
 * opened, before one object is read; the limit of 400 MB is checked on what the import adds to the
 * process once the database is open, and both figures are printed. With `--postgres`, the import
 * goes into a fresh database of its own on that server instead (made and dropped), where the
 * process holds nothing but the import.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_SERVICE_AREA } from '../src/domain/geo.js';
import pg from 'pg';
import { openPglite, openPostgres } from '../src/server/db/client.js';
import { systemClock } from '../src/server/deps.js';
import { runImport } from '../src/server/modules/imports/datatourisme/importer.js';
import { zipSource } from '../src/server/modules/imports/datatourisme/source.js';

const objects = Number(process.argv.find((a) => a.startsWith('--objects='))?.slice(10) ?? 50_000);
const RSS_LIMIT = 400 * 1024 * 1024;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const flux = path.join(tmpdir(), `dl-bench-flux-${objects}.zip`);
if (!existsSync(flux)) {
  console.info(`writing a flux of ${objects} objects to ${flux}…`);
  const made = spawnSync('npx', ['tsx', 'bench/datatourisme-flux.ts', flux, String(objects)], { stdio: 'inherit' });
  if (made.status !== 0) process.exit(1);
}

/** The peak RSS while `work` runs. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peakRss: number }> {
  let peakRss = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    return { result, seconds: (performance.now() - started) / 1000, peakRss };
  } finally {
    clearInterval(timer);
  }
}

const parse = await measured(async () => {
  let read = 0;
  for await (const item of zipSource(flux).items()) if ('object' in item) read++;
  return read;
});
console.info(`plain parse: ${parse.result} objects in ${parse.seconds.toFixed(1)} s`);

const postgres = process.argv.find((a) => a.startsWith('--postgres='))?.slice(11);
const dataDir = await mkdtemp(path.join(tmpdir(), 'dl-bench-import-'));
const benchDb = `dl_bench_import_${process.pid}`;
const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: postgres });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};
if (postgres) await admin(`create database ${benchDb}`);
const database = postgres
  ? openPostgres(Object.assign(new URL(postgres), { pathname: `/${benchDb}` }).href)
  : await openPglite(path.join(dataDir, 'db'));
await database.migrate();
const startRss = process.memoryUsage().rss;
const run = await measured(() =>
  runImport({ db: database.db, clock: systemClock, area: DEFAULT_SERVICE_AREA }, zipSource(flux), {
    onProgress: (read) => {
      if (process.stderr.isTTY) process.stderr.write(`\rread ${read}`);
    },
  }),
);
if (process.stderr.isTTY) process.stderr.write('\n');
await database.close();
await rm(dataDir, { recursive: true, force: true });
if (postgres) await admin(`drop database if exists ${benchDb} with (force)`);

const report = run.result;
const parseRate = parse.result / parse.seconds;
const importRate = report.read / run.seconds;
const skipped = Object.entries(report.skipped)
  .map(([reason, entry]) => `${reason} ${entry.count}`)
  .join(', ');
console.info(
  [
    `import into ${postgres ? 'PostgreSQL' : 'PGlite (file-backed)'}: ${report.read} objects read, ${report.created} created (${skipped}) in ${run.seconds.toFixed(1)} s${report.failure ? `, FAILED: ${report.failure}` : ''}`,
    `  plain parse ${parseRate.toFixed(0)} objects/s, import ${importRate.toFixed(0)} objects/s: ${(parseRate / importRate).toFixed(1)}× slower than the parse`,
    `  RSS with the database open ${mb(startRss)}, peak during the import ${mb(run.peakRss)}: the import added ${mb(run.peakRss - startRss)} (limit ${mb(RSS_LIMIT)})`,
  ].join('\n'),
);
if (report.failure || run.peakRss - startRss >= RSS_LIMIT) process.exit(1);
