/*
 * The map's clusters through HTTP (docs/api.md#the-map, docs/read-model.md#the-maps-clusters), on
 * both databases: clusters and markers of a view, the list's filters, the view's bounds, the checks
 * of the query, the HTTP cache, a write that shows, and the size of an answer over thousands of
 * activities.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAP_ANSWER_MAX_BYTES, type MapAnswer } from '../../../domain/map.js';
import { activities } from '../../db/schema/index.js';
import { createActivity } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

/** The south of France and Paris, as the map shows it from far away. */
const FRANCE = 'west=-5&south=41&east=10&north=51';
/** A few hundred metres around Limoux's group below. */
const LIMOUX_BOX = 'west=2.21&south=43.05&east=2.23&north=43.06';

const ids = {
  limoux: [] as number[],
  quillan: [] as number[],
  cite: 0,
  paris: 0,
  hidden: 0,
};

async function map(query: string) {
  const response = await ctx.app.inject({ url: `/api/map?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MapAnswer>();
}

/** Every activity a view holds: its markers and the counts of its clusters. */
const counted = (answer: MapAnswer) =>
  answer.markers.length + answer.clusters.reduce((sum, cluster) => sum + cluster.count, 0);

describe('GET /api/map', () => {
  it('gathers the activities into clusters far away, each with its count, centre and the zoom it splits at', async () => {
    // Five activities a few dozen metres apart in Limoux, three markets in Quillan, the Cité, one in Paris.
    for (let i = 0; i < 5; i++) {
      ids.limoux.push(await createActivity(ctx.db, { latitude: 43.0547 + i * 0.0004, longitude: 2.2186 }));
    }
    for (let i = 0; i < 3; i++) {
      ids.quillan.push(
        await createActivity(ctx.db, { category: 'markten', latitude: 42.875 + i * 0.001, longitude: 2.183 }),
      );
    }
    ids.cite = await createActivity(ctx.db, {
      name: 'Cité médiévale',
      category: 'viewpoints',
      latitude: 43.2065,
      longitude: 2.3637,
      sponsorLevel: 2,
      isSponsored: true,
      translations: { en: { name: 'Medieval city', description: 'Walls and towers' } },
    });
    ids.paris = await createActivity(ctx.db, { latitude: 48.8566, longitude: 2.3522 });
    ids.hidden = await createActivity(ctx.db, { isApproved: false, latitude: 43.06, longitude: 2.22 });

    const far = await map(`${FRANCE}&zoom=6`);
    expect(far.total).toBe(10);
    expect(far.inView).toBe(10);
    expect(counted(far)).toBe(10);
    // The south's nine are one cluster at this zoom; Paris stands alone.
    expect(far.clusters).toHaveLength(1);
    const south = far.clusters[0];
    expect(south).toMatchObject({ count: 9 });
    expect(south?.expansionZoom).toBeGreaterThan(6);
    expect(south?.lat).toBeGreaterThan(42.8);
    expect(south?.lat).toBeLessThan(43.3);
    expect(far.markers.map((m) => m.id)).toEqual([ids.paris]);
    expect(far.zoom).toBe(6);
    expect(far.bounds).toEqual([2.183, 42.875, 2.3637, 48.8566]);
  });

  it('splits a cluster at its expansion zoom, and shows single markers close in', async () => {
    const far = await map(`${FRANCE}&zoom=6`);
    const south = far.clusters[0] as MapAnswer['clusters'][number];
    const closer = await map(`west=1.5&south=42.5&east=3&north=43.5&zoom=${south.expansionZoom}`);
    expect(closer.clusters.length + closer.markers.length).toBeGreaterThan(1);
    expect(counted(closer)).toBe(9);

    const close = await map(`${LIMOUX_BOX}&zoom=18`);
    expect(close.clusters).toEqual([]);
    expect(close.markers.map((m) => m.id).sort((a, b) => a - b)).toEqual(ids.limoux);
    expect(close.markers[0]).toMatchObject({ category: 'sport', sponsorLevel: 0, lon: 2.2186 });
    expect(close.markers[0]?.name).toMatch(/^Activité test/);
    // Only what is in view; the total counts every match.
    expect(close.inView).toBe(5);
    expect(close.total).toBe(10);
  });

  it('keeps what the list’s filters keep', async () => {
    const markets = await map(`${FRANCE}&zoom=18&category=markten`);
    expect(markets.total).toBe(3);
    expect(markets.markers.map((m) => m.id).sort((a, b) => a - b)).toEqual(ids.quillan);
    const search = await map(`${FRANCE}&zoom=14&search=medievale&lng=fr`);
    expect(search.total).toBe(1);
    expect(search.markers).toEqual([
      { id: ids.cite, lat: 43.2065, lon: 2.3637, category: 'viewpoints', name: 'Cité médiévale', sponsorLevel: 2 },
    ]);
    expect((await map(`${FRANCE}&zoom=14&sponsored=true`)).total).toBe(1);
    expect((await map(`${FRANCE}&zoom=14&search=nothing-like-this`)).total).toBe(0);
    expect((await map(`${FRANCE}&zoom=14&search=nothing-like-this`)).bounds).toBeNull();
  });

  it('names each marker in the language asked for, else English, else the original', async () => {
    const name = async (lng: string) =>
      (await map(`west=2.36&south=43.2&east=2.37&north=43.21&zoom=16&lng=${lng}`)).markers[0]?.name;
    expect(await name('en')).toBe('Medieval city');
    expect(await name('de')).toBe('Medieval city');
    expect(await name('fr')).toBe('Cité médiévale');
  });

  it('takes a view across the antimeridian', async () => {
    const answer = await map('west=170&south=-50&east=10&north=60&zoom=3');
    expect(counted(answer)).toBe(10);
    const east = await map('west=170&south=-50&east=-170&north=60&zoom=3');
    expect(east.inView).toBe(0);
  });

  it('refuses a query it cannot answer, saying what to fix', async () => {
    const cases: [string, RegExp][] = [
      [`${FRANCE}`, /zoom/],
      [`${FRANCE}&zoom=21`, /zoom.*at most 20/],
      [`${FRANCE}&zoom=3.5`, /zoom.*whole number/],
      [`west=-5&south=51&east=10&north=41&zoom=3`, /south.*must not be greater than north/],
      [`west=-200&south=41&east=10&north=51&zoom=3`, /west.*at least -180/],
      [`west=-5&south=41&east=10&north=91&zoom=3`, /north.*at most 90/],
      [`${FRANCE}&zoom=3&sort=name`, /sort is not a known field/],
      [`${FRANCE}&zoom=3&category=concerts`, /category/],
      [`west=abc&south=41&east=10&north=51&zoom=3`, /west.*must be a number/],
    ];
    for (const [query, message] of cases) {
      const response = await ctx.app.inject({ url: `/api/map?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
      expect(response.json<{ message: string }>().message, query).toMatch(message);
    }
  });

  it('is cached as the lists are, with an ETag that answers 304', async () => {
    const first = await ctx.app.inject({ url: `/api/map?${FRANCE}&zoom=5` });
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await ctx.app.inject({ url: `/api/map?${FRANCE}&zoom=5`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('shows a new public activity once it is written, and no more once it is taken offline', async () => {
    const before = await map(`${FRANCE}&zoom=14`);
    const id = await createActivity(ctx.db, { latitude: 43.1, longitude: 2.0 });
    const after = await map(`${FRANCE}&zoom=14`);
    expect(after.total).toBe(before.total + 1);
    expect(after.markers.map((m) => m.id)).toContain(id);
    // Taken offline, it leaves the map again.
    await ctx.db.update(activities).set({ isActive: false }).where(eq(activities.id, id));
    const gone = await map(`${FRANCE}&zoom=14`);
    expect(gone.total).toBe(before.total);
    expect(gone.markers.map((m) => m.id)).not.toContain(id);
  });
});

describe('GET /api/map over thousands of activities', () => {
  it('answers at most 20 kB, whatever the view and zoom, and counts every activity in view', async () => {
    // 4,000 activities spread evenly over a degree around Limoux, each with a name of 200 characters.
    await ctx.db.execute(sql`
      insert into activities (name, description, category, city, latitude, longitude, is_active, is_approved, sort_name)
      select rpad('Activité ' || n, 200, ' abcdefgh'), 'Description', 'sport', 'Limoux',
             43.05 + ((n * 7919) % 1000) / 1000.0 - 0.5, 2.2 + ((n * 104729) % 997) / 997.0 - 0.5,
             true, true, 'activite ' || n
      from generate_series(1, 4000) as n`);
    const everything = await map(`${FRANCE}&zoom=3`);
    expect(everything.total).toBeGreaterThanOrEqual(4000);
    const views = [
      `${FRANCE}&zoom=3`,
      `${FRANCE}&zoom=8`,
      'west=1.7&south=42.55&east=2.7&north=43.55&zoom=10',
      'west=-180&south=-85&east=180&north=85&zoom=12',
      'west=2&south=42.9&east=2.4&north=43.2&zoom=12',
      'west=2.1&south=43&east=2.3&north=43.1&zoom=14',
      `${LIMOUX_BOX}&zoom=18`,
    ];
    for (const view of views) {
      const response = await ctx.app.inject({ url: `/api/map?${view}` });
      expect(response.rawPayload.length, view).toBeLessThanOrEqual(MAP_ANSWER_MAX_BYTES);
      const answer = response.json<MapAnswer>();
      expect(counted(answer), view).toBe(answer.inView);
    }
    // The whole world at zoom 12 would be thousands of markers: it comes as the clusters of a lower zoom.
    const world = await map('west=-180&south=-85&east=180&north=85&zoom=12');
    expect(world.zoom).toBeLessThan(12);
    expect(world.inView).toBe(everything.total);
  });
});
