import { z } from 'zod';

export const REVIEW_RATING = { min: 1, max: 5 } as const;

/**
 * A public review. `guestName` is the display name (spec 7): a guest's name,
 * or a user's first name and last initial; null for anonymous reviews.
 * E-mail addresses never leave the server.
 */
export const publicReviewSchema = z.object({
  id: z.number().int(),
  guestName: z.string().nullable(),
  rating: z.number().int().min(REVIEW_RATING.min).max(REVIEW_RATING.max),
  title: z.string().nullable(),
  comment: z.string(),
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
