import { setImmediate } from 'node:timers/promises';
import type { Category } from '../../../domain/activities.js';
import { CATEGORY_NAMES } from '../../../domain/category-names.js';
import {
  type Alternative,
  normalizeText,
  type QueryPart,
  squeeze,
  synonymMatches,
  TYPO_MIN_LENGTH,
  withinOneEdit,
} from '../../../domain/search.js';
import type { CatalogRow } from './model.js';

/**
 * The read model's search (docs/search.md): which activities a query
 * matches, and how well. Every distinct word of the catalogue, sorted, with
 * the activities that have it in each field; a query word is a range of
 * that list (binary search), so a search costs the words that match, not
 * the text. Typos are a scan of the words one letter shorter, as long or
 * one longer than the query word (docs/search.md#typos).
 */

/** An activity's searchable text per field, each normalised (`normalizeText`), words separated by one space. */
export interface SearchFields {
  /** Its names in every language. */
  name: string;
  /** Its tags and its category's names in every language. */
  tag: string;
  /** Its descriptions and places (location, town) in every language. */
  text: string;
  /** Each of its names in full, normalised: the exact and starting matches of a whole query. */
  names: readonly string[];
}

/** Each category's names in every language, normalised: searched with the tags (docs/search.md). */
const CATEGORY_WORDS = Object.fromEntries(
  Object.entries(CATEGORY_NAMES).map(([category, names]) => [
    category,
    normalizeText(
      Object.values(names)
        .flatMap(({ chip, badge }) => [chip, badge])
        .join(' '),
    ),
  ]),
) as Record<Category, string>;

/** Tag names, normalised once each (there are few). */
const tagWords = new Map<string, string>();

/** What the search fields of an activity are made from: its sort names (each once), category, tag names and search text. */
export type SearchSource = [names: string[], category: Category, tags: string[], text: string];

/** The parts of `e` its search fields are made from (`searchFieldsFrom`): what a whole read sends its index thread. */
export function searchSourceOf(e: CatalogRow): SearchSource {
  const names = [e.original.sortName];
  for (const t of Object.values(e.translations)) if (!names.includes(t.sortName)) names.push(t.sortName);
  return [names, e.category, e.tags.map((t) => t.name), e.searchText];
}

/**
 * What search reads of an activity (docs/search.md#what-a-query-matches), every language, each field
 * apart, all normalised already: the sort names are the normalised names, the search text is stored so.
 */
export function searchFieldsFrom([names, category, tags, text]: SearchSource): SearchFields {
  let tag = CATEGORY_WORDS[category];
  for (const name of tags) {
    let words = tagWords.get(name);
    if (words === undefined) {
      words = normalizeText(name);
      tagWords.set(name, words);
    }
    tag += ` ${words}`;
  }
  return { name: names.join(' '), tag, text, names };
}

/** The search fields of `e` (`searchFieldsFrom`). */
export const searchFieldsOf = (e: CatalogRow): SearchFields => searchFieldsFrom(searchSourceOf(e));

/** How well an activity matches a query, best first (docs/search.md#ranking). */
export const RANK = {
  exactName: 0,
  namePrefix: 1,
  name: 2,
  nameTypo: 3,
  tag: 4,
  tagTypo: 5,
  text: 6,
  textTypo: 7,
  none: 255,
} as const;

const FIELDS = ['name', 'tag', 'text'] as const;
const DIRECT = [RANK.name, RANK.tag, RANK.text] as const;
const TYPO = [RANK.nameTypo, RANK.tagTypo, RANK.textTypo] as const;
type Ranks = typeof DIRECT | typeof TYPO;

/**
 * How many documents an index built in turns takes between two turns of the event loop: a median of
 * 13 to 14 ms at 50,000 activities on a slow machine (docs/read-model.md#keeping-it-current).
 */
export const BUILD_TURN = 1000;

/** A build keeps its word ids in blocks of this many (256 kB). */
const BLOCK_BITS = 16;
const BLOCK = 1 << BLOCK_BITS;

/** How many words a merge in turns takes between two turns of the event loop (a median of 5 to 7 ms at 50,000). */
const MERGE_TURN = 5000;

/** What a piece of work in steps (a generator that yields where it may pause) gives, done at once. */
export function finished<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same, with a turn of the event loop at every pause (`setImmediate`: what waits for I/O and
 * timers runs before the next step), so that the app answers meanwhile.
 */
