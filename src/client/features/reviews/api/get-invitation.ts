import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewInvitation } from '../../../../domain/reviews';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './get-reviews';

/**
 * What the link of a review invitation knows (docs/product.md#reviews): the booking it names and
 * whether its review is in. Personal: read by the browser only, never by the server's renderer.
 */
export const reviewInvitationQueryOptions = (activityId: number, token: string) =>
  queryOptions({
    queryKey: [...reviewKeys.all, 'invitation', activityId, token] as const,
    queryFn: ({ signal }) =>
      api<ReviewInvitation>(`/activities/${activityId}/review-invitation`, { query: { token }, signal }),
  });

export function useReviewInvitation(activityId: number, token: string | null) {
  return useQuery({ ...reviewInvitationQueryOptions(activityId, token ?? ''), enabled: Boolean(token) });
}
