import { DEFAULT_LANGUAGE, type Language } from '../../../domain/languages.js';
import {
  dedupeSuggestions,
  isTypoOf,
  POPULAR_TERMS,
  queryParts,
  SUGGESTION_MIN_LENGTH,
  searchWords,
  suggestionLimit,
  textMatches,
} from '../../../domain/search.js';
import type { Suggestion } from '../../../domain/suggestions.js';
import type { Catalog } from '../catalog/service.js';

/**
 * Suggestions for the search box (docs/product.md#search-and-suggestions): popular terms
 * that start with the query (or are it with a typo), then towns, activities and approved
 * tags that the query matches as a search does (docs/search.md: synonyms, typos);
 * de-duplicated, at most 6, or 8 for sport-type queries.
 */
export function suggest(catalog: Catalog, query: string, language: Language = DEFAULT_LANGUAGE): Suggestion[] {
  const words = searchWords(query);
  const phrase = words.join(' ');
  if (phrase.length < SUGGESTION_MIN_LENGTH) return [];
  const limit = suggestionLimit(query);
  const model = catalog.current;
  const parts = queryParts(words);
  const activityRows = model.suggest(words, language, limit);
  const candidates: Suggestion[] = [
    ...POPULAR_TERMS.filter((term) => term.startsWith(phrase) || isTypoOf(phrase, term)).map((text): Suggestion => ({
      text,
      kind: 'term',
    })),
    ...model
      .cities()
      .filter((city) => textMatches(parts, city))
      .map((text): Suggestion => ({ text, kind: 'city' })),
    ...activityRows.map((row): Suggestion => ({ text: row.name, kind: 'activity', activityId: row.id })),
    ...model
      .tags()
      .filter((tag) => textMatches(parts, tag.name))
      .map((tag): Suggestion => ({ text: tag.name, kind: 'tag' })),
  ];
  return dedupeSuggestions(candidates, limit);
}
