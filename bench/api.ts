/**
 * The read path's figures, each beside a ceiling measured in the same run
 * (docs/benchmarks.md). Run after `npm run build`:
 *
 *   npm run bench            P1, P4 and cold start on the embedded database,
 *                            and on PostgreSQL too when DATABASE_URL or
 *                            TEST_DATABASE_URL names a server (a database of
 *                            its own is made and dropped)
 *   npm run bench -- --quick shorter runs, 2,000 activities (a smoke test)
 *   npm run bench -- --only=p4   only P4 and the read model's memory
 *   npm run bench -- --only=p4 --scale=50000   the same over 50,000 activities
 *   npm run bench -- --only=availability   only the availability figures
 *   npm run bench -- --only=p1   only P1
 *   BENCH_PORT=5320 npm run bench   the app on 5320, the bare route on 5321
 *
 * P1: requests/s and p99 of public reads at 32 connections (autocannon)
 *     against a bare Fastify route sending the very same bytes.
 * P4: p50/p95 of searches, filters, sorts, deep pages, the when filter, open now and views of the
 *     map (clusters, with their answers' sizes) over 10,000 activities, one request at a time, every
 *     URL different (no answer is served twice), against a bare route's latency; one write
 *     through the API, until a public read shows it; an approved tag rejected and approved again
 *     (its activities patched in), and changes of everything (a tag on more activities than a patch
 *     takes: the read model read whole while the app serves), with the process's memory after each
 *     part (after the last, again once the app has been quiet 30 s) and the peak of a start with no
 *     kept file.
 * Cold start: from the process start to the first answer of /api/activities
 *     on an existing embedded database.
 * Availability: p50/p95 of GET /api/activities/:id/availability for 31 and 92
 *     days of the demo's rafting with 200 bookings, the same range again
 *     (cached) and a different range each time (computed), against a bare
 *     route sending the same bytes (`--only=availability`: only these).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { addDays, todayInParis } from '../src/domain/dates.js';
import { p4Urls } from './p4-urls.js';
import { openDatabase, queryRows } from '../src/server/db/client.js';
import { activities, bookings } from '../src/server/db/schema/index.js';
import { nextYearly } from '../src/server/db/seed/availability.js';
import { CatalogModel } from '../src/server/modules/catalog/model.js';
import { KEPT_FILE } from '../src/server/modules/catalog/kept.js';
import * as catalogRepo from '../src/server/modules/catalog/repository.js';
import { collectUntilSettled } from '../src/server/memory.js';
import { BUILT_SERVER, SERVER_NODE_FLAGS } from './built-server.js';

const quick = process.argv.includes('--quick');
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
/** `--scale=50000`: P4 and the start over that many activities (docs/benchmarks.md#the-guide-at-50000). */
const SCALE = Number(
  process.argv.find((arg) => arg.startsWith('--scale='))?.slice('--scale='.length) ?? (quick ? 2000 : 10_000),
);
const DURATION = quick ? 4 : 10;
const CONNECTIONS = 32;
const SAMPLES = quick ? 150 : 400;
const PORT = Number(process.env.BENCH_PORT ?? 5310);
const base = `http://127.0.0.1:${PORT}`;

const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface Target {
  label: string;
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}

async function embedded(): Promise<Target> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dl-bench-'));
  return { label: 'PGlite', env: { DATA_DIR: dir }, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

async function postgres(url: string): Promise<Target> {
  const name = `dl_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  const dir = await mkdtemp(path.join(tmpdir(), 'dl-bench-'));
  return {
    label: 'PostgreSQL',
    env: { DATABASE_URL: own.href, DATA_DIR: dir },
    cleanup: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The production build as `npm start` runs it (info logs go nowhere but are still written). */
async function startApp(env: Record<string, string>): Promise<{ child: ChildProcess; startedMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, BUILT_SERVER], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123',
      PUBLIC_URL: base,
      // The demo accounts, for P4's write (a local run: docs/security.md#demo-login).
      DEMO_LOGIN: 'true',
      DATABASE_URL: '',
      TEST_DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 3000; i++) {
    const ok = await fetch(`${base}/api/activities?limit=1`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, startedMs: performance.now() - started };
    await sleep(20);
  }
  child.kill('SIGKILL');
  throw new Error('the app did not start');
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function seed(env: Record<string, string>, scale: number) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/db/seed/cli.ts', '--scale', String(scale)], {
      env: { ...process.env, DATABASE_URL: '', ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`))));
  });
}

