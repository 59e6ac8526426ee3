import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { createUser } from '../../test/factories.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { testConfig } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-db.js';

/**
 * With the database cut, downloading one's data and asking for a link answer 503 with Retry-After,
 * never 500 (docs/architecture.md#errors).
 */
let app: App;
let database: Database;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database });
  await app.ready();
  const user = await createUser(database.db, { role: 'visitor', roleChosenAt: new Date() });
  cookie = await sessionCookieFor(database.db, user.id);
  expect((await app.inject({ url: '/api/me/data', headers: { cookie } })).statusCode).toBe(200);
  await database.close();
});
afterAll(async () => app?.close());

describe('privacy routes with the database cut', () => {
  it.each([
    { method: 'GET' as const, url: '/api/me/data', withCookie: true },
    { method: 'POST' as const, url: '/api/privacy/data-requests', payload: { email: 'guest@example.com' } },
    { method: 'POST' as const, url: '/api/privacy/data', payload: { token: 'a'.repeat(43) } },
  ])('$method $url answers 503, not 500', async ({ method, url, payload, withCookie }) => {
    const res = await app.inject({
      method,
      url,
      headers: { ...sameOrigin, ...(withCookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(res.headers['retry-after']).toBe('5');
  });
});
