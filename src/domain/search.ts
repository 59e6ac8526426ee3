import {
  MAX_SEARCH_LENGTH,
  MAX_SEARCH_WORDS,
  SPORT_SUGGESTION_LIMIT,
  SUGGESTION_LIMIT,
  SUGGESTION_MIN_LENGTH,
} from './search-limits.js';
import { SYNONYMS } from './synonyms.js';

/**
 * Text normalisation for search: lower case, no accents, ligatures spelled
 * out, every run of non-alphanumerics collapsed to one space. The server
 * stores each activity's searchable text in this form, and normalises the
 * query the same way, so `randonnee` finds `Randonnée` on any database.
 */
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', ł: 'l', đ: 'd', ı: 'i' };

export function normalizeText(input: string): string {
  return input
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[œæßøłđı]/g, (ch) => LIGATURES[ch] ?? ch)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a query, normalised; empty when nothing searchable remains. */
export function searchWords(query: string): string[] {
  const normalized = normalizeText(query);
  return normalized ? normalized.split(' ').slice(0, MAX_SEARCH_WORDS) : [];
}

/**
 * Space-padded document so that `LIKE '% word%'` means "a word starts with". `normalize` is
 * `normalizeText` or one that gives the same answers (the scale seeder's keeps the texts it repeats).
 */
export function buildSearchDocument(
  parts: readonly (string | null | undefined)[],
  normalize: (text: string) => string = normalizeText,
): string {
  const text = parts
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .map((part) => normalize(part))
    .filter(Boolean)
    .join(' ');
  return ` ${text} `;
}

/** Query words of this many letters or more also match with one typo (docs/search.md#typos). */
export const TYPO_MIN_LENGTH = 5;

/** A synonym shorter than this matches only itself and itself plus one letter ("vin", "vins"), not every word it starts. */
export const SYNONYM_PREFIX_MIN_LENGTH = 4;

/** The word with every run of one letter written once ("carcassonne" -> "carcasone"): doubled letters are the commonest typo. */
export function squeeze(word: string): string {
  return word.replace(/(.)\1+/gu, '$1');
}

/**
 * True when `a` becomes `b` with at most one edit: a letter inserted, deleted
 * or replaced, or two neighbouring letters swapped (docs/search.md#typos).
 */
export function withinOneEdit(a: string, b: string): boolean {
  const la = a.length;
  const lb = b.length;
  if (la - lb > 1 || lb - la > 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === la && i === lb) return true;
  if (la === lb) {
    // Replaced at i, or i and i + 1 swapped; the rest must then be equal.
    if (sameFrom(a, i + 1, b, i + 1)) return true;
    return (
      i + 1 < la &&
      a.charCodeAt(i) === b.charCodeAt(i + 1) &&
      a.charCodeAt(i + 1) === b.charCodeAt(i) &&
      sameFrom(a, i + 2, b, i + 2)
    );
  }
  // One letter more on one side, at i.
  return la > lb ? sameFrom(a, i + 1, b, i) : sameFrom(a, i, b, i + 1);
}

/** True when `a` from `i` on and `b` from `j` on are the same (no strings made: this runs for every word of similar length). */
function sameFrom(a: string, i: number, b: string, j: number): boolean {
  if (a.length - i !== b.length - j) return false;
  while (i < a.length) if (a.charCodeAt(i++) !== b.charCodeAt(j++)) return false;
  return true;
}

/** True when the query word `query` (normalised) is `word` with one typo, doubled letters aside (docs/search.md#typos). */
export function isTypoOf(query: string, word: string): boolean {
  return query.length >= TYPO_MIN_LENGTH && withinOneEdit(squeeze(query), squeeze(word));
}

/** True when an indexed word counts as a match of the synonym `term` (one normalised word). */
export function synonymMatches(term: string, word: string): boolean {
  return term.length >= SYNONYM_PREFIX_MIN_LENGTH
    ? word.startsWith(term)
    : word === term || (word.length === term.length + 1 && word.startsWith(term));
}

/** Every term of the synonym table as normalised words, with its group (docs/search.md#synonyms). */
const TERMS: { words: string[]; group: number; squeezed: string }[] = SYNONYMS.flatMap((group, index) => {
  const seen = new Set<string>();
  return Object.values(group.terms)
    .flat()
    .map(normalizeText)
    .filter((term) => term && !seen.has(term) && seen.add(term))
    .map((term) => ({ words: term.split(' '), group: index, squeezed: squeeze(term) }));
});

/**
 * One way to satisfy a part of a query: every word of `words` must match
 * (docs/search.md#what-a-query-matches). `own`: the visitor's words, each
 * the start of a word, or a word with one typo; otherwise a synonym's words,
 * matched as `synonymMatches` says. `typo`: the synonym was reached through
 * a typo of the visitor's word, so its matches rank as typos.
 */
export interface Alternative {
  words: string[];
  own: boolean;
  typo: boolean;
}

/** A query is parts that must all match; a part matches when one of its alternatives does. */
export interface QueryPart {
  /** The visitor's words of this part (one, or the words of a synonym written out, like "point de vue"). */
  words: string[];
  alternatives: Alternative[];
  /** The synonym groups (indexes of SYNONYMS) the part stands for, and whether only through a typo. */
  groups: { group: number; typo: boolean }[];
}

