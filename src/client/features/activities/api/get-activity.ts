import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityDetail } from '../../../../domain/activities';
import { api, type QueryValue } from '../../../lib/api-client';
import { activityKeys } from './keys';

export const activityQueryOptions = (id: number, query: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: activityKeys.detail(id, query),
    queryFn: ({ signal }) => api<ActivityDetail>(`/activities/${id}`, { query, signal }),
  });

export function useActivity(id: number, query: Record<string, QueryValue>) {
  return useQuery({ ...activityQueryOptions(id, query), enabled: Number.isInteger(id) && id > 0 });
}
