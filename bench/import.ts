/**
 * The DATAtourisme import at a region's scale (docs/benchmarks.md#datatourisme-import):
 *
 *   tsx bench/import.ts [--objects=50000] [--postgres=<url of a server>]
 *
 * Needs the production build (`npm run build`). Writes (once, kept in the temporary folder) a
 * generated flux ZIP of that many objects (bench/datatourisme-flux.ts), then:
 *
 * 1. **A plain parse** of the same ZIP in this process: every entry read and JSON.parse'd, nothing
 *    else. The ceiling an import could reach.
 * 2. **The command line** as a server runs it, from the build (`node dist/server/import-cli.js`;
 *    `npm run import` is the same code through tsx, whose compiler adds about 45 MB), in a process of its own, into a database the app had made already (a first run of one object
 *    creates and migrates it, as `npm start` would have): objects per second against the plain
 *    parse, and the process's peak RSS as the kernel counts it (VmHWM, read from /proc while it
 *    runs), against the limit of 400 MB; then the same flux again (nothing to change), as the
 *    daily import finds it on most days.
 * 3. **Public reads during an import**: the app (the production build) serves the guide while the
 *    same flux is imported into it (on PostgreSQL by the command line beside it; on the embedded
 *    database, where one process owns the data, by the console's upload), and one visitor at a
 *    time asks `GET /api/activities?limit=12`. Reported: the latency of those reads during the
 *    import against the same reads once it is over, failures (any answer but 200), and how the
 *    total the reads see grows as batches commit.
 *
 * The embedded database is measured always; PostgreSQL with `--postgres`, or `TEST_DATABASE_URL`,
 * or `DATABASE_URL` naming a server, in a fresh database of its own (made and dropped).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { zipSource } from '../src/server/modules/imports/datatourisme/source.js';
import { BUILD_DIR, BUILT_SERVER, SERVER_NODE_FLAGS } from './built-server.js';

const objects = Number(process.argv.find((a) => a.startsWith('--objects='))?.slice(10) ?? 50_000);
const RSS_LIMIT_MB = 400;
const PORT = 5181;
const base = `http://127.0.0.1:${PORT}`;
const postgresServer =
  process.argv.find((a) => a.startsWith('--postgres='))?.slice(11) ??
  process.env['TEST_DATABASE_URL'] ??
  (process.env['DATABASE_URL']?.startsWith('postgres') ? process.env['DATABASE_URL'] : undefined);

if (!existsSync(BUILT_SERVER)) {
  console.error('bench/import.ts needs the production build: npm run build');
  process.exit(2);
}

function fluxOf(count: number): string {
  const file = path.join(tmpdir(), `dl-bench-flux-${count}.zip`);
  if (!existsSync(file)) {
    console.info(`writing a flux of ${count} objects to ${file}…`);
    const made = spawnSync('npx', ['tsx', 'bench/datatourisme-flux.ts', file, String(count)], { stdio: 'inherit' });
    if (made.status !== 0) process.exit(1);
  }
  return file;
}
const flux = fluxOf(objects);
const oneObject = fluxOf(1);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

// 1. The plain parse.
const parseStarted = performance.now();
let parsed = 0;
for await (const item of zipSource(flux).items()) if ('object' in item) parsed++;
const parseSeconds = (performance.now() - parseStarted) / 1000;
const parseRate = parsed / parseSeconds;
console.info(`plain parse: ${parsed} objects in ${parseSeconds.toFixed(1)} s (${parseRate.toFixed(0)} objects/s)`);

interface Engine {
  name: string;
  env: Record<string, string>;
  cleanUp: () => Promise<void>;
}

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: postgresServer });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

type Kind = 'pglite' | 'postgres';
const kinds: Kind[] = postgresServer ? ['pglite', 'postgres'] : ['pglite'];
const NAMES: Record<Kind, string> = { pglite: 'PGlite (file-backed)', postgres: 'PostgreSQL' };

/** A fresh database: the embedded one in a DATA_DIR of its own, or a PostgreSQL database made here. */
async function freshEngine(kind: Kind): Promise<Engine> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dl-bench-import-'));
  if (kind === 'pglite') {
    return {
      name: NAMES[kind],
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      cleanUp: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `dl_bench_import_${process.pid}`;
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  return {
    name: NAMES[kind],
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: Object.assign(new URL(postgresServer ?? ''), { pathname: `/${name}` }).href,
    },
    cleanUp: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const baseEnv = (engine: Engine): NodeJS.ProcessEnv => ({
  ...process.env,
  TEST_DATABASE_URL: '',
  SEED: 'none',
  LOG_LEVEL: 'warn',
  ...engine.env,
});

/** The kernel's count of a process's peak resident memory, in MB (0 once it has gone). */
function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Runs the command line on `file`; its output, time and peak RSS. */
async function runCli(engine: Engine, file: string) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(BUILD_DIR, 'import-cli.js'), 'datatourisme', file], {
    env: baseEnv(engine),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, peakRssMb(child.pid ?? 0))), 50);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`the import exited with ${code}:\n${output}`);
  return { output, seconds: (performance.now() - started) / 1000, peakMb: peak };
}

