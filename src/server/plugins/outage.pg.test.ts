import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { createActivity, createUser } from '../test/factories.js';
import { sameOrigin, sessionCookieFor } from '../test/sessions.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { testConfig } from '../test/test-app.js';
import { createTestDatabase } from '../test/test-db.js';

/**
 * The database server goes away under a running app, and comes back
 * (docs/read-model.md, docs/architecture.md#errors): public reads go on from
 * the read model; everything that needs the database answers 503 within a
 * second, never 500; /api/ready says 503; all of it recovers by itself.
 * The app reaches PostgreSQL through a TCP proxy this test cuts.
 */
let proxy: TcpProxy;
let database: Database;
let app: App;
let activityId: number;
let cookie: string;
/** A day a month from now: bookable. */
const soon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  const target = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/postgres');
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  database = await createTestDatabase({
    through: (url) => {
      const proxied = new URL(url);
      proxied.host = `127.0.0.1:${proxy.port}`;
      return proxied.href;
    },
  });
  // The app as it runs: no waiting for the database on public reads.
  app = await buildApp({ config: testConfig(), database });
  await app.ready();
  activityId = await createActivity(database.db, { name: 'Lac de la Cavayère', bookingRequired: true });
  cookie = await sessionCookieFor(database.db, (await createUser(database.db)).id);
  await app.deps.catalog.sync();
});
afterAll(async () => {
  await app?.close();
  proxy?.restore();
  await database?.close();
  await proxy?.close();
});

const timed = async (request: InjectOptions) => {
  const started = performance.now();
  const res = await app.inject(request);
  return { res, ms: performance.now() - started };
};

describe('with the database server cut', () => {
  it('keeps the public reads going, and answers everything else 503 within a second', async () => {
    proxy.cut();
    for (const url of [
      '/api/activities',
      `/api/activities/${activityId}`,
      `/api/activities?search=cavayere`,
      '/api/stats',
      '/api/tags',
      '/api/search/suggestions?q=lac',
    ]) {
      const { res } = await timed({ url });
      expect(res.statusCode, url).toBe(200);
    }
    expect((await app.inject({ url: '/api/activities?search=cavayere' })).json()).toHaveLength(1);

    const needsTheDatabase: InjectOptions[] = [
      { url: '/api/ready' },
      { url: `/api/activities/${activityId}/reviews` },
      { url: '/api/auth/user', headers: { cookie } },
      {
        method: 'POST',
        url: '/api/bookings',
        headers: sameOrigin,
        payload: { activityId, customerName: 'Gast', customerEmail: 'g@example.com', bookingDate: soon },
      },
      {
        method: 'POST',
        url: `/api/activities/${activityId}/reviews`,
        headers: sameOrigin,
        payload: { rating: 5, comment: 'Prachtig', guestName: 'Gast', guestEmail: 'g@example.com' },
      },
    ];
    for (const request of needsTheDatabase) {
      const { res, ms } = await timed(request);
      const label = `${request.method ?? 'GET'} ${request.url}`;
      expect(res.statusCode, `${label}: ${res.body}`).toBe(503);
      expect(ms, label).toBeLessThan(1000);
      if (request.url !== '/api/ready') expect(res.json(), label).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    }
  });

  it('recovers without a restart: writes work again and the read model follows', async () => {
    proxy.restore();
    await expect.poll(async () => (await app.inject({ url: '/api/ready' })).statusCode, { timeout: 10_000 }).toBe(200);
    const booked = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: sameOrigin,
      payload: { activityId, customerName: 'Gast', customerEmail: 'g@example.com', bookingDate: soon },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    // A change made while listening was cut is seen once the listening connection is back.
    const added = await createActivity(database.db, { name: 'Gorges de Galamus' });
    await expect
      .poll(async () => (await app.inject({ url: `/api/activities/${added}` })).statusCode, { timeout: 5000 })
      .toBe(200);
  });
});
