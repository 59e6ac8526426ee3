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

/** Space-padded document so that `LIKE '% word%'` means "a word starts with". */
export function buildSearchDocument(parts: readonly (string | null | undefined)[]): string {
  const text = parts
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .map(normalizeText)
    .filter(Boolean)
    .join(' ');
  return ` ${text} `;
}

export const MAX_SEARCH_LENGTH = 100;
export const MAX_SEARCH_WORDS = 8;

/** Suggestions start at 2 characters (docs/product.md#search-and-suggestions). */
export const SUGGESTION_MIN_LENGTH = 2;
export const SUGGESTION_LIMIT = 6;
export const SPORT_SUGGESTION_LIMIT = 8;

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
