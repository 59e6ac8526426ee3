import { describe, expect, it } from 'vitest';
import { type ActivityListQuery, CATEGORIES, SORT_OPTIONS } from '../../../domain/activities.js';
import { haversineKm, LIMOUX } from '../../../domain/geo.js';
import { type Language, LANGUAGES } from '../../../domain/languages.js';
import { CATEGORY_NAMES } from '../../../domain/category-names.js';
import { buildSearchDocument, normalizeText, queryParts } from '../../../domain/search.js';
import { isOpenAt, isOpenDuring, type Opening, whenRange } from '../../../domain/opening.js';
import type { WeeklyHoursRow } from '../../../domain/weekly-hours.js';
import { turnsDuring } from '../../test/turns.js';
import { type CatalogRow, CatalogModel, type LocalizedText } from './model.js';

/**
 * The read model's pages against the plain rule they implement: sort
 * everything the filters keep, then cut the page (docs/read-model.md). The
 * model does less work (a partial selection, kept orders); the answers must
 * be the same for any query.
 */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const WORDS = ['chateau', 'lac', 'marche', 'vigne', 'abbaye', 'randonnee', 'velo', 'cave', 'gorges', 'pont'];

function rows(count: number, random: () => number): CatalogRow[] {
  return Array.from({ length: count }, (_, i) => {
    const words = [WORDS[Math.floor(random() * WORDS.length)], WORDS[Math.floor(random() * WORDS.length)]];
    const name = `${words.join(' ')} ${i}`;
    const priceRoll = random();
    const text = {
      name,
      description: `Description ${i}`,
      location: null,
      openingHours: null,
      marketDays: null,
      sortName: normalizeText(name),
    };
    return {
      id: i + 1,
      language: 'fr',
      category: CATEGORIES[Math.floor(random() * CATEGORIES.length)] ?? 'sport',
      address: null,
      city: 'Limoux',
      latitude: LIMOUX.lat + (random() - 0.5),
      longitude: LIMOUX.lon + (random() - 0.5),
      imageUrl: null,
      // Few distinct values, so that ties (and their tie-breaks) are common.
      rating: Math.floor(random() * 6) / 2 + 2,
      reviewCount: Math.floor(random() * 3),
      priceCents: priceRoll < 0.2 ? null : Math.floor(random() * 5) * 500,
      eventStart: null,
      eventEnd: null,
      weeklyHours: [],
      contactPhone: null,
      contactEmail: null,
      website: null,
      bookingRequired: random() < 0.3,
      setting: null,
      isSponsored: false,
      sponsorLevel: 0,
      createdAt: Date.UTC(2025, 0, 1) + Math.floor(random() * 50) * 86_400_000,
      updatedAt: Date.UTC(2025, 6, 1),
      // As the writers store it: every language's name and description, and the town.
      searchText: buildSearchDocument([name, text.description, `NL ${name}`, 'Limoux']),
      answeredBy: { kind: 'team' },
      source: null,
      original: text,
      translations: { nl: { ...text, name: `NL ${name}`, sortName: normalizeText(`NL ${name}`) } },
      tags: random() < 0.3 ? [{ id: 1, name: 'wijn', description: null, isApproved: true }] : [],
    } satisfies CatalogRow;
  }).map((row, i) => {
    const level = i % 17 === 0 ? 3 : i % 23 === 0 ? 2 : 0;
    return { ...row, sponsorLevel: level, isSponsored: level > 0, ...timesOf(i) };
  });
}

/** Some with weekly rows, some with an edition, the others with no times (docs/when.md). */
function timesOf(i: number): Pick<CatalogRow, 'weeklyHours' | 'eventStart' | 'eventEnd'> {
  const row = (days: number[], opens: string, closes: string): WeeklyHoursRow => ({
    days,
    opens,
    closes,
    seasonStart: null,
    seasonEnd: null,
  });
  switch (i % 4) {
    case 0:
      return {
        weeklyHours: [row([(i % 7) + 1, ((i + 3) % 7) + 1], '09:00', '13:00')],
        eventStart: null,
        eventEnd: null,
      };
    case 1:
      return { weeklyHours: [], eventStart: `2027-07-${String((i % 28) + 1).padStart(2, '0')}`, eventEnd: null };
    default:
      return { weeklyHours: [], eventStart: null, eventEnd: null };
  }
}

