import { describe, expect, it } from 'vitest';
import { getJson } from '../../test/http.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

describe('health, readiness, docs and unknown paths', () => {
  it('reports the process up and the database ready', async () => {
    expect((await getJson(ctx.app, '/api/health')).body).toEqual({ status: 'ok' });
    const ready = await getJson(ctx.app, '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready' });
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await getJson(ctx.app, '/api/no-such-thing?x=1');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toEqual({ message: 'No route for GET /api/no-such-thing', code: 'ROUTE_NOT_FOUND' });
  });

  it('tags every answer with a request id of its own, never one the caller sent (docs/security.md#logs)', async () => {
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(mine.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.headers['x-request-id']).not.toBe(mine.headers['x-request-id']);
  });

  it('publishes OpenAPI 3 built from the route schemas, and a browsable page', async () => {
    const spec = await getJson<{
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    }>(ctx.app, '/api/openapi.json');
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/activities',
      '/api/activities/{id}',
      '/api/activities/{id}/tags',
      '/api/activities/{id}/reviews',
      '/api/tags',
      '/api/stats',
      '/api/search/suggestions',
      '/api/weather',
      '/api/geocode/reverse',
      '/api/config',
      '/api/health',
      '/api/ready',
    ]) {
      expect(spec.body.paths, path).toHaveProperty([path, 'get']);
    }
    const params = spec.body.paths['/api/activities']?.get?.parameters?.map((p) => p.name) ?? [];
    expect(params).toEqual(
      expect.arrayContaining(['category', 'search', 'sort', 'tags', 'lat', 'lon', 'lng', 'limit', 'offset']),
    );
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('serves the category artwork', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/images/activities/markten-1.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });
});
