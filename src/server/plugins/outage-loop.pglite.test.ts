import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import { type Database, openPglite } from '../db/client.js';
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
import { testConfig } from '../test/test-app.js';
import { writeMigratedEmbeddedDatabase } from '../test/test-db.js';

/**
 * The embedded database fails under a mixed load (docs/testing.md#outages):
 * it has no connection to cut, so each round closes it at a random moment, as
 * a failure of the engine would, then opens its files again. Nothing may
 * escape as an uncaught error (it would end the server), public reads answer
 * 200, writes 503 within a second, the app closes cleanly, and the files
 * hold every acknowledged booking with its mails and nothing half-written.
 * OUTAGE_SEED replays the moments (as far as a run's timing allows).
 */
const SEED = Number(process.env.OUTAGE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ROUNDS = Number(process.env.OUTAGE_ROUNDS_PGLITE ?? 5);
const random = seeded(SEED);

let dataDir: string;
let database: Database;
let app: App;
let load: MixedLoad;
const mailer = countingMailer(random);
const escaped: unknown[] = [];
const onEscape = (error: unknown) => escaped.push(error);

async function open(): Promise<void> {
  database = await openPglite(dataDir);
  await database.migrate();
  app = await buildApp({ config: testConfig({ CONTACT_EMAIL: TEAM_EMAIL }), database, mailer });
  await app.ready();
  app.deps.outbox.start(50);
}

beforeAll(async () => {
  process.on('uncaughtException', onEscape);
  process.on('unhandledRejection', onEscape);
  dataDir = await mkdtemp(path.join(tmpdir(), 'dl-outage-'));
  // Migrated from the run's template: every round after this opens it again as a restart does.
  await writeMigratedEmbeddedDatabase(dataDir);
  await open();
  const activityId = await createActivity(database.db, { name: 'Lac de la Cavayère', bookingRequired: true });
  const cookie = await sessionCookieFor(database.db, (await createUser(database.db)).id);
  await app.deps.catalog.sync();
  load = mixedLoad({ app: () => app, activityId, cookie, random, tag: String(SEED) });
}, 60_000);
afterAll(async () => {
  process.off('uncaughtException', onEscape);
  process.off('unhandledRejection', onEscape);
  await app?.close();
  await database?.close().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
});

it(`survives ${ROUNDS} failures of the embedded database (seed ${SEED})`, { timeout: ROUNDS * 30_000 }, async () => {
  for (let round = 1; round <= ROUNDS; round++) {
    const where = `round ${round}, seed ${SEED}`;
    const stop = { now: false };
    const running = load.run(load.between(2, 6), stop);
    await sleep(load.between(0, 400));
    const closing = database.close();
    await sleep(load.between(0, 150));
    stop.now = true;
    await running;
    await closing;
    expect(escaped, where).toEqual([]);

    for (const url of ['/api/activities', '/api/stats', '/api/activities?search=cavayere']) {
      expect((await app.inject({ url })).statusCode, `${where}: ${url}`).toBe(200);
    }
    const started = performance.now();
    const refused = await load.book();
    expect(refused.statusCode, `${where}: ${refused.body}`).toBe(503);
    expect(performance.now() - started, where).toBeLessThan(1000);
    await app.close();

    await open();
    await expectNothingHalfWritten(database.db, load.acknowledged, where);
    expect((await load.book()).statusCode, where).toBe(201);
    expect(escaped, where).toEqual([]);
  }
});
