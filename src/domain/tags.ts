import { z } from 'zod';
import { MODERATION_STATUSES, type ModerationStatus } from './moderation.js';
import { pageQueryShape } from './pagination.js';
import { normalizeTagName, TAG_NAME_MAX_LENGTH, TAG_NAME_MIN_LENGTH, TAG_NAME_PATTERN } from './tag-names.js';
import { rowIdInPath } from './ids.js';

export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  isApproved: z.boolean(),
});
export type Tag = z.infer<typeof tagSchema>;
export const tagListSchema = z.array(tagSchema);

/** Tags follow the one moderation model (docs/moderation.md). */
export const TAG_STATUSES = MODERATION_STATUSES;

/** How many proposals (tags and activity tags) one person may have waiting for review at once. */
export const MAX_PENDING_PROPOSALS = 20;
export type TagStatus = ModerationStatus;

/** A proposed tag name, normalized, then checked by the rules of ./tag-names.ts. */
export const tagNameInput = z
  .string({ error: 'is required' })
  .transform(normalizeTagName)
  .pipe(
    z
      .string()
      .min(TAG_NAME_MIN_LENGTH, `must be at least ${TAG_NAME_MIN_LENGTH} characters`)
      .max(TAG_NAME_MAX_LENGTH, `must be at most ${TAG_NAME_MAX_LENGTH} characters`)
      .regex(TAG_NAME_PATTERN, 'may hold only letters, digits and single hyphens between words'),
  );

export const tagProposalBody = z.strictObject({
  name: tagNameInput,
  description: z
    .string()
    .trim()
    .max(300, 'must be at most 300 characters')
    .optional()
    .nullable()
    .transform((v) => v || null),
});

export const activityTagProposalBody = z.strictObject({ name: tagNameInput });

export const adminTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  isApproved: z.boolean(),
  status: z.enum(TAG_STATUSES),
  moderationReason: z.string().nullable(),
  activityCount: z.number().int(),
  /**
   * While the tag waits: the activities its proposer asked it for, decided with it in one go
   * (docs/moderation.md#tags-and-activity-tags); empty otherwise.
   */
  proposedFor: z.array(z.object({ activityId: z.number().int(), activityName: z.string() })),
  createdAt: z.string(),
});
export type AdminTag = z.infer<typeof adminTagSchema>;

export const adminActivityTagSchema = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  activityName: z.string(),
  tagId: z.number().int(),
  tagName: z.string(),
  tagStatus: z.enum(TAG_STATUSES),
  isApproved: z.boolean(),
  status: z.enum(TAG_STATUSES),
  moderationReason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminActivityTag = z.infer<typeof adminActivityTagSchema>;

export const tagIdParams = z.strictObject({
  tagId: rowIdInPath(),
});

/** GET /api/admin/tags: one page, of every tag or of one status. */
export const adminTagListQuery = z.strictObject({
  status: z.enum(TAG_STATUSES, { error: `must be one of ${TAG_STATUSES.join(', ')}` }).optional(),
  ...pageQueryShape,
});
