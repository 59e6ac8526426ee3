import { DEFAULT_LANGUAGE, type Language } from '../../../domain/languages.js';
import {
  dedupeSuggestions,
  normalizeText,
  POPULAR_TERMS,
  SUGGESTION_MIN_LENGTH,
  searchWords,
  suggestionLimit,
} from '../../../domain/search.js';
import type { Suggestion } from '../../../domain/suggestions.js';
import type { Catalog } from '../catalog/service.js';

const startsWithWord = (text: string, phrase: string) => ` ${normalizeText(text)}`.includes(` ${phrase}`);

/**
 * Suggestions for the search box (docs/product.md#search-and-suggestions): popular terms,
 * activities, towns and approved tags whose words start with the query;
 * de-duplicated, at most 6, or 8 for sport-type queries.
 */
export function suggest(catalog: Catalog, query: string, language: Language = DEFAULT_LANGUAGE): Suggestion[] {
  const words = searchWords(query);
  const phrase = words.join(' ');
  if (phrase.length < SUGGESTION_MIN_LENGTH) return [];
  const limit = suggestionLimit(query);
  const model = catalog.current;
  const activityRows = model.suggest(words, language, limit);
  const cities = model.cities();
  const tags = model.tags();
  const candidates: Suggestion[] = [
    ...POPULAR_TERMS.filter((term) => term.startsWith(phrase)).map((text): Suggestion => ({ text, kind: 'term' })),
    ...cities.filter((city) => startsWithWord(city, phrase)).map((text): Suggestion => ({ text, kind: 'city' })),
    ...activityRows.map((row): Suggestion => ({ text: row.name, kind: 'activity', activityId: row.id })),
    ...tags
      .filter((tag) => startsWithWord(tag.name, phrase))
      .map((tag): Suggestion => ({ text: tag.name, kind: 'tag' })),
  ];
  return dedupeSuggestions(candidates, limit);
}
