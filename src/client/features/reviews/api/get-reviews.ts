import type { PublicReview } from '../../../../domain/reviews';
import { REVIEW_PAGE_SIZE } from '../../../../domain/review-rules';
import { pagedListQueryOptions, usePagedList } from '../../../lib/paged-list';

export const reviewKeys = {
  all: ['reviews'] as const,
  forActivity: (activityId: number) => [...reviewKeys.all, 'activity', activityId] as const,
};

/** Where an activity's reviews come from: its key, the API's path and the page size. */
const reviewsOf = (activityId: number) =>
  [reviewKeys.forActivity(activityId), `/activities/${activityId}/reviews`, { limit: REVIEW_PAGE_SIZE }] as const;

/**
 * An activity's approved reviews, newest first, a page at a time (docs/api.md#lists-in-pages). The
 * server renders the detail page with the first page (docs/rendering.md#data); the browser asks for
 * the next ones.
 */
export const activityReviewsQueryOptions = (activityId: number) =>
  pagedListQueryOptions<PublicReview>(...reviewsOf(activityId));

export const useActivityReviews = (activityId: number) => usePagedList<PublicReview>(...reviewsOf(activityId));
