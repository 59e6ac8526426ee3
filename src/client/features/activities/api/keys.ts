import type { QueryValue } from '../../../lib/api-client';

/** Query keys of the activities feature: all -> lists -> list(query) -> detail(id). */
export const activityKeys = {
  all: ['activities'] as const,
  lists: () => [...activityKeys.all, 'list'] as const,
  list: (query: Record<string, QueryValue>) => [...activityKeys.lists(), query] as const,
  details: () => [...activityKeys.all, 'detail'] as const,
  detail: (id: number, query: Record<string, QueryValue>) => [...activityKeys.details(), id, query] as const,
  stats: () => [...activityKeys.all, 'stats'] as const,
};
