import { afterEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { testConfig } from '../test/test-app.js';
import { createTestDatabase } from '../test/test-db.js';

let database: Database | undefined;
let app: App | undefined;
afterEach(async () => {
  await app?.close().catch(() => undefined);
  await database?.close();
  app = undefined;
  database = undefined;
});

async function freshApp() {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database });
  return app;
}

describe('every route declares who may call it', () => {
  it.each([
    ['an API route', '/api/undeclared', {}],
    ['an API route hidden from the documentation', '/api/hidden', { schema: { hide: true } }],
    ['a route outside the API', '/undeclared-page', {}],
  ])('refuses to start with %s that declares no access level', async (_what, url, options) => {
    const built = await freshApp();
    built.get(url, options, async () => ({ ok: true }));
    await expect(built.ready()).rejects.toThrow(new RegExp(`Routes without config.access.*GET ${url}`));
  });

  it('starts when every route, the library ones too, has one', async () => {
    const built = await freshApp();
    await built.ready();
    expect(built.routeTable.filter((route) => route.access === null)).toEqual([]);
    expect(built.routeTable.find((route) => route.url === '/api/docs/')?.access).toBe('public');
    expect(built.routeTable.find((route) => route.url === '/images/*')?.access).toBe('public');
  });
});
