import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '../../../../domain/activities';
import { api } from '../../../lib/api-client';

export interface OwnActivity {
  id: number;
  name: string;
  category: Category;
  city: string;
  isActive: boolean;
  isApproved: boolean;
  sponsorLevel: number;
  rating: number;
  reviewCount: number;
}

export const providerKeys = {
  all: ['provider'] as const,
  activities: () => [...providerKeys.all, 'activities'] as const,
};

export const ownActivitiesQueryOptions = () =>
  queryOptions({
    queryKey: providerKeys.activities(),
    queryFn: ({ signal }) => api<OwnActivity[]>('/provider/activities', { signal }),
  });

export function useOwnActivities() {
  return useQuery(ownActivitiesQueryOptions());
}
