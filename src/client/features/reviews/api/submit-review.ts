import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reviewBody, submittedReviewSchema } from '../../../../domain/reviews';
import { api } from '../../../lib/api-client';

/**
 * POST /api/activities/:id/reviews's body and answer, as the server's schemas give them (types
 * only: no zod in the page). `website` is the field only robots fill in; `token` the review
 * invitation's link, which ties the review to its booking.
 */
export type ReviewRequest = z.input<typeof reviewBody>;
export type SubmittedReview = z.output<typeof submittedReviewSchema>;

/** Sends a review; it shows once an admin approves it. */
export function useSubmitReview(activityId: number) {
  return useMutation({
    mutationFn: (review: ReviewRequest) =>
      api<SubmittedReview>(`/activities/${activityId}/reviews`, { method: 'POST', body: review }),
  });
}
