import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReverseGeocode } from '../../../domain/weather-schemas.js';
import { getJson } from '../../test/http.js';
import { nominatimAnswer, type StandIn, startStandIn } from '../../test/stand-in.js';
import { testConfig, useTestApp } from '../../test/test-app.js';
import { createProvider } from '../../test/providers.js';
import type { GeocodeResult } from '../../../domain/weather-schemas.js';
import { type Geocoder, nominatim as nominatimGeocoder } from './nominatim.js';
import { GEOCODE_RATE_LIMIT } from './routes.js';
import { createGeocodeService, NOMINATIM_INTERVAL_MS } from './service.js';

let nominatim: StandIn;
beforeAll(async () => {
  nominatim = await startStandIn(nominatimAnswer);
});
afterAll(async () => nominatim?.close());
beforeEach(() => {
  nominatim.mode = 'ok';
});

/** When the app started each call to Nominatim (after its pacing), by its own clock. */
const callStarts: number[] = [];
const ctx = useTestApp(() => {
  const env = {
    NOMINATIM_URL: nominatim.url,
    NOMINATIM_USER_AGENT: 'DiscoverLocal-test/1 (test@example.com)',
    OUTSIDE_TIMEOUT_MS: '1500',
  };
  const upstream = nominatimGeocoder(testConfig(env).outside);
  const timed: Geocoder = {
    reverse: (...args) => {
      callStarts.push(Date.now());
      return upstream.reverse(...args);
    },
    search: (...args) => {
      callStarts.push(Date.now());
      return upstream.search(...args);
    },
  };
  return { env, deps: { geocoder: createGeocodeService(timed) } };
});

let providerCookie: string;
beforeAll(async () => {
  providerCookie = (await createProvider(ctx.db)).cookie;
});

/**
 * A GET from a client of its own: each client may cause only a few upstream calls a minute, one at a
 * time (NOMINATIM_CALLS_PER_CLIENT_MINUTE), which the tests of pacing and caching would otherwise meet.
 */
let clients = 0;
const getFresh = async <T>(url: string) => {
  const res = await ctx.app.inject({ url, remoteAddress: `192.0.2.${++clients}` });
  return { status: res.statusCode, body: res.json<T>() };
};

/** Waits until the pacing queue has no slot reserved ahead. */
const queueDrained = () => new Promise((resolve) => setTimeout(resolve, 3 * NOMINATIM_INTERVAL_MS + 200));
/** Two reads of the clock in whole milliseconds, a moment apart, can differ by a tick or two. */
const CLOCK_TICKS_MS = 2;

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
      // Asked to about a kilometre: the town does not need the visitor's door.
      lat: '43.05',
      lon: '2.22',
    });
    expect(sent?.headers['user-agent']).toBe('DiscoverLocal-test/1 (test@example.com)');
    await queueDrained();
    const village = await getJson<ReverseGeocode>(ctx.app, '/api/geocode/reverse?lat=42.8756&lon=2.1856&lng=en');
    expect(village.body).toEqual({ city: 'Quillan', country: 'France' });
    await queueDrained();
  });

  it('caches answers and sends at most one upstream request a second', async () => {
    const before = nominatim.requests.length;
    const startsBefore = callStarts.length;
    const positions = ['42.90', '42.95', '43.00'];
    await Promise.all(positions.map((lat) => getFresh(`/api/geocode/reverse?lat=${lat}&lon=2.2&lng=fr`)));
    expect(nominatim.requests.slice(before)).toHaveLength(3);
    // The app starts them a full interval apart (their arrival at the stand-in, in this same busy
    // process, may lag by a fraction of a second, so the app's own start times are what is measured).
    // They are read here when the call is made, a moment after the pacer read its own clock: a tick
    // between the two made a gap of 999 ms once in CI. With the pacing taken out they were 4 and 1 ms apart.
    const starts = callStarts.slice(startsBefore);
    expect(starts).toHaveLength(3);
    for (let i = 1; i < starts.length; i++) {
      expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).toBeGreaterThanOrEqual(NOMINATIM_INTERVAL_MS - CLOCK_TICKS_MS);
    }
    await Promise.all(positions.map((lat) => getFresh(`/api/geocode/reverse?lat=${lat}&lon=2.2&lng=fr`)));
    expect(nominatim.requests.length - before).toBe(3);
    await queueDrained();
  }, 10_000);

  it('keeps its queue short: a burst beyond a few seconds of slots is answered 503 at once, not queued for an hour', async () => {
    const before = nominatim.requests.length;
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ctx.app.inject({
          method: 'GET',
          url: `/api/geocode/reverse?lat=${(42.5 + i * 0.05).toFixed(2)}&lon=2.3`,
          remoteAddress: `198.51.100.${i + 1}`,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    // Four slots within the wait; on a loaded machine the last may still time out upstream (a 503 as well).
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(8);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(answers.find((a) => a.statusCode === 503)?.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    // At most the four slots within the wait reach Nominatim (on a loaded machine the last may time out first).
    expect(nominatim.requests.length - before).toBeGreaterThanOrEqual(3);
    expect(nominatim.requests.length - before).toBeLessThanOrEqual(4);
    expect(Date.now() - started).toBeLessThan(5000);
    await queueDrained();
  }, 15_000);

  it('drops a queued lookup whose client has gone: it never reaches Nominatim', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    try {
      const before = nominatim.requests.length;
      // The first takes the slot now; the second waits a second for its own, and hangs up meanwhile.
      await getJson(ctx.app, '/api/geocode/reverse?lat=42.61&lon=2.1');
      const abandoned = httpRequest({ port, host: '127.0.0.1', path: '/api/geocode/reverse?lat=42.62&lon=2.1' });
      abandoned.on('error', () => undefined);
      abandoned.end();
      await new Promise((resolve) => setTimeout(resolve, 150));
      abandoned.destroy();
      await queueDrained();
      const asked = nominatim.requests.slice(before).map((r) => r.url.searchParams.get('lat'));
      expect(asked).toEqual(['42.61']);
    } finally {
      await ctx.app.server.close();
    }
  }, 15_000);

  it('refuses a position outside the service area, and limits each client', async () => {
    const before = nominatim.requests.length;
    const far = await getJson<{ code: string }>(ctx.app, '/api/geocode/reverse?lat=52.37&lon=4.9');
    expect(far.status).toBe(400);
    expect(far.body.code).toBe('OUTSIDE_SERVICE_AREA');
    expect(nominatim.requests.length).toBe(before);
    const ask = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/geocode/reverse?lat=43.0547&lon=2.2186',
        remoteAddress: '203.0.113.9',
      });
    for (let i = 0; i < GEOCODE_RATE_LIMIT.max; i++) expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
  });

  it('is a 503 when the lookup fails or hangs, and a 400 for a bad position', async () => {
    nominatim.mode = 'fail';
    const failed = await getFresh<{ code: string }>('/api/geocode/reverse?lat=43.31&lon=2.0');
    expect(failed.status).toBe(503);
    expect(failed.body.code).toBe('SERVICE_UNAVAILABLE');
    nominatim.mode = 'hang';
    await queueDrained();
    expect((await getFresh('/api/geocode/reverse?lat=43.32&lon=2.0')).status).toBe(503);
    expect((await getJson(ctx.app, '/api/geocode/reverse?lat=abc&lon=2')).status).toBe(400);
    expect((await getJson(ctx.app, '/api/geocode/reverse?lat=43&lon=500')).status).toBe(400);
  }, 15_000);
});

