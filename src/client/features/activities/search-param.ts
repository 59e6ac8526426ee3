/** The overview's search in the address (`?q=`), at most this long (docs/product.md#search-and-suggestions). */
export const SEARCH_MAX_LENGTH = 100;

/** The search the address holds. */
export function readSearch(params: URLSearchParams): string {
  return (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH);
}

/**
 * The address's parameters with `search` in place of the old one, the rest as they were. The hero's
 * search box writes it without the rest of the overview's state (docs/rendering.md#results-later).
 */
export function withSearch(params: URLSearchParams, search: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (search.trim()) next.set('q', search.trim());
  else next.delete('q');
  return next;
}
