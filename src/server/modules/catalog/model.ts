import { setImmediate } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type {
  Activity,
  ActivityDetail,
  ActivityListQuery,
  ActivitySource,
  AnsweredBy,
  Category,
  TextLanguages,
} from '../../../domain/activities.js';
import { CATEGORIES, type Setting, TOP_RATED_MIN_RATING } from '../../../domain/activities.js';
import { EARTH_RADIUS_KM, LIMOUX, type Position, roundKm } from '../../../domain/geo.js';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, type Language } from '../../../domain/languages.js';
import { toCents, toEuros } from '../../../domain/money.js';
import { type Favour, isFavoured } from '../../../domain/forecast.js';
import {
  hasStructuredTimes,
  isOpenAt,
  isOpenDuring,
  type Opening,
  parisClock,
  statusAt,
  type TimedActivity,
  whenRange,
} from '../../../domain/opening.js';
import { queryParts, searchWords } from '../../../domain/search.js';
import type { WeeklyHoursRow } from '../../../domain/weekly-hours.js';
import {
  BUILD_TURN,
  grown,
  type IndexParts,
  LayeredSearch,
  RANK,
  SearchIndex,
  type SearchFields,
  searchFieldsOf,
} from './search-index.js';

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

/** One public activity as the read model keeps it (docs/read-model.md#what-it-holds). */
export interface CatalogActivity {
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
  /** The next edition of an event (docs/product.md#event-dates). */
  eventStart: string | null;
  eventEnd: string | null;
  /** Structured opening hours (docs/product.md#weekly-hours). */
  weeklyHours: WeeklyHoursRow[];
  contactPhone: string | null;
  contactEmail: string | null;
  website: string | null;
  bookingRequired: boolean;
  /** Indoors, outdoors or both; null when unknown (docs/when.md#indoors-and-outdoors). */
  setting: Setting | null;
  isSponsored: boolean;
  sponsorLevel: number;
  /**
   * When it was made, in milliseconds since 1970: a number, not a Date (a Date object is about
   * 90 bytes of heap, 9 MB for the two of 50,000 activities: docs/read-model.md#memory).
   */
  createdAt: number;
  /** When the activity itself last changed (the sitemap's lastmod), in milliseconds since 1970. */
  updatedAt: number;
  /** Who answers its booking requests (docs/product.md#who-answers); only the detail shows it. */
  answeredBy: AnsweredBy;
  original: LocalizedText;
  translations: Partial<Record<Language, LocalizedText>>;
  tags: PublicTag[];
  /** Where an imported activity comes from (docs/datatourisme.md#attribution); null for the guide's own. Only the detail shows it. */
  source: ActivitySource | null;
}

/** One public activity as the database gives it: with its search text, which only the search index keeps. */
export interface CatalogRow extends CatalogActivity {
  /** Its names, descriptions, places and town in every language, normalised (activities.search_text). */
  searchText: string;
}

/**
 * An activity as a snapshot keeps it: the row without its search text (the search index has what it
 * needs), with its tag names (docs/read-model.md#memory).
 */
export interface Entry extends CatalogActivity {
  tagNames: string[];
}

/**
 * What a snapshot is made of, as a file keeps it (docs/read-model.md#the-kept-snapshot): its entries
 * in id order, their search index (position i is entries[i]) and the approved tags.
 */
export interface KeptModel {
  entries: Entry[];
  index: IndexParts;
  approvedTags: PublicTag[];
}

const RAD = Math.PI / 180;

/**
 * The when filter's answer per position (docs/when.md#in-the-api): its matches, then those with no
 * structured times, in that order; the closed ones are left out.
 */
const TIMING_MATCH = 0;
const TIMING_UNKNOWN = 1;
const TIMING_CLOSED = 2;
const TIMING_CODE: Record<Opening, number> = { open: TIMING_MATCH, unknown: TIMING_UNKNOWN, closed: TIMING_CLOSED };
/** How many answers of the when filter a snapshot keeps (per set of days, per minute for open now). */
const TIMINGS_KEPT = 64;
/** How many searches' ranks a snapshot keeps: one byte per activity each (1.6 MB at 50,000). */
const RANKS_KEPT = 32;

/** Tag name lists, shared by the activities with the same tags. */
const tagNameLists = new Map<string, string[]>();

/**
 * The entry of a row. Written out field by field: an object made by spreading or leaving out fields
 * of another is kept by V8 as a dictionary, about 2 KB each, against a few hundred bytes for a literal
 * (measured at 50,000 activities, docs/read-model.md#memory).
 */
function entryOf(row: CatalogRow | Entry): Entry {
  if ('tagNames' in row) return row;
  const names = row.tags.map((t) => t.name).sort();
  const key = names.join('\u0000');
  let tagNames = tagNameLists.get(key);
  if (tagNames === undefined) {
    tagNames = names;
    if (tagNameLists.size < 10_000) tagNameLists.set(key, tagNames);
  }
  return {
    id: row.id,
    language: row.language,
    category: row.category,
    address: row.address,
    city: row.city,
    latitude: row.latitude,
    longitude: row.longitude,
    imageUrl: row.imageUrl,
    rating: row.rating,
    reviewCount: row.reviewCount,
    priceCents: row.priceCents,
    eventStart: row.eventStart,
    eventEnd: row.eventEnd,
    weeklyHours: row.weeklyHours,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    website: row.website,
    bookingRequired: row.bookingRequired,
    setting: row.setting,
    isSponsored: row.isSponsored,
    sponsorLevel: row.sponsorLevel,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    answeredBy: row.answeredBy,
    original: row.original,
    translations: row.translations,
    tags: row.tags,
    source: row.source,
    tagNames,
  };
}

/** The haversine distance (docs/product.md#distance), origin prepared once. */
function distanceFrom(origin: Position) {
  const latRad = origin.lat * RAD;
  const lonRad = origin.lon * RAD;
  const cosLat = Math.cos(latRad);
  return (e: Entry) => {
    const eLat = e.latitude * RAD;
    const h =
      Math.sin((eLat - latRad) / 2) ** 2 + cosLat * Math.cos(eLat) * Math.sin((e.longitude * RAD - lonRad) / 2) ** 2;
    return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
  };
}

/** The text fields of an activity that may differ per language (docs/product.md#activity-text-in-five-languages). */
type TextField = keyof TextLanguages;

const blank = (text: string | null | undefined): boolean => text === null || text === undefined || text.trim() === '';

/**
 * The text of a language, each field on its own: the language asked for, else English, else the
 * original (docs/product.md#activity-text-in-five-languages). A blank field counts as missing. The
 * original stands for its own language when there is no translation in it. `language` is the name's.
 */
function textOf(e: Entry, language: Language) {
  const sources: { language: Language; text: LocalizedText }[] = [];
  for (const wanted of [language, FALLBACK_LANGUAGE]) {
    const translated = e.translations[wanted];
    if (translated) sources.push({ language: wanted, text: translated });
    else if (wanted === e.language) sources.push({ language: wanted, text: e.original });
  }
  sources.push({ language: e.language, text: e.original });
  const pick = (field: TextField) => sources.find((source) => !blank(source.text[field]));
  const name = pick('name') ?? { language: e.language, text: e.original };
  const description = pick('description') ?? { language: e.language, text: e.original };
  const location = pick('location');
  const openingHours = pick('openingHours');
  const marketDays = pick('marketDays');
  const languages: TextLanguages = {
    name: name.language,
    description: description.language,
    location: location?.language ?? null,
    openingHours: openingHours?.language ?? null,
    marketDays: marketDays?.language ?? null,
  };
  return {
    language: name.language,
    languages,
    name: name.text.name,
    description: description.text.description,
    location: location?.text.location ?? null,
    openingHours: openingHours?.text.openingHours ?? null,
    marketDays: marketDays?.text.marketDays ?? null,
    sortName: name.text.sortName,
  };
}

