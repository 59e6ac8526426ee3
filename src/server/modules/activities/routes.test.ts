import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '../../../domain/activities.js';
import { haversineKm, LIMOUX, roundKm } from '../../../domain/geo.js';
import { queryRows } from '../../db/client.js';
import { createActivity, createReview, createTag, createUser, tagActivity } from '../../test/factories.js';
import { getJson } from '../../test/http.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

/** Six public activities with known ratings, prices, sponsors and places, and two hidden ones. */
const ids = {} as Record<'a1' | 'a2' | 'a3' | 'a4' | 'a5' | 'a6' | 'inactive' | 'unapproved', number>;
const places = {
  a1: { latitude: 43.0547, longitude: 2.2186 },
  a2: { latitude: 42.9648, longitude: 2.2186 },
  a3: { latitude: 42.98, longitude: 2.3 },
  a4: { latitude: 43.0997, longitude: 2.2186 },
  a5: { latitude: 42.93, longitude: 1.95 },
  a6: { latitude: 43.0637, longitude: 2.2186 },
};

beforeAll(async () => {
  const db = ctx.db;
  ids.a1 = await createActivity(db, {
    name: 'Marché Alpha',
    description: 'Le marché du vendredi sous les arcades.',
    category: 'markten',
    city: 'Limoux',
    ...places.a1,
    price: 0,
    marketDays: 'Vendredi matin',
    createdAt: new Date('2025-01-01T00:00:00Z'),
    translations: {
      nl: { name: 'Markt Alpha', description: 'De vrijdagmarkt onder de arcaden.', marketDays: 'Vrijdagochtend' },
      en: { name: 'Alpha Market', description: 'The Friday market under the arcades.', marketDays: 'Friday morning' },
    },
  });
  ids.a2 = await createActivity(db, {
    name: 'Randonnée Bêta',
    description: 'Un sentier de randonnée.',
    category: 'sport',
    city: 'Quillan',
    ...places.a2,
    price: 15,
    bookingRequired: true,
    createdAt: new Date('2025-02-01T00:00:00Z'),
    translations: {
      nl: { name: 'Bêta-wandeling', description: 'Een wandelroute door de heuvels.' },
      en: { name: 'Beta Hike', description: 'A hiking trail through the hills.' },
    },
  });
  ids.a3 = await createActivity(db, {
    name: 'Château Gamma',
    description: 'Ruines sur un piton rocheux.',
    category: 'viewpoints',
    city: 'Arques',
    location: 'Belvédère du Diable',
    ...places.a3,
    price: 8,
    sponsorLevel: 1,
    isSponsored: true,
    createdAt: new Date('2025-03-01T00:00:00Z'),
  });
  ids.a4 = await createActivity(db, {
    name: 'Évasion Delta',
    description: 'Une fête de rue.',
    category: 'feesten',
    city: 'Limoux',
    ...places.a4,
    price: null,
    sponsorLevel: 3,
    isSponsored: true,
    createdAt: new Date('2025-04-01T00:00:00Z'),
  });
  ids.a5 = await createActivity(db, {
    name: 'Lac Epsilon',
    description: 'Baignade surveillée en été.',
    category: 'zomeractiviteiten',
    city: 'Puivert',
    ...places.a5,
    price: 50,
    sponsorLevel: 2,
    isSponsored: true,
    createdAt: new Date('2025-05-01T00:00:00Z'),
  });
  ids.a6 = await createActivity(db, {
    name: 'Cave Zêta',
    description: 'Visite de cave et dégustation.',
    category: 'uitjes',
    city: 'Limoux',
    ...places.a6,
    price: 12.5,
    bookingRequired: true,
    createdAt: new Date('2025-06-01T00:00:00Z'),
  });
  ids.inactive = await createActivity(db, { name: 'Caché Inactif', category: 'sport', isActive: false });
  ids.unapproved = await createActivity(db, { name: 'Caché Nonapprouvé', category: 'sport', isApproved: false });

  await createReview(db, ids.a1, { rating: 5 });
  await createReview(db, ids.a1, { rating: 4 });
  await createReview(db, ids.a2, { rating: 3 });
  await createReview(db, ids.a3, { rating: 4 });
  await createReview(db, ids.a3, { rating: 4 });
  await createReview(db, ids.a4, { rating: 2 });
  await createReview(db, ids.a4, { rating: 5, isApproved: false });
  await createReview(db, ids.inactive, { rating: 5 });

  const wandelen = await createTag(db, 'wandelen');
  const natuur = await createTag(db, 'natuur');
  const kasteel = await createTag(db, 'kasteel');
  const familie = await createTag(db, 'familie');
  const instagrammable = await createTag(db, 'instagrammable', 'rejected');
  await tagActivity(db, ids.a2, wandelen.id);
  await tagActivity(db, ids.a2, natuur.id);
  await tagActivity(db, ids.a3, kasteel.id);
  await tagActivity(db, ids.a3, instagrammable.id);
  await tagActivity(db, ids.a3, familie.id, false);
  await tagActivity(db, ids.inactive, wandelen.id);
  await createUser(db);
});