async function inTurns<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await setImmediate();
  }
}

/** `text` as a string of its own, not a view into a longer one. */
function own(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8');
}

/** A typed array of `capacity` holding `from` at its start (the read model's columns and the index's pairs). */
export function grown<T extends Int32Array | Float64Array | Uint8Array | Int8Array>(from: T, capacity: number): T {
  if (from.length === capacity) return from.slice() as T;
  const out = new (from.constructor as new (length: number) => T)(capacity);
  out.set(from);
  return out;
}

/** The first index of sorted `list` whose value is not below `key`. */
function lowerBound(list: readonly string[], key: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The distinct words of a build, each with its id (its place in `words`): looked up by the span of a
 * text it is in, without cutting the word out of the text first. A build meets some ten million words
 * at 50,000 activities, nearly all seen before: a split and a Map lookup for each were most of the
 * build's time and garbage. Open addressing on a hash of the characters.
 */
class WordTable {
  readonly words: string[] = [];
  /** Per slot: the word's id plus one (0: empty), and its hash. */
  private slots = new Int32Array(1 << 16);
  private hashes = new Int32Array(1 << 16);

  /** The id of text[from..to), added when new. */
  idOf(text: string, from: number, to: number): number {
    let hash = 0x811c9dc5;
    for (let k = from; k < to; k++) hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
    const mask = this.slots.length - 1;
    const length = to - from;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot] as number;
      if (held === 0) {
        const id = this.words.length;
        this.words.push(text.slice(from, to));
        this.slots[slot] = id + 1;
        this.hashes[slot] = hash;
        if (this.words.length * 2 > this.slots.length) this.grow();
        return id;
      }
      if (this.hashes[slot] === hash) {
        const word = this.words[held - 1] as string;
        if (word.length === length && text.startsWith(word, from)) return held - 1;
      }
    }
  }

  private grow(): void {
    const { slots, hashes } = this;
    this.slots = new Int32Array(slots.length * 2);
    this.hashes = new Int32Array(slots.length * 2);
    const mask = this.slots.length - 1;
    for (let old = 0; old < slots.length; old++) {
      if (slots[old] === 0) continue;
      let slot = (hashes[old] as number) & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = slots[old] as number;
      this.hashes[slot] = hashes[old] as number;
    }
  }
}

/** An index's parts, as a build or a merge makes them (see SearchIndex's fields), or a kept file holds them. */
export interface IndexParts {
  size: number;
  words: string[];
  starts: Int32Array[];
  postings: Int32Array[];
  names: string[];
  nameOwners: Int32Array;
}

/**
 * An index built one document at a time, in position order (document k: position k), as they come:
 * `add` each, then `finish` once (in steps: it yields where it may pause). What a build keeps between
 * documents is the word table, the word ids and the full names: not the documents' texts.
 */
export class IndexBuilder {
  private readonly table = new WordTable();
  /**
   * Per field, each position's distinct word ids one after the other, position by position, in blocks
   * of BLOCK (what a build holds most of: at 50,000 activities, millions of ids; in blocks, no copy
   * to grow and no room left over but the last block's), and where each position's ids end.
   */
  private readonly blocks: Int32Array[][] = FIELDS.map(() => []);
  private readonly counts = FIELDS.map(() => 0);
  private ends: Int32Array[] = FIELDS.map(() => new Int32Array(1024));
  // The last (position, field) that listed each word id, plus one: a word twice in a field counts once.
  private listed: Int32Array = new Int32Array(1024);
  /** Each distinct full name with its positions, met in ascending order; how many there are in all. */
  private readonly positionsOf = new Map<string, number[]>();
  private nameCount = 0;
  /** Documents added so far. */
  private size = 0;

