import { z } from 'zod';
import { PAID_PLANS, type PaidPlan, SPONSOR_PLANS } from './plans.js';
import { rowId } from './ids.js';

export { PAID_PLANS, type PaidPlan };

/**
 * Sponsorship bought online (docs/sponsorship.md): the plans a provider pays
 * for, how a Stripe subscription's state becomes a sponsor level, and the
 * shapes the API answers with.
 */

/** The sponsor level each paid plan gives its activity. */
export const PLAN_LEVEL: Record<PaidPlan, number> = { premium: 2, top: 3 };

/** Price per period in cents, and how often it is paid (Stripe's recurring interval). */
export const PLAN_BILLING: Record<PaidPlan, { cents: number; interval: 'week' | 'month'; intervalCount: number }> = {
  premium: { cents: 1000, interval: 'week', intervalCount: 2 },
  top: { cents: 1499, interval: 'month', intervalCount: 1 },
};

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

/** One of the provider's published activities with its sponsorship (null without one). */
export const ownSponsorshipSchema = z.object({
  activityId: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  sponsorLevel: z.number().int(),
  /** Last day of a sponsorship an admin set by hand; null otherwise. */
  sponsoredUntil: z.string().nullable(),
  sponsorship: sponsorshipSchema.nullable(),
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
