import { useMutation } from '@tanstack/react-query';
import type { Language } from '../../../../domain/languages';
import { api } from '../../../lib/api-client';

export interface ReviewRequest {
  rating: number;
  comment: string;
  title: string | null;
  guestName: string | null;
  guestEmail: string | null;
  isAnonymous: boolean;
  /** The field only robots fill in (kept empty by people). */
  website: string;
  language: Language;
  /** The review invitation's link, which ties the review to its booking. */
  token?: string;
}

/** Sends a review; it shows once an admin approves it. */
export function useSubmitReview(activityId: number) {
  return useMutation({
    mutationFn: (review: ReviewRequest) =>
      api<{ id: number; status: string; verifiedBooking: boolean }>(`/activities/${activityId}/reviews`, {
        method: 'POST',
        body: review,
      }),
  });
}
