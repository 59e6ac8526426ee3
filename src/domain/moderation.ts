import { z } from 'zod';

/**
 * One moderation model for everything an admin approves: providers, tags,
 * activity tags, reviews (and activities): a status, who decided and when,
 * and an optional reason the author may see (docs/moderation.md).
 */
export const MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export interface Moderation {
  status: ModerationStatus;
  moderatedBy: string | null;
  moderatedAt: Date | null;
  moderationReason: string | null;
}

/** A decision of an admin; a reason is kept for a rejection (and may explain an approval). */
export interface ModerationDecision {
  approve: boolean;
  reason?: string | null;
}

/** The row values a decision writes (the 0/1 `isApproved` flags mirror the status). */
export function moderationValues(decision: ModerationDecision, adminId: string, now: Date) {
  return {
    status: (decision.approve ? 'approved' : 'rejected') as ModerationStatus,
    isApproved: decision.approve,
    moderatedBy: adminId,
    moderatedAt: now,
    moderationReason: decision.reason?.trim() || null,
  };
}

export const MODERATION_REASON_MAX_LENGTH = 500;

/**
 * PATCH .../approval: `isApproved` as the product's 0/1 or a boolean, and an
 * optional reason (docs/api.md).
 */
export const approvalBody = z.strictObject({
  isApproved: z
    .union([z.literal(0), z.literal(1), z.boolean()], { error: 'must be 0, 1, true or false' })
    .transform((v) => v === 1 || v === true),
  moderationReason: z
    .string()
    .trim()
    .max(MODERATION_REASON_MAX_LENGTH, `must be at most ${MODERATION_REASON_MAX_LENGTH} characters`)
    .nullish()
    .transform((v) => v || null),
});
export type ApprovalBody = z.output<typeof approvalBody>;

export const moderationStatusQuery = z.enum(MODERATION_STATUSES, {
  error: `must be one of ${MODERATION_STATUSES.join(', ')}`,
});