type Comparator = (a: number, b: number) => number;

/** Moves the k-th element (by `compare`) of `a[lo..hi]` to `a[k]`, smaller ones before it, larger after. */
function select(a: Int32Array, k: number, lo: number, hi: number, compare: Comparator): void {
  while (hi > lo) {
    // Median of three as the pivot: sorted or reversed input stays linear.
    const mid = (lo + hi) >>> 1;
    if (compare(a[mid] as number, a[lo] as number) < 0) swap(a, mid, lo);
    if (compare(a[hi] as number, a[lo] as number) < 0) swap(a, hi, lo);
    if (compare(a[hi] as number, a[mid] as number) < 0) swap(a, hi, mid);
    const pivot = a[mid] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (compare(a[i] as number, pivot) < 0) i++;
      while (compare(a[j] as number, pivot) > 0) j--;
      if (i <= j) swap(a, i++, j--);
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/** `order` within each search rank, the better ranks first. */
function rankedBy(ranks: Uint8Array, order: Comparator): Comparator {
  return (a, b) => (ranks[a] as number) - (ranks[b] as number) || order(a, b);
}

function swap(a: Int32Array, i: number, j: number) {
  const t = a[i] as number;
  a[i] = a[j] as number;
  a[j] = t;
}

/**
 * A page that ends within this many is found by one pass with a heap; a deeper one first moves its
 * start into place by selection (both are covered by model.test.ts's random pages).
 */
const HEAP_MAX = 256;

/**
 * The `k` first of `a[from..]` (by `compare`, a total order), sorted: one pass keeping the best so far in a
 * heap whose root is the worst of them, so most elements cost one comparison. `a` is left as it is.
 */
function smallest(a: Int32Array, k: number, compare: Comparator, from = 0): Int32Array {
  const heap = new Int32Array(Math.min(k, a.length - from));
  if (heap.length === 0) return heap;
  let size = 0;
  for (let n = from; n < a.length; n++) {
    const x = a[n] as number;
    if (size < heap.length) {
      let c = size++;
      heap[c] = x;
      while (c > 0) {
        const parent = (c - 1) >> 1;
        if (compare(heap[parent] as number, heap[c] as number) >= 0) break;
        swap(heap, parent, c);
        c = parent;
      }
    } else if (compare(x, heap[0] as number) < 0) {
      heap[0] = x;
      let p = 0;
      for (;;) {
        const left = 2 * p + 1;
        if (left >= size) break;
        const right = left + 1;
        const worse = right < size && compare(heap[right] as number, heap[left] as number) > 0 ? right : left;
        if (compare(heap[worse] as number, heap[p] as number) <= 0) break;
        swap(heap, worse, p);
        p = worse;
      }
    }
  }
  return heap.sort(compare);
}

/**
 * An order given as keys by position, `major` then `minor`, with `exact` for positions whose keys are
 * equal: the keys must never contradict `exact` (they may only leave ties it breaks). Comparing two
 * numbers in typed arrays is most of what a sort does, and every comparator made here is the same
 * function, which V8 can then inline into the sorting loops; a comparator per sort made them calls
 * through closures of closures (a deep page at 50,000 activities took 5 ms).
 */
function keyed(major: Int32Array, minor: Float64Array, exact: Comparator): Comparator {
  return (a, b) =>
    (major[a] as number) - (major[b] as number) || (minor[a] as number) - (minor[b] as number) || exact(a, b);
}

/** A deep page over at least this many is first narrowed by `around` (covered by model.test.ts's large catalogue). */
const NARROW_MIN = 4096;
/** How many keys `around` sorts to guess where a page lies. */
const GUESS_SAMPLE = 1024;
/**
 * What `around` keeps, reused from one deep page to the next (docs/read-model.md#speed: no garbage per
 * query): a page is answered in one go, and the page taken from it is a copy.
 */
let aroundBuffer = new Int32Array(0);

/**
 * The elements `from` to `to` (excluded) of `a` as a full sort by `compare` (made by `keyed`) would
 * place them, without sorting the rest. `a` is reordered when `to` is past HEAP_MAX (a deep page),
 * else left as it is. `keys`: the `major` and `minor` that `compare` was made with, which let a deep page
 * of many be found among a few (`around`).
 */
function sortedRange(
  a: Int32Array,
  from: number,
  to: number,
  compare: Comparator,
  keys?: { major: Int32Array; minor: Float64Array },
): Int32Array {
  const end = Math.min(to, a.length);
  if (from >= end) return new Int32Array(0);
  if (end <= HEAP_MAX) return smallest(a, end, compare).slice(from, end);
  if (keys && a.length >= NARROW_MIN) {
    // Among the few around the page, found as any page is (without narrowing again).
    const narrowed = around(a, from, end, keys.major, keys.minor, compare);
    if (narrowed) return sortedRange(narrowed.among, from - narrowed.before, end - narrowed.before, compare);
  }
  select(a, from, 0, a.length - 1, compare);
  // Everything before `from` now comes before the rest: the page is the first of what follows.
  return smallest(a, end - from, compare, from);
}

/**
 * The few elements of `a` among which a deep page lies, in one pass of plain comparisons: the keys of
 * an evenly spread sample, sorted, say between which two keys the page most likely lies (with a
 * margin of three standard deviations of such a guess); the pass counts the elements before the
 * lower one (`before`) and keeps those between the two (`among`, a few thousand at 50,000, in a
 * buffer reused by the next call). Null when the guess missed (the page is not all between them): the
 * caller then selects among all. Elements with the keys of a bound are kept, as `exact` may put them
 * either side.
 */
function around(
  a: Int32Array,
  from: number,
  end: number,
  major: Int32Array,
  minor: Float64Array,
  compare: Comparator,
): { among: Int32Array; before: number } | null {
  const n = a.length;
  const sample = new Int32Array(GUESS_SAMPLE);
  for (let s = 0; s < GUESS_SAMPLE; s++) sample[s] = a[Math.floor(((s + 0.5) * n) / GUESS_SAMPLE)] as number;
  sample.sort(compare);
  const margin = Math.ceil(3 * Math.sqrt(GUESS_SAMPLE / 4)) + 1;
  const low = Math.floor((from / n) * GUESS_SAMPLE) - margin;
  const high = Math.ceil((end / n) * GUESS_SAMPLE) + margin;
  const hasLow = low >= 0;
  const hasHigh = high < GUESS_SAMPLE;
  const lowMajor = hasLow ? (major[sample[low] as number] as number) : 0;
  const lowMinor = hasLow ? (minor[sample[low] as number] as number) : 0;
  const highMajor = hasHigh ? (major[sample[high] as number] as number) : 0;
  const highMinor = hasHigh ? (minor[sample[high] as number] as number) : 0;
  if (aroundBuffer.length < n) aroundBuffer = new Int32Array(n);
  const kept = aroundBuffer;
  let before = 0;
  let count = 0;
  for (let k = 0; k < n; k++) {
    const i = a[k] as number;
    const j = major[i] as number;
    const m = minor[i] as number;
    if (hasLow && (j < lowMajor || (j === lowMajor && m < lowMinor))) {
      before++;
      continue;
    }
    if (hasHigh && (j > highMajor || (j === highMajor && m > highMinor))) continue;
    kept[count++] = i;
  }
  if (before > from || before + count < end) return null;
  return { among: kept.subarray(0, count), before };
}

/**
 * What the snapshots of one full build share, each only ever added to (docs/read-model.md#keeping-it-current):
 * an activity keeps its position in every snapshot patched from that build, so a patch writes the
 * changed positions only. A snapshot reads only the positions below its own capacity.
 */
interface Generation {
  positionOf: Map<number, number>;
  /** The distinct sets of times (see `timedKinds` below) and their keys. */
  timedKinds: TimedActivity[];
  kinds: Map<string, number>;
  base: SearchIndex;
}

/**
 * A patch makes only the changed activities' search index, over everything changed since the last
 * full build; past this many such activities (or this many gone), the next patch builds everything
 * again (docs/read-model.md#keeping-it-current).
 */
const DELTA_MAX = 1000;
const DEAD_MAX = 1000;

function timedKindOf(generation: Generation, e: Entry): number {
  if (!hasStructuredTimes(e)) return -1;
  const rows = e.weeklyHours.length > 0 ? JSON.stringify(e.weeklyHours) : '';
  const key = `${e.category}|${rows}|${e.eventStart ?? ''}|${e.eventEnd ?? ''}`;
  let kind = generation.kinds.get(key);
  if (kind === undefined) {
    kind = generation.timedKinds.length;
    generation.kinds.set(key, kind);
    generation.timedKinds.push({
      category: e.category,
      weeklyHours: rows ? e.weeklyHours : null,
      eventStart: e.eventStart,
      eventEnd: e.eventEnd,
    });
  }
  return kind;
}

/**
 * `order` after a patch: the positions of `touched` (1) taken out, then `added` (sorted by `compare`
 * here) merged in at their places. Linear in the order, plus the sort of the few added.
 */
function remerged(order: Int32Array, touched: Uint8Array, added: Int32Array, compare: Comparator): Int32Array {
  const sortedAdded = added.slice().sort(compare);
  const out = new Int32Array(order.length + sortedAdded.length);
  let n = 0;
  let k = 0;
  for (const i of order) {
    if (touched[i] === 1) continue;
    while (k < sortedAdded.length && compare(sortedAdded[k] as number, i) < 0) out[n++] = sortedAdded[k++] as number;
    out[n++] = i;
  }
  while (k < sortedAdded.length) out[n++] = sortedAdded[k++] as number;
  return out.slice(0, n);
}

/** The filters of a list query (docs/api.md#the-map). */
export type MapFilters = Omit<ActivityListQuery, 'sort' | 'lat' | 'lon' | 'lng' | 'weatherDay' | 'limit' | 'offset'>;

/** The activities a map shows, one index k per activity across the arrays (CatalogModel.points). */
export interface CatalogPoints {
  ids: Int32Array;
  lat: Float64Array;
  lon: Float64Array;
  /** Its index in CATEGORIES. */
  category: Uint8Array;
  sponsorLevel: Int8Array;
  name(k: number, language: Language): string;
}

/**
 * An immutable snapshot of the public catalogue; a change makes a new one, patched from the last
 * (docs/read-model.md#keeping-it-current).
 */
export class CatalogModel {
  /** Public activities in this snapshot. */
  size!: number;
  /** Positions in all, the gone ones (`alive` 0) included; every array below has this length. */
  private capacity!: number;
  private entries!: Entry[];
  private alive!: Uint8Array;
  /** Whether the positions are in id order (a patch appends; an id older than the last makes them not). */
  private inIdOrder!: boolean;
  private generation!: Generation;
  // The fields that filters and sorts read, one typed array each: a pass over 10,000 activities
  // reads numbers in a row instead of 10,000 objects (measured 13 ms against well under 1 ms).
  private ids!: Int32Array;
  // The sines and cosines of half each latitude and longitude, and each latitude's cosine: the
  // haversine from any origin is then products and sums, with no trigonometry per activity.
  private sinHalfLat!: Float64Array;
  private cosHalfLat!: Float64Array;
  private sinHalfLon!: Float64Array;
  private cosHalfLon!: Float64Array;
  private cosLat!: Float64Array;
  private category!: Uint8Array;
  private bookable!: Uint8Array;
  private sponsored!: Uint8Array;
  private created!: Float64Array;
  private sponsor!: Int8Array;
  private rating!: Float64Array;
  private reviews!: Int32Array;
  /** Cents; NaN when unknown. */
  private price!: Float64Array;
  private search!: LayeredSearch;
  private approvedTags!: PublicTag[];
  private cityCounts!: Map<string, number>;
  private cityList!: string[];
  /** The live positions, in position order, made when first asked for. */
  private livePositions: Int32Array | null = null;
  /** Orders that do not depend on the visitor's position, made when first asked for (and patched after). */
  private newestOrder: Int32Array | null = null;
  private readonly nameOrders = new Map<Language, Int32Array>();
  /** Each position's sort name per language, made with its order. */
  private readonly nameKeys = new Map<Language, string[]>();
  /** The default list (distance from Limoux, sponsors first), made when first asked for, and the nearness it sorts by. */
  private defaultOrder: Int32Array | null = null;
  private limouxNearness: Float64Array | null = null;
  /** Nearness from the visitor's position, and what the filters kept: reused by every list of this snapshot (see `nearness`). */
  private nearBuffer: Float64Array | null = null;
  private filterBuffer: Int32Array | null = null;
  /** The keys of the order asked for (see `keys`). */
  private majorBuffer: Int32Array | null = null;
  private minorBuffer: Float64Array | null = null;
  /**
   * What the opening rules read (docs/when.md#speed), once per distinct set of times: activities
   * with the same category, weekly rows and edition share one entry (`generation.timedKinds`), so
   * that the when filter asks the rules once for all of them (a region has many places with the same
   * hours). `timedKindOf`: each position's entry, -1 for one with no structured times (always 'unknown').
   */
  private timedKindOf!: Int32Array;
  /** The when filter's answers (TIMING_* per position), kept per days and per minute (open now). */
  private readonly timings = new Map<string, Uint8Array>();
  /** The searches' ranks (see `ranks`), the least recently asked for dropped first. */
  private readonly rankings = new LRUCache<string, Uint8Array>({ max: RANKS_KEPT });
  private readonly favouredMasks = new Map<Favour, Uint8Array>();

  /**
   * A snapshot of `rows`. `search`: the index of their search fields, by position in id order, when
   * it is made already (a compaction, see `patched`); else it is built from the rows' search text.
   */
  constructor(rows: Iterable<CatalogRow | Entry>, approvedTags: PublicTag[], search?: SearchIndex) {
    const given = [...rows].sort((a, b) => a.id - b.id);
    const generation: Generation = {
      positionOf: new Map(given.map((e, i) => [e.id, i])),
      timedKinds: [],
      kinds: new Map(),
      base: search ?? new SearchIndex(given.map((row) => searchFieldsOf(row as CatalogRow))),
    };
    const entries = given.map(entryOf);
    this.generation = generation;
    this.entries = entries;
    this.size = entries.length;
    this.capacity = entries.length;
    this.alive = new Uint8Array(entries.length).fill(1);
    this.inIdOrder = true;
    this.ids = Int32Array.from(entries, (e) => e.id);
    this.sinHalfLat = Float64Array.from(entries, (e) => Math.sin((e.latitude * RAD) / 2));
    this.cosHalfLat = Float64Array.from(entries, (e) => Math.cos((e.latitude * RAD) / 2));
    this.sinHalfLon = Float64Array.from(entries, (e) => Math.sin((e.longitude * RAD) / 2));
    this.cosHalfLon = Float64Array.from(entries, (e) => Math.cos((e.longitude * RAD) / 2));
    this.cosLat = Float64Array.from(entries, (e) => Math.cos(e.latitude * RAD));
    this.category = Uint8Array.from(entries, (e) => CATEGORIES.indexOf(e.category));
    this.bookable = Uint8Array.from(entries, (e) => (e.bookingRequired ? 1 : 0));
    this.sponsored = Uint8Array.from(entries, (e) => (e.isSponsored ? 1 : 0));
    this.created = Float64Array.from(entries, (e) => e.createdAt);
    this.sponsor = Int8Array.from(entries, (e) => e.sponsorLevel);
    this.rating = Float64Array.from(entries, (e) => e.rating);
    this.reviews = Int32Array.from(entries, (e) => e.reviewCount);
    this.price = Float64Array.from(entries, (e) => e.priceCents ?? Number.NaN);
    this.search = new LayeredSearch(generation.base, new Int32Array(0), []);
    this.approvedTags = [...approvedTags].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.cityCounts = new Map();
    for (const e of entries) this.cityCounts.set(e.city, (this.cityCounts.get(e.city) ?? 0) + 1);
    this.cityList = [...this.cityCounts.keys()].sort();
    this.timedKindOf = Int32Array.from(entries, (e) => timedKindOf(generation, e));
  }

  /**
   * A snapshot of `rows` as the constructor makes it, its entries, search fields and index made in
   * turns of the event loop (SearchIndex.builtInTurns): what a whole read makes while the app serves.
   * `index`: the index of the rows in id order, being built elsewhere (on a thread of its own:
   * IndexInWorker, the rows' search texts then let go); its failure is this one's.
   */
  static async builtInTurns(
    rows: readonly CatalogRow[],
    approvedTags: PublicTag[],
    index?: Promise<SearchIndex>,
  ): Promise<CatalogModel> {
    // Its failure is thrown where it is awaited, not as an unhandled rejection meanwhile.
    index?.catch(() => undefined);
    const given = [...rows].sort((a, b) => a.id - b.id);
    // The entries (and without `index` the search fields) the constructor would make, made here in turns
    // too, while the index's thread finishes.
    const entries: Entry[] = [];
    const docs: SearchFields[] = [];
    for (let i = 0; i < given.length; i++) {
      const row = given[i] as CatalogRow;
      entries.push(entryOf(row));
      if (!index) docs.push(searchFieldsOf(row));
      if ((i + 1) % BUILD_TURN === 0) await setImmediate();
    }
    return new CatalogModel(entries, approvedTags, await (index ?? SearchIndex.builtInTurns(docs)));
  }

  /**
   * A new snapshot with `rows` put in place of (or beside) theirs and `gone` left out. Only the
   * changed positions are written, and only the activities changed since the last full build are
   * indexed again; past DELTA_MAX of them (or DEAD_MAX gone), everything is built again
   * (docs/read-model.md#keeping-it-current).
   */
  patched(rows: CatalogRow[], gone: Iterable<number>, approvedTags: PublicTag[] = this.approvedTags): CatalogModel {
    const next = this.patchedOnly(rows, gone, approvedTags);
    return next.compactionDue ? next.compacted() : next;
  }

  /**
   * `patched`, the compaction (when due) in turns of the event loop: what the app does while it
   * serves, where a compaction at 50,000 activities held every request for a second
   * (docs/read-model.md#keeping-it-current).
   */
  async patchedInTurns(
    rows: CatalogRow[],
    gone: Iterable<number>,
    approvedTags: PublicTag[] = this.approvedTags,
  ): Promise<CatalogModel> {
    const next = this.patchedOnly(rows, gone, approvedTags);
    return next.compactionDue ? next.compactedInTurns() : next;
  }

  /** The patch without the compaction that may follow it. */
  private patchedOnly(rows: CatalogRow[], gone: Iterable<number>, approvedTags: PublicTag[]): CatalogModel {
    const goneIds = new Set(gone);
    for (const row of rows) goneIds.delete(row.id);
    return new CatalogModel([], approvedTags).patchedFrom(this, rows, goneIds);
  }

  /**
   * Whether this snapshot and `other` come from different builds: a full build or a compaction lies
   * between them, which leaves the other's columns and index behind, as garbage once it is replaced.
   */
  builtApartFrom(other: CatalogModel): boolean {
    return this.generation !== other.generation;
  }

  /** Whether so much changed since the last full build (or went) that the snapshot is compacted. */
  private get compactionDue(): boolean {
    return this.search.dirty.length > DELTA_MAX || this.capacity - this.size > DEAD_MAX;
  }

  /** What a file keeps of this snapshot: compacted first when it has changed or gone positions. */
  kept(): KeptModel {
    const whole = this.search.dirty.length === 0 && this.capacity === this.size && this.inIdOrder;
    const model = whole ? this : this.compacted();
    return { entries: model.entries, index: model.generation.base.parts(), approvedTags: model.approvedTags };
  }

  /** The snapshot a file kept (`kept`), as it was: nothing is read or indexed again. */
  static restored(kept: KeptModel): CatalogModel {
    return new CatalogModel(kept.entries, kept.approvedTags, new SearchIndex(kept.index));
  }

  /**
   * This snapshot with its gone positions left out, in id order, and one search index: the last full
   * build's and the changed activities' merged, without reading any text again.
   */
  private compacted(): CatalogModel {
    const { live, moved } = this.compaction();
    return new CatalogModel(live, this.approvedTags, SearchIndex.merged(this.search, moved, live.length));
  }

  /** `compacted`, the indexes merged in turns of the event loop. */
  private async compactedInTurns(): Promise<CatalogModel> {
    const { live, moved } = this.compaction();
    return new CatalogModel(live, this.approvedTags, await SearchIndex.mergedInTurns(this.search, moved, live.length));
  }

  /** The live entries in id order, and where each position goes (-1: gone). */
  private compaction(): { live: Entry[]; moved: Int32Array } {
    const positions = Array.from(this.everyPosition()).sort(
      (a, b) => (this.ids[a] as number) - (this.ids[b] as number),
    );
    const moved = new Int32Array(this.capacity).fill(-1);
    positions.forEach((position, to) => {
      moved[position] = to;
    });
    return { live: positions.map((i) => this.entries[i] as Entry), moved };
  }

  /** Fills this (new, empty) snapshot as `from` with `rows` and `gone` applied; see `patched`. */
  private patchedFrom(from: CatalogModel, rows: CatalogRow[], gone: Set<number>): CatalogModel {
    const generation = from.generation;
    let capacity = from.capacity;
    let inIdOrder = from.inIdOrder;
    let lastId = capacity > 0 ? (from.ids[capacity - 1] as number) : 0;
    const placed: { position: number; entry: Entry; fields: SearchFields }[] = [];
    for (const row of rows) {
      let position = generation.positionOf.get(row.id);
      if (position === undefined) {
        position = capacity++;
        generation.positionOf.set(row.id, position);
        if (row.id < lastId) inIdOrder = false;
        lastId = Math.max(lastId, row.id);
      }
      placed.push({ position, entry: entryOf(row), fields: searchFieldsOf(row) });
    }
    this.generation = generation;
    this.capacity = capacity;
    this.inIdOrder = inIdOrder;
    this.entries = from.entries.slice();
    this.entries.length = capacity;
    // A column is shared with the last snapshot (neither ever writes it again) unless a changed
    // activity gives it another value there: a sponsorship or a review changes one or two of them,
    // and copying all sixteen at every write was megabytes of garbage (docs/read-model.md#memory).
    const column = <T extends Int32Array | Float64Array | Uint8Array | Int8Array>(
      old: T,
      value: (e: Entry) => number,
    ): T => {
      if (capacity === from.capacity && placed.every((p) => Object.is(old[p.position], value(p.entry)))) return old;
      const next = grown(old, capacity);
      for (const { position, entry } of placed) next[position] = value(entry);
      return next;
    };
    this.cityCounts = new Map(from.cityCounts);
    const touched = new Uint8Array(capacity);
    const countCity = (city: string, by: number) => {
      const count = (this.cityCounts.get(city) ?? 0) + by;
      if (count > 0) this.cityCounts.set(city, count);
      else this.cityCounts.delete(city);
    };
    const goneNow = Array.from(gone, (id) => generation.positionOf.get(id)).filter(
      (position): position is number =>
        position !== undefined && position < from.capacity && from.alive[position] === 1,
    );
    const revived = placed.some(({ position }) => position >= from.capacity || from.alive[position] === 0);
    this.alive = goneNow.length > 0 || revived ? grown(from.alive, capacity) : from.alive;
    for (const position of goneNow) {
      this.alive[position] = 0;
      touched[position] = 1;
      countCity((this.entries[position] as Entry).city, -1);
    }
    for (const { position, entry: e } of placed) {
      if (this.alive[position] === 1) countCity((this.entries[position] as Entry).city, -1);
      countCity(e.city, 1);
      touched[position] = 1;
      this.entries[position] = e;
      this.alive[position] = 1;
    }
    this.ids = column(from.ids, (e) => e.id);
    this.sinHalfLat = column(from.sinHalfLat, (e) => Math.sin((e.latitude * RAD) / 2));
    this.cosHalfLat = column(from.cosHalfLat, (e) => Math.cos((e.latitude * RAD) / 2));
    this.sinHalfLon = column(from.sinHalfLon, (e) => Math.sin((e.longitude * RAD) / 2));
    this.cosHalfLon = column(from.cosHalfLon, (e) => Math.cos((e.longitude * RAD) / 2));
    this.cosLat = column(from.cosLat, (e) => Math.cos(e.latitude * RAD));
    this.category = column(from.category, (e) => CATEGORIES.indexOf(e.category));
    this.bookable = column(from.bookable, (e) => (e.bookingRequired ? 1 : 0));
    this.sponsored = column(from.sponsored, (e) => (e.isSponsored ? 1 : 0));
    this.created = column(from.created, (e) => e.createdAt);
    this.sponsor = column(from.sponsor, (e) => e.sponsorLevel);
    this.rating = column(from.rating, (e) => e.rating);
    this.reviews = column(from.reviews, (e) => e.reviewCount);
    this.price = column(from.price, (e) => e.priceCents ?? Number.NaN);
    this.timedKindOf = column(from.timedKindOf, (e) => timedKindOf(generation, e));
    let size = 0;
    for (let i = 0; i < capacity; i++) size += this.alive[i] as number;
    this.size = size;
    const cities = [...this.cityCounts.keys()].sort();
    this.cityList =
      cities.length === from.cityList.length && cities.every((c, i) => c === from.cityList[i]) ? from.cityList : cities;
    // The search: the activities changed since the full build, indexed on their own.
    const fieldsOf = new Map<number, SearchFields>();
    from.search.dirty.forEach((position, k) => fieldsOf.set(position, from.search.docs[k] as SearchFields));
    for (const { position, fields } of placed) fieldsOf.set(position, fields);
    const dirty = Int32Array.from(fieldsOf.keys()).sort();
    this.search = new LayeredSearch(
      generation.base,
      dirty,
      Array.from(dirty, (i) => fieldsOf.get(i) as SearchFields),
    );
    // Orders and masks the last snapshot had made, patched rather than made again; shared when the
    // same activities are public and nothing an order compares changed.
    const added = Int32Array.from(placed, (p) => p.position);
    const sameLive = goneNow.length === 0 && !revived;
    if (from.limouxNearness && from.defaultOrder) {
      // The nearness from Limoux follows the places alone: shared columns (the capacity unchanged, no
      // place moved) keep it as it was.
      const samePlaces =
        this.sinHalfLat === from.sinHalfLat &&
        this.cosHalfLat === from.cosHalfLat &&
        this.sinHalfLon === from.sinHalfLon &&
        this.cosHalfLon === from.cosHalfLon &&
        this.cosLat === from.cosLat;
      if (samePlaces) this.limouxNearness = from.limouxNearness;
      else {
        this.limouxNearness = grown(from.limouxNearness, capacity);
        const limoux = this.nearnessFrom(LIMOUX);
        for (const { position } of placed) this.limouxNearness[position] = limoux(position);
      }
      this.defaultOrder =
        sameLive && samePlaces && this.sponsor === from.sponsor
          ? from.defaultOrder
          : remerged(from.defaultOrder, touched, added, this.comparator('distance', this.limouxNearness));
    }
    if (from.newestOrder) {
      this.newestOrder =
        sameLive && this.created === from.created
          ? from.newestOrder
          : remerged(from.newestOrder, touched, added, this.newestComparator());
    }
    for (const [language, order] of from.nameOrders) {
      const before = from.nameKeys.get(language) ?? [];
      const names = placed.map(({ entry }) => textOf(entry, language).sortName);
      if (sameLive && placed.every(({ position }, k) => before[position] === names[k])) {
        this.nameKeys.set(language, before);
        this.nameOrders.set(language, order);
        continue;
      }
      const keys = before.slice();
      placed.forEach(({ position }, k) => {
        keys[position] = names[k] as string;
      });
      this.nameKeys.set(language, keys);
      this.nameOrders.set(language, remerged(order, touched, added, this.nameComparator(keys)));
    }
    for (const [favour, mask] of from.favouredMasks) {
      this.favouredMasks.set(
        favour,
        column(mask, (entry) => (isFavoured(favour, { setting: entry.setting, tags: entry.tagNames }) ? 1 : 0)),
      );
    }
    return this;
  }

  has(id: number): boolean {
    const position = this.generation.positionOf.get(id);
    return position !== undefined && position < this.capacity && this.alive[position] === 1;
  }

  /** One public activity as the database gave it; undefined when it is not public. */
  row(id: number): CatalogActivity | undefined {
    return this.has(id) ? this.entries[this.generation.positionOf.get(id) as number] : undefined;
  }

  /** The public activities, in id order. */
  private liveEntries(): Entry[] {
    const live = Array.from(this.everyPosition(), (i) => this.entries[i] as Entry);
    return this.inIdOrder ? live : live.sort((a, b) => a.id - b.id);
  }

  /** Every public activity's id and last change, in id order (the sitemap). */
  listing(): { id: number; updatedAt: number }[] {
    return this.liveEntries().map((e) => ({ id: e.id, updatedAt: e.updatedAt }));
  }

  /** Every public activity as the database gave it, in id order (the open-data exports, docs/api.md#open-data-exports). */
  rows(): readonly CatalogActivity[] {
    return this.liveEntries();
  }

  /** The picture of every public activity: an uploaded photo here is everyone's to see (docs/provider-workspace.md#photos). */
  imageUrls(): string[] {
    return this.liveEntries().flatMap((e) => (e.imageUrl ? [e.imageUrl] : []));
  }

  private present(e: Entry, language: Language, distance: number, now: Date): Activity {
    const text = textOf(e, language);
    return {
      id: e.id,
      name: text.name,
      description: text.description,
      language: text.language,
      languages: text.languages,
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
      eventStart: e.eventStart,
      eventEnd: e.eventEnd,
      weeklyHours: e.weeklyHours,
      contactPhone: e.contactPhone,
      contactEmail: e.contactEmail,
      website: e.website,
      bookingRequired: e.bookingRequired,
      setting: e.setting,
      isSponsored: e.isSponsored,
      sponsorLevel: e.sponsorLevel,
      tags: e.tagNames,
      createdAt: new Date(e.createdAt).toISOString(),
      status: statusAt(e, now),
    };
  }

  /**
   * The "when" filter and "open now" (docs/when.md#in-the-api) for every position: TIMING_MATCH when
   * it matches both that are asked, TIMING_CLOSED when it fails one, else TIMING_UNKNOWN (check
   * times). Null when the query asks neither. Kept per days and minute: the snapshot never changes.
   */
  private timingOf(query: ActivityListQuery, now: Date): Uint8Array | null {
    const days = query.when === undefined ? null : whenRange(query.when, now);
    const openNow = query.openNow === true;
    if (days === null && !openNow) return null;
    const clock = openNow ? parisClock(now) : null;
    const key = `${days?.join(',') ?? ''}|${clock ? `${clock.day} ${clock.minute}` : ''}`;
    let codes = this.timings.get(key);
    if (codes === undefined) {
      // The rules once per distinct set of times, then each position takes its set's answer.
      const byKind = Uint8Array.from(this.generation.timedKinds, (a) => {
        const onDays: Opening = days === null ? 'open' : isOpenDuring(a, days);
        const atNow: Opening = onDays === 'closed' || !openNow ? 'open' : isOpenAt(a, now);
        return onDays === 'closed' || atNow === 'closed'
          ? TIMING_CLOSED
          : TIMING_CODE[onDays === 'open' && atNow === 'open' ? 'open' : 'unknown'];
      });
      codes = new Uint8Array(this.capacity);
      const kindOf = this.timedKindOf;
      for (let i = 0; i < this.capacity; i++) {
        const kind = kindOf[i] as number;
        codes[i] = kind < 0 ? TIMING_UNKNOWN : (byKind[kind] as number);
      }
      if (this.timings.size >= TIMINGS_KEPT) this.timings.clear();
      this.timings.set(key, codes);
    }
    return codes;
  }

  /**
   * Each activity's rank for a search (docs/search.md#ranking), by position; RANK.none where it does
   * not match. Kept per search (RANKS_KEPT of them): the ranks do not depend on the visitor's
   * position, language, filters, order or page, and people search the same words.
   */
  private ranks(search: string): Uint8Array {
    // A search of nothing but punctuation matches nothing.
    const words = searchWords(search);
    const phrase = words.join(' ');
    let ranks = this.rankings.get(phrase);
    if (ranks === undefined) {
      // A copy: the index answers in a buffer of its own.
      ranks = this.search.rank(queryParts(words), phrase, this.capacity).slice();
      this.rankings.set(phrase, ranks);
    }
    return ranks;
  }

  /**
   * The positions a query's filters keep (docs/api.md#activities), in id order; null for all of them.
   * `ranks`: the search's, when there is one. A view of a buffer this snapshot reuses: valid until
   * the next call (a query is answered before the next begins; see `nearness`).
   */
  private filtered(
    query: ActivityListQuery,
    ranks: Uint8Array | null,
    timing: Uint8Array | null = null,
  ): Int32Array | null {
    const n = this.capacity;
    const mask = ranks;
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
    if (plain && mask === null && timing === null) return null;
    const kept = (this.filterBuffer ??= new Int32Array(n));
    let count = 0;
    const wantCategory =
      category && category !== 'alle' && category !== 'top_rated' ? CATEGORIES.indexOf(category) : -1;
    const minRatingKept = category === 'top_rated' ? Math.max(TOP_RATED_MIN_RATING, minRating ?? 0) : (minRating ?? 0);
    const wantBookable = bookable === undefined ? -1 : bookable ? 1 : 0;
    const wantSponsored = sponsored === undefined ? -1 : sponsored ? 1 : 0;
    const { rating, price, alive } = this;
    for (let i = 0; i < n; i++) {
      if (alive[i] === 0) continue;
      if (mask !== null && mask[i] === RANK.none) continue;
      if (!plain) {
        if (wantCategory >= 0 && this.category[i] !== wantCategory) continue;
        if (minRatingKept > 0 && (rating[i] as number) < minRatingKept) continue;
        const cents = price[i] as number;
        if (minCents !== undefined && !(cents >= minCents)) continue;
        if (maxCents !== undefined && !(cents <= maxCents)) continue;
        if (wantBookable >= 0 && this.bookable[i] !== wantBookable) continue;
        if (wantSponsored >= 0 && this.sponsored[i] !== wantSponsored) continue;
        if (tags.length > 0 && !tags.every((tag) => (this.entries[i] as Entry).tagNames.includes(tag))) continue;
      }
      // Closed ones are left out; those nothing says of come after the matches (docs/when.md#in-the-api).
      if (timing !== null && timing[i] === TIMING_CLOSED) continue;
      kept[count++] = i;
    }
    return kept.subarray(0, count);
  }

  /**
   * The haversine of each position's distance from `origin` (by position): not the distance, but in
   * its order (the distance is 2R asin(sqrt(h)), rising with h), which is all sorting needs; the
   * distances shown are computed for the page only (docs/read-model.md#speed).
   */
  private nearnessFrom(origin: Position): (i: number) => number {
    const halfLat = (origin.lat * RAD) / 2;
    const halfLon = (origin.lon * RAD) / 2;
    const sinLat = Math.sin(halfLat);
    const cosLatHalf = Math.cos(halfLat);
    const sinLon = Math.sin(halfLon);
    const cosLon = Math.cos(halfLon);
    const cos = Math.cos(origin.lat * RAD);
    const { sinHalfLat, cosHalfLat, sinHalfLon, cosHalfLon, cosLat } = this;
    return (i) => {
      // sin((a - b) / 2) = sin(a/2) cos(b/2) - cos(a/2) sin(b/2), for the latitudes and the longitudes.
      const sLat = (sinHalfLat[i] as number) * cosLatHalf - (cosHalfLat[i] as number) * sinLat;
      const sLon = (sinHalfLon[i] as number) * cosLon - (cosHalfLon[i] as number) * sinLon;
      return sLat * sLat + cos * (cosLat[i] as number) * sLon * sLon;
    };
  }

  /**
   * `nearnessFrom(origin)` of the positions given (all when null), by position, in a buffer this
   * snapshot reuses from one list to the next (lists are answered one at a time, and none keeps it).
   */
  private nearness(origin: Position, positions: Int32Array | null): Float64Array {
    const out = (this.nearBuffer ??= new Float64Array(this.capacity));
    const one = this.nearnessFrom(origin);
    if (positions === null) for (let i = 0; i < this.capacity; i++) out[i] = one(i);
    else for (let k = 0; k < positions.length; k++) out[positions[k] as number] = one(positions[k] as number);
    return out;
  }

  /**
   * A page of public activities and how many match (docs/api.md#lists-in-pages), each with its
   * status at `now`. With `when` or `openNow`, `matches` counts those that match; the ones with no
   * structured times follow them (docs/when.md#the-when-filter). On a day of weather (`favour`),
   * the activities the day favours come first within each of those parts, and `favoured` says how
   * many of the matches it favours (of the when filter's matches when it is asked, the ones that
   * come first; docs/when.md#weather-suggestions).
   */
  list(
    query: Omit<ActivityListQuery, 'weatherDay'>,
    now: Date = new Date(),
    favour: Favour | null = null,
  ): { items: Activity[]; total: number; favoured: number; matches?: number } {
    const language = query.lng ?? DEFAULT_LANGUAGE;
    const origin = query.lat !== undefined && query.lon !== undefined ? { lat: query.lat, lon: query.lon } : LIMOUX;
    const ranks = query.search ? this.ranks(query.search) : null;
    const timing = this.timingOf(query, now);
    const filtered = this.filtered(query, ranks, timing);
    const total = filtered === null ? this.size : filtered.length;
    let matches: number | undefined;
    if (timing !== null && filtered !== null) {
      matches = 0;
      for (const i of filtered) if (timing[i] === TIMING_MATCH) matches++;
    }
    const distanceOf = distanceFrom(origin);
    const answer = (page: Int32Array, favoured: number) => ({
      items: Array.from(page, (i) => {
        const e = this.entries[i] as Entry;
        const item = this.present(e, language, distanceOf(e), now);
        if (timing !== null) item.whenMatch = timing[i] === TIMING_MATCH ? 'match' : 'check-times';
        return item;
      }),
      total,
      favoured,
      ...(matches === undefined ? {} : { matches }),
    });
    const from = query.offset;
    const to = Math.min(total, query.offset + query.limit);
    if (favour === null) {
      if (total === 0 || from >= total) return answer(new Int32Array(0), 0);
      return answer(this.ordered(query, filtered, ranks, origin, from, to, timing), 0);
    }
    // The parts, in turn: (the when filter's matches, then those that say nothing,) each favoured first.
    const positions = filtered ?? this.everyPosition();
    const mask = this.favouredMask(favour);
    // How many the day puts first: of the when filter's matches when it is asked, as those are what come first.
    let favoured = 0;
    for (const i of positions) if (mask[i] === 1 && (timing === null || timing[i] === TIMING_MATCH)) favoured++;
    const parts: Int32Array[] = [];
    for (const wanted of timing === null ? [null] : [TIMING_MATCH, TIMING_UNKNOWN]) {
      const inPart = wanted === null ? positions : positions.filter((i) => timing?.[i] === wanted);
      parts.push(
        inPart.filter((i) => mask[i] === 1),
        inPart.filter((i) => mask[i] !== 1),
      );
    }
    const pages: Int32Array[] = [];
    let before = 0;
    for (const part of parts) {
      const start = Math.max(0, from - before);
      const end = Math.min(part.length, to - before);
      if (start < end) pages.push(this.ordered(query, part, ranks, origin, start, end, null));
      before += part.length;
    }
    const page = new Int32Array(pages.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of pages) {
      page.set(p, at);
      at += p.length;
    }
    return answer(page, favoured);
  }

  /** 1 for each activity a day of that kind puts first, made once per snapshot. */
  private favouredMask(favour: Favour): Uint8Array {
    let mask = this.favouredMasks.get(favour);
    if (!mask) {
      mask = Uint8Array.from(this.entries, (e) =>
        isFavoured(favour, { setting: e.setting, tags: e.tagNames }) ? 1 : 0,
      );
      this.favouredMasks.set(favour, mask);
    }
    return mask;
  }

  /**
   * Positions from..to of the matches in the order asked for (all of them when `filtered` is null);
   * with the when filter's `timing`, its matches before those that say nothing.
   */
  private ordered(
    query: Omit<ActivityListQuery, 'weatherDay'>,
    filtered: Int32Array | null,
    ranks: Uint8Array | null,
    origin: Position,
    from: number,
    to: number,
    timing: Uint8Array | null,
  ): Int32Array {
    const language = query.lng ?? DEFAULT_LANGUAGE;
    const atLimoux = origin.lat === LIMOUX.lat && origin.lon === LIMOUX.lon;
    if (from >= to) return new Int32Array(0);
    let page: Int32Array;
    if (query.sort === 'newest' || query.sort === 'name') {
      // Orders that do not depend on the position: kept, and only filtered here.
      const order = query.sort === 'newest' ? this.newest() : this.byName(language);
      page =
        timing === null || filtered === null
          ? this.pick(order, filtered, from, to)
          : this.pickTimed(order, filtered, timing, from, to);
    } else if (filtered === null && query.sort === 'distance' && atLimoux) {
      if (this.defaultOrder === null) {
        const fromLimoux = this.nearnessFrom(LIMOUX);
        this.limouxNearness = Float64Array.from({ length: this.capacity }, (_, i) => fromLimoux(i));
        this.defaultOrder = this.orderAll(this.comparator('distance', this.limouxNearness));
      }
      page = this.defaultOrder.slice(from, to);
    } else {
      const near = this.nearness(origin, filtered);
      // A page within HEAP_MAX leaves the positions as they are; a deeper one reorders a copy.
      const positions =
        filtered ?? (to <= HEAP_MAX ? this.everyPosition(false) : this.reorderable(this.everyPosition(false)));
      const order = this.comparator(query.sort, near);
      // A search in the default order: the better matches first, each rank in the default order (docs/search.md#ranking).
      const searched = ranks && query.sort === 'distance' ? ranks : null;
      const ranked = searched ? rankedBy(searched, order) : order;
      // The when filter: its matches before those that say nothing (docs/when.md#the-when-filter).
      const exact: Comparator = timing
        ? (a, b) => (timing[a] as number) - (timing[b] as number) || ranked(a, b)
        : ranked;
      const keys = this.keys(query.sort, positions, near, searched, timing);
      page = sortedRange(positions, from, to, keyed(keys.major, keys.minor, exact), keys);
    }
    return page;
  }

  /**
   * The keys of `comparator(sort)` (after the when filter's `timing` and the search's `ranks` when
   * given) for `positions`, for `keyed`: whatever the sort puts first as `major`, the number it then
   * compares as `minor`. In buffers this snapshot reuses (see `nearness`).
   */
  private keys(
    sort: 'distance' | 'rating' | 'price_low' | 'price_high',
    positions: Int32Array,
    near: Float64Array,
    ranks: Uint8Array | null,
    timing: Uint8Array | null,
  ): { major: Int32Array; minor: Float64Array } {
    const major = (this.majorBuffer ??= new Int32Array(this.capacity));
    const minor = (this.minorBuffer ??= new Float64Array(this.capacity));
    const { sponsor, rating, reviews, price } = this;
    const sign = sort === 'price_high' ? -1 : 1;
    for (let k = 0; k < positions.length; k++) {
      const i = positions[k] as number;
      // The when filter's matches (0) before the rest (1); then the search's rank (0 to 255); then the sort's own.
      const first =
        (timing === null ? 0 : (timing[i] as number) << 20) | (ranks === null ? 0 : (ranks[i] as number) << 8);
      if (sort === 'distance') {
        // Sponsor levels (-128 to 127) from the highest down.
        major[i] = first + (127 - (sponsor[i] as number));
        minor[i] = near[i] as number;
      } else if (sort === 'rating') {
        // Ratings have one decimal (0.0 to 9.9), the highest first; then the most reviews, then the nearest
        // (half the nearness, under 1, cannot reach the next whole number of reviews).
        major[i] = first + (100 - Math.round((rating[i] as number) * 10));
        minor[i] = -(reviews[i] as number) + (near[i] as number) / 2;
      } else {
        // Unknown prices last either way; then by whole cents, then the nearest.
        const cents = price[i] as number;
        const unknown = Number.isNaN(cents);
        major[i] = first + (unknown ? 1 : 0);
        minor[i] = (unknown ? 0 : sign * cents) + (near[i] as number) / 2;
      }
    }
    return { major, minor };
  }

  /** The orders of the SQL they replace: sponsors first only in the default (distance) order (docs/product.md#sponsorship). */
  private comparator(sort: 'distance' | 'rating' | 'price_low' | 'price_high', d: Float64Array): Comparator {
    // `d`: the positions' nearness (`nearnessFrom`), in the order of their distances.
    const { sponsor, rating, reviews, price, ids } = this;
    const id = (i: number) => ids[i] as number;
    switch (sort) {
      case 'distance':
        return (a, b) =>
          (sponsor[b] as number) - (sponsor[a] as number) || (d[a] as number) - (d[b] as number) || id(a) - id(b);
      case 'rating':
        return (a, b) =>
          (rating[b] as number) - (rating[a] as number) ||
          (reviews[b] as number) - (reviews[a] as number) ||
          (d[a] as number) - (d[b] as number) ||
          id(a) - id(b);
      case 'price_low':
      case 'price_high': {
        const sign = sort === 'price_low' ? 1 : -1;
        return (a, b) => {
          const pa = price[a] as number;
          const pb = price[b] as number;
          if (pa !== pb) {
            // Unknown prices last either way.
            if (Number.isNaN(pa)) return Number.isNaN(pb) ? (d[a] as number) - (d[b] as number) || id(a) - id(b) : 1;
            if (Number.isNaN(pb)) return -1;
            return sign * (pa - pb);
          }
          return (d[a] as number) - (d[b] as number) || id(a) - id(b);
        };
      }
    }
  }

  /**
   * The live positions, in position order: a new array each time (callers sort it in place), or with
   * `copy` false the snapshot's own, for callers that only read it.
   */
  private everyPosition(copy = true): Int32Array {
    if (this.livePositions === null) {
      const all = new Int32Array(this.size);
      let n = 0;
      for (let i = 0; i < this.capacity; i++) if (this.alive[i] === 1) all[n++] = i;
      this.livePositions = all;
    }
    return copy ? this.livePositions.slice() : this.livePositions;
  }

  /** `positions` copied into the buffer of `filtered`, to be reordered there. */
  private reorderable(positions: Int32Array): Int32Array {
    const buffer = (this.filterBuffer ??= new Int32Array(this.capacity));
    buffer.set(positions);
    return buffer.subarray(0, positions.length);
  }

  private orderAll(compare: Comparator): Int32Array {
    return this.everyPosition().sort(compare);
  }

  private newestComparator(): Comparator {
    const { created, ids } = this;
    return (a, b) => (created[b] as number) - (created[a] as number) || (ids[b] as number) - (ids[a] as number);
  }

  private newest(): Int32Array {
    this.newestOrder ??= this.orderAll(this.newestComparator());
    return this.newestOrder;
  }

  /** By sort name (`keys`, per position), then id. */
  private nameComparator(keys: readonly string[]): Comparator {
    const { ids } = this;
    return (a, b) => {
      const na = keys[a] as string;
      const nb = keys[b] as string;
      return na < nb ? -1 : na > nb ? 1 : (ids[a] as number) - (ids[b] as number);
    };
  }

  private byName(language: Language): Int32Array {
    let order = this.nameOrders.get(language);
    if (!order) {
      const keys = this.entries.map((e) => textOf(e, language).sortName);
      this.nameKeys.set(language, keys);
      order = this.orderAll(this.nameComparator(keys));
      this.nameOrders.set(language, order);
    }
    return order;
  }

  /** The `from`-th to `to`-th of `order` that the filter kept. */
  private pick(order: Int32Array, filtered: Int32Array | null, from: number, to: number): Int32Array {
    if (filtered === null) return order.slice(from, to);
    const keep = new Uint8Array(this.capacity);
    for (const i of filtered) keep[i] = 1;
    const out: number[] = [];
    let seen = 0;
    for (const i of order) {
      if (keep[i] === 0) continue;
      if (seen++ >= from) out.push(i);
      if (seen >= to) break;
    }
    return Int32Array.from(out);
  }

  /** `pick` with the when filter's matches first, then those that say nothing, each in `order`. */
  private pickTimed(order: Int32Array, filtered: Int32Array, timing: Uint8Array, from: number, to: number): Int32Array {
    const keep = new Uint8Array(this.capacity);
    for (const i of filtered) keep[i] = 1;
    const out: number[] = [];
    let seen = 0;
    for (const wanted of [TIMING_MATCH, TIMING_UNKNOWN]) {
      for (const i of order) {
        if (keep[i] === 0 || timing[i] !== wanted) continue;
        if (seen++ >= from) out.push(i);
        if (seen >= to) return Int32Array.from(out);
      }
    }
    return Int32Array.from(out);
  }

  /**
   * Where the activities that a list query's filters keep are, for the map's clusters
   * (docs/read-model.md#the-maps-clusters): in position order, each one's id, position, category (its index
   * in CATEGORIES) and sponsor level; `name(k, language)` the k-th one's name as the list shows it.
   */
  points(query: MapFilters, now: Date): CatalogPoints {
    const list = query as ActivityListQuery;
    const ranks = list.search ? this.ranks(list.search) : null;
    const positions = this.filtered(list, ranks, this.timingOf(list, now)) ?? this.everyPosition();
    const entries = Array.from(positions, (i) => this.entries[i] as Entry);
    return {
      ids: Int32Array.from(positions, (i) => this.ids[i] as number),
      lat: Float64Array.from(entries, (e) => e.latitude),
      lon: Float64Array.from(entries, (e) => e.longitude),
      category: Uint8Array.from(positions, (i) => this.category[i] as number),
      sponsorLevel: Int8Array.from(positions, (i) => this.sponsor[i] as number),
      name: (k, language) => textOf(entries[k] as Entry, language).name,
    };
  }

  /** One public activity, localized, with its distance from `origin` and its status at `now`; null when it is not public. */
  get(id: number, origin: Position, language: Language, now: Date = new Date()): ActivityDetail | null {
    const e = this.row(id) as Entry | undefined;
    if (e === undefined) return null;
    return { ...this.present(e, language, distanceFrom(origin)(e), now), answeredBy: e.answeredBy, source: e.source };
  }

  /** Public activities per category, every category present. */
  countsByCategory(): Record<Category, number> {
    const counts = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
    for (let i = 0; i < this.capacity; i++) if (this.alive[i] === 1) counts[(this.entries[i] as Entry).category]++;
    return counts;
  }

  tags(): PublicTag[] {
    return this.approvedTags;
  }

  tagsOf(id: number): PublicTag[] | null {
    const e = this.row(id);
    if (e === undefined) return null;
    return [...e.tags].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  cities(): string[] {
    return this.cityList;
  }

  /**
   * The activities a search for `words` finds: the better matches first, then by rating
   * (docs/product.md#search-and-suggestions, docs/search.md#ranking).
   */
  suggest(words: string[], language: Language, limit: number): { id: number; name: string }[] {
    if (words.length === 0) return [];
    const ranks = this.search.rank(queryParts(words), words.join(' '), this.capacity);
    const matches = this.filtered({ search: words.join(' ') } as ActivityListQuery, ranks) ?? new Int32Array(0);
    const { rating, ids } = this;
    const major = (this.majorBuffer ??= new Int32Array(this.capacity));
    const minor = (this.minorBuffer ??= new Float64Array(this.capacity));
    for (const i of matches) {
      major[i] = ranks[i] as number;
      minor[i] = -(rating[i] as number);
    }
    const best = sortedRange(
      matches,
      0,
      limit,
      keyed(major, minor, (a, b) => (ids[a] as number) - (ids[b] as number)),
    );
    return Array.from(best, (i) => {
      const e = this.entries[i] as Entry;
      return { id: e.id, name: textOf(e, language).name };
    });
  }
}
