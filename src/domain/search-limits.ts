/**
 * The search box's limits (docs/product.md#search-and-suggestions), apart from the matching rules
 * of search.ts: the browser needs these few numbers on the overview's first load, not the synonym
 * table the matching imports.
 */
export const MAX_SEARCH_LENGTH = 100;
export const MAX_SEARCH_WORDS = 8;

/** Suggestions start at 2 characters. */
export const SUGGESTION_MIN_LENGTH = 2;
export const SUGGESTION_LIMIT = 6;
export const SPORT_SUGGESTION_LIMIT = 8;
