import { describe, expect, it } from 'vitest';
import type { ActivityListQuery, Category, SortOption } from '../../../domain/activities.js';
import { LIMOUX } from '../../../domain/geo.js';
import type { Language } from '../../../domain/languages.js';
import { buildSearchDocument, normalizeText } from '../../../domain/search.js';
import { type CatalogRow, CatalogModel, type LocalizedText } from './model.js';

/** The read model's search (docs/search.md): what a query finds, and in which order. */

interface Spec {
  name: string;
  description?: string;
  location?: string;
  city?: string;
  category?: Category;
  tags?: string[];
  sponsorLevel?: number;
  rating?: number;
  /** Kilometres north of Limoux. */
  km?: number;
  translations?: Partial<Record<Language, { name: string; description?: string }>>;
}

function text(name: string, description = '', location: string | null = null): LocalizedText {
  return { name, description, location, openingHours: null, marketDays: null, sortName: normalizeText(name) };
}

function catalogue(specs: Spec[]): CatalogModel {
  const rows = specs.map((spec, i): CatalogRow => {
    const translations = Object.fromEntries(
      Object.entries(spec.translations ?? {}).map(([language, t]) => [language, text(t.name, t.description)]),
    );
    const city = spec.city ?? 'Limoux';
    return {
      id: i + 1,
      language: 'fr',
      category: spec.category ?? 'uitjes',
      address: null,
      city,
      latitude: LIMOUX.lat + (spec.km ?? i) / 111,
      longitude: LIMOUX.lon,
      imageUrl: null,
      rating: spec.rating ?? 4,
      reviewCount: 1,
      priceCents: null,
      eventStart: null,
      eventEnd: null,
      weeklyHours: [],
      contactPhone: null,
      contactEmail: null,
      website: null,
      bookingRequired: false,
      setting: null,
      source: null,
      isSponsored: (spec.sponsorLevel ?? 0) > 0,
      sponsorLevel: spec.sponsorLevel ?? 0,
      createdAt: Date.UTC(2025, 0, 1 + i),
      updatedAt: Date.UTC(2025, 6, 1),
      // As the writers store it (src/server/modules/activities/repository.ts).
      searchText: buildSearchDocument([
        spec.name,
        spec.description,
        spec.location,
        city,
        ...Object.values(spec.translations ?? {}).flatMap((t) => [t.name, t.description]),
      ]),
      answeredBy: { kind: 'team' },
      original: text(spec.name, spec.description, spec.location),
      translations,
      tags: (spec.tags ?? []).map((name, t) => ({ id: t + 1, name, description: null, isApproved: true })),
    };
  });
  return new CatalogModel(rows, []);
}

const names = (
  model: CatalogModel,
  search: string,
  sort: SortOption = 'distance',
  more: Partial<ActivityListQuery> = {},
) =>
  model.list({ search, sort, offset: 0, limit: 100, lng: 'fr', ...more } as ActivityListQuery).items.map((a) => a.name);

describe('search: what a query matches', () => {
  const model = catalogue([
    { name: 'Château de Puivert', city: 'Puivert', tags: ['kasteel', 'geschiedenis'], category: 'viewpoints' },
    { name: 'Randonnée des crêtes', description: 'Une belle balade.', category: 'sport', tags: ['wandelen'] },
    {
      name: 'Marché de Limoux',
      category: 'markten',
      tags: ['markt'],
      translations: { es: { name: 'Mercado de Limoux' }, de: { name: 'Markt von Limoux' } },
    },
    { name: 'Cité de Carcassonne', city: 'Carcassonne', description: 'Remparts et tours.' },
    { name: 'Lac de Montbel', description: 'Plage surveillée.', location: 'Rive sud', tags: ['zwemmen'] },
    {
      name: 'Sentier du Pech',
      description: 'Chemin balisé.',
      translations: { en: { name: 'Pech trail', description: 'A hiking trail above the town.' } },
    },
    { name: 'Vélo-rail', category: 'zomeractiviteiten', tags: ['fietsen'] },
  ]);

  it('matches names in every language, accents and case left out', () => {
    expect(names(model, 'MERCADO')).toEqual(['Marché de Limoux']);
    expect(names(model, 'markt von')).toEqual(['Marché de Limoux']);
    expect(names(model, 'chateau')).toEqual(['Château de Puivert']);
    expect(names(model, 'Chât')).toEqual(['Château de Puivert']);
  });

  it('matches descriptions, places and towns in every language', () => {
    expect(names(model, 'remparts')).toEqual(['Cité de Carcassonne']);
    expect(names(model, 'rive')).toEqual(['Lac de Montbel']);
    expect(names(model, 'puivert')).toEqual(['Château de Puivert']);
    expect(names(model, 'above town')).toEqual(['Sentier du Pech']);
  });

  it('matches tags and the category names of the five languages', () => {
    expect(names(model, 'zwemmen')).toEqual(['Lac de Montbel']);
    expect(names(model, 'sport')).toEqual(['Randonnée des crêtes']);
    expect(names(model, 'deporte')).toEqual(['Randonnée des crêtes']);
    expect(names(model, 'Märkte')).toEqual(['Marché de Limoux']);
    expect(names(model, 'Sommeraktivitäten')).toEqual(['Vélo-rail']);
    expect(names(model, 'aussichtspunkt')).toEqual(['Château de Puivert']);
  });

  it.each(['wandelen', 'hiking', 'Randonnée', 'Wandern', 'senderismo'])(
    '"%s" finds the walks: by tag, by name and by an English description',
    (query) => {
      expect(names(model, query).sort()).toEqual(['Randonnée des crêtes', 'Sentier du Pech']);
    },
  );

  it.each(['markt', 'market', 'marché', 'Markt', 'mercado'])('"%s" finds the market', (query) => {
    expect(names(model, query)).toEqual(['Marché de Limoux']);
  });

  it.each([
    ['chateu', 'Château de Puivert'],
    ['randonee', 'Randonnée des crêtes'],
    ['carcasone', 'Cité de Carcassonne'],
    ['Carcasonne', 'Cité de Carcassonne'],
    ['plgae', 'Lac de Montbel'],
    ['montebl', 'Lac de Montbel'],
  ])('finds "%s" with one typo: %s', (query, name) => {
    expect(names(model, query)[0]).toBe(name);
  });

  it('follows a synonym reached through a typo', () => {
    // "randonee" is "randonnée" with a typo, which stands for the walking group: the English "hiking" too.
    expect(names(model, 'randonee')).toEqual(['Randonnée des crêtes', 'Sentier du Pech']);
  });

  it('takes no typos for short words, nor for two edits, and needs every word', () => {
    expect(names(model, 'lax')).toEqual([]);
    expect(names(model, 'chtaeu')).toEqual([]);
    expect(names(model, 'karkasone')).toEqual([]);
    expect(names(model, 'chateau quillan')).toEqual([]);
    expect(names(model, 'chateau puivert')).toEqual(['Château de Puivert']);
    expect(names(model, '!!!')).toEqual([]);
  });

  it('counts the matches, not the page', () => {
    const answer = model.list({ search: 'hiking', sort: 'distance', offset: 0, limit: 1 } as ActivityListQuery);
    expect(answer.total).toBe(2);
    expect(answer.items).toHaveLength(1);
  });
});

