import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '../../../domain/activities.js';
import { LANGUAGES } from '../../../domain/languages.js';
import { normalizeText, POPULAR_TERMS } from '../../../domain/search.js';
import type { Suggestion } from '../../../domain/suggestions.js';
import { type App, buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { seedDemo } from '../../db/seed/demo.js';
import { getJson } from '../../test/http.js';
import { testConfig } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-db.js';

/**
 * Search as a tourist uses it, over the demo content (docs/search.md): every popular term the
 * box suggests finds activities, in any language, with typos, in the documented order.
 */
let app: App;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db, new Date(), { accounts: false });
  app = await buildApp({ config: testConfig(), database, consistentReads: true });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function search(query: Record<string, string>) {
  const res = await getJson<Activity[]>(app, `/api/activities?${new URLSearchParams({ limit: '100', ...query })}`);
  expect(res.status).toBe(200);
  return { items: res.body, ids: res.body.map((a) => a.id), total: Number(res.headers['x-total-count']) };
}

const suggest = async (q: string, lng = 'nl') =>
  (await getJson<Suggestion[]>(app, `/api/search/suggestions?${new URLSearchParams({ q, lng })}`)).body;

describe('search over the demo content', () => {
  it.each(POPULAR_TERMS)('the popular term "%s" is suggested, and choosing it finds activities', async (term) => {
    expect(await suggest(term)).toContainEqual({ text: term, kind: 'term' });
    const found = await search({ search: term });
    expect(found.total).toBeGreaterThan(0);
  });

  it('"wandelen" finds every activity tagged #wandelen, and so do its words in the other languages', async () => {
    const tagged = await search({ tags: 'wandelen' });
    expect(tagged.total).toBeGreaterThan(0);
    for (const word of ['wandelen', 'hiking', 'randonnée', 'Wandern', 'senderismo', 'WANDELEN']) {
      const found = await search({ search: word });
      expect(found.ids, word).toEqual(expect.arrayContaining(tagged.ids));
    }
  });

  it('"sport" and "deporte" find every activity of the Sport category; the markets category in four languages', async () => {
    const sport = await search({ category: 'sport' });
    expect(sport.total).toBeGreaterThan(0);
    for (const word of ['sport', 'Deporte']) {
      expect((await search({ search: word })).ids, word).toEqual(expect.arrayContaining(sport.ids));
    }
    const markets = await search({ category: 'markten' });
    for (const word of ['markets', 'marchés', 'Märkte', 'mercados']) {
      expect((await search({ search: word })).ids, word).toEqual(expect.arrayContaining(markets.ids));
    }
  });

  it.each([
    ['chateu', 'chateau'],
    ['randonee', 'randonnee'],
    ['carcasone', 'carcassonne'],
    ['limuox', 'limoux'],
  ])('"%s" (a typo) finds what "%s" finds', async (typo, right) => {
    const expected = await search({ search: right });
    expect(expected.total).toBeGreaterThan(0);
    expect((await search({ search: typo })).ids).toEqual(expect.arrayContaining(expected.ids));
  });

  it('puts an activity whose name is the query first, whatever its sponsor level or distance', async () => {
    const all = await search({ lng: 'en' });
    // The activity furthest down the default order whose name is found by searching for it.
    const last = all.items.at(-1) as Activity;
    const found = await search({ search: last.name, lng: 'en' });
    expect(found.ids[0]).toBe(last.id);
  });

  it('puts name matches (the start of a name first) before place matches, each in the default order', async () => {
    const all = await search({});
    const defaultOrder = new Map(all.ids.map((id, i) => [id, i]));
    const namesOf = new Map<number, string[]>(all.ids.map((id) => [id, []]));
    for (const lng of LANGUAGES) {
      for (const a of (await search({ lng })).items) namesOf.get(a.id)?.push(normalizeText(a.name));
    }
    const tier = (a: Activity) => {
      const names = namesOf.get(a.id) ?? [];
      if (names.some((n) => n.startsWith('limoux'))) return 0;
      return names.some((n) => n.split(' ').some((w) => w.startsWith('limoux'))) ? 1 : 2;
    };
    const found = await search({ search: 'Limoux' });
    const tiers = found.items.map(tier);
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
    expect(tiers).toContain(0);
    expect(tiers).toContain(2);
    // Within a tier, the default order (sponsors, then distance from Limoux).
    for (let i = 1; i < found.items.length; i++) {
      const [a, b] = [found.items[i - 1] as Activity, found.items[i] as Activity];
      if (tier(a) === tier(b)) expect(defaultOrder.get(a.id)).toBeLessThan(defaultOrder.get(b.id) as number);
    }
  });

  it('keeps a chosen order over all matches', async () => {
    const byRating = await search({ search: 'kasteel', sort: 'rating' });
    const ratings = byRating.items.map((a) => a.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(byRating.total).toBe((await search({ search: 'kasteel' })).total);
  });

  it('suggests with the same matching: synonyms, typos, other languages', async () => {
    expect(await suggest('hiking', 'en')).toContainEqual({ text: 'wandelen', kind: 'tag' });
    expect(await suggest('carcasone', 'fr')).toContainEqual({ text: 'Carcassonne', kind: 'city' });
    expect(await suggest('wandlen')).toContainEqual({ text: 'wandelen', kind: 'term' });
    const castle = await suggest('castle', 'en');
    expect(castle.filter((s) => s.kind === 'activity').length).toBeGreaterThan(0);
  });

  it('still finds nothing for words that match nothing', async () => {
    expect((await search({ search: 'xyzzyqq' })).total).toBe(0);
    expect(await suggest('xyzzyqq')).toEqual([]);
  });
});