  add(doc: SearchFields): void {
    const position = this.size++;
    for (const name of doc.names) {
      const list = this.positionsOf.get(name);
      if (list) list.push(position);
      else this.positionsOf.set(name, [position]);
      this.nameCount++;
    }
    if (position >= (this.ends[0] as Int32Array).length)
      this.ends = this.ends.map((ends) => grown(ends, ends.length * 2));
    const { table, counts } = this;
    for (let f = 0; f < FIELDS.length; f++) {
      const stamp = position * FIELDS.length + f + 1;
      const blocks = this.blocks[f] as Int32Array[];
      let count = counts[f] as number;
      const text = doc[FIELDS[f] as (typeof FIELDS)[number]];
      for (let from = 0; from < text.length;) {
        let to = text.indexOf(' ', from);
        if (to < 0) to = text.length;
        if (to === from) {
          from++;
          continue;
        }
        const id = table.idOf(text, from, to);
        from = to + 1;
        if (id >= this.listed.length) this.listed = grown(this.listed, Math.max(this.listed.length * 2, id + 1));
        if (this.listed[id] === stamp) continue;
        this.listed[id] = stamp;
        const at = count & (BLOCK - 1);
        if (at === 0 && count >>> BLOCK_BITS === blocks.length) blocks.push(new Int32Array(BLOCK));
        (blocks[count >>> BLOCK_BITS] as Int32Array)[at] = id;
        count++;
      }
      counts[f] = count;
      (this.ends[f] as Int32Array)[position] = count;
    }
  }

  /** The index's parts of the documents added. */
  *finish(): Generator<void, IndexParts> {
    const size = this.size;
    const found = this.table.words;
    const order = Int32Array.from(found.keys()).sort((a, b) => {
      const wa = found[a] as string;
      const wb = found[b] as string;
      return wa < wb ? -1 : wa > wb ? 1 : 0;
    });
    const rankOf = new Int32Array(found.length);
    order.forEach((id, rank) => {
      rankOf[id] = rank;
    });
    yield;
    // A word split out of a long text can keep the whole text alive (V8 makes it a slice of it): each is made a string of its own.
    const words = Array.from(order, (id) => own(found[id] as string));
    const allStarts: Int32Array[] = [];
    const allPostings: Int32Array[] = [];
    for (let f = 0; f < FIELDS.length; f++) {
      const blocks = this.blocks[f] as Int32Array[];
      const count = this.counts[f] as number;
      const ends = this.ends[f] as Int32Array;
      const starts = new Int32Array(words.length + 1);
      for (let k = 0; k < count; k++) {
        const w = (rankOf[(blocks[k >>> BLOCK_BITS] as Int32Array)[k & (BLOCK - 1)] as number] as number) + 1;
        starts[w] = (starts[w] as number) + 1;
      }
      for (let w = 0; w < words.length; w++) starts[w + 1] = (starts[w + 1] as number) + (starts[w] as number);
      const fill = starts.slice(0, words.length);
      const postings = new Int32Array(count);
      // The ids come in position order, so every word's list is sorted.
      for (let position = 0, k = 0; position < size; position++) {
        for (const end = ends[position] as number; k < end; k++) {
          const w = rankOf[(blocks[k >>> BLOCK_BITS] as Int32Array)[k & (BLOCK - 1)] as number] as number;
          postings[(fill[w] as number)++] = position;
        }
      }
      // This field's ids are no longer needed.
      blocks.length = 0;
      allStarts.push(starts);
      allPostings.push(postings);
      yield;
    }
    // The full names by name, then position: the distinct names sorted by the engine's own string order
    // (the order of `<`, with no comparator to call), each with its positions, met in ascending order.
    const names: string[] = new Array(this.nameCount);
    const nameOwners = new Int32Array(this.nameCount);
    let at = 0;
    for (const name of [...this.positionsOf.keys()].sort()) {
      for (const position of this.positionsOf.get(name) as number[]) {
        names[at] = name;
        nameOwners[at++] = position;
      }
    }
    return { size, words, starts: allStarts, postings: allPostings, names, nameOwners };
  }
}

export class SearchIndex {
  readonly size: number;
  /** The distinct words, sorted. */
  private readonly words: string[];
  /** `squeeze` of each word, and the words by the length of that. */
  private readonly squeezed: string[];
  private readonly byLength: Int32Array[];
  /** Per field: the activities of word w are postings[f][starts[f][w] .. starts[f][w + 1]), by position. */
  private readonly starts: Int32Array[];
  private readonly postings: Int32Array[];
  /** Every full name, sorted, with its activity. */
  private readonly names: string[];
  private readonly nameOwners: Int32Array;
  private readonly buffers: Uint8Array[] = [];
  private readonly markBuffers: Marks[] = [];

