import { z } from 'zod';
import {
  PAID_PLANS,
  type PaidPlan,
  PLAN_BILLING,
  SPONSOR_PLANS,
  SPONSORSHIP_REQUEST_STATUSES,
  type SponsorshipRequestStatus,
} from './plans.js';
import { rowId, rowIdInPath } from './ids.js';
import { isIsoDate } from './dates.js';
import { MODERATION_REASON_MAX_LENGTH } from './moderation.js';
import { pageQueryShape } from './pagination.js';

export { PAID_PLANS, type PaidPlan, PLAN_BILLING, SPONSORSHIP_REQUEST_STATUSES, type SponsorshipRequestStatus };

/**
 * Sponsorship bought online (docs/sponsorship.md): the plans a provider pays
 * for, how a Stripe subscription's state becomes a sponsor level, and the
 * shapes the API answers with.
 */

/** The sponsor level each paid plan gives its activity. */
export const PLAN_LEVEL: Record<PaidPlan, number> = { premium: 2, top: 3 };

/** The Stripe price of each plan is found by this lookup key, never by a hard-coded id. */
export const PLAN_LOOKUP_KEY: Record<PaidPlan, string> = {
  premium: 'discoverlocal_premium_2_weeks',
  top: 'discoverlocal_top_month',
};

export function planOfLookupKey(key: string | null | undefined): PaidPlan | null {
  return PAID_PLANS.find((plan) => PLAN_LOOKUP_KEY[plan] === key) ?? null;
}

/** A subscription that Stripe will never bill again: nothing brings it back. */
export const ENDED_STATUSES = ['canceled', 'incomplete_expired'] as const;

/**
 * Whether a subscription gives its activity the plan's level now: while it is
 * active (or trialing), and while a payment is overdue only until the end of
 * the last period that was paid. Every other state (not yet paid, unpaid,
 * paused, ended) gives nothing.
 */
export function isLive(status: string, paidThrough: Date | null, now: Date): boolean {
  if (status === 'active' || status === 'trialing') return true;
  if (status === 'past_due') return paidThrough !== null && paidThrough.getTime() > now.getTime();
  return false;
}

// Requests

export const sponsorshipCheckoutBody = z
  .object({
    plan: z.enum(PAID_PLANS, { error: 'must be "premium" or "top"' }),
  })
  .strict();
export type SponsorshipCheckoutBody = z.infer<typeof sponsorshipCheckoutBody>;

export const billingPortalBody = z
  .object({
    activityId: rowId('must be the id of an activity')
      .optional()
      .describe("opens the portal on cancelling this activity's sponsorship"),
  })
  .strict();
export type BillingPortalBody = z.infer<typeof billingPortalBody>;

export const redirectUrlSchema = z.object({ url: z.string() });

// Answers

export const sponsorshipSchema = z.object({
  id: z.number().int(),
  activityId: z.number().int().nullable(),
  plan: z.enum(PAID_PLANS),
  /** Stripe's status of the subscription: active, past_due, canceled, ... */
  status: z.string(),
  /** Whether it gives the activity its level now. */
  live: z.boolean(),
  /** End of the period Stripe bills now (renewal, or the end after a cancellation). */
  currentPeriodEnd: z.string().nullable(),
  /** Ends at the end of the period instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  amountCents: z.number().int(),
  createdAt: z.string(),
});
export type Sponsorship = z.infer<typeof sponsorshipSchema>;

// Asked for, without Stripe (docs/sponsorship.md#asking-for-a-plan)

export const SPONSORSHIP_MESSAGE_MAX_LENGTH = 1000;

export const sponsorshipRequestBody = z
  .object({
    plan: z.enum(PAID_PLANS, { error: 'must be "premium" or "top"' }),
    message: z
      .string({ error: 'must be text' })
      .trim()
      .max(SPONSORSHIP_MESSAGE_MAX_LENGTH, `must be at most ${SPONSORSHIP_MESSAGE_MAX_LENGTH} characters`)
      .nullish()
      .describe('a word for the team (optional)'),
  })
  .strict();
export type SponsorshipRequestBody = z.infer<typeof sponsorshipRequestBody>;

export const grantSponsorshipBody = z
  .object({
    until: z
      .string({ error: 'must be a date (YYYY-MM-DD)' })
      .refine(isIsoDate, 'must be a date (YYYY-MM-DD)')
      .describe('last day of the sponsorship, today or later (Europe/Paris)'),
  })
  .strict();
export type GrantSponsorshipBody = z.infer<typeof grantSponsorshipBody>;

export const refuseSponsorshipBody = z
  .object({
    reason: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(MODERATION_REASON_MAX_LENGTH, `must be at most ${MODERATION_REASON_MAX_LENGTH} characters`)
      .describe('why, in words the provider reads'),
  })
  .strict();
export type RefuseSponsorshipBody = z.infer<typeof refuseSponsorshipBody>;

export const sponsorshipRequestListQuery = z.strictObject({
  ...pageQueryShape,
  status: z.enum(SPONSORSHIP_REQUEST_STATUSES, { error: 'must be open, granted or refused' }).optional(),
});
export type SponsorshipRequestListQuery = z.output<typeof sponsorshipRequestListQuery>;

export const sponsorshipRequestIdParams = z.strictObject({ id: rowIdInPath() });

export const sponsorshipRequestSchema = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  plan: z.enum(PAID_PLANS),
  message: z.string().nullable(),
  status: z.enum(SPONSORSHIP_REQUEST_STATUSES),
  /** Granted: the last day the admin set. */
  until: z.string().nullable(),
  /** Refused: why. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type SponsorshipRequest = z.infer<typeof sponsorshipRequestSchema>;

/** A request as the admin's queue shows it: with the activity, its provider and its level now. */
export const adminSponsorshipRequestSchema = sponsorshipRequestSchema.extend({
  activityName: z.string(),
  providerName: z.string().nullable(),
  sponsorLevel: z.number().int(),
  sponsoredUntil: z.string().nullable(),
  /** A sponsorship paid through Stripe gives the activity its level: granting is refused. */
  paidSponsorship: z.boolean(),
});
export type AdminSponsorshipRequest = z.infer<typeof adminSponsorshipRequestSchema>;

/** One of the provider's published activities with its sponsorship (null without one). */
export const ownSponsorshipSchema = z.object({
  activityId: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  sponsorLevel: z.number().int(),
  /** Last day of a sponsorship an admin set by hand; null otherwise. */
  sponsoredUntil: z.string().nullable(),
  sponsorship: sponsorshipSchema.nullable(),
  /** The newest request for a plan (open, granted or refused); null when none was made. */
  request: sponsorshipRequestSchema.nullable(),
});
export type OwnSponsorship = z.infer<typeof ownSponsorshipSchema>;

export const adminSponsorshipSchema = sponsorshipSchema.extend({
  activityName: z.string().nullable(),
  providerName: z.string().nullable(),
});
export type AdminSponsorship = z.infer<typeof adminSponsorshipSchema>;

export const sponsorshipOverviewSchema = z.object({
  active: z.array(adminSponsorshipSchema),
  /** Money received per calendar month (Europe/Paris), newest first. */
  revenue: z.array(z.object({ month: z.string(), amountCents: z.number().int(), payments: z.number().int() })),
});
export type SponsorshipOverview = z.infer<typeof sponsorshipOverviewSchema>;

/** The plan of a sponsor level, for labels (level 1 is the admin's "Sponsor", no plan). */
export const planOfLevel = (level: number) => SPONSOR_PLANS.find((plan) => plan.level === level) ?? null;
