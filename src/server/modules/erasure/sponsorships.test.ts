import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, sponsorships, users } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createActivity } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { sameOrigin } from '../../test/sessions.js';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in.js';
import { useTestApp } from '../../test/test-app.js';

/**
 * A provider with a paid sponsorship deletes their account (docs/privacy.md#deleting-an-account):
 * Stripe is told to end the subscription first, so an erased provider is never charged again; when
 * Stripe cannot be reached the deletion is refused with a 503 and nothing is changed.
 */
const SECRET_KEY = 'sk_test_discoverlocal';
const WEBHOOK_SECRET = 'whsec_discoverlocal_test';
const clock = fixedClock('2027-06-30T08:00:00Z');

let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    now: () => Math.floor(clock.now().getTime() / 1000),
  });
});
afterAll(async () => stripe?.close());

const ctx = useTestApp(() => ({
  env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url },
  deps: { clock },
}));

async function sponsoredProvider(n: number) {
  const owner = await createProvider(ctx.db);
  const activityId = await createActivity(ctx.db, {
    providerId: owner.provider.id,
    sponsorLevel: 2,
    isSponsored: true,
  });
  const subscriptionId = `sub_test_erasure_${n}`;
  stripe.subscriptions.set(subscriptionId, { id: subscriptionId, object: 'subscription', status: 'active' });
  await ctx.db.insert(sponsorships).values({
    activityId,
    userId: owner.user.id,
    plan: 'premium',
    stripeSubscriptionId: subscriptionId,
    stripeCustomerId: `cus_test_erasure_${n}`,
    status: 'active',
    live: true,
    amountCents: 2900,
  });
  return { ...owner, activityId, subscriptionId };
}

const deleteMe = (cookie: string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: '/api/me',
    headers: { cookie, ...sameOrigin },
    payload: { confirm: true, reviews: 'keep' },
  });

describe('a provider with a paid sponsorship', () => {
  it('is refused with a 503 while Stripe cannot be reached, and nothing changes', async () => {
    const owner = await sponsoredProvider(1);
    stripe.failing = true;
    try {
      const res = await deleteMe(owner.cookie);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      stripe.failing = false;
    }
    expect(await ctx.db.select().from(users).where(eq(users.id, owner.user.id))).toHaveLength(1);
    const [row] = await ctx.db
      .select()
      .from(sponsorships)
      .where(eq(sponsorships.stripeSubscriptionId, owner.subscriptionId));
    expect(row).toMatchObject({ live: true, status: 'active' });
    expect(stripe.subscriptions.get(owner.subscriptionId)).toMatchObject({ status: 'active' });
  });

  it('has the subscription ended at Stripe, and the sponsorship here, when the account goes', async () => {
    const owner = await sponsoredProvider(2);
    const res = await deleteMe(owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.subscriptions.get(owner.subscriptionId)).toMatchObject({ status: 'canceled' });
    const [row] = await ctx.db
      .select()
      .from(sponsorships)
      .where(eq(sponsorships.stripeSubscriptionId, owner.subscriptionId));
    // Kept for the admins' revenue, no longer giving a level, and no longer anyone's.
    expect(row).toMatchObject({ live: false, status: 'canceled', userId: null });
    const [activity] = await ctx.db.select().from(activities).where(eq(activities.id, owner.activityId));
    expect(activity).toMatchObject({ sponsorLevel: 0, isSponsored: false, isApproved: false, providerId: null });
  });
});