async function startApp(engine: Engine): Promise<ChildProcess> {
  // As `npm start` runs it (docs/deployment.md#memory).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, BUILT_SERVER], {
    env: {
      ...baseEnv(engine),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123',
      PUBLIC_URL: base,
      DEMO_LOGIN: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 1500; i++) {
    if (
      await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGKILL');
  throw new Error('the app did not start');
}

async function stopApp(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** One visitor at a time until `until` settles: each read's latency and the total it saw. */
async function readWhile(until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  const totals: number[] = [];
  let failures = 0;
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${base}/api/activities?limit=12`).catch(() => null);
    latencies.push(performance.now() - started);
    if (response?.status === 200) {
      totals.push(Number(response.headers.get('x-total-count')));
      await response.arrayBuffer();
    } else failures++;
  }
  return { latencies: latencies.sort((a, b) => a - b), totals, failures };
}

async function readFor(milliseconds: number) {
  return readWhile(new Promise((resolve) => setTimeout(resolve, milliseconds)));
}

/** The console's import on the embedded database: the upload, then the run until it has finished. */
async function consoleImport(file: string) {
  const headers = { origin: base };
  const login = await fetch(`${base}/api/demo/login/admin`, { method: 'POST', headers });
  const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const form = new FormData();
  form.set('dryRun', 'false');
  form.set('file', new Blob([await readFile(file)], { type: 'application/zip' }), path.basename(file));
  const started = await fetch(`${base}/api/admin/imports/datatourisme`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: form,
  });
  if (started.status !== 202) throw new Error(`the upload answered ${started.status}: ${await started.text()}`);
  const { id } = (await started.json()) as { id: number };
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const run = (await fetch(`${base}/api/admin/imports/runs/${id}`, { headers: { cookie } }).then((r) =>
      r.json(),
    )) as { status: string };
    if (run.status !== 'running') return run;
  }
}

const failures: string[] = [];
for (const kind of kinds) {
  const engine = await freshEngine(kind);
  try {
    // The database as the app left it: made and migrated, with one object in it.
    await runCli(engine, oneObject);
    const cli = await runCli(engine, flux);
    const created = /created (\d+)/.exec(cli.output)?.[1] ?? '?';
    const rate = objects / cli.seconds;
    console.info(
      [
        `${engine.name}, command line: ${objects} objects, ${created} created, in ${cli.seconds.toFixed(1)} s: ${rate.toFixed(0)} objects/s, ${(parseRate / rate).toFixed(1)}× the plain parse's time`,
        `  peak RSS of the process ${cli.peakMb.toFixed(0)} MB (limit ${RSS_LIMIT_MB} MB)`,
      ].join('\n'),
    );
    if (cli.peakMb >= RSS_LIMIT_MB) failures.push(`${engine.name}: peak RSS ${cli.peakMb.toFixed(0)} MB`);
    // The same flux again, as the daily import finds it most days: every object read, compared, left as it is.
    const again = await runCli(engine, flux);
    const unchanged = /unchanged (\d+)/.exec(again.output)?.[1] ?? '?';
    console.info(
      `  the same flux again: ${unchanged} unchanged in ${again.seconds.toFixed(1)} s, peak RSS ${again.peakMb.toFixed(0)} MB`,
    );
    if (again.peakMb >= RSS_LIMIT_MB) failures.push(`${engine.name}, again: peak RSS ${again.peakMb.toFixed(0)} MB`);
  } catch (error) {
    failures.push(`${engine.name}: ${(error as Error).message}`);
  } finally {
    await engine.cleanUp();
  }

  // Reads while the same flux goes into a fresh guide, then the same reads once it is in.
  const fresh = await freshEngine(kind);
  let app: ChildProcess | null = null;
  try {
    await runCli(fresh, oneObject);
    app = await startApp(fresh);
    const started = performance.now();
    const importing = kind === 'postgres' ? runCli(fresh, flux) : consoleImport(flux);
    const during = await readWhile(importing);
    await importing;
    const importSeconds = (performance.now() - started) / 1000;
    const after = await readFor(10_000);
    const steps = new Set(during.totals).size;
    const p95During = quantile(during.latencies, 0.95);
    const p95After = quantile(after.latencies, 0.95);
    console.info(
      [
        `${fresh.name}, reads during the import (${kind === 'postgres' ? 'command line beside the app' : "the console's upload"}, ${importSeconds.toFixed(0)} s): ${during.latencies.length} reads, ${during.failures} failed`,
        `  p50 ${ms(quantile(during.latencies, 0.5))}, p95 ${ms(p95During)}, max ${ms(during.latencies.at(-1) ?? 0)}; once it is in: p50 ${ms(quantile(after.latencies, 0.5))}, p95 ${ms(p95After)} (${(p95During / p95After).toFixed(1)}× during)`,
        `  the total the reads saw grew in ${steps} steps, from ${during.totals[0] ?? '?'} to ${during.totals.at(-1) ?? '?'}; after: ${after.totals.at(-1) ?? '?'}`,
      ].join('\n'),
    );
    if (during.failures > 0 || after.failures > 0) failures.push(`${fresh.name}: reads failed during the import`);
  } catch (error) {
    failures.push(`${fresh.name}, reads during the import: ${(error as Error).message}`);
  } finally {
    if (app) await stopApp(app);
    await fresh.cleanUp();
  }
}
if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