/** A bare Fastify route answering `body` as the app does: the ceiling of this machine for these bytes. */
async function bare(body: Buffer, contentType: string) {
  const app = Fastify({ logger: false });
  app.get('/*', (_request, reply) => reply.type(contentType).send(body));
  await app.listen({ port: PORT + 1, host: '127.0.0.1' });
  return app;
}

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, pipelining: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);

async function p1(target: Target, rows: string[]) {
  const { child } = await startApp(target.env);
  try {
    for (const [name, url] of [
      ['list', '/api/activities?limit=12'],
      ['detail', '/api/activities/1'],
      ['search', '/api/activities?search=chateau'],
    ] as const) {
      const answer = await fetch(`${base}${url}`);
      const body = Buffer.from(await answer.arrayBuffer());
      const ceiling = await bare(body, answer.headers.get('content-type') ?? 'application/json');
      try {
        await load(`http://127.0.0.1:${PORT + 1}${url}`); // warm-up of the client and the bare route
        const bareRun = await load(`http://127.0.0.1:${PORT + 1}${url}`);
        await load(`${base}${url}`); // the same warm-up for the app
        const appRun = await load(`${base}${url}`);
        rows.push(
          `| P1 ${name} | ${target.label} | ${fmt(appRun.rps)} req/s, p99 ${fmt(appRun.p99)} ms | ${fmt(bareRun.rps)} req/s, p99 ${fmt(bareRun.p99)} ms | **${fmt(appRun.rps / bareRun.rps, 2)}x** | ${body.length} B, ${appRun.errors} errors |`,
        );
      } finally {
        await ceiling.close();
      }
    }
  } finally {
    await stop(child);
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function timeAll(urls: string[], origin: string, sizes: number[] = []) {
  const times: number[] = [];
  for (const url of urls) {
    const started = performance.now();
    const response = await fetch(`${origin}${url}`);
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
    sizes.push(body.byteLength);
  }
  return times;
}

/** Whether the app left its kept read model in DATA_DIR (it writes it when it stops, docs/read-model.md#the-kept-snapshot). */
function keptFileWritten(env: Record<string, string>): Promise<boolean> {
  return stat(path.join(env.DATA_DIR as string, KEPT_FILE)).then(
    () => true,
    () => false,
  );
}

async function p4(target: Target, rows: string[]) {
  await seed(target.env, SCALE);
  const wide = await wideTag(target);
  // The seeder leaves a kept file; without it the first start reads everything (as after a restore),
  // and writes the file when it stops; the second start restores the file, and P4 is measured on it.
  await rm(path.join(target.env.DATA_DIR as string, KEPT_FILE), { force: true });
  const first = await startApp(target.env);
  // The peak of a start that reads everything (docs/read-model.md#a-whole-read), before the stop writes the file.
  const firstMemory = await processMemory(first.child);
  await stop(first.child);
  const kept = await keptFileWritten(target.env);
  const { child, startedMs } = await startApp(target.env);
  rows.push(
    `| start with ${SCALE} activities, no kept file | ${target.label} | ${fmt(first.startedMs)} ms to the first answer${firstMemory ? `, peak ${fmt(firstMemory.peak)} MB` : ''} | | | read model read whole |`,
  );
  try {
    let state = 42;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const sample = await (await fetch(`${base}/api/activities?limit=24`)).arrayBuffer();
    const ceiling = await bare(Buffer.from(sample), 'application/json; charset=utf-8');
    let bareP95: number;
    try {
      const bareTimes = await timeAll(p4Urls(SAMPLES, SCALE, 'sort', random), `http://127.0.0.1:${PORT + 1}`);
      bareP95 = percentile(bareTimes, 95);
      rows.push(
        `| P4 ceiling | ${target.label} | | p50 ${fmt(percentile(bareTimes, 50), 2)} ms, p95 ${fmt(percentile(bareTimes, 95), 2)} ms | | bare route, same client |`,
      );
    } finally {
      await ceiling.close();
    }
    for (const kind of ['search', 'filter', 'sort', 'deep page', 'when', 'open now', 'map']) {
      const sizes: number[] = [];
      const times = await timeAll(p4Urls(SAMPLES, SCALE, kind, random), base, sizes);
      // The map's answers are held to 20 kB (docs/api.md#the-map): their sizes, uncompressed.
      const size = kind === 'map' ? `, answers p50 ${percentile(sizes, 50)} B, largest ${Math.max(...sizes)} B` : '';
      rows.push(
        `| P4 ${kind} | ${target.label} | p50 ${fmt(percentile(times, 50), 2)} ms, p95 ${fmt(percentile(times, 95), 2)} ms | | **${fmt(bareP95 / percentile(times, 95), 2)}x** | ${SCALE} activities, ${times.length} distinct URLs${size} |`,
      );
    }
    rows.push(
      `| start with ${SCALE} activities, kept file | ${target.label} | ${fmt(startedMs)} ms to the first answer | | | ${kept ? 'read model restored from the file the first start wrote' : 'no file was written: read whole again'} |`,
    );
    await oneWrite(target, rows, bareP95);
    const memory = await processMemory(child);
    if (memory) {
      rows.push(
        `| process memory with ${SCALE} activities | ${target.label} | RSS ${fmt(memory.rss)} MB after P4, peak ${fmt(memory.peak)} MB | | | /proc, the app's process |`,
      );
    }
    await tagRounds(target, rows, child, 'patch');
    await tagRounds(target, rows, child, 'everything', wide);
  } finally {
    await stop(child);
  }
}

const WRITES = quick ? 10 : 40;

/** The demo admin's session cookie (a local run: docs/security.md#demo-login). */
async function adminCookie(): Promise<string> {
  const login = await fetch(`${base}/api/demo/login/admin`, { method: 'POST', headers: { origin: base } });
  if (!login.ok) throw new Error(`demo login: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * The cost of one write at this size, as an admin pays it: the demo admin sets an activity's
 * sponsorship (it moves the activity in the public order), timed from the request until a public
 * read shows the new level (the database's write and notification, then the snapshot patched,
 * docs/read-model.md#keeping-it-current), one write at a time, against the bare route's p95 above.
 */
async function oneWrite(target: Target, rows: string[], bareP95: number) {
  const cookie = await adminCookie();
  const [first] = (await (await fetch(`${base}/api/activities?limit=1&sort=name`)).json()) as { id: number }[];
  if (!first) throw new Error('no public activity to write');
  const times: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const level = (i % 3) + 1;
    const started = performance.now();
    const written = await fetch(`${base}/api/admin/activities/${first.id}`, {
      method: 'PATCH',
      headers: { origin: base, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ sponsorLevel: level }),
    });
    if (written.status !== 204) throw new Error(`write: ${written.status} ${await written.text()}`);
    for (let seen = false; !seen;) {
      const read = (await (await fetch(`${base}/api/activities/${first.id}`)).json()) as { sponsorLevel: number };
      seen = read.sponsorLevel === level;
      if (performance.now() - started > 10_000) throw new Error('a write was not in the public read after 10 s');
    }
    times.push(performance.now() - started);
  }
  rows.push(
    `| one write, until the public read shows it | ${target.label} | p50 ${fmt(percentile(times, 50), 1)} ms, p95 ${fmt(percentile(times, 95), 1)} ms | | ${fmt(bareP95 / percentile(times, 95), 3)}x | ${SCALE} activities, ${WRITES} writes in turn (an admin's sponsorship) |`,
  );
}

/** Rounds of each tag moderation while the app serves: rejected, then approved again, in turn. */
const TAG_ROUNDS = quick ? 2 : 4;
/** A tag on more activities than the read model patches in at once (PATCH_MAX, catalog/service.ts). */
const WIDE_TAG_ACTIVITIES = 6000;

/**
 * A pending tag on the first WIDE_TAG_ACTIVITIES activities (approved links), written before the app
 * starts: approving it, or rejecting it once approved, changes more activities than a patch takes, and
 * the app reads everything (docs/read-model.md#a-whole-read). Its id, and how many activities carry it
 * (fewer in a run of fewer activities).
 */
async function wideTag(target: Target): Promise<{ id: number; activities: number }> {
  const database = await openTarget(target);
  try {
    const [tag] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into tags (name, status, is_approved) values ('bench-wide', 'pending', false) returning id`,
    );
    if (!tag) throw new Error('no tag written');
    const links = await queryRows<{ id: number }>(
      database.db,
      sql`insert into activity_tags (activity_id, tag_id, status, is_approved)
        select id, ${tag.id}, 'approved', true from activities order by id limit ${WIDE_TAG_ACTIVITIES}
        returning id`,
    );
    return { id: tag.id, activities: links.length };
  } finally {
    await database.close();
  }
}

/**
 * An admin's tag moderation while the app serves, TAG_ROUNDS in turn, each timed until the public tags
 * show it, while a probe asks for /api/ready every 10 ms (how long a request waits meanwhile); then the
 * process's memory. `patch`: the first approved tag (a few thousand activities at 50,000), rejected
 * then approved again: its activities read again and patched in (docs/read-model.md#keeping-it-current).
 * `everything`: the wide tag approved then rejected: the catalogue read whole (docs/read-model.md#a-whole-read).
 */
async function tagRounds(
  target: Target,
  rows: string[],
  child: ChildProcess,
  kind: 'patch' | 'everything',
  wide?: { id: number; activities: number },
) {
  const cookie = await adminCookie();
  const [first] = (await (await fetch(`${base}/api/tags`)).json()) as { id: number }[];
  const id = kind === 'everything' ? wide?.id : first?.id;
  if (id === undefined) throw new Error('no tag to moderate');
  const times: number[] = [];
  const waits: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      await (await fetch(`${base}/api/ready`)).arrayBuffer();
      waits.push(performance.now() - started);
      await sleep(10);
    }
  })();
  try {
    for (let round = 0; round < TAG_ROUNDS; round++) {
      // The first approved tag is rejected first; the wide one, pending, approved first.
      const approve = (round % 2 === 1) === (kind === 'patch');
      const started = performance.now();
      const written = await fetch(`${base}/api/admin/tags/${id}/approval`, {
        method: 'PATCH',
        headers: { origin: base, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ isApproved: approve ? 1 : 0 }),
      });
      if (written.status !== 200) throw new Error(`tag: ${written.status} ${await written.text()}`);
      for (;;) {
        const listed = (await (await fetch(`${base}/api/tags`)).json()) as { id: number }[];
        if (listed.some((t) => t.id === id) === approve) break;
        if (performance.now() - started > 60_000) throw new Error('a tag moderation was not public after 60 s');
        await sleep(20);
      }
      times.push(performance.now() - started);
    }
  } finally {
    probing = false;
    await probe;
  }
  const memory = await processMemory(child);
  const what =
    kind === 'patch'
      ? 'an approved tag moderated while serving (its activities patched in), until public'
      : `a change of everything while serving (a tag on ${wide?.activities} activities), until public`;
  rows.push(
    `| ${what} | ${target.label} | p50 ${fmt(percentile(times, 50))} ms, longest ${fmt(Math.max(...times))} ms | | | ${TAG_ROUNDS} in turn (${kind === 'patch' ? 'rejected, approved' : 'approved, rejected'}); /api/ready every 10 ms meanwhile: p50 ${fmt(percentile(waits, 50), 1)} ms, longest ${fmt(Math.max(...waits))} ms |`,
  );
  if (memory) {
    rows.push(
      `| process memory after those | ${target.label} | RSS ${fmt(memory.rss)} MB, peak ${fmt(memory.peak)} MB | | | /proc, the app's process |`,
    );
  }
  if (kind === 'everything') {
    // V8 gives its free pages back once the app has been quiet a while (its memory reducer).
    await sleep(QUIET_MS);
    const quiet = await processMemory(child);
    if (quiet) {
      rows.push(
        `| process memory ${QUIET_MS / 1000} s later, no request meanwhile | ${target.label} | RSS ${fmt(quiet.rss)} MB | | | /proc, the app's process |`,
      );
    }
  }
}

/** How long the app is left without a request before its memory is read again. */
const QUIET_MS = 30_000;

/** The app process's resident memory now and at its peak, in MB (Linux only; null elsewhere). */
async function processMemory(child: ChildProcess): Promise<{ rss: number; peak: number } | null> {
  try {
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** The read model's memory: the heap and typed arrays it keeps, built here from the same database (node --expose-gc). */
async function modelMemory(target: Target, rows: string[]) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) {
    rows.push(`| read model memory | ${target.label} | (run with node --expose-gc) | | | |`);
    return;
  }
  const database = await openTarget(target);
  try {
    // The heap and the typed arrays' buffers, which live outside it (the word index's postings).
    const used = () => {
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    // Collected until a collection gives back little: one leaves much of a read's garbage.
    const kept = () => {
      collectUntilSettled(gc, used);
      return used();
    };
    // Read and built in a function of its own: an async function's frame keeps the value it last
    // awaited until its next await, so the rows read here would still be held when `after` is taken.
    const build = async () => {
      const loaded = await catalogRepo.publicActivities(database.db);
      return new CatalogModel(loaded, await catalogRepo.approvedTags(database.db));
    };
    const before = kept();
    const started = performance.now();
    const model = await build();
    const buildMs = performance.now() - started;
    const after = kept();
    rows.push(
      `| read model memory | ${target.label} | ${fmt((after - before) / 1024 / 1024, 1)} MB for ${model.size} activities | | | built in ${fmt(buildMs)} ms (read and index, in this process) |`,
    );
  } finally {
    await database.close();
  }
}

/** The target's database, opened in this process (the app must be stopped: PGlite is one process's). */
function openTarget(target: Target) {
  return openDatabase(
    target.env.DATABASE_URL
      ? { kind: 'postgres', url: target.env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(target.env.DATA_DIR ?? '', 'pglite') },
  );
}

const AVAILABILITY_BOOKINGS = 200;
/** The rafting's season in the demo: 1 April to 30 September, 183 days (src/server/db/seed/availability.ts). */
const SEASON_DAYS = 183;

/**
 * The availability answer (docs/availability.md#the-answer) of the demo's rafting (two slots of 8
 * places, April to September) in its next whole season, with 200 bookings in it, pending and
 * confirmed, 1 to 3 people, over its days and both slots. For 31 and 92 days: the same range
 * asked again (the instance's kept answer, docs/availability.md: what a calendar does) and a
 * different range every time (each computed: the activity, its bookings in the range, every day's
 * rules), one request at a time, against a bare route sending the very same bytes.
 */
async function availabilityFigures(target: Target, rows: string[]) {
  const season = nextYearly(addDays(todayInParis(new Date()), 2), { month: 4, day: 1 });
  const database = await openTarget(target);
  let raftingId: number;
  try {
    const [rafting] = await database.db
      .select({ id: activities.id })
      .from(activities)
      .where(eq(activities.slug, 'rafting-gorges-de-l-aude'));
    if (!rafting) throw new Error('the demo rafting is missing');
    raftingId = rafting.id;
    await database.db.insert(bookings).values(
      Array.from({ length: AVAILABILITY_BOOKINGS }, (_, k) => ({
        activityId: raftingId,
        customerName: `Bench ${k}`,
        customerEmail: `bench-${k}@example.com`,
        numberOfPeople: 1 + (k % 3),
        bookingDate: addDays(season, Math.floor((k * SEASON_DAYS) / AVAILABILITY_BOOKINGS)),
        slot: k % 2 === 0 ? '10:00' : '14:00',
        status: k % 3 === 0 ? ('confirmed' as const) : ('pending' as const),
      })),
    );
  } finally {
    await database.close();
  }
  const { child } = await startApp(target.env);
  try {
    const url = (from: string, days: number) =>
      `/api/activities/${raftingId}/availability?from=${from}&to=${addDays(from, days - 1)}`;
    const time = async (origin: string, path: string) => (await timeAll([path], origin))[0] ?? 0;
    // Warm-up, as a running server is: ranges of the season after, which no measurement asks for.
    await timeAll(
      Array.from({ length: 60 }, (_, i) => url(addDays(season, 366 + i), 31 + (i % 2) * 61)),
      base,
    );
    for (const days of [31, 92]) {
      const first = url(season, days);
      const answer = await fetch(`${base}${first}`);
      const body = Buffer.from(await answer.arrayBuffer());
      if (!answer.ok) throw new Error(`${first}: ${answer.status} ${body.toString()}`);
      const ceiling = await bare(body, answer.headers.get('content-type') ?? 'application/json; charset=utf-8');
      const bareOrigin = `http://127.0.0.1:${PORT + 1}`;
      // The three in turn, request by request, so that a busy moment of the machine falls on all
      // of them alike. Cached: the range asked above, found kept. Computed: a new range each time,
      // each starting on a day of the season, none asked before.
      const times = { bare: [] as number[], cached: [] as number[], computed: [] as number[] };
      try {
        await time(bareOrigin, first);
        for (let i = 0; i < SAMPLES; i++) {
          times.bare.push(await time(bareOrigin, first));
          times.cached.push(await time(base, first));
          if (i < SEASON_DAYS) times.computed.push(await time(base, url(addDays(season, i), days)));
        }
      } finally {
        await ceiling.close();
      }
      const bareP95 = percentile(times.bare, 95);
      rows.push(
        `| availability ${days} days, ceiling | ${target.label} | | p50 ${fmt(percentile(times.bare, 50), 2)} ms, p95 ${fmt(bareP95, 2)} ms | | bare route, ${body.length} B |`,
      );
      for (const kind of ['cached', 'computed'] as const) {
        const p95 = percentile(times[kind], 95);
        rows.push(
          `| availability ${days} days, ${kind} | ${target.label} | p50 ${fmt(percentile(times[kind], 50), 2)} ms, p95 ${fmt(p95, 2)} ms | | **${fmt(bareP95 / p95, 2)}x** | ${AVAILABILITY_BOOKINGS} bookings, ${times[kind].length} ${kind === 'cached' ? 'requests of one range' : 'distinct ranges'} |`,
        );
      }
    }
  } finally {
    await stop(child);
  }
}

async function coldStart(target: Target, rows: string[]) {
  // The demo database exists already (P1 made it): this start only opens it and builds the read model.
  const { child, startedMs } = await startApp(target.env);
  await stop(child);
  rows.push(
    `| cold start | ${target.label} | ${fmt(startedMs)} ms to the first answer | | | existing database, 36 activities |`,
  );
}

const rows: string[] = [];
const targets: (() => Promise<Target>)[] = [embedded];
if (serverUrl) targets.push(() => postgres(serverUrl));
console.info(
  `machine: ${(await import('node:os')).cpus().length} cores, Node ${process.version}; ${new Date().toISOString()}`,
);
for (const make of targets) {
  const target = await make();
  try {
    if (only === 'p4') {
      await p4(target, rows);
      await modelMemory(target, rows);
      continue;
    }
    if (only === 'p1') {
      await p1(target, rows);
      continue;
    }
    if (only === 'availability') {
      // A first start writes the demo content.
      await stop((await startApp(target.env)).child);
      await availabilityFigures(target, rows);
      continue;
    }
    await p1(target, rows);
    await coldStart(target, rows);
    await availabilityFigures(target, rows);
    await p4(target, rows);
    await modelMemory(target, rows);
  } finally {
    await target.cleanup();
  }
}
console.info('\n| figure | database | the app | ceiling | ratio | notes |\n| --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.info(row);