/** The synonym groups a single query word stands for: it is a term, starts one, or is one with an ending or a typo. */
function groupsOfWord(word: string): { group: number; typo: boolean }[] {
  const direct = new Set<number>();
  const typo = new Set<number>();
  const squeezed = word.length >= TYPO_MIN_LENGTH ? squeeze(word) : null;
  for (const term of TERMS) {
    if (term.words.length !== 1) continue;
    const t = term.words[0] as string;
    if (
      t === word ||
      (word.length >= SYNONYM_PREFIX_MIN_LENGTH && t.startsWith(word)) ||
      (t.length >= SYNONYM_PREFIX_MIN_LENGTH && word.startsWith(t) && word.length - t.length <= 2)
    )
      direct.add(term.group);
    else if (squeezed !== null && withinOneEdit(squeezed, term.squeezed)) typo.add(term.group);
  }
  // A word that is a term is taken as spelled: "hiking" is not "biking" with a typo.
  return direct.size > 0
    ? [...direct].map((group) => ({ group, typo: false }))
    : [...typo].map((group) => ({ group, typo: true }));
}

/** The longest multi-word term written at `words[at..]` (its last word may be cut short), or null. */
function phraseAt(words: readonly string[], at: number): { length: number; groups: number[] } | null {
  let best: { length: number; groups: number[] } | null = null;
  for (const term of TERMS) {
    const k = term.words.length;
    if (k < 2 || at + k > words.length || (best && best.length > k)) continue;
    const matches = term.words.every((tw, j) =>
      j < k - 1 ? words[at + j] === tw : tw === words[at + j] || tw.startsWith(words[at + j] as string),
    );
    if (!matches) continue;
    if (best && best.length === k) best.groups.push(term.group);
    else best = { length: k, groups: [term.group] };
  }
  return best;
}

/**
 * A query's words (normalised) as parts to match: a synonym of several words
 * written out is one part, every other word a part of its own; each part
 * also matches every term of the synonym groups it stands for
 * (docs/search.md#what-a-query-matches).
 */
export function queryParts(words: readonly string[]): QueryPart[] {
  const parts: QueryPart[] = [];
  for (let at = 0; at < words.length;) {
    const phrase = phraseAt(words, at);
    const own = phrase ? words.slice(at, at + phrase.length) : [words[at] as string];
    const groups = phrase ? phrase.groups.map((group) => ({ group, typo: false })) : groupsOfWord(own[0] as string);
    const alternatives: Alternative[] = [{ words: own, own: true, typo: false }];
    const seen = new Map<string, Alternative>([[own.join(' '), alternatives[0] as Alternative]]);
    // Groups reached directly first, so that a term of two groups keeps the better rank.
    for (const { group, typo } of [...groups].sort((a, b) => Number(a.typo) - Number(b.typo))) {
      for (const term of TERMS) {
        if (term.group !== group) continue;
        const key = term.words.join(' ');
        if (seen.has(key)) continue;
        const alternative = { words: term.words, own: false, typo };
        seen.set(key, alternative);
        alternatives.push(alternative);
      }
    }
    parts.push({ words: own, alternatives, groups });
    at += own.length;
  }
  return parts;
}

/**
 * True when `text` matches every part of a query the way an activity's text
 * does (docs/search.md#what-a-query-matches): for the short lists the
 * suggestions search (towns, tags, popular terms).
 */
export function textMatches(parts: readonly QueryPart[], text: string): boolean {
  const words = normalizeText(text).split(' ').filter(Boolean);
  return (
    parts.length > 0 &&
    parts.every((part) =>
      part.alternatives.some((alternative) =>
        alternative.words.every((w) =>
          words.some((word) => (alternative.own ? word.startsWith(w) || isTypoOf(w, word) : synonymMatches(w, word))),
        ),
      ),
    )
  );
}

export { MAX_SEARCH_LENGTH, MAX_SEARCH_WORDS, SPORT_SUGGESTION_LIMIT, SUGGESTION_LIMIT, SUGGESTION_MIN_LENGTH };

/** Terms offered as suggestions on their own (docs/product.md#search-and-suggestions). */
export const POPULAR_TERMS = ['festival', 'markt', 'sport', 'uitzicht', 'wandelen', 'randonnee'] as const;

/** Queries about walking, hiking or cycling get more suggestions (docs/product.md#search-and-suggestions). */
export const SPORT_TERMS = ['randonnee', 'wandelen', 'hiking', 'cycling', 'fiets', 'sport'] as const;

/** True when the query is (the start of) a sport-type term, or contains one. */
export function isSportQuery(query: string): boolean {
  const q = normalizeText(query);
  if (q.length < SUGGESTION_MIN_LENGTH) return false;
  return SPORT_TERMS.some((term) => term.startsWith(q) || q.includes(term));
}

export function suggestionLimit(query: string): number {
  return isSportQuery(query) ? SPORT_SUGGESTION_LIMIT : SUGGESTION_LIMIT;
}

/**
 * Removes suggestions that read the same once normalised, keeping the first
 * (docs/product.md#search-and-suggestions: always de-duplicated), and cuts the list to `limit`.
 */
export function dedupeSuggestions<T extends { text: string }>(items: readonly T[], limit: number): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of items) {
    const key = normalizeText(item.text);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
    if (out.length === limit) break;
  }
  return out;
}
