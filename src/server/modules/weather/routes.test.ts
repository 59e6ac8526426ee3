import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Weather } from '../../../domain/weather.js';
import { getJson } from '../../test/http.js';
import { openMeteoAnswer, openWeatherAnswer, type StandIn, startStandIn } from '../../test/stand-in.js';
import { useTestApp } from '../../test/test-app.js';
import { createWeatherService } from './service.js';
import { WEATHER_RATE_LIMIT } from './routes.js';

let meteo: StandIn;
let owm: StandIn;
/** Open-Meteo when it sends no visibility (it may not measure it where one asks). */
let meteoWithoutVisibility: StandIn;
beforeAll(async () => {
  meteo = await startStandIn(openMeteoAnswer);
  owm = await startStandIn(openWeatherAnswer);
  meteoWithoutVisibility = await startStandIn((url) => {
    const { visibility: _unmeasured, ...current } = openMeteoAnswer(url).current;
    return { ...openMeteoAnswer(url), current };
  });
});
afterAll(async () => {
  await meteo?.close();
  await owm?.close();
  await meteoWithoutVisibility?.close();
});
beforeEach(() => {
  meteo.mode = 'ok';
  owm.mode = 'ok';
});

describe('GET /api/weather on Open-Meteo (the default)', () => {
  const ctx = useTestApp(() => ({ env: { OPEN_METEO_URL: meteo.url, OUTSIDE_TIMEOUT_MS: '1500' } }));

  it('answers the current weather in °C, %, km/h and km, described in the requested language', async () => {
    const before = meteo.requests.length;
    const res = await getJson<Weather>(ctx.app, '/api/weather?lat=43.0547&lon=2.2186&lng=nl');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      temperature: 14.3,
      description: 'Bewolkt',
      humidity: 71,
      windSpeed: 9.7,
      visibility: 24.1,
      icon: 'cloud',
      source: 'open-meteo',
    });
    const sent = meteo.requests[before]?.url;
    expect(sent?.pathname).toBe('/v1/forecast');
    expect(sent?.searchParams.get('wind_speed_unit')).toBe('kmh');
    // Asked for the centre of its ~10 km cell.
    expect(sent?.searchParams.get('latitude')).toBe('43.1');
    expect(sent?.searchParams.get('current')).toContain('visibility');
    const en = await getJson<Weather>(ctx.app, '/api/weather?lat=43.0547&lon=2.2186&lng=en');
    expect(en.body.description).toBe('Overcast');
  });

  it('makes one upstream call for many concurrent requests for the same place, and reuses it', async () => {
    const before = meteo.requests.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => getJson(ctx.app, '/api/weather?lat=42.8756&lon=2.1856&lng=fr')),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(meteo.requests.length - before).toBe(1);
    // A nearby position (same 0.1° cell) and a repeat within 10 minutes are answered from the cache.
    await getJson(ctx.app, '/api/weather?lat=42.8761&lon=2.1862&lng=fr');
    expect(meteo.requests.length - before).toBe(1);
    await getJson(ctx.app, '/api/weather?lat=42.95&lon=2.1849&lng=fr');
    expect(meteo.requests.length - before).toBe(2);
  });

  it.each([
    ['fail', 'answered 500', 2.5],
    ['hang', 'no answer within 1500 ms', 2.7],
    ['garbage', 'not JSON', 2.9],
  ] as const)('is a 503 with a clear message when the service %s, and does not cache it', async (mode, text, lon) => {
    meteo.mode = mode;
    const started = Date.now();
    const res = await getJson<{ message: string; code: string }>(ctx.app, `/api/weather?lat=43.3&lon=${lon}&lng=en`);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
    expect(res.body.message).toContain(text);
    // The error alone: no stand-in weather passes for today's (docs/outside-services.md#weather).
    expect(Object.keys(res.body).sort()).toEqual(['code', 'message']);
    meteo.mode = 'ok';
    expect((await getJson(ctx.app, `/api/weather?lat=43.3&lon=${lon}&lng=en`)).status).toBe(200);
  });

  it.each([
    'lat=abc&lon=2',
    'lat=91&lon=2',
    'lat=43&lon=-181',
    'lat=43',
    'lon=2',
    '',
    'lat=43&lon=2&lng=it',
    'lat=43&lon=2&x=1',
    "lat=43'%20or%201=1&lon=2",
  ])('refuses %s with a 400 and asks nothing upstream', async (query) => {
    const before = meteo.requests.length;
    const res = await getJson<{ code: string }>(ctx.app, `/api/weather?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(meteo.requests.length).toBe(before);
  });
});

describe('GET /api/weather when the service measured no visibility', () => {
  const ctx = useTestApp(() => ({ env: { OPEN_METEO_URL: meteoWithoutVisibility.url } }));

  it('answers null for it rather than a made-up value', async () => {
    const res = await getJson<Weather>(ctx.app, '/api/weather?lat=43.0547&lon=2.2186&lng=de');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ temperature: 14.3, description: 'Bedeckt', visibility: null });
  });
});

describe('GET /api/weather against abuse', () => {
  const ctx = useTestApp(() => ({ env: { OPEN_METEO_URL: meteo.url, OUTSIDE_TIMEOUT_MS: '1500' } }));

  it.each([
    ['Amsterdam', 'lat=52.3676&lon=4.9041'],
    ['Paris', 'lat=48.8566&lon=2.3522'],
    ['the far side of the service area', 'lat=43.0547&lon=3.3'],
  ])(
    'refuses a position outside the service area (%s) with a 400 that says where it is, asking nothing upstream',
    async (_place, query) => {
      const before = meteo.requests.length;
      const res = await getJson<{ code: string; message: string }>(ctx.app, `/api/weather?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('OUTSIDE_SERVICE_AREA');
      expect(res.body.message).toContain('within 80 km of 43.0547, 2.2186');
      expect(meteo.requests.length).toBe(before);
    },
  );

  it('limits each client by the asks the cache cannot answer, and counts an IPv6 client by its /64', async () => {
    // Every ask goes to a cell of its own (0.1° apart, all within the service area), so none is cached.
    let cell = 0;
    const ask = (remoteAddress: string) => {
      const lat = (42.7 + (cell % 8) * 0.1).toFixed(4);
      const lon = (1.9 + Math.floor(cell / 8) * 0.1).toFixed(4);
      cell += 1;
      return ctx.app.inject({ method: 'GET', url: `/api/weather?lat=${lat}&lon=${lon}&lng=de`, remoteAddress });
    };
    for (let i = 0; i < WEATHER_RATE_LIMIT.max; i++) {
      // Addresses that differ only in their last 64 bits are one client.
      expect((await ask(`2001:db8:1:2::${(i + 1).toString(16)}`)).statusCode).toBe(200);
    }
    const limited = await ask('2001:db8:1:2:ffff::9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await ask('2001:db8:1:3::1')).statusCode).toBe(200);
    expect((await ask('192.0.2.7')).statusCode).toBe(200);
  });

  it('answers a cached cell to many visitors behind one address without counting them', async () => {
    const ask = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/weather?lat=43.0547&lon=2.2186&lng=es',
        remoteAddress: '198.51.100.4',
      });
    const before = meteo.requests.length;
    for (let i = 0; i < WEATHER_RATE_LIMIT.max * 2; i++) expect((await ask()).statusCode).toBe(200);
    // One upstream call filled the cache; the other asks came from it and were never limited.
    expect(meteo.requests.length).toBe(before + 1);
  });
});

