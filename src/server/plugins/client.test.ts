import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import { testConfig } from '../test/test-app.js';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../test/test-db.js';

let app: App;
let database: Database;
let clientDir: string;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'dl-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><title>DiscoverLocal</title><div id="root"></div>',
  );
  await writeFile(
    path.join(clientDir, 'assets', 'index-abc123.js'),
    `console.info(${JSON.stringify('x'.repeat(4000))});`,
  );
  await writeFile(path.join(clientDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  database = await createTestDatabase();
  app = await buildApp({ config: { ...testConfig(), clientDir }, database });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(clientDir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('serving the web client', () => {
  it('never serves a source map, though the build keeps them', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret.ts');
    const script = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(script.statusCode).toBe(200);
  });

  it('serves index.html at / without caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['/favorieten', 200],
    ['/kaart', 200],
    // No such activity, no such page: the app shows its 404 page, with the status to match (docs/seo.md).
    ['/activity/12', 404],
    ['/no/such/page', 404],
  ])('answers %s with the app, whose router takes over (%i)', async (url, status) => {
    const res = await app.inject({ method: 'GET', url, headers: html });
    expect(res.statusCode).toBe(status);
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('keeps JSON 404s for unknown API paths and missing files', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/nothing', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    const asset = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toContain('application/json');
  });
});