  constructor(source: readonly SearchFields[] | IndexParts) {
    const parts = Array.isArray(source) ? SearchIndex.build(source as readonly SearchFields[]) : (source as IndexParts);
    this.size = parts.size;
    this.words = parts.words;
    this.starts = parts.starts;
    this.postings = parts.postings;
    this.names = parts.names;
    this.nameOwners = parts.nameOwners;
    this.squeezed = this.words.map(squeeze);
    const lengths: number[][] = [];
    this.squeezed.forEach((word, w) => {
      (lengths[word.length] ??= []).push(w);
    });
    this.byLength = Array.from(lengths, (list) => Int32Array.from(list ?? []));
  }

  /** What it is made of: what a kept file holds (docs/read-model.md#the-kept-snapshot). */
  parts(): IndexParts {
    const { size, words, starts, postings, names, nameOwners } = this;
    return { size, words, starts, postings, names, nameOwners };
  }

  /**
   * The index of a layered search's activities without their text (docs/read-model.md#keeping-it-current):
   * the base's postings of the positions not changed since, and the delta's of those changed, each
   * moved to `moved[position]` (-1: left out); words no activity has any more are left out.
   */
  static merged(layered: LayeredSearch, moved: Int32Array, size: number): SearchIndex {
    return new SearchIndex(finished(SearchIndex.mergeSteps(layered, moved, size)));
  }

  /** `merged`, letting the event loop turn every MERGE_TURN words and before the names are sorted. */
  static async mergedInTurns(layered: LayeredSearch, moved: Int32Array, size: number): Promise<SearchIndex> {
    return new SearchIndex(await inTurns(SearchIndex.mergeSteps(layered, moved, size)));
  }