describe('the weather cache', () => {
  it('holds every cell of the service area: 10,000 positions cost a few hundred upstream calls, and a second pass none', async () => {
    let calls = 0;
    const service = createWeatherService({
      source: 'open-meteo',
      current: async (lat, lon) => {
        calls += 1;
        return {
          temperature: lat,
          description: String(lon),
          humidity: 1,
          windSpeed: 1,
          visibility: 1,
          icon: 'sun',
          source: 'open-meteo',
        };
      },
    });
    const positions = Array.from({ length: 10_000 }, (_, i) => ({
      lat: 42.4 + ((i * 7919) % 1300) / 1000,
      lon: 1.3 + ((i * 104_729) % 1800) / 1000,
    }));
    for (const { lat, lon } of positions) await service.current(lat, lon, 'nl');
    expect(calls).toBeLessThanOrEqual(14 * 19);
    const first = calls;
    for (const { lat, lon } of positions) await service.current(lat, lon, 'nl');
    expect(calls).toBe(first);
  });
});

describe('GET /api/weather on OpenWeatherMap (when a key is configured)', () => {
  const ctx = useTestApp(() => ({
    env: {
      OPEN_METEO_URL: meteo.url,
      OPENWEATHER_URL: owm.url,
      OPENWEATHER_API_KEY: 'test-key',
      OUTSIDE_TIMEOUT_MS: '1500',
    },
  }));

  it('converts wind from m/s to km/h and visibility from m to km, asking metric units in the language', async () => {
    const meteoBefore = meteo.requests.length;
    const res = await getJson<Weather>(ctx.app, '/api/weather?lat=43.0547&lon=2.2186&lng=fr');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      temperature: 11.8,
      description: 'Légère pluie',
      humidity: 88,
      windSpeed: 18,
      visibility: 8,
      icon: 'rain',
      source: 'openweathermap',
    });
    const sent = owm.requests.at(-1)?.url;
    expect(sent?.pathname).toBe('/data/2.5/weather');
    expect(Object.fromEntries(sent?.searchParams ?? [])).toMatchObject({
      units: 'metric',
      lang: 'fr',
      appid: 'test-key',
    });
    expect(meteo.requests.length).toBe(meteoBefore);
  });

  it('is a 503 when OpenWeatherMap fails', async () => {
    owm.mode = 'fail';
    expect((await getJson(ctx.app, '/api/weather?lat=43.2&lon=2.4')).status).toBe(503);
  });
});