describe('a fair share of Nominatim for each client', () => {
  it('gives one client one lookup at a time and five a minute, while others are still served', async () => {
    await queueDrained();
    const before = nominatim.requests.length;
    const as = (client: string, lat: string) =>
      ctx.app.inject({ url: `/api/geocode/reverse?lat=${lat}&lon=2.05`, remoteAddress: client });
    // A second lookup while the first is under way: refused at once, not queued.
    const [first, second] = await Promise.all([as('203.0.113.40', '42.70'), as('203.0.113.40', '42.71')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 429]);
    for (const lat of ['42.72', '42.73', '42.74', '42.75'])
      expect((await as('203.0.113.40', lat)).statusCode).toBe(200);
    // Five reached Nominatim in this minute: a sixth is refused with the wait in its message.
    const sixth = await as('203.0.113.40', '42.76');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // What is in the cache costs nothing, and another client is served meanwhile; an IPv6 client is
    // counted by its /64, so another address in it shares the first one's five.
    expect((await as('203.0.113.40', '42.72')).statusCode).toBe(200);
    expect((await as('203.0.113.41', '42.77')).statusCode).toBe(200);
    for (const lat of ['42.78', '42.79', '42.80', '42.81', '42.82']) {
      expect((await as('2001:db8:1:2::1', lat)).statusCode).toBe(200);
    }
    expect((await as('2001:db8:1:2:ffff::9', '42.83')).statusCode).toBe(429);
    expect((await as('2001:db8:1:3::1', '42.83')).statusCode).toBe(200);
    expect(nominatim.requests.length - before).toBe(12);
    await queueDrained();
  }, 30_000);
});

describe('GET /api/geocode/search', () => {
  const search = (q: string) =>
    ctx.app.inject({
      url: `/api/geocode/search?q=${encodeURIComponent(q)}&lng=fr`,
      headers: { cookie: providerCookie },
      remoteAddress: `192.0.2.${++clients}`,
    });

  it('finds addresses within the service area only, asking Nominatim within its box', async () => {
    await queueDrained();
    const res = await search('12 avenue Fabre');
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json<GeocodeResult[]>();
    expect(results).toEqual([
      {
        label: '12 avenue Fabre, Limoux, Aude, Occitanie, France',
        latitude: 43.0561,
        longitude: 2.2191,
        city: 'Limoux',
        address: '12 Avenue Fabre d’Églantine',
      },
    ]);
    const sent = nominatim.requests.at(-1);
    expect(sent?.url.pathname).toBe('/search');
    expect(Object.fromEntries(sent?.url.searchParams ?? [])).toMatchObject({ bounded: '1', 'accept-language': 'fr' });
    expect(sent?.url.searchParams.get('viewbox')).toMatch(/^[\d.]+,[\d.]+,[\d.]+,[\d.]+$/);
    await queueDrained();
  });

  it('asks once for the same words (cached), refuses a too-short query and anyone who is not a provider', async () => {
    const before = nominatim.requests.length;
    await search('12 AVENUE   fabre');
    expect(nominatim.requests.length).toBe(before);
    expect((await search('ab')).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/geocode/search?q=limoux' })).statusCode).toBe(401);
  });

  it('answers 503 when the lookup is down', async () => {
    nominatim.mode = 'fail';
    const res = await search('rue inconnue');
    expect(res.statusCode).toBe(503);
    await queueDrained();
  });
});