  /** The merge, in steps: it yields where it may pause. */
  private static *mergeSteps(layered: LayeredSearch, moved: Int32Array, size: number): Generator<void, IndexParts> {
    const { base, delta, dirty } = layered;
    const changed = new Uint8Array(moved.length);
    for (const i of dirty) changed[i] = 1;
    const words: string[] = [];
    const starts = FIELDS.map(() => [0]);
    const postings = FIELDS.map((_, f) => {
      const room = (base.postings[f] as Int32Array).length + (delta ? (delta.postings[f] as Int32Array).length : 0);
      return new Int32Array(room);
    });
    const filled = FIELDS.map(() => 0);
    const dw = delta ? delta.words : [];
    let a = 0;
    let d = 0;
    let met = 0;
    while (a < base.words.length || d < dw.length) {
      if (++met % MERGE_TURN === 0) yield;
      const wa = base.words[a];
      const wd = dw[d];
      const word = wd === undefined || (wa !== undefined && wa <= wd) ? (wa as string) : wd;
      const ai = wa === word ? a++ : -1;
      const di = wd === word ? d++ : -1;
      let any = false;
      for (let f = 0; f < FIELDS.length; f++) {
        const out = postings[f] as Int32Array;
        const from = filled[f] as number;
        let at = from;
        if (ai >= 0) {
          const list = base.postings[f] as Int32Array;
          const bounds = base.starts[f] as Int32Array;
          for (let k = bounds[ai] as number, end = bounds[ai + 1] as number; k < end; k++) {
            const position = list[k] as number;
            if (changed[position] === 1) continue;
            const to = moved[position] as number;
            if (to >= 0) out[at++] = to;
          }
        }
        if (di >= 0 && delta) {
          const list = delta.postings[f] as Int32Array;
          const bounds = delta.starts[f] as Int32Array;
          for (let k = bounds[di] as number, end = bounds[di + 1] as number; k < end; k++) {
            const to = moved[dirty[list[k] as number] as number] as number;
            if (to >= 0) out[at++] = to;
          }
        }
        if (at - from > 1) out.subarray(from, at).sort();
        filled[f] = at;
        if (at > from) any = true;
      }
      if (!any) {
        // A word nobody has any more: nothing was written for it.
        continue;
      }
      words.push(word);
      for (let f = 0; f < FIELDS.length; f++) (starts[f] as number[]).push(filled[f] as number);
    }
    const names: { name: string; position: number }[] = [];
    for (let k = 0; k < base.names.length; k++) {
      const position = base.nameOwners[k] as number;
      const to = changed[position] === 1 ? -1 : (moved[position] as number);
      if (to >= 0) names.push({ name: base.names[k] as string, position: to });
    }
    if (delta) {
      for (let k = 0; k < delta.names.length; k++) {
        const to = moved[dirty[delta.nameOwners[k] as number] as number] as number;
        if (to >= 0) names.push({ name: delta.names[k] as string, position: to });
      }
    }
    yield;
    names.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : x.position - y.position));
    return {
      size,
      words,
      starts: starts.map((list) => Int32Array.from(list)),
      postings: postings.map((list, f) => list.slice(0, filled[f] as number)),
      names: names.map((n) => n.name),
      nameOwners: Int32Array.from(names, (n) => n.position),
    };
  }

  /** Builds an index's parts from the activities' search fields (document i: position i). */
  private static build(docs: readonly SearchFields[]): IndexParts {
    return finished(SearchIndex.steps(docs));
  }

  /**
   * The index of `docs` built as the constructor builds it, letting the event loop turn every
   * BUILD_TURN documents and between its stages: a whole read while the app serves (a change of
   * everything) then holds no request for the seconds a build of 50,000 takes
   * (docs/read-model.md#keeping-it-current).
   */
  static async builtInTurns(docs: readonly SearchFields[]): Promise<SearchIndex> {
    return new SearchIndex(await inTurns(SearchIndex.steps(docs)));
  }

  /** The build, in steps: it yields where it may pause. */
  private static *steps(docs: readonly SearchFields[]): Generator<void, IndexParts> {
    const builder = new IndexBuilder();
    for (let position = 0; position < docs.length; position++) {
      builder.add(docs[position] as SearchFields);
      if ((position + 1) % BUILD_TURN === 0) yield;
    }
    return yield* builder.finish();
  }

  /** The number of distinct words (for the benchmarks). */
  get vocabulary(): number {
    return this.words.length;
  }

  /**
   * Each activity's rank for a query (RANK.none: no match), by position: the
   * worst of its parts' best matches, then the exact and starting name
   * matches of the whole phrase (docs/search.md#ranking). The answer is a buffer of this index's,
   * valid until its next `rank` (a query is answered before the next begins): at 50,000 activities,
   * new arrays for every search were megabytes a second for the collector.
   */
  rank(parts: readonly QueryPart[], phrase: string, known: (word: string) => boolean = (w) => this.has(w)): Uint8Array {
    const n = this.size;
    const result = this.buffer(0);
    if (parts.length === 0) return result.fill(RANK.none);
    for (let p = 0; p < parts.length; p++) {
      const { alternatives } = parts[p] as QueryPart;
      // The first part's ranks are the result so far; each next one's can only make it worse.
      const part = p === 0 ? result : this.buffer(1);
      part.fill(RANK.none);
      for (const alternative of alternatives) {
        if (alternative.words.length === 1) {
          this.mark(alternative.words[0] as string, alternative, part, known);
          continue;
        }
        // Every word of the alternative, each in its best field: the alternative is as good as its worst
        // word. The activities its first word matches, narrowed by each next word: a cost of the
        // matches, not of the catalogue (synonyms have many words of two or three words).
        const all = this.marks(0);
        const one = this.marks(1);
        const [head, ...rest] = alternative.words as [string, ...string[]];
        this.mark(head, alternative, all.ranks, known, all);
        for (const word of rest) {
          this.mark(word, alternative, one.ranks, known, one);
          for (let k = 0; k < all.count; k++) {
            const i = all.list[k] as number;
            if ((one.ranks[i] as number) > (all.ranks[i] as number)) all.ranks[i] = one.ranks[i] as number;
          }
          one.clear();
        }
        for (let k = 0; k < all.count; k++) {
          const i = all.list[k] as number;
          if ((all.ranks[i] as number) < (part[i] as number)) part[i] = all.ranks[i] as number;
        }
        all.clear();
      }
      if (p > 0)
        for (let i = 0; i < n; i++) if ((part[i] as number) > (result[i] as number)) result[i] = part[i] as number;
    }
    const { names, nameOwners } = this;
    for (let k = lowerBound(names, phrase); k < names.length && (names[k] as string).startsWith(phrase); k++) {
      const i = nameOwners[k] as number;
      if (result[i] === RANK.none) continue;
      const rank = names[k] === phrase ? RANK.exactName : RANK.namePrefix;
      if (rank < (result[i] as number)) result[i] = rank;
    }
    return result;
  }

  /** The k-th of the buffers `rank` works in, one byte per position, made when first needed. */
  private buffer(k: number): Uint8Array {
    return (this.buffers[k] ??= new Uint8Array(this.size));
  }

  /** The k-th of the `Marks` `rank` works in, made when first needed. */
  private marks(k: number): Marks {
    return (this.markBuffers[k] ??= new Marks(this.size));
  }

  /** Whether `word` is one of the catalogue's words, as it is spelled. */
  has(word: string): boolean {
    return this.words[lowerBound(this.words, word)] === word;
  }

  /**
   * Lowers `out` (by position) to the rank of every activity that `word` of `alternative` matches;
   * `known`: whether the catalogue has the word as spelled (then no typos are looked for).
   */
  private mark(
    word: string,
    alternative: Alternative,
    out: Uint8Array,
    known: (word: string) => boolean,
    marks: Marks | null = null,
  ): void {
    const { words } = this;
    const ranks = alternative.typo ? TYPO : DIRECT;
    const first = lowerBound(words, word);
    for (let w = first; w < words.length && (words[w] as string).startsWith(word); w++) {
      if (alternative.own || synonymMatches(word, words[w] as string)) this.post(w, ranks, out, marks);
    }
    // A word the catalogue has is taken as spelled (docs/search.md#typos): "sport" is not "spot" with a typo.
    if (!alternative.own || word.length < TYPO_MIN_LENGTH || words[first] === word || known(word)) return;
    const target = squeeze(word);
    for (let length = target.length - 1; length <= target.length + 1; length++) {
      const candidates = this.byLength[length];
      if (!candidates) continue;
      for (const w of candidates) {
        if (withinOneEdit(target, this.squeezed[w] as string)) this.post(w, TYPO, out, marks);
      }
    }
  }

  /** Lowers `out` to `ranks` (per field) at the activities of word `w`; `marks`: lists those it first lowers. */
  private post(w: number, ranks: Ranks, out: Uint8Array, marks: Marks | null): void {
    for (let f = 0; f < FIELDS.length; f++) {
      const starts = this.starts[f] as Int32Array;
      const postings = this.postings[f] as Int32Array;
      const rank = ranks[f] as number;
      for (let k = starts[w] as number, end = starts[w + 1] as number; k < end; k++) {
        const i = postings[k] as number;
        const was = out[i] as number;
        if (was > rank) {
          if (was === RANK.none && marks !== null) marks.list[marks.count++] = i;
          out[i] = rank;
        }
      }
    }
  }
}

