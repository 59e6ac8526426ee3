import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '../../../../domain/languages';
import { SUGGESTION_MIN_LENGTH } from '../../../../domain/search-limits';
import type { Suggestion } from '../../../../domain/suggestions';
import { api } from '../../../lib/api-client';

export const suggestionKeys = {
  all: ['suggestions'] as const,
  forQuery: (q: string, lng: Language) => [...suggestionKeys.all, lng, q] as const,
};

export const suggestionsQueryOptions = (q: string, lng: Language) =>
  queryOptions({
    queryKey: suggestionKeys.forQuery(q, lng),
    queryFn: ({ signal }) => api<Suggestion[]>('/search/suggestions', { query: { q, lng }, signal }),
  });

/** Suggestions from 2 characters on (docs/product.md#search-and-suggestions). */
export function useSuggestions(q: string, lng: Language) {
  const trimmed = q.trim();
  return useQuery({
    ...suggestionsQueryOptions(trimmed, lng),
    enabled: trimmed.length >= SUGGESTION_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
