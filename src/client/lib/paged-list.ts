import { infiniteQueryOptions, keepPreviousData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiFetch, type QueryValue } from './api-client';

/** One page of a paged API list: the items, and the total from `X-Total-Count`. */
export interface ListPage<T> {
  items: T[];
  total: number;
  offset: number;
}

export async function getListPage<T>(
  path: string,
  query: Record<string, QueryValue>,
  offset: number,
  signal?: AbortSignal,
): Promise<ListPage<T>> {
  const response = await apiFetch(path, { query: { ...query, offset }, signal });
  const items = (await response.json()) as T[];
  return { items, total: Number(response.headers.get('X-Total-Count') ?? items.length), offset };
}

/** Pages of a list endpoint (see docs/api.md), fetched one after another on "load more". */
export const pagedListQueryOptions = <T>(queryKey: QueryKey, path: string, query: Record<string, QueryValue> = {}) =>
  infiniteQueryOptions({
    queryKey: [...queryKey, query],
    queryFn: ({ pageParam, signal }) => getListPage<T>(path, query, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ListPage<T>) => {
      const next = last.offset + last.items.length;
      return last.items.length > 0 && next < last.total ? next : undefined;
    },
  });

/**
 * The items once each, by id: a row added at the top of a newest-first list while someone pages
 * pushes the last row of one page onto the next (docs/api.md#lists-in-pages).
 */
function withoutRepeats<T>(items: T[]): T[] {
  const seen = new Set<unknown>();
  return items.filter((item) => {
    const id = (item as { id?: unknown }).id;
    if (id === undefined) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * Every item loaded so far, the total, and the query for its states and "load more". With
 * `keepPrevious`, a change of query (a search) shows the previous answer until the new one comes,
 * instead of "loading".
 */
export function usePagedList<T>(
  queryKey: QueryKey,
  path: string,
  query: Record<string, QueryValue> = {},
  { keepPrevious = false }: { keepPrevious?: boolean } = {},
) {
  const result = useInfiniteQuery({
    ...pagedListQueryOptions<T>(queryKey, path, query),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
  const items = useMemo(() => withoutRepeats(result.data?.pages.flatMap((page) => page.items) ?? []), [result.data]);
  const total = result.data?.pages[0]?.total ?? 0;
  return { ...result, items, total };
}