/**
 * Ranks by position that are RANK.none between uses, with the list of the positions a use lowered:
 * `clear` puts back only those (see SearchIndex.rank).
 */
class Marks {
  readonly ranks: Uint8Array;
  readonly list: Int32Array;
  count = 0;

  constructor(size: number) {
    this.ranks = new Uint8Array(size).fill(RANK.none);
    this.list = new Int32Array(size);
  }

  clear(): void {
    for (let k = 0; k < this.count; k++) this.ranks[this.list[k] as number] = RANK.none;
    this.count = 0;
  }
}

/**
 * The search of a snapshot patched since its index was built (docs/read-model.md#keeping-it-current):
 * the index of the last full build, and a small one of the activities changed or added since, whose
 * answers replace the big one's at their positions. A change costs the small index, not the whole.
 */
export class LayeredSearch {
  /** The index of `docs` (document k is position dirty[k]); null when nothing changed. */
  readonly delta: SearchIndex | null;
  private result: Uint8Array | undefined;

  constructor(
    /** The last full build's index: position i is its document i. */
    readonly base: SearchIndex,
    /** The positions changed or added since, ascending, and their search fields (the read model keeps no other text to search). */
    readonly dirty: Int32Array,
    readonly docs: readonly SearchFields[],
  ) {
    this.delta = dirty.length === 0 ? null : new SearchIndex(docs);
  }

  /** Each position's rank (RANK.none: no match) over `capacity` positions; see SearchIndex.rank. */
  rank(parts: readonly QueryPart[], phrase: string, capacity: number): Uint8Array {
    const { base, delta, dirty } = this;
    const known = delta ? (word: string) => base.has(word) || delta.has(word) : (word: string) => base.has(word);
    const fromBase = base.rank(parts, phrase, known);
    if (delta === null && capacity === fromBase.length) return fromBase;
    // As the index's own answer: a buffer, valid until the next `rank`.
    if (this.result?.length !== capacity) this.result = new Uint8Array(capacity);
    const result = this.result.fill(RANK.none);
    result.set(fromBase);
    if (delta !== null) {
      const fromDelta = delta.rank(parts, phrase, known);
      for (let k = 0; k < dirty.length; k++) result[dirty[k] as number] = fromDelta[k] as number;
    }
    return result;
  }
}
