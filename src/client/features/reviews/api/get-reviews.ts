import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicReview } from '../../../../domain/reviews';
import { api } from '../../../lib/api-client';

export const reviewKeys = {
  all: ['reviews'] as const,
  forActivity: (activityId: number) => [...reviewKeys.all, 'activity', activityId] as const,
};

export const activityReviewsQueryOptions = (activityId: number) =>
  queryOptions({
    queryKey: reviewKeys.forActivity(activityId),
    queryFn: ({ signal }) => api<PublicReview[]>(`/activities/${activityId}/reviews`, { signal }),
  });

export function useActivityReviews(activityId: number) {
  return useQuery(activityReviewsQueryOptions(activityId));
}
