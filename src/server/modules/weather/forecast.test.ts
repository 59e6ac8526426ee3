import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Activity } from '../../../domain/activities.js';
import { addDays, todayInParis } from '../../../domain/dates.js';
import { type Forecast, weatherKindOf } from '../../../domain/forecast.js';
import { whenRange } from '../../../domain/opening.js';
import { createActivity, createTag, tagActivity } from '../../test/factories.js';
import { getJson } from '../../test/http.js';
import { openMeteoAnswer, type StandIn, startStandIn } from '../../test/stand-in.js';
import { useTestApp } from '../../test/test-app.js';
import { fixedClock } from '../../deps.js';

let meteo: StandIn;
beforeAll(async () => {
  meteo = await startStandIn(openMeteoAnswer);
});
afterAll(async () => {
  await meteo?.close();
});
beforeEach(() => {
  meteo.mode = 'ok';
});

describe('GET /api/weather/forecast', () => {
  const ctx = useTestApp(() => ({ env: { OPEN_METEO_URL: meteo.url, OUTSIDE_TIMEOUT_MS: '1500' } }));

  it("answers Open-Meteo's daily forecast in Limoux's calendar, asked once per cell", async () => {
    const before = meteo.requests.length;
    const res = await getJson<Forecast>(ctx.app, '/api/weather/forecast?lat=43.0547&lon=2.2186');
    expect(res.status).toBe(200);
    const today = todayInParis(new Date());
    expect(res.body.source).toBe('open-meteo');
    expect(res.body.days).toHaveLength(7);
    expect(res.body.days[0]).toEqual({ day: today, weatherCode: 3, maxTemperature: 14.3, precipitation: 0 });
    expect(res.body.days[1]).toEqual({
      day: addDays(today, 1),
      weatherCode: 63,
      maxTemperature: 12.1,
      precipitation: 8.4,
    });
    const sent = meteo.requests[before]?.url;
    expect(sent?.searchParams.get('daily')).toBe('weather_code,temperature_2m_max,precipitation_sum');
    expect(sent?.searchParams.get('timezone')).toBe('Europe/Paris');
    expect(sent?.searchParams.get('latitude')).toBe('43.1');
    // The same cell again: from the cache.
    await getJson(ctx.app, '/api/weather/forecast?lat=43.06&lon=2.21');
    expect(meteo.requests.length).toBe(before + 1);
  });

  it.each([
    ['fail', 2.5],
    ['hang', 2.7],
    ['garbage', 2.9],
  ] as const)('is a 503 with the error alone when the service does %s, and caches nothing', async (mode, lon) => {
    meteo.mode = mode;
    const res = await getJson<{ code: string }>(ctx.app, `/api/weather/forecast?lat=42.9&lon=${lon}`);
    expect(res.status).toBe(503);
    expect(Object.keys(res.body).sort()).toEqual(['code', 'message']);
    meteo.mode = 'ok';
    expect((await getJson(ctx.app, `/api/weather/forecast?lat=42.9&lon=${lon}`)).status).toBe(200);
  });

  it.each(['lat=52.37&lon=4.9', 'lat=43', 'lat=43&lon=2&lng=nl', 'lat=x&lon=2'])('refuses %s with a 400', async (q) => {
    const before = meteo.requests.length;
    expect((await getJson(ctx.app, `/api/weather/forecast?${q}`)).status).toBe(400);
    expect(meteo.requests.length).toBe(before);
  });
});

/** The ids of a list, in order. */
const idsOf = (list: Activity[]) => list.map((a) => a.id);

async function seedPlaces(ctx: ReturnType<typeof useTestApp>) {
  const swimming = await createTag(ctx.db, `zwemmen`);
  const outdoorNear = await createActivity(ctx.db, { setting: 'outdoor', latitude: 43.0547, longitude: 2.2186 });
  const museumFar = await createActivity(ctx.db, { setting: 'indoor', latitude: 43.2, longitude: 2.35 });
  const unknown = await createActivity(ctx.db, { setting: null, latitude: 43.06, longitude: 2.22 });
  const lake = await createActivity(ctx.db, { setting: 'outdoor', latitude: 43.1, longitude: 2.25 });
  await tagActivity(ctx.db, lake, swimming.id);
  const both = await createActivity(ctx.db, { setting: 'both', latitude: 43.07, longitude: 2.23 });
  return { outdoorNear, museumFar, unknown, lake, both };
}

