import { once } from 'node:events';
import { type AddressInfo, connect, createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import { type Database, queryRows } from '../db/client.js';
import { DEFAULT_AVAILABILITY } from '../../domain/availability.js';
import { addDays, todayInParis } from '../../domain/dates.js';
import { createActivity, createUser } from '../test/factories.js';
import { createProvider } from '../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../test/sessions.js';
import { testConfig } from '../test/test-app.js';
import { createSharedTestDatabase } from '../test/test-db.js';

/**
 * Two app instances on one PostgreSQL database, as behind a load balancer
 * (docs/deployment.md): a login on one is valid on the other, a write on one
 * is in the other's public reads within a second (docs/read-model.md), and a
 * rate limit counts the requests of both (docs/security.md): in the database,
 * or in Redis when REDIS_URL is set (the machine's Redis unless
 * TEST_REDIS_URL names another).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let database: Database;
let second: Database;
let a: App;
let b: App;
let activityId: number;

beforeAll(async () => {
  ({ database, second } = await createSharedTestDatabase());
  a = await buildApp({ config: testConfig(), database });
  b = await buildApp({ config: testConfig(), database: second });
  await Promise.all([a.ready(), b.ready()]);
  activityId = await createActivity(database.db, { name: 'Cité de Carcassonne', price: 10 });
  await Promise.all([a.deps.catalog.sync(), b.deps.catalog.sync()]);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await second?.close();
  await database?.close();
});

it('keeps a login made on one instance valid on the other', async () => {
  const login = await a.inject({ method: 'POST', url: '/api/demo/login/visitor', headers: sameOrigin });
  expect(login.statusCode).toBe(200);
  const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
  const user = await b.inject({ url: '/api/auth/user', headers: { cookie } });
  expect(user.statusCode).toBe(200);
  expect(user.json()).toMatchObject({ email: 'visitor@discoverlocal.test' });
});

it('shows a write made on one instance in the other’s public reads within a second', async () => {
  const admin = await sessionCookieFor(
    database.db,
    (await createUser(database.db, { role: 'admin', isApproved: true })).id,
  );
  const before = await b.inject({ url: `/api/activities/${activityId}` });
  expect(before.json()).toMatchObject({ price: 10 });
  const etag = String(before.headers.etag);
  const edit = await a.inject({
    method: 'PATCH',
    url: `/api/admin/activities/${activityId}`,
    headers: { cookie: admin, ...sameOrigin },
    payload: { price: 12.5 },
  });
  expect(edit.statusCode, edit.body).toBe(204);
  const started = performance.now();
  await expect
    .poll(async () => (await b.inject({ url: `/api/activities/${activityId}` })).json<{ price: number }>().price, {
      timeout: 1000,
      interval: 20,
    })
    .toBe(12.5);
  expect(performance.now() - started).toBeLessThan(1000);
  // The other instance's cached answer went with the change: a new ETag, and the old one is no longer a 304.
  const after = await b.inject({ url: `/api/activities/${activityId}`, headers: { 'if-none-match': etag } });
  expect(after.statusCode).toBe(200);
  expect(after.headers.etag).not.toBe(etag);
});

it('drops a rejected or demoted provider’s activities from the other instance’s reads once it has the change', async () => {
  const admin = await sessionCookieFor(
    database.db,
    (await createUser(database.db, { role: 'admin', isApproved: true })).id,
  );
  const rejected = await createProvider(database.db, { name: 'Rejected' });
  const demoted = await createProvider(database.db, { name: 'Demoted' });
  const ids = [
    await createActivity(database.db, { providerId: rejected.provider.id }),
    await createActivity(database.db, { providerId: demoted.provider.id }),
  ];
  await b.deps.catalog.sync();
  const status = async (id: number) => (await b.inject({ url: `/api/activities/${id}` })).statusCode;
  expect([await status(ids[0] ?? 0), await status(ids[1] ?? 0)]).toEqual([200, 200]);
  const reject = await a.inject({
    method: 'POST',
    url: `/api/admin/providers/${rejected.provider.id}/reject`,
    headers: { cookie: admin, ...sameOrigin },
  });
  expect(reject.statusCode, reject.body).toBe(200);
  // A role changed outside the app (a command on the server) reaches the read model too.
  await database.db.execute(sql`update users set role = 'visitor' where id = ${demoted.user.id}`);
  // Everything committed before this is in b's read model once it returns (docs/read-model.md).
  await b.deps.catalog.sync();
  expect([await status(ids[0] ?? 0), await status(ids[1] ?? 0)]).toEqual([404, 404]);
});

it('drops the other instance’s kept availability answer once a booking takes places there', async () => {
  const day = addDays(todayInParis(new Date()), 40);
  const bookable = await createActivity(database.db, {
    bookingRequired: true,
    availability: { ...DEFAULT_AVAILABILITY, slots: ['10:00'], durationMinutes: 60, capacity: 5 },
  });
  const placesLeft = async () =>
    (await b.inject({ url: `/api/activities/${bookable}/availability?from=${day}&to=${day}` })).json<{
      days: { slots: { placesLeft: number | null }[] }[];
    }>().days[0]?.slots[0]?.placesLeft;
  // b keeps its answer (docs/availability.md#the-answer) ...
  expect(await placesLeft()).toBe(5);
  const booking = await a.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: '10.79.0.1',
    payload: {
      activityId: bookable,
      customerName: 'Two instances',
      customerEmail: 'two-instances@example.com',
      numberOfPeople: 2,
      bookingDate: day,
      slot: '10:00',
    },
  });
  expect(booking.statusCode, booking.body).toBe(201);
  // ... until a's booking is announced to it.
  const started = performance.now();
  await expect.poll(placesLeft, { timeout: 1000, interval: 20 }).toBe(3);
  expect(performance.now() - started).toBeLessThan(1000);
});

/** Demo logins: 20 a minute per address (docs/security.md), whichever instance takes them. */
async function expectLimitOverBoth(one: App, other: App, address: string, neighbour: string) {
  const login = (app: App, remoteAddress = address) =>
    app.inject({ method: 'POST', url: '/api/demo/login/visitor', headers: sameOrigin, remoteAddress });
  for (let i = 0; i < 20; i++) expect((await login(i % 2 === 0 ? one : other)).statusCode).toBe(200);
  expect((await login(one)).statusCode).toBe(429);
  expect((await login(other)).statusCode).toBe(429);
  // Another address is not affected.
  expect((await login(one, neighbour)).statusCode).toBe(200);
}

it('counts a rate limit over both instances', async () => {
  await expectLimitOverBoth(a, b, '10.77.0.1', '10.77.0.2');
});

it('counts a rate limit over both instances in Redis when REDIS_URL is set', async () => {
  const config = testConfig({ REDIS_URL: REDIS_URL });
  const c = await buildApp({ config, database });
  const d = await buildApp({ config, database: second });
  const redis = new Redis(REDIS_URL);
  // Counters outlive a run in Redis for their minute: an address of this run's own.
  const address = `10.78.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  try {
    await Promise.all([c.ready(), d.ready()]);
    await expectLimitOverBoth(c, d, address, '10.78.255.255');
    // The count is in Redis, not in the database's table.
    expect(await redis.keys(`discoverlocal:rl:*${address}`)).toHaveLength(1);
    expect(await queryRows(database.db, sql`select 1 from rate_limits where key like ${`%${address}%`}`)).toHaveLength(
      0,
    );
  } finally {
    const keys = await redis.keys(`discoverlocal:rl:*10.78.*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await c.close();
    await d.close();
  }
});

it('counts from the first request when Redis is slow to answer at start', async () => {
  // A way to Redis that holds every new connection's first answers for 300 ms, as on a busy machine.
  const target = new URL(REDIS_URL);
  const slow = createServer((client) => {
    setTimeout(() => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    }, 300);
  });
  slow.listen(0, '127.0.0.1');
  await once(slow, 'listening');
  const { port } = slow.address() as AddressInfo;
  const app = await buildApp({ config: testConfig({ REDIS_URL: `redis://127.0.0.1:${port}` }), database });
  const redis = new Redis(REDIS_URL);
  const address = `10.78.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  try {
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/demo/login/visitor',
      headers: sameOrigin,
      remoteAddress: address,
    });
    expect(login.statusCode).toBe(200);
    const keys = await redis.keys(`discoverlocal:rl:*${address}`);
    expect(keys).toHaveLength(1);
    expect(await redis.get(keys[0] ?? '')).toBe('1');
  } finally {
    const keys = await redis.keys(`discoverlocal:rl:*${address}`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await app.close();
    slow.close();
  }
});
