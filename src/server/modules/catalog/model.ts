import type { Activity, ActivityListQuery, Category } from '../../../domain/activities.js';
import { CATEGORIES, TOP_RATED_MIN_RATING } from '../../../domain/activities.js';
import { EARTH_RADIUS_KM, LIMOUX, type Position, roundKm } from '../../../domain/geo.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/languages.js';
import { toCents, toEuros } from '../../../domain/money.js';
import { searchWords } from '../../../domain/search.js';

/**
 * The public read model (docs/read-model.md): every public activity in every
 * language, with what filters, sorts, distance and accent-free prefix search
 * need, held in memory. Pure: loading and keeping it current is service.ts.
 */

export interface LocalizedText {
  name: string;
  description: string;
  location: string | null;
  openingHours: string | null;
  marketDays: string | null;
  sortName: string;
}

export interface PublicTag {
  id: number;
  name: string;
  description: string | null;
  isApproved: boolean;
}

/** One public activity as the database gives it. */
export interface CatalogRow {
  id: number;
  language: Language;
  category: Category;
  address: string | null;
  city: string;
  latitude: number;
  longitude: number;
  imageUrl: string | null;
  rating: number;
  reviewCount: number;
  priceCents: number | null;
  contactPhone: string | null;
  contactEmail: string | null;
  website: string | null;
  bookingRequired: boolean;
  isSponsored: boolean;
  sponsorLevel: number;
  createdAt: Date;
  searchText: string;
  original: LocalizedText;
  translations: Partial<Record<Language, LocalizedText>>;
  tags: PublicTag[];
}

interface Entry extends CatalogRow {
  createdAtIso: string;
  createdAtMs: number;
  tagNames: string[];
  latRad: number;
  lonRad: number;
  cosLat: number;
}

const RAD = Math.PI / 180;

function entryOf(row: CatalogRow): Entry {
  return {
    ...row,
    createdAtIso: row.createdAt.toISOString(),
    createdAtMs: row.createdAt.getTime(),
    tagNames: row.tags.map((t) => t.name).sort(),
    latRad: row.latitude * RAD,
    lonRad: row.longitude * RAD,
    cosLat: Math.cos(row.latitude * RAD),
  };
}

/** The haversine distance of the SQL it replaces (docs/product.md#distance), origin prepared once. */
function distanceFrom(origin: Position) {
  const latRad = origin.lat * RAD;
  const lonRad = origin.lon * RAD;
  const cosLat = Math.cos(latRad);
  return (e: Entry) => {
    const h = Math.sin((e.latRad - latRad) / 2) ** 2 + cosLat * e.cosLat * Math.sin((e.lonRad - lonRad) / 2) ** 2;
    return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
  };
}

/** The text of a language, each field falling back to the original (docs/product.md#activity-text-in-five-languages). */
function textOf(e: Entry, language: Language) {
  const t = e.translations[language];
  return {
    language: t ? language : e.language,
    name: t?.name ?? e.original.name,
    description: t?.description ?? e.original.description,
    location: t?.location ?? e.original.location,
    openingHours: t?.openingHours ?? e.original.openingHours,
    marketDays: t?.marketDays ?? e.original.marketDays,
    sortName: t?.sortName ?? e.original.sortName,
  };
}

/**
 * Words to activities, for "a word starts with" search: the distinct words of
 * every activity's search text, sorted, each with the activities that have it.
 * A query word is a range of this list (binary search), so search costs the
 * matching words, not the whole text.
 */
class WordIndex {
  private words: string[] = [];
  private postings: number[][] = [];

  constructor(entries: Iterable<Entry>) {
    const byWord = new Map<string, number[]>();
    for (const e of entries) {
      for (const word of new Set(e.searchText.split(' '))) {
        if (!word) continue;
        const list = byWord.get(word);
        if (list) list.push(e.id);
        else byWord.set(word, [e.id]);
      }
    }
    this.words = [...byWord.keys()].sort();
    this.postings = this.words.map((w) => byWord.get(w) ?? []);
  }

  /** Ids of activities with a word starting with `prefix`. */
  withPrefix(prefix: string): Set<number> {
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.words[mid] ?? '') < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out = new Set<number>();
    for (let i = lo; i < this.words.length && (this.words[i] ?? '').startsWith(prefix); i++) {
      for (const id of this.postings[i] ?? []) out.add(id);
    }
    return out;
  }
}

const byNumber = (a: number, b: number) => a - b;

