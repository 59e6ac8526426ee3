import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stats } from '../../../../domain/activities';
import { api } from '../../../lib/api-client';
import { activityKeys } from './keys';

export const statsQueryOptions = () =>
  queryOptions({ queryKey: activityKeys.stats(), queryFn: ({ signal }) => api<Stats>('/stats', { signal }) });

export function useStats() {
  return useQuery(statsQueryOptions());
}
