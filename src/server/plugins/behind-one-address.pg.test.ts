import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { createActivity } from '../test/factories.js';
import { type Answer, requestFrom, startReverseProxy, UPSTREAM_HEADER } from '../test/reverse-proxy.js';
import { testConfig } from '../test/test-app.js';
import { createSharedTestDatabase } from '../test/test-db.js';
import { SESSION_COOKIE } from './auth.js';

/**
 * How the guide outgrows one machine (docs/deployment.md#several-instances): two listening app
 * instances, each with its own pool to one PostgreSQL database and both on one Redis, behind one
 * address (a proxy taking them in turn, as a load balancer does, saying X-Forwarded-Proto: https).
 * Through that address a login holds on both, a write reaches both instances' public reads within a
 * second, and a rate limit counts the requests of both. The Redis is the machine's unless
 * TEST_REDIS_URL names another.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PUBLIC_URL = 'https://discoverlocal.example';
const HOST = 'discoverlocal.example';
const env = {
  PUBLIC_URL,
  SESSION_SECRET: 'one-address-session-secret-0123456789abcdef',
  DEMO_LOGIN: 'true',
  DEMO_LOGIN_ON_PUBLIC_URL: 'true',
  TRUST_PROXY: '1',
  REDIS_URL,
};
/** Writes come from the guide's own pages (docs/security.md). */
const ownPage = { origin: PUBLIC_URL };

let database: Database;
let second: Database;
let a: App;
let b: App;
let ports: number[] = [];
let proxy: Awaited<ReturnType<typeof startReverseProxy>>;
let redis: Redis;
/** A visitor of this run's own (loopback addresses are all this machine's): Redis counters outlive a run. */
const visitor = `127.${50 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

const visit = (options: Parameters<typeof requestFrom>[2], from = visitor) =>
  requestFrom(from, proxy.port, { ...options, headers: { host: HOST, ...options.headers } });
const cookieOf = (answer: Answer) =>
  (answer.headers['set-cookie'] ?? []).join('\n').match(new RegExp(`${SESSION_COOKIE}=[^;]+`))?.[0] ?? '';
const upstreamOf = (answer: Answer) => Number(answer.headers[UPSTREAM_HEADER]);

beforeAll(async () => {
  ({ database, second } = await createSharedTestDatabase());
  a = await buildApp({ config: testConfig(env), database });
  b = await buildApp({ config: testConfig(env), database: second });
  ports = await Promise.all(
    [a, b].map(async (app) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      return typeof address === 'object' && address ? address.port : 0;
    }),
  );
  proxy = await startReverseProxy(ports);
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  const keys = (await redis?.keys(`discoverlocal:rl:*${visitor}`)) ?? [];
  if (keys.length > 0) await redis.del(...keys);
  redis?.disconnect();
  await proxy?.close();
  await a?.close();
  await b?.close();
  await second?.close();
  await database?.close();
});

it('keeps a login through the one address on whichever instance answers', async () => {
  const login = await visit({ method: 'POST', path: '/api/demo/login/visitor', headers: ownPage }, '127.0.0.2');
  expect(login.status, login.body).toBe(200);
  const cookie = cookieOf(login);
  expect(cookie).not.toBe('');
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(await visit({ path: '/api/auth/user', headers: { cookie } }, '127.0.0.2'));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  expect(answers.map((answer) => JSON.parse(answer.body) as { email: string })).toEqual(
    Array(4).fill(expect.objectContaining({ email: 'visitor@discoverlocal.test' })),
  );
  // Both instances answered, in turn.
  expect(new Set([login, ...answers].map(upstreamOf))).toEqual(new Set(ports));
  // Logged out through the one address, the session is gone on both.
  const logout = await visit({ method: 'POST', path: '/api/logout', headers: { cookie, ...ownPage } }, '127.0.0.2');
  expect(logout.status).toBe(204);
  for (let i = 0; i < 2; i++) {
    expect((await visit({ path: '/api/auth/user', headers: { cookie } }, '127.0.0.2')).status).toBe(401);
  }
});

it('shows a write made through the one address in both instances’ public reads within a second', async () => {
  const id = await createActivity(database.db, { name: 'Abbaye de Saint-Hilaire', price: 10 });
  await Promise.all([a.deps.catalog.sync(), b.deps.catalog.sync()]);
  const login = await visit({ method: 'POST', path: '/api/demo/login/admin', headers: ownPage }, '127.0.0.3');
  const cookie = cookieOf(login);
  const priceOn = async (port: number) => {
    const answer = await requestFrom('127.0.0.1', port, { path: `/api/activities/${id}` });
    return (JSON.parse(answer.body) as { price: number }).price;
  };
  expect(await Promise.all(ports.map(priceOn))).toEqual([10, 10]);
  const edit = await visit(
    { method: 'PATCH', path: `/api/admin/activities/${id}`, headers: { cookie, ...ownPage }, body: { price: 12.5 } },
    '127.0.0.3',
  );
  expect(edit.status, edit.body).toBe(204);
  const written = performance.now();
  // Each instance asked directly, until it shows the new price: how long after the write's answer.
  const delays = await Promise.all(
    ports.map(async (port) => {
      for (;;) {
        if ((await priceOn(port)) === 12.5) return performance.now() - written;
        if (performance.now() - written > 2000) return Infinity;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }),
  );
  for (const delay of delays) expect(delay).toBeLessThan(1000);
});

it('counts a rate limit over both instances: the demo login’s 20 a minute per address', async () => {
  const answers: Answer[] = [];
  for (let i = 0; i < 22; i++) {
    answers.push(await visit({ method: 'POST', path: '/api/demo/login/visitor', headers: ownPage }));
  }
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
  expect(statuses.slice(20)).toEqual([429, 429]);
  // The logins went to both instances in turn, and both refuse the address now.
  expect(new Set(answers.slice(0, 20).map(upstreamOf))).toEqual(new Set(ports));
  expect(new Set(answers.slice(20).map(upstreamOf))).toEqual(new Set(ports));
  // The count is one, in Redis, for the visitor's address as the proxy named it.
  const keys = await redis.keys(`discoverlocal:rl:*${visitor}`);
  expect(keys).toHaveLength(1);
  expect(Number(await redis.get(keys[0] ?? ''))).toBe(22);
  // Another visitor is not affected.
  expect((await visit({ method: 'POST', path: '/api/demo/login/visitor', headers: ownPage }, '127.0.0.4')).status).toBe(
    200,
  );
});