describe('GET /api/activities?weatherDay: the order follows the forecast', () => {
  const ctx = useTestApp(() => ({ env: { OPEN_METEO_URL: meteo.url, OUTSIDE_TIMEOUT_MS: '1500' } }));
  let places: Awaited<ReturnType<typeof seedPlaces>>;
  beforeAll(async () => {
    places = await seedPlaces(ctx);
  });

  it('says of each activity whether it is indoors, outdoors or both', async () => {
    const res = await getJson<Activity[]>(ctx.app, '/api/activities');
    const byId = new Map(res.body.map((a) => [a.id, a.setting]));
    expect(byId.get(places.museumFar)).toBe('indoor');
    expect(byId.get(places.both)).toBe('both');
    expect(byId.get(places.unknown)).toBeNull();
  });

  it('on a rainy day (tomorrow at the stand-in) puts the indoor activities first and says how many', async () => {
    const plain = await getJson<Activity[]>(ctx.app, '/api/activities');
    const rainy = await getJson<Activity[]>(ctx.app, '/api/activities?weatherDay=tomorrow');
    expect(rainy.status).toBe(200);
    const tomorrow = addDays(todayInParis(new Date()), 1);
    expect(rainy.headers['x-weather-suggestion']).toBe(`rain; day=${tomorrow}; count=1`);
    expect(rainy.body[0]?.id).toBe(places.museumFar);
    // The others keep their order.
    expect(idsOf(rainy.body).slice(1)).toEqual(idsOf(plain.body).filter((id) => id !== places.museumFar));
    expect(rainy.headers['x-total-count']).toBe(plain.headers['x-total-count']);
  });

  it('pages through the favoured ones, then the rest', async () => {
    const all = await getJson<Activity[]>(ctx.app, '/api/activities?weatherDay=tomorrow');
    const first = await getJson<Activity[]>(ctx.app, '/api/activities?weatherDay=tomorrow&limit=2');
    const second = await getJson<Activity[]>(ctx.app, '/api/activities?weatherDay=tomorrow&limit=2&offset=2');
    expect([...idsOf(first.body), ...idsOf(second.body)]).toEqual(idsOf(all.body).slice(0, 4));
  });

  it('on a heat day (the day after) puts water and shade first', async () => {
    const hot = await getJson<Activity[]>(
      ctx.app,
      `/api/activities?weatherDay=${addDays(todayInParis(new Date()), 2)}`,
    );
    expect(hot.headers['x-weather-suggestion']).toMatch(/^heat; day=\d{4}-\d{2}-\d{2}; count=2$/);
    expect(idsOf(hot.body).slice(0, 2).sort()).toEqual([places.museumFar, places.lake].sort());
  });

  it('on a day the forecast changes nothing (today at the stand-in) keeps the order and says nothing', async () => {
    const plain = await getJson<Activity[]>(ctx.app, '/api/activities?category=sport');
    const today = await getJson<Activity[]>(ctx.app, '/api/activities?category=sport&weatherDay=today');
    expect(today.headers['x-weather-suggestion']).toBeUndefined();
    expect(idsOf(today.body)).toEqual(idsOf(plain.body));
  });

  it("orders the weekend by its first day's forecast, as the when filter names the weekend", async () => {
    const [saturday] = whenRange('weekend', new Date()) ?? [];
    const forecast = await getJson<Forecast>(ctx.app, '/api/weather/forecast?lat=43.0547&lon=2.2186');
    const day = forecast.body.days.find((d) => d.day === saturday);
    const kind = day ? weatherKindOf(day) : null;
    const res = await getJson<Activity[]>(ctx.app, '/api/activities?category=sport&weatherDay=weekend');
    expect(res.status).toBe(200);
    if (kind === null) expect(res.headers['x-weather-suggestion']).toBeUndefined();
    else expect(res.headers['x-weather-suggestion']).toMatch(new RegExp(`^${kind}; day=${saturday}; count=\\d+$`));
  });

  it.each(['soon', '2026-02-31', '1', ''])('refuses weatherDay=%s with a 400', async (day) => {
    const res = await getJson<{ code: string }>(ctx.app, `/api/activities?weatherDay=${day}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/activities?weatherDay with the when filter', () => {
  const ctx = useTestApp(() => ({ env: { OPEN_METEO_URL: meteo.url, OUTSIDE_TIMEOUT_MS: '1500' } }));

  it("keeps the when filter's parts, puts the day's favourites first within each, and counts those of the matches", async () => {
    const everyDay = [
      { days: [1, 2, 3, 4, 5, 6, 7], opens: '10:00', closes: '18:00', seasonStart: null, seasonEnd: null },
    ];
    const outdoorOpen = await createActivity(ctx.db, { setting: 'outdoor', weeklyHours: everyDay });
    const indoorOpen = await createActivity(ctx.db, { setting: 'indoor', weeklyHours: everyDay, latitude: 43.3 });
    const indoorUnknown = await createActivity(ctx.db, { setting: 'indoor', weeklyHours: [] });
    const outdoorUnknown = await createActivity(ctx.db, { setting: 'outdoor', weeklyHours: [] });
    const ours = new Set([outdoorOpen, indoorOpen, indoorUnknown, outdoorUnknown]);
    const res = await getJson<Activity[]>(ctx.app, '/api/activities?when=tomorrow&weatherDay=tomorrow&limit=100');
    expect(res.status).toBe(200);
    const tomorrow = addDays(todayInParis(new Date()), 1);
    // Only the indoor place known to be open comes first; the one whose times are unknown is not counted.
    expect(res.headers['x-weather-suggestion']).toBe(`rain; day=${tomorrow}; count=1`);
    expect(idsOf(res.body).filter((id) => ours.has(id))).toEqual([
      indoorOpen,
      outdoorOpen,
      indoorUnknown,
      outdoorUnknown,
    ]);
    expect(res.headers['x-when-matches']).toBe('2');
  });
});

describe('GET /api/activities?weatherDay when the weather service is down', () => {
  let down: StandIn;
  beforeAll(async () => {
    down = await startStandIn(openMeteoAnswer);
    down.mode = 'fail';
  });
  afterAll(async () => {
    await down?.close();
  });
  const ctx = useTestApp(() => ({ env: { OPEN_METEO_URL: down.url, OUTSIDE_TIMEOUT_MS: '1500' } }));

  it('gives the usual order and no suggestion; once the service is back, the suggestion comes', async () => {
    const places = await seedPlaces(ctx);
    const plain = await getJson<Activity[]>(ctx.app, '/api/activities');
    const res = await getJson<Activity[]>(ctx.app, '/api/activities?weatherDay=tomorrow');
    expect(res.status).toBe(200);
    expect(res.headers['x-weather-suggestion']).toBeUndefined();
    expect(idsOf(res.body)).toEqual(idsOf(plain.body));
    down.mode = 'ok';
    const back = await getJson<Activity[]>(ctx.app, '/api/activities?weatherDay=tomorrow');
    expect(back.headers['x-weather-suggestion']).toMatch(/^rain; /);
    expect(back.body[0]?.id).toBe(places.museumFar);
  });
});

describe('GET /api/activities?weatherDay=today across midnight', () => {
  const clock = fixedClock(new Date());
  const ctx = useTestApp(() => ({ env: { OPEN_METEO_URL: meteo.url }, deps: { clock } }));

  it('keeps no answer of yesterday: "today" is a new day with its own forecast and order', async () => {
    const places = await seedPlaces(ctx);
    const url = '/api/activities?weatherDay=today';
    const first = await getJson<Activity[]>(ctx.app, url);
    expect(first.headers['x-weather-suggestion']).toBeUndefined();
    // A day later on the server's clock, "today" is the stand-in's rainy day.
    clock.advance(86_400_000);
    const next = await getJson<Activity[]>(ctx.app, url);
    expect(next.headers['x-weather-suggestion']).toMatch(/^rain; /);
    expect(next.body[0]?.id).toBe(places.museumFar);
  });
});
