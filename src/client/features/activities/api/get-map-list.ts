import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '../../../../domain/activities';
import type { QueryValue } from '../../../lib/api-client';
import { getActivityPage } from './get-activities';
import { activityKeys } from './keys';

/**
 * The list under the map page's map (docs/product.md#maps): the matches in pages of 100, nearest
 * first; the map itself asks the server for its view's clusters (docs/api.md#the-map).
 */
export const mapListQueryOptions = (query: Record<string, QueryValue>) =>
  infiniteQueryOptions({
    queryKey: [...activityKeys.list(query), 'map'] as const,
    queryFn: ({ pageParam, signal }) => getActivityPage(query, pageParam, signal, MAX_PAGE_SIZE),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.items.length;
      return last.items.length > 0 && next < last.total ? next : undefined;
    },
  });

export function useMapList(query: Record<string, QueryValue>) {
  return useInfiniteQuery({ ...mapListQueryOptions(query), placeholderData: keepPreviousData });
}
