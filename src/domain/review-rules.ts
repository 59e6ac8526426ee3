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

/**
 * The review invitation (docs/product.md#reviews): mailed the day after a confirmed booking, its
 * link works until this many days after the booked day.
 */
export const REVIEW_LINK_DAYS = 60;

/** The longest a review link's token can be: the booking's id, a dot and a keyed hash. */
export const REVIEW_TOKEN_MAX = 100;
