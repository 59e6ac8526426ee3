/** Sponsorship plans (docs/product.md#sponsorship). Prices in euros. */
export const SPONSOR_PLANS = [
  { id: 'basis', level: 0, price: 0, period: null },
  { id: 'premium', level: 2, price: 10, period: 'twoWeeks' },
  { id: 'top', level: 3, price: 14.99, period: 'month' },
] as const;
export type SponsorPlan = (typeof SPONSOR_PLANS)[number];

/** The plans paid online (docs/sponsorship.md); kept here, without zod, for the web client. */
export const PAID_PLANS = ['premium', 'top'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

/** Price per period in cents, and how often it is paid (Stripe's recurring interval). */
export const PLAN_BILLING: Record<PaidPlan, { cents: number; interval: 'week' | 'month'; intervalCount: number }> = {
  premium: { cents: 1000, interval: 'week', intervalCount: 2 },
  top: { cents: 1499, interval: 'month', intervalCount: 1 },
};

/** A provider's request for a plan: open until an admin grants it (with a last day) or refuses it (with a reason). */
export const SPONSORSHIP_REQUEST_STATUSES = ['open', 'granted', 'refused'] as const;
export type SponsorshipRequestStatus = (typeof SPONSORSHIP_REQUEST_STATUSES)[number];
