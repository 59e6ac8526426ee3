import { beforeAll, describe, expect, it } from 'vitest';
import type { Suggestion } from '../../../domain/suggestions.js';
import { createActivity, createTag } from '../../test/factories.js';
import { getJson } from '../../test/http.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();
const ids = {} as Record<'castle' | 'castleTwin' | 'hidden', number>;

beforeAll(async () => {
  const db = ctx.db;
  ids.castle = await createActivity(db, {
    name: 'Château de Puivert',
    city: 'Puivert',
    category: 'viewpoints',
    translations: { en: { name: 'Puivert Castle', description: 'A castle of troubadours.' } },
  });
  // Same name twice: suggested once.
  ids.castleTwin = await createActivity(db, { name: 'Château de Puivert', city: 'Puivert', category: 'viewpoints' });
  ids.hidden = await createActivity(db, { name: 'Château Caché', isApproved: false });
  for (let i = 1; i <= 10; i++) {
    await createActivity(db, { name: `Randonnée n°${i}`, description: 'Une belle randonnée.', city: 'Quillan' });
    await createActivity(db, { name: `Festival ${i}`, description: 'Musique.', city: 'Limoux', category: 'feesten' });
  }
  await createTag(db, 'puits');
  await createTag(db, 'pui-pending', 'pending');
});

const suggest = (query: string) => getJson<Suggestion[]>(ctx.app, `/api/search/suggestions?${query}`);

describe('GET /api/search/suggestions', () => {
  it('is empty below 2 characters', async () => {
    expect((await suggest('q=')).body).toEqual([]);
    expect((await suggest('q=p')).body).toEqual([]);
    expect((await suggest('q=%20p%20')).body).toEqual([]);
    expect((await suggest('')).body).toEqual([]);
  });

  it('offers towns, activities (localized, once per name) and approved tags that start with the query', async () => {
    const res = await suggest('q=pui&lng=fr');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { text: 'Puivert', kind: 'city' },
      { text: 'Château de Puivert', kind: 'activity', activityId: ids.castle },
      { text: 'puits', kind: 'tag' },
    ]);
    const en = await suggest('q=pui&lng=en');
    expect(en.body.map((s) => s.text)).toContain('Puivert Castle');
  });

  it('ignores accents and case, and never suggests hidden activities', async () => {
    const res = await suggest('q=CHÂTEAU');
    // In Dutch, the first castle shows its English name (docs/product.md#activity-text-in-five-languages),
    // the second its French original: two names, the hidden château in neither.
    expect(res.body.map((s) => s.text)).toEqual(['Puivert Castle', 'Château de Puivert']);
  });

  it('gives at most 6 suggestions, or 8 for sport-type terms', async () => {
    const festival = await suggest('q=festival');
    expect(festival.body).toHaveLength(6);
    expect(festival.body[0]).toEqual({ text: 'festival', kind: 'term' });
    const rando = await suggest('q=randonnee');
    expect(rando.body).toHaveLength(8);
    expect(rando.body[0]).toEqual({ text: 'randonnee', kind: 'term' });
    expect(new Set(rando.body.map((s) => s.text)).size).toBe(8);
  });

  it('refuses an over-long query and an unknown language', async () => {
    expect((await suggest(`q=${'a'.repeat(101)}`)).status).toBe(400);
    expect((await suggest('q=ab&lng=it')).status).toBe(400);
  });
});
