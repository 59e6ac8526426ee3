import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import { type Database, queryRows } from '../db/client.js';
import type { Clock } from '../deps.js';
import { createActivity, createUser } from '../test/factories.js';
import {
  countingMailer,
  expectNothingHalfWritten,
  type MixedLoad,
  mixedLoad,
  seeded,
  sleep,
  TEAM_EMAIL,
} from '../test/outage-load.js';
import { sessionCookieFor } from '../test/sessions.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { testConfig } from '../test/test-app.js';
import { createTestDatabase } from '../test/test-db.js';

/**
 * The connection to PostgreSQL is cut at random moments under a mixed load
 * (docs/architecture.md#connection-loss, docs/testing.md#outages): idle,
 * mid-query, mid-transaction, while the read model listens, while the outbox
 * and the sponsorship jobs run. After every cut nothing escaped as an
 * uncaught error (it would end the server), public reads answer 200, writes
 * 503 within a second, nothing half-written is left, every acknowledged
 * booking is there, no connection is lost to the pool, and once the
 * connection is back writes work within seconds without a restart; at the
 * end the outbox has sent every mail. OUTAGE_SEED=<seed> draws the same
 * moments again (as far as the timing of a run allows); OUTAGE_ROUNDS sets
 * the number of rounds.
 */
const SEED = Number(process.env.OUTAGE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ROUNDS = Number(process.env.OUTAGE_ROUNDS ?? 20);
const random = seeded(SEED);

let proxy: TcpProxy;
let database: Database;
let app: App;
let load: MixedLoad;
/** Real time, which the test moves on at the end so that leases and retries are over. */
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const mailer = countingMailer(random);
/** Errors that escaped to the process: in server.ts each one ends the server. */
const escaped: unknown[] = [];
const onEscape = (error: unknown) => escaped.push(error);
/** node-postgres's pool behind the app's database (drizzle keeps it as $client). */
const pool = () => (database.db as unknown as { $client: { totalCount: number; idleCount: number } }).$client;

beforeAll(async () => {
  process.on('uncaughtException', onEscape);
  process.on('unhandledRejection', onEscape);
  const target = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/postgres');
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  database = await createTestDatabase({
    through: (url) => {
      const proxied = new URL(url);
      proxied.host = `127.0.0.1:${proxy.port}`;
      return proxied.href;
    },
  });
  app = await buildApp({ config: testConfig({ CONTACT_EMAIL: TEAM_EMAIL }), database, clock, mailer });
  await app.ready();
  const activityId = await createActivity(database.db, { name: 'Lac de la Cavayère', bookingRequired: true });
  const cookie = await sessionCookieFor(database.db, (await createUser(database.db)).id);
  await app.deps.catalog.sync();
  load = mixedLoad({ app: () => app, activityId, cookie, random, tag: String(SEED) });
  // As server.ts runs it, with a short poll so that rounds run during the load.
  app.deps.outbox.start(50);
});
afterAll(async () => {
  process.off('uncaughtException', onEscape);
  process.off('unhandledRejection', onEscape);
  await app?.close();
  proxy?.restore();
  await database?.close();
  await proxy?.close();
});

it(`survives ${ROUNDS} connection cuts at random moments (seed ${SEED})`, { timeout: ROUNDS * 20_000 }, async () => {
  for (let round = 1; round <= ROUNDS; round++) {
    const where = `round ${round}, seed ${SEED}`;
    const stop = { now: false };
    const running = load.run(load.between(2, 6), stop);
    await sleep(load.between(0, 400));
    proxy.cut();
    await sleep(load.between(0, 150));
    stop.now = true;
    await running;
    expect(escaped, where).toEqual([]);

    for (const url of ['/api/activities', '/api/stats', '/api/activities?search=cavayere']) {
      expect((await app.inject({ url })).statusCode, `${where}: ${url}`).toBe(200);
    }
    const started = performance.now();
    const refused = await load.book();
    expect(refused.statusCode, `${where}: ${refused.body}`).toBe(503);
    expect(performance.now() - started, where).toBeLessThan(1000);

    proxy.restore();
    const back = performance.now();
    await expect.poll(async () => (await load.book()).statusCode, { timeout: 10_000, interval: 200 }).toBe(201);
    expect(performance.now() - back, `${where}: writes work again within seconds`).toBeLessThan(5000);
    await expectNothingHalfWritten(database.db, load.acknowledged, where);
    expect(escaped, where).toEqual([]);
    // No connection is left checked out by a cut request: each one lost would shrink the pool for good.
    await app.deps.outbox.stop();
    await expect.poll(() => pool().totalCount - pool().idleCount, { timeout: 2000 }).toBe(0);
    app.deps.outbox.start(50);
  }

  // Rows whose round was cut keep their lease a minute, and failed sends wait for their retry: past
  // both, every mail of every booking goes out.
  offsetMs = 2 * 60 * 60 * 1000;
  await expect
    .poll(
      async () => {
        await app.deps.outbox.runOnce();
        const [left] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from outbox where status <> 'sent'`,
        );
        return left?.n;
      },
      { timeout: 20_000 },
    )
    .toBe(0);
  for (const email of load.acknowledged.values()) {
    expect(mailer.sent.get(email), `seed ${SEED}: ${email}`).toBeGreaterThan(0);
  }
  expect(escaped).toEqual([]);
});