/** An immutable snapshot of the public catalogue; a change makes a new one. */
export class CatalogModel {
  readonly size: number;
  private readonly entries: Map<number, Entry>;
  private readonly ordered: Entry[];
  private readonly index: WordIndex;
  private readonly approvedTags: PublicTag[];
  private readonly cityList: string[];
  /** The default page (distance from Limoux, sponsors first), computed once. */
  private defaultOrder: Entry[] | null = null;

  constructor(rows: Iterable<CatalogRow>, approvedTags: PublicTag[]) {
    this.entries = new Map();
    for (const row of rows) this.entries.set(row.id, entryOf(row));
    this.ordered = [...this.entries.values()].sort((a, b) => a.id - b.id);
    this.size = this.ordered.length;
    this.index = new WordIndex(this.ordered);
    this.approvedTags = [...approvedTags].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.cityList = [...new Set(this.ordered.map((e) => e.city))].sort();
  }

  /** A new snapshot with `rows` put in place of (or beside) theirs and `gone` left out. */
  patched(rows: CatalogRow[], gone: Iterable<number>, approvedTags: PublicTag[] = this.approvedTags): CatalogModel {
    const next = new Map<number, CatalogRow>(this.entries);
    for (const id of gone) next.delete(id);
    for (const row of rows) next.set(row.id, row);
    return new CatalogModel(next.values(), approvedTags);
  }

  has(id: number): boolean {
    return this.entries.has(id);
  }

  private present(e: Entry, language: Language, distance: number): Activity {
    const text = textOf(e, language);
    return {
      id: e.id,
      name: text.name,
      description: text.description,
      language: text.language,
      category: e.category,
      location: text.location,
      address: e.address,
      city: e.city,
      latitude: e.latitude,
      longitude: e.longitude,
      imageUrl: e.imageUrl,
      rating: e.rating,
      reviewCount: e.reviewCount,
      distance: roundKm(distance),
      price: e.priceCents === null ? null : toEuros(e.priceCents),
      openingHours: text.openingHours,
      marketDays: text.marketDays,
      contactPhone: e.contactPhone,
      contactEmail: e.contactEmail,
      website: e.website,
      bookingRequired: e.bookingRequired,
      isSponsored: e.isSponsored,
      sponsorLevel: e.sponsorLevel,
      tags: e.tagNames,
      createdAt: e.createdAtIso,
    };
  }

  /** The activities a query's filters keep (docs/api.md#activities), in id order. */
  private filtered(query: ActivityListQuery): Entry[] | null {
    let candidates: Entry[] = this.ordered;
    if (query.search) {
      const words = searchWords(query.search);
      // A search of nothing but punctuation matches nothing.
      if (words.length === 0) return [];
      let ids: Set<number> = this.index.withPrefix(words[0] as string);
      for (const word of words.slice(1)) {
        if (ids.size === 0) break;
        const hits = this.index.withPrefix(word);
        const kept = new Set<number>();
        for (const id of ids) if (hits.has(id)) kept.add(id);
        ids = kept;
      }
      if (ids.size === 0) return [];
      candidates = [...ids].sort(byNumber).flatMap((id) => this.entries.get(id) ?? []);
    }
    const { category, minRating, bookable, sponsored } = query;
    const minCents = query.minPrice === undefined ? undefined : toCents(query.minPrice);
    const maxCents = query.maxPrice === undefined ? undefined : toCents(query.maxPrice);
    const tags = query.tags ?? [];
    const plain =
      (!category || category === 'alle') &&
      minCents === undefined &&
      maxCents === undefined &&
      !(minRating !== undefined && minRating > 0) &&
      bookable === undefined &&
      sponsored === undefined &&
      tags.length === 0;
    if (plain) return candidates === this.ordered && !query.search ? null : candidates;
    return candidates.filter((e) => {
      if (category === 'top_rated') {
        if (e.rating < TOP_RATED_MIN_RATING) return false;
      } else if (category && category !== 'alle' && e.category !== category) return false;
      if (minCents !== undefined && (e.priceCents === null || e.priceCents < minCents)) return false;
      if (maxCents !== undefined && (e.priceCents === null || e.priceCents > maxCents)) return false;
      if (minRating !== undefined && minRating > 0 && e.rating < minRating) return false;
      if (bookable !== undefined && e.bookingRequired !== bookable) return false;
      if (sponsored !== undefined && e.isSponsored !== sponsored) return false;
      for (const tag of tags) if (!e.tagNames.includes(tag)) return false;
      return true;
    });
  }

