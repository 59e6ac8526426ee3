import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MapAnswer } from '../../../../domain/map';
import { api, type QueryValue } from '../../../lib/api-client';
import { mapKeys } from './keys';

/** What a view of the map shows: clusters and markers, computed on the server (docs/api.md#the-map). */
export const mapViewQueryOptions = (query: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: mapKeys.view(query),
    queryFn: ({ signal }) => api<MapAnswer>('/map', { query, signal }),
  });

/** The view's clusters and markers; the last view's stay while the next one loads, so nothing blinks. */
export function useMapView(query: Record<string, QueryValue> | null) {
  return useQuery({
    ...mapViewQueryOptions(query ?? {}),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
