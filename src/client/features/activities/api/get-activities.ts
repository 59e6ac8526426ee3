import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { type Activity, PAGE_SIZE } from '../../../../domain/activities';
import { apiFetch, type QueryValue } from '../../../lib/api-client';
import { parseWeatherSuggestion, type WeatherSuggestion } from '../weather-suggestion';
import { activityKeys } from './keys';

export interface ActivityPage {
  items: Activity[];
  total: number;
  offset: number;
  /** With the when filter: how many match; the rest have no structured times (docs/when.md#the-when-filter). */
  matches?: number;
  /** What the day's forecast put first (docs/when.md#weather-suggestions); null when nothing. */
  suggestion: WeatherSuggestion | null;
}

export async function getActivityPage(
  query: Record<string, QueryValue>,
  offset: number,
  signal?: AbortSignal,
  limit = PAGE_SIZE,
) {
  const response = await apiFetch('/activities', { query: { ...query, limit, offset }, signal });
  const items = (await response.json()) as Activity[];
  const total = Number(response.headers.get('X-Total-Count') ?? items.length);
  const matches = response.headers.get('X-When-Matches');
  const suggestion = parseWeatherSuggestion(response.headers.get('X-Weather-Suggestion'));
  return {
    items,
    total,
    offset,
    suggestion,
    ...(matches === null ? {} : { matches: Number(matches) }),
  } satisfies ActivityPage;
}

/**
 * What another day's forecast would put first among the same matches: one activity's page, for its
 * header only, asked once the results are in (docs/when.md#weather-suggestions).
 */
export const daySuggestionQueryOptions = (query: Record<string, QueryValue>, weatherDay: string) => {
  const other = { ...query, weatherDay };
  return queryOptions({
    queryKey: [...activityKeys.list(other), 'suggestion'] as const,
    queryFn: async ({ signal }) => {
      const response = await apiFetch('/activities', { query: { ...other, limit: 1 }, signal });
      return parseWeatherSuggestion(response.headers.get('X-Weather-Suggestion'));
    },
  });
};

export function useDaySuggestion(query: Record<string, QueryValue>, weatherDay: string, enabled: boolean) {
  return useQuery({ ...daySuggestionQueryOptions(query, weatherDay), enabled });
}

/** Pages of 12 activities (docs/product.md#the-overview); `query` carries the filters and `lng`. */
export const activitiesQueryOptions = (query: Record<string, QueryValue>) =>
  infiniteQueryOptions({
    queryKey: activityKeys.list(query),
    queryFn: ({ pageParam, signal }) => getActivityPage(query, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.items.length;
      return last.items.length > 0 && next < last.total ? next : undefined;
    },
  });

export function useActivities(query: Record<string, QueryValue>) {
  // Keep showing the current results while new filters load: no flash, no layout shift.
  return useInfiniteQuery({ ...activitiesQueryOptions(query), placeholderData: keepPreviousData });
}