const list = (query = '') => getJson<Activity[]>(ctx.app, `/api/activities${query ? `?${query}` : ''}`);
const namesOf = async (query: string) => {
  const res = await list(query);
  expect(res.status, res.text).toBe(200);
  return res.body.map((a) => a.id);
};

describe('GET /api/activities', () => {
  it('lists only active, approved activities, sponsors first (TOP, Premium, Sponsor), then by distance', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('6');
    expect(res.body.map((a) => a.id)).toEqual([ids.a4, ids.a5, ids.a3, ids.a1, ids.a6, ids.a2]);
  });

  it('answers with the public fields, localized text, distance, rating, review count and approved tags', async () => {
    const res = await list('lng=nl');
    const a1 = res.body.find((a) => a.id === ids.a1);
    expect(a1).toEqual({
      id: ids.a1,
      name: 'Markt Alpha',
      description: 'De vrijdagmarkt onder de arcaden.',
      language: 'nl',
      languages: { name: 'nl', description: 'nl', location: null, openingHours: null, marketDays: 'nl' },
      category: 'markten',
      location: null,
      address: null,
      city: 'Limoux',
      latitude: 43.0547,
      longitude: 2.2186,
      imageUrl: null,
      rating: 4.5,
      reviewCount: 2,
      distance: 0,
      price: 0,
      openingHours: null,
      marketDays: 'Vrijdagochtend',
      eventStart: null,
      eventEnd: null,
      weeklyHours: [],
      contactPhone: null,
      contactEmail: null,
      website: null,
      bookingRequired: false,
      setting: null,
      isSponsored: false,
      sponsorLevel: 0,
      tags: [],
      createdAt: '2025-01-01T00:00:00.000Z',
      // No weekly rows and no edition: nothing says when it is held (docs/when.md#what-a-card-says).
      status: { kind: 'unknown' },
    });
    const a3 = res.body.find((a) => a.id === ids.a3);
    expect(a3?.tags).toEqual(['kasteel']);
    expect(res.body.find((a) => a.id === ids.a2)?.tags).toEqual(['natuur', 'wandelen']);
    for (const a of res.body) {
      expect(a).not.toHaveProperty('providerId');
      expect(a).not.toHaveProperty('isApproved');
      expect(a).not.toHaveProperty('searchText');
    }
  });

  it('defaults to Dutch, localizes with lng, and falls back to English, then the original text', async () => {
    const nl = (await list()).body.find((a) => a.id === ids.a1);
    expect(nl?.name).toBe('Markt Alpha');
    const en = (await list('lng=en')).body.find((a) => a.id === ids.a1);
    expect(en).toMatchObject({ name: 'Alpha Market', language: 'en', marketDays: 'Friday morning' });
    const de = (await list('lng=de')).body.find((a) => a.id === ids.a1);
    expect(de).toMatchObject({ name: 'Alpha Market', language: 'en', marketDays: 'Friday morning' });
    const fr = (await list('lng=fr')).body.find((a) => a.id === ids.a6);
    expect(fr).toMatchObject({ name: 'Cave Zêta', language: 'fr' });
    const es = (await list('lng=es')).body.find((a) => a.id === ids.a6);
    expect(es).toMatchObject({ name: 'Cave Zêta', language: 'fr', languages: { name: 'fr', location: null } });
  });

  it('measures distance from Limoux by default, with one decimal', async () => {
    const res = await list();
    for (const [key, place] of Object.entries(places)) {
      const item = res.body.find((a) => a.id === ids[key as keyof typeof places]);
      expect(item?.distance).toBe(roundKm(haversineKm(LIMOUX, { lat: place.latitude, lon: place.longitude })));
    }
    expect(res.body.find((a) => a.id === ids.a2)?.distance).toBe(10);
  });

  it('measures distance from lat/lon and sorts by it, sponsors still first', async () => {
    const origin = { lat: places.a5.latitude, lon: places.a5.longitude };
    const res = await list(`lat=${origin.lat}&lon=${origin.lon}`);
    expect(res.body.find((a) => a.id === ids.a5)?.distance).toBe(0);
    const a1 = res.body.find((a) => a.id === ids.a1);
    expect(a1?.distance).toBe(roundKm(haversineKm(origin, LIMOUX)));
    const unsponsored = res.body.filter((a) => a.sponsorLevel === 0);
    expect(unsponsored.map((a) => a.distance)).toEqual([...unsponsored.map((a) => a.distance)].sort((x, y) => x - y));
    expect(res.body.slice(0, 3).map((a) => a.id)).toEqual([ids.a4, ids.a5, ids.a3]);
  });

  describe('category', () => {
    it.each([
      ['markten', 'a1'],
      ['feesten', 'a4'],
      ['sport', 'a2'],
      ['viewpoints', 'a3'],
      ['zomeractiviteiten', 'a5'],
      ['uitjes', 'a6'],
      ['festivals', 'a4'],
      ['uitzichtpunten', 'a3'],
    ] as const)('%s keeps only its category', async (category, key) => {
      expect(await namesOf(`category=${category}`)).toEqual([ids[key]]);
    });

    it('alle keeps everything and top_rated keeps a rating of 4 or more', async () => {
      expect(await namesOf('category=alle')).toHaveLength(6);
      expect(await namesOf('category=top_rated&sort=rating')).toEqual([ids.a1, ids.a3]);
    });
  });

  describe('search', () => {
    it.each([
      ['randonnee', ['a2']],
      ['RANDONNÉE', ['a2']],
      ['rando', ['a2']],
      ['hik', ['a2']],
      ['wandel', ['a2']],
      ['quil', ['a2']],
      ['belvedere', ['a3']],
      ['chateau gam', ['a3']],
      ['  CHÂTEAU   ', ['a3']],
      ['vendredi', ['a1']],
      ['vrijdag', ['a1']],
      ['limoux', ['a4', 'a1', 'a6']],
    ] as const)('"%s" finds word prefixes in any language, ignoring case and accents', async (term, keys) => {
      expect(await namesOf(`search=${encodeURIComponent(term)}`)).toEqual(keys.map((k) => ids[k]));
    });

    it('does not match the middle of a word, and needs every word', async () => {
      expect(await namesOf('search=donnee')).toEqual([]);
      expect(await namesOf('search=chateau%20epsilon')).toEqual([]);
    });

    it('never finds hidden activities', async () => {
      expect(await namesOf('search=cache')).toEqual([]);
    });

    it('treats quotes and SQL as plain text', async () => {
      expect(await namesOf(`search=${encodeURIComponent("'; drop table activities; --")}`)).toEqual([]);
      expect(await namesOf(`search=${encodeURIComponent("O'Brien")}`)).toEqual([]);
      expect(await namesOf(`search=${encodeURIComponent('%')}`)).toEqual([]);
      expect(await namesOf(`search=${encodeURIComponent('_')}`)).toEqual([]);
      const [row] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from activities`);
      expect(row?.n).toBe(8);
    });
  });

  describe('filters', () => {
    it('filters by price range; unknown prices drop out once a bound is set', async () => {
      expect(await namesOf('minPrice=10&sort=price_low')).toEqual([ids.a6, ids.a2, ids.a5]);
      expect(await namesOf('maxPrice=10&sort=price_low')).toEqual([ids.a1, ids.a3]);
      expect(await namesOf('minPrice=10&maxPrice=20&sort=price_low')).toEqual([ids.a6, ids.a2]);
      expect(await namesOf('minPrice=0&maxPrice=0')).toEqual([ids.a1]);
    });

    it('filters by minimum rating', async () => {
      expect(await namesOf('minRating=4&sort=rating')).toEqual([ids.a1, ids.a3]);
      expect(await namesOf('minRating=4.5')).toEqual([ids.a1]);
      expect(await namesOf('minRating=0')).toHaveLength(6);
    });

    it('filters bookable and sponsored both ways', async () => {
      expect(await namesOf('bookable=true')).toEqual([ids.a6, ids.a2]);
      expect(await namesOf('bookable=1')).toEqual([ids.a6, ids.a2]);
      expect(await namesOf('bookable=false')).toEqual([ids.a4, ids.a5, ids.a3, ids.a1]);
      expect(await namesOf('sponsored=true')).toEqual([ids.a4, ids.a5, ids.a3]);
      expect(await namesOf('sponsored=0')).toEqual([ids.a1, ids.a6, ids.a2]);
    });

    it('keeps activities that carry every requested approved tag', async () => {
      expect(await namesOf('tags=wandelen')).toEqual([ids.a2]);
      expect(await namesOf('tags=Wandelen,natuur')).toEqual([ids.a2]);
      expect(await namesOf('tags=wandelen,kasteel')).toEqual([]);
      expect(await namesOf('tags=kasteel')).toEqual([ids.a3]);
      expect(await namesOf('tags=instagrammable')).toEqual([]);
      expect(await namesOf('tags=familie')).toEqual([]);
      expect(await namesOf('tags=onbekend')).toEqual([]);
      expect(await namesOf('tags=,')).toHaveLength(6);
    });

    it('combines every filter', async () => {
      expect(
        await namesOf('category=sport&search=rando&bookable=true&minPrice=5&maxPrice=20&minRating=3&tags=wandelen'),
      ).toEqual([ids.a2]);
      expect(await namesOf('category=sport&search=rando&minRating=3.5')).toEqual([]);
      expect(await namesOf('category=top_rated&search=limoux')).toEqual([ids.a1]);
    });
  });

  describe('sort', () => {
    it.each([
      ['rating', ['a1', 'a3', 'a2', 'a4', 'a6', 'a5']],
      ['price_low', ['a1', 'a3', 'a6', 'a2', 'a5', 'a4']],
      ['price_high', ['a5', 'a2', 'a6', 'a3', 'a1', 'a4']],
      ['newest', ['a6', 'a5', 'a4', 'a3', 'a2', 'a1']],
    ] as const)('%s orders as asked and ignores sponsorship', async (sort, keys) => {
      expect(await namesOf(`sort=${sort}`)).toEqual(keys.map((k) => ids[k]));
    });

    it('name sorts the localized name alphabetically, ignoring accents', async () => {
      expect(await namesOf('sort=name&lng=fr')).toEqual([ids.a6, ids.a3, ids.a4, ids.a5, ids.a1, ids.a2]);
      // In English two names are translated: Alpha Market and Beta Hike come first.
      expect(await namesOf('sort=name&lng=en')).toEqual([ids.a1, ids.a2, ids.a6, ids.a3, ids.a4, ids.a5]);
    });
  });

  describe('paging', () => {
    it('pages with limit and offset, with the total and a Link to the next page', async () => {
      const first = await list('category=alle&limit=2');
      expect(first.body.map((a) => a.id)).toEqual([ids.a4, ids.a5]);
      expect(first.headers['x-total-count']).toBe('6');
      expect(first.headers.link).toBe('</api/activities?category=alle&limit=2&offset=2>; rel="next"');
      const second = await list('category=alle&limit=2&offset=2');
      expect(second.body.map((a) => a.id)).toEqual([ids.a3, ids.a1]);
      expect(second.headers.link).toBe('</api/activities?category=alle&limit=2&offset=4>; rel="next"');
      const last = await list('category=alle&limit=2&offset=4');
      expect(last.body.map((a) => a.id)).toEqual([ids.a6, ids.a2]);
      expect(last.headers.link).toBeUndefined();
    });

    it('gives 12 by default and an empty page past the end', async () => {
      expect((await list()).body).toHaveLength(6);
      const past = await list('offset=50');
      expect(past.status).toBe(200);
      expect(past.body).toEqual([]);
      expect(past.headers['x-total-count']).toBe('6');
      expect(past.headers.link).toBeUndefined();
    });
  });

  describe('bad input is a 400 that names the parameter', () => {
    it.each([
      ['sort=bogus', 'sort'],
      ['minPrice=50&maxPrice=10', 'minPrice'],
      ['limit=10000', 'limit'],
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['offset=-1', 'offset'],
      ['minPrice=-5', 'minPrice'],
      ['minPrice=ten', 'minPrice'],
      ['minRating=6', 'minRating'],
      ['lat=abc&lon=2', 'lat'],
      ['lat=91&lon=2', 'lat'],
      ['lat=43', 'lon'],
      ['lon=2', 'lat'],
      ['lng=xx', 'lng'],
      ['category=bogus', 'category'],
      ['category=%27%20or%201%3D1--', 'category'],
      ['bookable=maybe', 'bookable'],
      ['sponsored=yes', 'sponsored'],
      [`search=${'x'.repeat(10_000)}`, 'search'],
      [`tags=${Array.from({ length: 11 }, (_, i) => `t${i}`).join(',')}`, 'tags'],
      [`tags=${'t'.repeat(41)}`, 'tags'],
      ['page=2', 'page'],
    ])('%s', async (query, field) => {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((res.body as unknown as { message: string }).message).toContain(field);
    });
  });
});

describe('GET /api/activities/:id', () => {
  it('answers one public activity, localized, with distance from lat/lon', async () => {
    const res = await getJson<Activity>(ctx.app, `/api/activities/${ids.a2}?lng=en`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ids.a2, name: 'Beta Hike', tags: ['natuur', 'wandelen'], distance: 10 });
    const from = await getJson<Activity>(ctx.app, `/api/activities/${ids.a2}?lat=42.9648&lon=2.2186`);
    expect(from.body.distance).toBe(0);
    expect(from.body.name).toBe('Bêta-wandeling');
  });

  it.each([
    ['missing', () => 999_999],
    ['inactive', () => ids.inactive],
    ['unapproved', () => ids.unapproved],
  ])('is a 404 for a %s activity', async (_label, id) => {
    const res = await getJson(ctx.app, `/api/activities/${id()}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'Activity not found' });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', "1'%20or%20'1'='1"])('is a 400 for the id %s', async (id) => {
    const res = await getJson(ctx.app, `/api/activities/${id}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('GET /api/stats', () => {
  it('counts public activities per kind', async () => {
    const res = await getJson(ctx.app, '/api/stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ markets: 1, events: 1, sports: 1, viewpoints: 1 });
  });
});
