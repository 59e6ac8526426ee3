import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECT_ROOT } from './config.js';
import { openDatabase, queryRows } from './db/client.js';
import { sql } from 'drizzle-orm';
import { freePort } from './test/free-port.js';
import { emptyServerDatabase, TEST_DB_KIND, writeMigratedEmbeddedDatabase } from './test/test-db.js';

/**
 * kill -9 in the middle of a stream of writes (docs/architecture.md#errors):
 * every booking, review and tag proposal that was answered 2xx is there
 * after a restart, and none is there twice. The server runs as `npm start`
 * runs it (from source here), on a file-backed embedded database or on
 * PostgreSQL, whichever this test project uses.
 */
let PORT: number;
let base: string;
let dataDir: string;
let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | null = null;
/** The server of the moment, stopped after the test whatever happens. */
let running: ChildProcess | null = null;

beforeAll(async () => {
  PORT = await freePort();
  base = `http://127.0.0.1:${PORT}`;
  dataDir = await mkdtemp(path.join(tmpdir(), 'dl-crash-'));
  env = { DATA_DIR: dataDir };
  if (TEST_DB_KIND === 'pglite') {
    // The embedded database migrated already, from the run's template: the first start is not the subject.
    await writeMigratedEmbeddedDatabase(path.join(dataDir, 'pglite'));
  } else {
    const database = await emptyServerDatabase('dl_crash');
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
});
afterAll(async () => {
  running?.kill('SIGKILL');
  await dropDatabase?.();
  await rm(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'src/server/server.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      SESSION_SECRET: 'crash-test-session-secret-long-enough-0123456789',
      DEMO_LOGIN: 'true',
      // Each write comes from its own (forwarded) address, so that the rate limits let the stream through.
      TRUST_PROXY: 'loopback',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running = child;
  let exited: number | string | null = null;
  child.once('exit', (code, signal) => (exited = code ?? signal));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`the server stopped before it was ready (${exited})`);
    const ready = await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the server was not ready within 120 s');
}

const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);

// A first start (the demo seed and the read model) takes seconds alone, and several times more on a
// machine with four times more work than cores, which a full test run can be: two starts, the stream
// and the checks then need more than two minutes.
it('keeps every write it acknowledged, once, through a kill -9', { timeout: 300_000 }, async () => {
  let server = await start();
  const json = { 'content-type': 'application/json', origin: base };
  const activities = (await (await fetch(`${base}/api/activities?bookable=true&limit=5`)).json()) as { id: number }[];
  const any = (await (await fetch(`${base}/api/activities?limit=30`)).json()) as { id: number }[];
  const login = await fetch(`${base}/api/demo/login/visitor`, { method: 'POST', headers: { origin: base } });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  expect(activities.length).toBeGreaterThan(0);

  const acknowledged = { bookings: new Set<string>(), reviews: new Set<string>(), tags: new Set<string>() };
  const sent = { bookings: new Set<string>(), reviews: new Set<string>(), tags: new Set<string>() };
  let stop = false;
  const stream = async (worker: number) => {
    for (let i = 0; !stop; i++) {
      const tag = `${worker}-${i}-${randomBytes(3).toString('hex')}`;
      const signal = AbortSignal.timeout(30_000);
      const headers = { ...json, 'x-forwarded-for': `10.${worker}.${(i >> 8) & 255}.${i & 255}` };
      const kind = i % 3 === 0 ? 'bookings' : i % 3 === 1 || worker > 0 ? 'reviews' : 'tags';
      const key = `crash-${tag}@example.com`;
      const activity = kind === 'bookings' ? activities[i % activities.length] : any[i % any.length];
      const request =
        kind === 'bookings'
          ? fetch(`${base}/api/bookings`, {
              method: 'POST',
              headers,
              signal,
              body: JSON.stringify({
                activityId: activity?.id,
                customerName: 'Crash Test',
                customerEmail: key,
                bookingDate: day,
              }),
            })
          : kind === 'reviews'
            ? fetch(`${base}/api/activities/${activity?.id}/reviews`, {
                method: 'POST',
                headers,
                signal,
                body: JSON.stringify({ rating: 4, comment: `Stream ${tag}`, guestName: 'Crash', guestEmail: key }),
              })
            : fetch(`${base}/api/tags`, {
                method: 'POST',
                headers: { ...headers, cookie },
                signal,
                body: JSON.stringify({ name: `crash-${tag}` }),
              });
      const id = kind === 'tags' ? `crash-${tag}` : key;
      sent[kind].add(id);
      try {
        const res = await request;
        await res.arrayBuffer();
        if (res.status >= 200 && res.status < 300) acknowledged[kind].add(id);
      } catch {
        // The server is gone: this one may or may not have been written, but it was not acknowledged.
      }
    }
  };
  const workers = [0, 1, 2, 3].map(stream);
  await new Promise((r) => setTimeout(r, 2500));
  server.kill('SIGKILL');
  await new Promise((r) => server.once('exit', r));
  stop = true;
  await Promise.all(workers);
  const total = acknowledged.bookings.size + acknowledged.reviews.size + acknowledged.tags.size;
  expect(total, 'writes acknowledged before the kill').toBeGreaterThan(10);

  server = await start();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));

  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
  );
  try {
    const bookings = await queryRows<{ email: string; n: number }>(
      database.db,
      sql`select customer_email as email, count(*)::int as n from bookings where customer_email like 'crash-%' group by 1`,
    );
    const reviews = await queryRows<{ email: string; n: number }>(
      database.db,
      sql`select guest_email as email, count(*)::int as n from reviews where guest_email like 'crash-%' group by 1`,
    );
    const tags = await queryRows<{ name: string; n: number }>(
      database.db,
      sql`select name, count(*)::int as n from tags where name like 'crash-%' group by 1`,
    );
    const kept = {
      bookings: new Map(bookings.map((r) => [r.email, r.n])),
      reviews: new Map(reviews.map((r) => [r.email, r.n])),
      tags: new Map(tags.map((r) => [r.name, r.n])),
    };
    for (const kind of ['bookings', 'reviews', 'tags'] as const) {
      const lost = [...acknowledged[kind]].filter((id) => !kept[kind].has(id));
      expect(lost, `${kind} acknowledged but lost`).toEqual([]);
      const twice = [...kept[kind]].filter(([, n]) => n > 1);
      expect(twice, `${kind} written twice`).toEqual([]);
      const unknown = [...kept[kind].keys()].filter((id) => !sent[kind].has(id));
      expect(unknown, `${kind} nobody sent`).toEqual([]);
    }
  } finally {
    await database.close();
  }
});