/** The when filter, written out plainly: the closed left out, the matches before the unknown. */
function timingOf(r: CatalogRow, q: ActivityListQuery, now: Date): Opening | null {
  if (q.when === undefined && !q.openNow) return null;
  const onDays = q.when === undefined ? 'open' : isOpenDuring(r, whenRange(q.when, now) ?? []);
  const atNow = q.openNow ? isOpenAt(r, now) : 'open';
  if (onDays === 'closed' || atNow === 'closed') return 'closed';
  return onDays === 'open' && atNow === 'open' ? 'open' : 'unknown';
}

/** The rule, written out plainly. */
function expected(all: CatalogRow[], q: ActivityListQuery, now = new Date()) {
  const origin = q.lat !== undefined && q.lon !== undefined ? { lat: q.lat, lon: q.lon } : LIMOUX;
  const d = (r: CatalogRow) => haversineKm(origin, { lat: r.latitude, lon: r.longitude });
  const words = q.search ? normalizeText(q.search).split(' ') : [];
  const phrase = words.join(' ');
  // Search (docs/search.md): every word starts a word of the names, else of the tags and the category's names, else
  // of the description; the rank is the weakest word's, or better when a whole name is (or starts with) the query.
  const ranks = new Map<CatalogRow, number>();
  const rank = (r: CatalogRow) => {
    const known = ranks.get(r);
    if (known !== undefined) return known;
    const value = rankOf(r);
    ranks.set(r, value);
    return value;
  };
  const rankOf = (r: CatalogRow) => {
    const names = [r.original.name, r.translations.nl?.name ?? ''].map(normalizeText);
    const category = Object.values(CATEGORY_NAMES[r.category]).flatMap((n) => [n.chip, n.badge]);
    const fields = [
      names.join(' '),
      [...r.tags.map((t) => t.name), ...category].join(' '),
      [r.original.description, r.translations.nl?.description, r.city].join(' '),
    ].map((text) => normalizeText(text).split(' '));
    const best = words.map((w) => {
      const field = fields.findIndex((field) => field.some((word) => word.startsWith(w)));
      return field === -1 ? Number.POSITIVE_INFINITY : 2 + 2 * field;
    });
    const worst = Math.max(...best);
    if (worst === Number.POSITIVE_INFINITY) return worst;
    if (names.includes(phrase)) return 0;
    return names.some((n) => n.startsWith(phrase)) ? 1 : worst;
  };
  const timing = new Map(all.map((r) => [r, timingOf(r, q, now)]));
  const kept = all.filter(
    (r) =>
      timing.get(r) !== 'closed' &&
      (words.length === 0 || rank(r) !== Number.POSITIVE_INFINITY) &&
      (q.category === undefined || q.category === 'alle' || r.category === q.category) &&
      (q.bookable === undefined || r.bookingRequired === q.bookable) &&
      (q.minPrice === undefined || (r.priceCents !== null && r.priceCents >= q.minPrice * 100)),
  );
  const price = (r: CatalogRow, sign: number) =>
    r.priceCents === null ? Number.POSITIVE_INFINITY : sign * r.priceCents;
  const name = (r: CatalogRow) => (q.lng === 'nl' ? r.translations.nl?.sortName : r.original.sortName) ?? '';
  const byId = (a: CatalogRow, b: CatalogRow) => a.id - b.id;
  const compare: Record<string, (a: CatalogRow, b: CatalogRow) => number> = {
    distance: (a, b) =>
      (words.length > 0 ? rank(a) - rank(b) : 0) || b.sponsorLevel - a.sponsorLevel || d(a) - d(b) || byId(a, b),
    rating: (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount || d(a) - d(b) || byId(a, b),
    price_low: (a, b) => price(a, 1) - price(b, 1) || d(a) - d(b) || byId(a, b),
    price_high: (a, b) => price(a, -1) - price(b, -1) || d(a) - d(b) || byId(a, b),
    name: (a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : byId(a, b)),
    newest: (a, b) => b.createdAt - a.createdAt || b.id - a.id,
  };
  const first = (r: CatalogRow) => (timing.get(r) === 'unknown' ? 1 : 0);
  const order = compare[q.sort] ?? byId;
  const sorted = [...kept].sort((a, b) => first(a) - first(b) || order(a, b));
  return { ids: sorted.slice(q.offset, q.offset + q.limit).map((r) => r.id), total: kept.length };
}

describe('the read model', () => {
  it('answers every page as sorting everything would, for 500 random queries', () => {
    const random = generator(7);
    const all = rows(700, random);
    const model = new CatalogModel(all, []);
    // The words searched have no synonyms and are too short for typos: the plain rule above is all there is to them.
    for (const word of WORDS) expect(queryParts([word.slice(0, 3)])[0]?.alternatives).toHaveLength(1);
    for (let i = 0; i < 500; i++) {
      const query = {
        sort: SORT_OPTIONS[i % SORT_OPTIONS.length],
        offset: random() < 0.3 ? 0 : Math.floor(random() * 720),
        limit: 1 + Math.floor(random() * 40),
        ...(random() < 0.3 ? { search: WORDS[Math.floor(random() * WORDS.length)]?.slice(0, 3) } : {}),
        ...(random() < 0.3 ? { category: CATEGORIES[i % CATEGORIES.length] } : {}),
        ...(random() < 0.2 ? { bookable: random() < 0.5 } : {}),
        ...(random() < 0.2 ? { minPrice: 10 } : {}),
        ...(random() < 0.5 ? { lat: LIMOUX.lat + random() - 0.5, lon: LIMOUX.lon + random() - 0.5 } : {}),
        ...(random() < 0.5 ? { lng: LANGUAGES[i % 2 === 0 ? 0 : 1] } : {}),
        ...(i % 5 === 1 ? { when: ['today', 'tomorrow', 'weekend', '2027-07-12'][i % 4] } : {}),
        ...(i % 7 === 2 ? { openNow: true } : {}),
      } as ActivityListQuery;
      // Friday 9 July 2027, at a moment of the morning or the afternoon in Limoux.
      const now = new Date(Date.parse('2027-07-09T06:00:00Z') + (i % 9) * 3_600_000);
      const got = model.list(query, now);
      const want = expected(all, query, now);
      expect({ ids: got.items.map((a) => a.id), total: got.total }, JSON.stringify(query)).toEqual(want);
    }
  });

  it('answers deep pages of a large catalogue as sorting everything would', () => {
    // Past 4,096 matches a deep page is first looked for among the few around where a sample puts it
    // (docs/read-model.md#speed); ties of rating and price are common here, and sponsors many.
    const random = generator(11);
    const all = rows(6000, random);
    const model = new CatalogModel(all, []);
    for (let i = 0; i < 60; i++) {
      const query = {
        sort: (['distance', 'rating', 'price_low', 'price_high'] as const)[i % 4],
        offset: i % 10 === 0 ? 5990 : 300 + Math.floor(random() * 5700),
        limit: i % 7 === 0 ? 100 : 24,
        ...(i % 3 === 0 ? {} : { lat: LIMOUX.lat + random() - 0.5, lon: LIMOUX.lon + random() - 0.5 }),
        ...(i % 5 === 4 ? { when: 'weekend' } : {}),
      } as ActivityListQuery;
      const now = new Date(Date.parse('2027-07-09T06:00:00Z') + (i % 9) * 3_600_000);
      const got = model.list(query, now);
      const want = expected(all, query, now);
      expect({ ids: got.items.map((a) => a.id), total: got.total }, JSON.stringify(query)).toEqual(want);
    }
  });
});

describe('the text of a language (docs/product.md#activity-text-in-five-languages)', () => {
  const text = (name: string, more: Partial<Omit<LocalizedText, 'name' | 'sortName'>> = {}): LocalizedText => ({
    name,
    description: `${name}: description`,
    location: null,
    openingHours: null,
    marketDays: null,
    sortName: normalizeText(name),
    ...more,
  });
  /** A provider's activity written in Dutch, translated into some languages. */
  function modelOf(original: LocalizedText, translations: CatalogRow['translations'], language: Language = 'nl') {
    const [row] = rows(1, generator(3));
    if (!row) throw new Error('no row');
    return new CatalogModel([{ ...row, id: 1, language, original, translations }], []);
  }
  const shown = (model: CatalogModel, lng: Language) => {
    const activity = model.get(1, LIMOUX, lng);
    if (!activity) throw new Error('not found');
    const { name, description, location, openingHours, marketDays, language, languages } = activity;
    return { name, description, location, openingHours, marketDays, language, languages };
  };

  const dutch = text('Boerenmarkt', { location: 'Marktplein', openingHours: 'Elke vrijdag', marketDays: 'Vrijdag' });
  const translated = {
    en: text('Farmers market', { location: 'Market square', openingHours: 'Every Friday', marketDays: 'Friday' }),
    fr: text('Marché paysan', { location: 'Place du marché', openingHours: 'Chaque vendredi', marketDays: 'Vendredi' }),
    de: text('Bauernmarkt', { location: 'Marktplatz', openingHours: 'Jeden Freitag', marketDays: 'Freitag' }),
  };

  it('shows the language asked for when every field is translated', () => {
    expect(shown(modelOf(dutch, translated), 'fr')).toEqual({
      name: 'Marché paysan',
      description: 'Marché paysan: description',
      location: 'Place du marché',
      openingHours: 'Chaque vendredi',
      marketDays: 'Vendredi',
      language: 'fr',
      languages: { name: 'fr', description: 'fr', location: 'fr', openingHours: 'fr', marketDays: 'fr' },
    });
  });

  it('shows English, not the original, in a language with no translation', () => {
    expect(shown(modelOf(dutch, translated), 'es')).toEqual({
      name: 'Farmers market',
      description: 'Farmers market: description',
      location: 'Market square',
      openingHours: 'Every Friday',
      marketDays: 'Friday',
      language: 'en',
      languages: { name: 'en', description: 'en', location: 'en', openingHours: 'en', marketDays: 'en' },
    });
  });

  it('shows the original in its own language, over any English', () => {
    expect(shown(modelOf(dutch, translated), 'nl')).toMatchObject({
      name: 'Boerenmarkt',
      openingHours: 'Elke vrijdag',
      languages: { name: 'nl', description: 'nl', location: 'nl', openingHours: 'nl', marketDays: 'nl' },
    });
  });

  it('falls back field by field: asked, then English, then the original', () => {
    const model = modelOf(dutch, {
      // The German translation has a name and a blank description; the English one a name and hours.
      de: text('Bauernmarkt', { description: '  ' }),
      en: text('Farmers market', { openingHours: 'Every Friday' }),
    });
    expect(shown(model, 'de')).toEqual({
      name: 'Bauernmarkt',
      description: 'Farmers market: description',
      location: 'Marktplein',
      openingHours: 'Every Friday',
      marketDays: 'Vrijdag',
      language: 'de',
      languages: { name: 'de', description: 'en', location: 'nl', openingHours: 'en', marketDays: 'nl' },
    });
    expect(shown(model, 'es').languages).toEqual({
      name: 'en',
      description: 'en',
      location: 'nl',
      openingHours: 'en',
      marketDays: 'nl',
    });
  });

  it('says a field with no text in any language has none', () => {
    const model = modelOf(text('Uitzicht', { location: '' }), { en: text('View') }, 'nl');
    expect(shown(model, 'fr')).toMatchObject({
      name: 'View',
      location: null,
      openingHours: null,
      marketDays: null,
      languages: { name: 'en', description: 'en', location: null, openingHours: null, marketDays: null },
    });
  });

  it('reads an English original as the English fallback', () => {
    const model = modelOf(text('Wine tour', { location: 'Cellar' }), { fr: text('Visite du vin') }, 'en');
    expect(shown(model, 'de')).toMatchObject({
      name: 'Wine tour',
      location: 'Cellar',
      languages: { name: 'en', description: 'en', location: 'en', openingHours: null, marketDays: null },
    });
    expect(shown(model, 'fr')).toMatchObject({
      name: 'Visite du vin',
      location: 'Cellar',
      languages: { name: 'fr', description: 'fr', location: 'en', openingHours: null, marketDays: null },
    });
  });

  it('sorts by the name shown', () => {
    const [row] = rows(1, generator(5));
    if (!row) throw new Error('no row');
    const model = new CatalogModel(
      [
        { ...row, id: 1, language: 'nl', original: text('Aardbeienpluk'), translations: { en: text('Zoo walk') } },
        { ...row, id: 2, language: 'nl', original: text('Zeilen'), translations: { en: text('Boat trip') } },
      ],
      [],
    );
    const names = (lng: Language) =>
      model.list({ sort: 'name', offset: 0, limit: 10, lng } as ActivityListQuery).items.map((a) => a.name);
    expect(names('es')).toEqual(['Boat trip', 'Zoo walk']);
    expect(names('nl')).toEqual(['Aardbeienpluk', 'Zeilen']);
  });
});

describe('a patched snapshot (docs/read-model.md#keeping-it-current)', () => {
  /** Everything a reader can ask of a snapshot, for comparing two. */
  function answers(model: CatalogModel, random: () => number, now: Date) {
    const out: unknown[] = [
      model.size,
      model.listing(),
      model.rows().map((r) => r.id),
      model.imageUrls(),
      model.countsByCategory(),
      model.cities(),
      model.suggest(['cha'], 'fr', 8),
      model.suggest(['velo'], 'nl', 8),
      // The default list from Limoux, whose order the snapshot keeps.
      model.list({ sort: 'distance', offset: 0, limit: 40 } as ActivityListQuery, now),
      model.list({ sort: 'distance', offset: 60, limit: 30, lng: 'en' } as ActivityListQuery, now),
    ];
    for (let i = 0; i < 24; i++) {
      const query = {
        sort: SORT_OPTIONS[i % SORT_OPTIONS.length],
        offset: random() < 0.5 ? 0 : Math.floor(random() * 200),
        limit: 1 + Math.floor(random() * 30),
        ...(i % 3 === 0 ? { search: WORDS[Math.floor(random() * WORDS.length)] } : {}),
        ...(i % 3 === 1 ? { search: 'chateu' } : {}),
        ...(i % 4 === 2 ? { category: CATEGORIES[i % CATEGORIES.length] } : {}),
        ...(i % 5 === 3 ? { tags: ['wijn'] } : {}),
        ...(i % 6 === 4 ? { when: 'weekend' } : {}),
        ...(i % 2 === 0 ? { lng: LANGUAGES[i % LANGUAGES.length] } : {}),
      } as ActivityListQuery;
      out.push(model.list(query, now, i % 8 === 5 ? 'indoor' : null));
    }
    for (let id = 1; id <= 120; id += 7) out.push(model.has(id), model.get(id, LIMOUX, 'fr', now), model.tagsOf(id));
    return out;
  }

  it('built in turns of the event loop, answers as one built at once, with the same index', async () => {
    const all = rows(2500, generator(5));
    // Given in another order: both take them by id.
    const { result: inTurns, turns } = await turnsDuring(() => CatalogModel.builtInTurns([...all].reverse(), []));
    // A turn every 1,000 activities and between the index's stages.
    expect(turns).toBeGreaterThanOrEqual(4);
    const atOnce = new CatalogModel(all, []);
    const now = new Date('2027-07-09T08:00:00Z');
    expect(answers(inTurns, generator(3), now)).toEqual(answers(atOnce, generator(3), now));
    expect(inTurns.kept().index).toEqual(atOnce.kept().index);
  });

  it('patched in turns of the event loop, answers as one patched at once, compaction and all', async () => {
    const all = rows(2500, generator(9));
    const base = new CatalogModel(all, []);
    // More changed than a patch keeps apart (1,000): the snapshot is compacted.
    const changed = all.slice(0, 1500).map((r) => ({ ...r, rating: r.rating === 5 ? 4 : 5 }));
    const gone = all.slice(2000, 2100).map((r) => r.id);
    const { result: inTurns, turns } = await turnsDuring(() => base.patchedInTurns(changed, gone));
    expect(turns).toBeGreaterThanOrEqual(1);
    const atOnce = base.patched(changed, gone);
    const now = new Date('2027-07-09T08:00:00Z');
    expect(answers(inTurns, generator(4), now)).toEqual(answers(atOnce, generator(4), now));
    expect(inTurns.kept().index).toEqual(atOnce.kept().index);
    expect(inTurns.size).toBe(2400);
    // A compaction is a build apart from the snapshot it came from; a small patch shares its build.
    expect(inTurns.builtApartFrom(base)).toBe(true);
    const small = await inTurns.patchedInTurns(changed.slice(0, 10), []);
    expect(small.builtApartFrom(inTurns)).toBe(false);
  });

  it('answers as a snapshot built from the same activities, through additions, changes, removals and returns', () => {
    const random = generator(11);
    // Versions of activities to put in: the content of pool[k], under the id changed.
    const pool = rows(400, random);
    let current = new Map(pool.slice(0, 300).flatMap((r) => (r.id % 10 === 3 ? [] : [[r.id, r] as const])));
    let model = new CatalogModel(current.values(), []);
    const now = new Date('2027-07-09T08:00:00Z');
    for (let step = 0; step < 60; step++) {
      // The orders and masks the snapshot keeps are made, so that the patch has them to patch.
      answers(model, generator(step), now);
      const changed: CatalogRow[] = [];
      const gone: number[] = [];
      for (let k = 0; k < 1 + Math.floor(random() * 4); k++) {
        const roll = random();
        // Ids up to 330: some never seen (added after the others, older ids among them), some held back at the start.
        const id = 1 + Math.floor(random() * 330);
        if (roll < 0.3 && current.has(id)) {
          gone.push(id);
          current.delete(id);
        } else {
          const content = pool[Math.floor(random() * pool.length)] as CatalogRow;
          const row = { ...content, id, rating: Math.floor(random() * 6) / 2 + 2 };
          changed.push(row);
          current.set(id, row);
        }
      }
      model = model.patched(changed, gone);
      current = new Map([...current.entries()].sort((a, b) => a[0] - b[0]));
      const fresh = new CatalogModel(current.values(), []);
      expect(answers(model, generator(1000 + step), now), `after step ${step}`).toEqual(
        answers(fresh, generator(1000 + step), now),
      );
    }
  });

  it('answers as a snapshot built again after changes of one field, which leave most columns and orders shared', () => {
    const random = generator(23);
    let current = new Map(rows(250, random).map((r) => [r.id, r] as const));
    let model = new CatalogModel(current.values(), []);
    const now = new Date('2027-07-09T08:00:00Z');
    // What one write usually changes: a sponsorship, a review's rating, a name, a position, a tag, nothing.
    const edits: ((row: CatalogRow) => CatalogRow)[] = [
      (row) => ({ ...row, sponsorLevel: (row.sponsorLevel + 1) % 4, isSponsored: row.sponsorLevel < 3 }),
      (row) => ({ ...row, rating: row.rating === 5 ? 2 : row.rating + 0.5, reviewCount: row.reviewCount + 1 }),
      (row) => {
        const name = `aaa ${row.original.name}`;
        return { ...row, original: { ...row.original, name, sortName: normalizeText(name) } };
      },
      // Onto Limoux: first after the sponsored ones in the default list.
      (row) => ({ ...row, latitude: LIMOUX.lat, longitude: LIMOUX.lon + 0.001 * row.id }),
      (row) => ({ ...row, createdAt: row.createdAt + 86_400_000 }),
      (row) => ({
        ...row,
        tags: row.tags.length > 0 ? [] : [{ id: 1, name: 'wijn', description: null, isApproved: true }],
      }),
      (row) => ({ ...row }),
    ];
    for (let step = 0; step < 3 * edits.length; step++) {
      answers(model, generator(step), now);
      const id = 1 + Math.floor(random() * 250);
      const row = (edits[step % edits.length] as (row: CatalogRow) => CatalogRow)(current.get(id) as CatalogRow);
      current.set(id, row);
      model = model.patched([row], []);
      current = new Map([...current.entries()].sort((a, b) => a[0] - b[0]));
      const fresh = new CatalogModel(current.values(), []);
      expect(answers(model, generator(500 + step), now), `after step ${step}`).toEqual(
        answers(fresh, generator(500 + step), now),
      );
    }
  });

  it('is built again in full once many activities changed, and answers the same', () => {
    const random = generator(5);
    const all = rows(1500, random);
    const model = new CatalogModel(all.slice(0, 200), []);
    // Activities 101 to 200 change their content (another's, under their id); the others are new.
    const changed = all.slice(100).map((row, i) => ({ ...(all[(i * 7 + 3) % all.length] as CatalogRow), id: row.id }));
    const patched = model.patched(changed, [1, 2, 3]);
    const fresh = new CatalogModel([...all.slice(3, 100), ...changed], []);
    const now = new Date('2027-07-09T08:00:00Z');
    expect(answers(patched, generator(1), now)).toEqual(answers(fresh, generator(1), now));
  });
});