describe('search: a synonym of several words (docs/search.md#synonyms)', () => {
  const model = catalogue([
    { name: 'Fromagerie', description: 'Local cheese and fresh produce.' },
    { name: 'Boulangerie', description: 'A local bakery.' },
    { name: 'Ferme', description: 'Fresh eggs, and produce of the garden.' },
  ]);

  it('matches an activity that has every word of the term, not one that has only some', () => {
    // "terroir" has "local produce" among its synonyms: "local" alone or "produce" alone is not it.
    expect(names(model, 'terroir')).toEqual(['Fromagerie']);
  });
});

describe('search: ranking (docs/search.md#ranking)', () => {
  // Each further from Limoux than the one before, so that distance alone would give the opposite order.
  const model = catalogue([
    { name: 'Vue sur le vieux pont', description: 'Un château au loin.', km: 1 },
    { name: 'Sponsor du coin', description: 'Face au château.', sponsorLevel: 3, km: 2 },
    { name: 'Ruines', tags: ['kasteel'], km: 3 },
    { name: 'Le vieux château', km: 4 },
    { name: 'Château de Puivert', km: 5 },
    { name: 'Château', km: 6 },
    { name: 'Sponsor Château', sponsorLevel: 2, km: 7 },
    { name: 'Tour', description: 'Le chateux du village (sic).', km: 8 },
  ]);

  it('puts the exact name first, then names that start with it, then other names, tags, descriptions', () => {
    expect(names(model, 'château')).toEqual([
      'Château',
      'Château de Puivert',
      // Within a rank, the default order: sponsors first, then the distance.
      'Sponsor Château',
      'Le vieux château',
      'Ruines',
      'Sponsor du coin',
      'Vue sur le vieux pont',
    ]);
  });

  it('puts typo matches below the exact and starting matches of the same field', () => {
    expect(names(model, 'chateu')).toEqual([
      // Names with a typo: no name is "chateu" or starts with it.
      'Sponsor Château',
      'Le vieux château',
      'Château de Puivert',
      'Château',
      // A tag through the castle group, reached with a typo.
      'Ruines',
      // "chateux" starts with "chateu": a description's match without a typo.
      'Tour',
      // Descriptions with a typo.
      'Sponsor du coin',
      'Vue sur le vieux pont',
    ]);
  });

  it('ranks from the visitor position within a rank, and leaves the chosen orders alone', () => {
    const far = { lat: LIMOUX.lat + 10 / 111, lon: LIMOUX.lon };
    expect(names(model, 'château', 'distance', far).slice(0, 4)).toEqual([
      'Château',
      'Château de Puivert',
      'Sponsor Château',
      'Le vieux château',
    ]);
    const byName = names(model, 'château', 'name');
    expect(byName).toEqual([...byName].sort((a, b) => normalizeText(a).localeCompare(normalizeText(b))));
    expect(byName).toHaveLength(7);
    // Newest: the order of creation backwards, whatever the match.
    expect(names(model, 'château', 'newest')).toEqual([
      'Sponsor Château',
      'Château',
      'Château de Puivert',
      'Le vieux château',
      'Ruines',
      'Sponsor du coin',
      'Vue sur le vieux pont',
    ]);
  });

  it('suggests the better matches first, then the better rated', () => {
    expect(model.suggest(['chateau'], 'fr', 3).map((s) => s.name)).toEqual([
      'Château',
      'Château de Puivert',
      'Le vieux château',
    ]);
  });
});
