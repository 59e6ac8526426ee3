import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReverseGeocode } from '../../../domain/weather-schemas.js';
import { getJson } from '../../test/http.js';
import { nominatimAnswer, type StandIn, startStandIn } from '../../test/stand-in.js';
import { useTestApp } from '../../test/test-app.js';
import { NOMINATIM_INTERVAL_MS } from './service.js';

let nominatim: StandIn;
beforeAll(async () => {
  nominatim = await startStandIn(nominatimAnswer);
});
afterAll(async () => nominatim?.close());
beforeEach(() => {
  nominatim.mode = 'ok';
});

const ctx = useTestApp(() => ({
  env: {
    NOMINATIM_URL: nominatim.url,
    NOMINATIM_USER_AGENT: 'DiscoverLocal-test/1 (test@example.com)',
    OUTSIDE_TIMEOUT_MS: '1500',
  },
}));

describe('GET /api/geocode/reverse', () => {
  it('answers the town (city, town or village) and the country, asking in the visitor language with our User-Agent', async () => {
    const res = await getJson<ReverseGeocode>(ctx.app, '/api/geocode/reverse?lat=43.0547&lon=2.2186&lng=nl');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ city: 'Limoux', country: 'Frankrijk' });
    const sent = nominatim.requests.at(-1);
    expect(sent?.url.pathname).toBe('/reverse');
    expect(Object.fromEntries(sent?.url.searchParams ?? [])).toMatchObject({
      format: 'jsonv2',
      addressdetails: '1',
      'accept-language': 'nl',
    });
    expect(sent?.headers['user-agent']).toBe('DiscoverLocal-test/1 (test@example.com)');
    const village = await getJson<ReverseGeocode>(ctx.app, '/api/geocode/reverse?lat=42.8756&lon=2.1856&lng=en');
    expect(village.body).toEqual({ city: 'Quillan', country: 'France' });
  });

  it('caches answers and sends at most one upstream request a second', async () => {
    const before = nominatim.requests.length;
    const positions = ['42.10', '42.20', '42.30'];
    await Promise.all(positions.map((lat) => getJson(ctx.app, `/api/geocode/reverse?lat=${lat}&lon=2.2&lng=fr`)));
    const sent = nominatim.requests.slice(before);
    expect(sent).toHaveLength(3);
    for (let i = 1; i < sent.length; i++) {
      expect((sent[i]?.at ?? 0) - (sent[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(NOMINATIM_INTERVAL_MS - 20);
    }
    await Promise.all(positions.map((lat) => getJson(ctx.app, `/api/geocode/reverse?lat=${lat}&lon=2.2&lng=fr`)));
    expect(nominatim.requests.length - before).toBe(3);
  }, 10_000);

  it('is a 503 when the lookup fails or hangs, and a 400 for a bad position', async () => {
    nominatim.mode = 'fail';
    const failed = await getJson<{ code: string }>(ctx.app, '/api/geocode/reverse?lat=41&lon=2');
    expect(failed.status).toBe(503);
    expect(failed.body.code).toBe('SERVICE_UNAVAILABLE');
    nominatim.mode = 'hang';
    expect((await getJson(ctx.app, '/api/geocode/reverse?lat=41.5&lon=2')).status).toBe(503);
    expect((await getJson(ctx.app, '/api/geocode/reverse?lat=abc&lon=2')).status).toBe(400);
    expect((await getJson(ctx.app, '/api/geocode/reverse?lat=43&lon=500')).status).toBe(400);
  }, 10_000);
});
