import { z } from 'zod';
import { isEmailAddress } from './contact-rules.js';
import { LANGUAGES } from './languages.js';
import { MODERATION_STATUSES, moderationStatusQuery } from './moderation.js';
import { pageQueryShape } from './pagination.js';
import { rowIdInPath } from './ids.js';

// The limits the browser needs too live apart, without zod (docs/architecture.md#shared-rules).
export * from './review-rules.js';
import { REVIEW_LIMITS, REVIEW_RATING, REVIEW_TOKEN_MAX } from './review-rules.js';

/**
 * A public review. `guestName` is the display name: a guest's name, or a
 * user's first name and last initial; null for anonymous reviews. E-mail
 * addresses never leave the server. `verifiedBooking`: the review is tied to
 * a confirmed booking of the activity whose day is over, by the author's own
 * account or through the signed link of the review invitation, never by a
 * typed address (docs/product.md#reviews).
 */
export const publicReviewSchema = z.object({
  id: z.number().int(),
  guestName: z.string().nullable(),
  rating: z.number().int().min(REVIEW_RATING.min).max(REVIEW_RATING.max),
  title: z.string().nullable(),
  comment: z.string(),
  verifiedBooking: z.boolean(),
  /** The author deleted their account or was erased and the review was kept: shown as "former guest" (docs/privacy.md). */
  formerGuest: z.boolean(),
  createdAt: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;
export const publicReviewListSchema = z.array(publicReviewSchema);

/** "Sanne Visser" -> "Sanne V."; a lone name stays as it is. */
export function displayName(firstName: string | null, lastName: string | null): string | null {
  const first = firstName?.trim();
  const last = lastName?.trim();
  if (first && last) return `${first} ${last.charAt(0).toUpperCase()}.`;
  return first || last || null;
}

/** The token of a review invitation's link (docs/product.md#reviews). */
const reviewToken = z
  .string()
  .trim()
  .min(1, 'must be the token of a review link')
  .max(REVIEW_TOKEN_MAX, 'must be the token of a review link');

/**
 * POST /api/activities/:id/reviews (docs/product.md#reviews): a rating and a
 * comment; guests also give name and e-mail (both null when logged in);
 * `website` is a field people never see, that only robots fill in. `token`:
 * the review invitation's link, which ties the review to its booking (the
 * guest then needs no e-mail: the booking's address is kept).
 */
export const reviewBody = z.strictObject({
  rating: z
    .number({ error: `must be a whole number from ${REVIEW_RATING.min} to ${REVIEW_RATING.max}` })
    .int(`must be a whole number from ${REVIEW_RATING.min} to ${REVIEW_RATING.max}`)
    .min(REVIEW_RATING.min, `must be a whole number from ${REVIEW_RATING.min} to ${REVIEW_RATING.max}`)
    .max(REVIEW_RATING.max, `must be a whole number from ${REVIEW_RATING.min} to ${REVIEW_RATING.max}`),
  comment: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(REVIEW_LIMITS.comment, `must be at most ${REVIEW_LIMITS.comment} characters`),
  title: z
    .string()
    .trim()
    .max(REVIEW_LIMITS.title, `must be at most ${REVIEW_LIMITS.title} characters`)
    .nullish()
    .transform((v) => v || null),
  guestName: z
    .string()
    .trim()
    .max(REVIEW_LIMITS.name, `must be at most ${REVIEW_LIMITS.name} characters`)
    .nullish()
    .transform((v) => v || null),
  guestEmail: z
    .string()
    .trim()
    .max(REVIEW_LIMITS.email, `must be at most ${REVIEW_LIMITS.email} characters`)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isEmailAddress(v), 'must be an e-mail address'),
  isAnonymous: z.boolean().optional().default(false),
  website: z.string().max(500).optional(),
  language: z.enum(LANGUAGES).optional(),
  token: reviewToken.optional(),
});
export type ReviewBody = z.output<typeof reviewBody>;

/** GET /api/activities/:id/review-invitation: the token of the invitation's link. */
export const reviewInvitationQuery = z.strictObject({ token: reviewToken });

/**
 * What the guestbook knows from an invitation's link: the booking it names,
 * whether it has its review already, and until when the link works. Never
 * the address (whoever holds the link has the mail).
 */
export const reviewInvitationSchema = z.object({
  bookingId: z.number().int(),
  activityId: z.number().int(),
  customerName: z.string(),
  bookingDate: z.string(),
  numberOfPeople: z.number().int(),
  reviewed: z.boolean(),
  validUntil: z.string(),
});
export type ReviewInvitation = z.infer<typeof reviewInvitationSchema>;

/**
 * What the author gets back: their review, waiting for an admin, and whether
 * it will carry "Verified booking" (only ever true for a review by an account
 * or through an invitation's link: a typed address learns nothing here).
 */
export const submittedReviewSchema = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  rating: z.number().int(),
  title: z.string().nullable(),
  comment: z.string(),
  status: z.enum(MODERATION_STATUSES),
  isApproved: z.boolean(),
  verifiedBooking: z.boolean(),
  createdAt: z.string(),
});

/** A review as the admin panel lists it: with the author's e-mail (admins may see it). */
export const adminReviewSchema = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  activityName: z.string(),
  authorName: z.string().nullable(),
  authorEmail: z.string().nullable(),
  byAccount: z.boolean(),
  isAnonymous: z.boolean(),
  rating: z.number().int(),
  title: z.string().nullable(),
  comment: z.string(),
  status: z.enum(MODERATION_STATUSES),
  isApproved: z.boolean(),
  moderationReason: z.string().nullable(),
  moderatedAt: z.string().nullable(),
  verifiedBooking: z.boolean(),
  createdAt: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const reviewIdParams = z.strictObject({
  id: rowIdInPath(),
});

export const adminReviewListQuery = z.strictObject({
  status: moderationStatusQuery.optional(),
  ...pageQueryShape,
});