  /** A page of public activities and how many match (docs/api.md#lists-in-pages). */
  list(query: ActivityListQuery): { items: Activity[]; total: number } {
    const language = query.lng ?? DEFAULT_LANGUAGE;
    const origin = query.lat !== undefined && query.lon !== undefined ? { lat: query.lat, lon: query.lon } : LIMOUX;
    const atLimoux = origin.lat === LIMOUX.lat && origin.lon === LIMOUX.lon;
    const filtered = this.filtered(query);
    const all = filtered ?? this.ordered;
    const distanceOf = distanceFrom(origin);
    if (all.length === 0) return { items: [], total: 0 };

    let sorted: Entry[];
    let distances: Map<number, number> | null = null;
    if (filtered === null && query.sort === 'distance' && atLimoux) {
      this.defaultOrder ??= this.sortEntries(this.ordered, 'distance', language, distanceOf);
      sorted = this.defaultOrder;
    } else {
      distances = new Map();
      sorted = this.sortEntries(all, query.sort, language, distanceOf, distances);
    }
    const page = sorted.slice(query.offset, query.offset + query.limit);
    return {
      items: page.map((e) => this.present(e, language, distances?.get(e.id) ?? distanceOf(e))),
      total: all.length,
    };
  }

  /** The orders of the SQL they replace: sponsors first only in the default (distance) order (docs/product.md#sponsorship). */
  private sortEntries(
    entries: Entry[],
    sort: ActivityListQuery['sort'],
    language: Language,
    distanceOf: (e: Entry) => number,
    keep?: Map<number, number>,
  ): Entry[] {
    const n = entries.length;
    const distance = new Float64Array(n);
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const e = entries[i] as Entry;
      distance[i] = distanceOf(e);
      keep?.set(e.id, distance[i] as number);
      order[i] = i;
    }
    const at = (i: number) => entries[i] as Entry;
    const d = (i: number) => distance[i] as number;
    let compare: (a: number, b: number) => number;
    switch (sort) {
      case 'distance':
        compare = (a, b) => at(b).sponsorLevel - at(a).sponsorLevel || d(a) - d(b) || at(a).id - at(b).id;
        break;
      case 'rating':
        compare = (a, b) =>
          at(b).rating - at(a).rating || at(b).reviewCount - at(a).reviewCount || d(a) - d(b) || at(a).id - at(b).id;
        break;
      case 'price_low':
      case 'price_high': {
        const sign = sort === 'price_low' ? 1 : -1;
        compare = (a, b) => {
          const pa = at(a).priceCents;
          const pb = at(b).priceCents;
          if (pa !== pb) {
            if (pa === null) return 1;
            if (pb === null) return -1;
            return sign * (pa - pb);
          }
          return d(a) - d(b) || at(a).id - at(b).id;
        };
        break;
      }
      case 'name': {
        const names = entries.map((e) => textOf(e, language).sortName);
        compare = (a, b) => {
          const na = names[a] as string;
          const nb = names[b] as string;
          return na < nb ? -1 : na > nb ? 1 : at(a).id - at(b).id;
        };
        break;
      }
      case 'newest':
        compare = (a, b) => at(b).createdAtMs - at(a).createdAtMs || at(b).id - at(a).id;
        break;
    }
    return Array.from(order)
      .sort(compare)
      .map((i) => at(i));
  }

  /** One public activity, localized, with its distance from `origin`; null when it is not public. */
  get(id: number, origin: Position, language: Language): Activity | null {
    const e = this.entries.get(id);
    return e ? this.present(e, language, distanceFrom(origin)(e)) : null;
  }

  /** Public activities per category, every category present. */
  countsByCategory(): Record<Category, number> {
    const counts = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
    for (const e of this.ordered) counts[e.category]++;
    return counts;
  }

  tags(): PublicTag[] {
    return this.approvedTags;
  }

  tagsOf(id: number): PublicTag[] | null {
    const e = this.entries.get(id);
    return e ? [...e.tags].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) : null;
  }

  cities(): string[] {
    return this.cityList;
  }

  /**
   * Activities whose text has a word starting with each of `words`: those whose
   * name holds the phrase first, then by rating (docs/product.md#search-and-suggestions).
   */
  suggest(words: string[], language: Language, limit: number): { id: number; name: string }[] {
    if (words.length === 0) return [];
    const phrase = words.join(' ');
    const matches = this.filtered({ search: phrase } as ActivityListQuery) ?? [];
    return matches
      .map((e) => {
        const text = textOf(e, language);
        return { e, name: text.name, inName: ` ${text.sortName}`.includes(` ${phrase}`) };
      })
      .sort((a, b) => Number(b.inName) - Number(a.inName) || b.e.rating - a.e.rating || a.e.id - b.e.id)
      .slice(0, limit)
      .map(({ e, name }) => ({ id: e.id, name }));
  }
}
