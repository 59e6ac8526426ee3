/*
 * The review limits the browser shares with the server, with no schema library: a page that only
 * needs a limit does not build every schema (docs/architecture.md#shared-rules). domain/reviews.ts
 * re-exports them beside the API's schemas.
 */

/** A review's stars (docs/product.md#reviews). */
export const REVIEW_RATING = { min: 1, max: 5 } as const;

/** The longest each of a review's texts may be. */
export const REVIEW_LIMITS = { comment: 2000, title: 120, name: 100, email: 320 } as const;

/**
 * Reviews an activity's guestbook shows at first and adds with each "more reviews"
 * (docs/product.md#reviews): on a phone the review form stays a short scroll away.
 */
export const REVIEW_PAGE_SIZE = 5;
