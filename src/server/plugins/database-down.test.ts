import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { createProvider } from '../test/providers.js';
import { sameOrigin } from '../test/sessions.js';
import { createActivity } from '../test/factories.js';
import { testConfig } from '../test/test-app.js';
import { createTestDatabase } from '../test/test-db.js';

/**
 * With the database cut, every write answers 503 (never 500) with
 * Retry-After (docs/architecture.md#errors), while the public reads go on
 * from the read model (docs/read-model.md).
 */
let app: App;
let database: Database;
let cookie: string;
let activityId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database });
  await app.ready();
  cookie = (await createProvider(database.db)).cookie;
  activityId = await createActivity(database.db, { bookingRequired: true });
  // Sessions are read from the database too: this cookie is checked before the cut.
  expect((await app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
  await app.deps.catalog.sync();
  await database.close();
});
afterAll(async () => app?.close());

describe('with the database cut', () => {
  const writes = () => [
    {
      method: 'POST' as const,
      url: '/api/bookings',
      payload: { activityId, customerName: 'Gast', customerEmail: 'g@example.com', bookingDate: '2030-01-01' },
    },
    {
      method: 'POST' as const,
      url: `/api/activities/${activityId}/reviews`,
      payload: { rating: 4, comment: 'Mooi', guestName: 'Gast', guestEmail: 'g@example.com' },
    },
    { method: 'POST' as const, url: `/api/activities/${activityId}/events`, payload: { event: 'view' } },
  ];

  it('answers writes with 503 and Retry-After, not 500', async () => {
    for (const request of writes()) {
      const res = await app.inject({
        ...request,
        headers: { ...sameOrigin, 'user-agent': 'Mozilla/5.0 Firefox/130.0' },
      });
      expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(res.headers['retry-after']).toBe('5');
    }
  });

  it('keeps answering the public reads from the read model', async () => {
    const list = await app.inject({ url: '/api/activities' });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ id: number }[]>().map((a) => a.id)).toContain(activityId);
    for (const url of [`/api/activities/${activityId}`, '/api/stats', '/api/tags', '/api/search/suggestions?q=ac']) {
      expect((await app.inject({ url })).statusCode, url).toBe(200);
    }
  });

  it('answers a logged-in provider’s write with 503 as well', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/provider/activities',
      headers: { ...sameOrigin, cookie },
      payload: {
        name: 'X',
        description: 'Y',
        language: 'fr',
        category: 'uitjes',
        city: 'Limoux',
        latitude: 43.05,
        longitude: 2.22,
      },
    });
    expect(res.statusCode, res.body).toBe(503);
  });
});
