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
