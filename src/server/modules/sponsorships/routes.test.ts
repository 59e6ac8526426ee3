import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OwnSponsorship, SponsorshipOverview } from '../../../domain/sponsorships.js';
import { activities, sponsorshipPayments, sponsorships, stripeEvents, users } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createActivity, createUser } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { type SignedEvent, type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in.js';
import { useTestApp } from '../../test/test-app.js';
import { checkLapsedSponsorships } from './service.js';

const SECRET_KEY = 'sk_test_discoverlocal';
const WEBHOOK_SECRET = 'whsec_discoverlocal_test';
const clock = fixedClock('2026-11-22T10:00:00Z');
const DAY = 24 * 3600 * 1000;

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

let julie: Awaited<ReturnType<typeof createProvider>>;
let other: Awaited<ReturnType<typeof createProvider>>;
let pendingProvider: Awaited<ReturnType<typeof createProvider>>;
let adminCookie: string;
let visitorCookie: string;

beforeAll(async () => {
  julie = await createProvider(ctx.db, { name: 'Domaine Julie' });
  other = await createProvider(ctx.db, { name: 'Autre' });
  pendingProvider = await createProvider(ctx.db, { approved: false, name: 'Nouveau' });
  adminCookie = await sessionCookieFor(ctx.db, (await createUser(ctx.db, { role: 'admin', isApproved: true })).id);
  visitorCookie = await sessionCookieFor(ctx.db, (await createUser(ctx.db)).id);
});
beforeEach(() => {
  stripe.failing = false;
  clock.set('2026-11-22T10:00:00Z');
});

const post = (cookie: string | null, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { ...(cookie ? { cookie } : {}), ...sameOrigin } });
const get = (cookie: string, url: string) => ctx.app.inject({ url, headers: { cookie } });

const ownActivity = (overrides: Parameters<typeof createActivity>[1] = {}) =>
  createActivity(ctx.db, { providerId: julie.provider.id, ...overrides });

const levelOf = async (id: number) => {
  const [row] = await ctx.db
    .select({ level: activities.sponsorLevel, sponsored: activities.isSponsored })
    .from(activities)
    .where(eq(activities.id, id));
  return row;
};

const deliver = async (events: SignedEvent[]) => {
  const statuses: number[] = [];
  for (const event of events) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
    statuses.push(res.statusCode);
  }
  return statuses;
};

/** The provider opens Checkout and pays: the session the stand-in made, and the events Stripe sends. */
async function buy(activityId: number, plan: 'premium' | 'top') {
  const res = await post(julie.cookie, `/api/provider/activities/${activityId}/sponsorship`, { plan });
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = res.json<{ url: string }>().url.split('/').pop() ?? '';
  const events = stripe.completeCheckout(sessionId);
  const subscription = String(stripe.sessions.get(sessionId)?.subscription);
  return { events, subscription, sessionId };
}

const counts = async () => ({
  events: (await ctx.db.select({ n: count() }).from(stripeEvents))[0]?.n,
  sponsorships: (await ctx.db.select({ n: count() }).from(sponsorships))[0]?.n,
  payments: (await ctx.db.select({ n: count() }).from(sponsorshipPayments))[0]?.n,
});

describe('buying a sponsorship', () => {
  it('refuses anonymous, visitors, pending providers and admins, and hides other providers’ activities', async () => {
    const id = await ownActivity();
    const url = `/api/provider/activities/${id}/sponsorship`;
    expect((await post(null, url, { plan: 'top' })).statusCode).toBe(401);
    expect((await post(visitorCookie, url, { plan: 'top' })).statusCode).toBe(403);
    expect((await post(pendingProvider.cookie, url, { plan: 'top' })).statusCode).toBe(403);
    expect((await post(adminCookie, url, { plan: 'top' })).json()).toMatchObject({ code: 'NOT_A_PROVIDER' });
    expect((await post(other.cookie, url, { plan: 'top' })).statusCode).toBe(404);
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(0);
  });

  it('refuses a plan that does not exist, and an activity the public cannot see', async () => {
    const id = await ownActivity();
    for (const body of [{ plan: 'basis' }, { plan: 'gold' }, {}, { plan: 'top', price: 1 }]) {
      const res = await post(julie.cookie, `/api/provider/activities/${id}/sponsorship`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    for (const state of [{ isApproved: false }, { isActive: false }]) {
      const hidden = await ownActivity(state);
      const res = await post(julie.cookie, `/api/provider/activities/${hidden}/sponsorship`, { plan: 'top' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ACTIVITY_NOT_PUBLIC' });
    }
  });

  it('answers the Checkout page of a subscription with the activity and plan in its metadata', async () => {
    const id = await ownActivity();
    const res = await post(julie.cookie, `/api/provider/activities/${id}/sponsorship`, { plan: 'top', language: 'fr' });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url.startsWith(`${stripe.url}/checkout/cs_test_`)).toBe(true);
    const session = stripe.sessions.get(url.split('/').pop() ?? '');
    const topPrice = [...stripe.prices.values()].find((p) => p.lookup_key === 'discoverlocal_top_month');
    expect(session).toMatchObject({
      mode: 'subscription',
      locale: 'fr',
      metadata: { activityId: String(id), plan: 'top' },
      subscription_data: { metadata: { activityId: String(id), plan: 'top' } },
      line_items: [{ price: topPrice?.id, quantity: '1' }],
      success_url: `http://localhost:5000/provider/sponsorship?checkout=success&activity=${id}`,
      cancel_url: `http://localhost:5000/provider/sponsorship?checkout=cancelled&activity=${id}`,
    });
    // The plans' prices: made once by lookup key, in euros, every 2 weeks and every month.
    expect([...stripe.prices.values()].map((p) => [p.lookup_key, p.unit_amount, p.recurring])).toEqual(
      expect.arrayContaining([
        ['discoverlocal_premium_2_weeks', 1000, { interval: 'week', interval_count: 2 }],
        ['discoverlocal_top_month', 1499, { interval: 'month', interval_count: 1 }],
      ]),
    );
    await post(julie.cookie, `/api/provider/activities/${id}/sponsorship`, { plan: 'premium' });
    expect(stripe.prices.size).toBe(2);
    // One Stripe customer for the provider, made with an idempotency key and kept.
    const customers = stripe.requests.filter((r) => r.path === '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0]?.idempotencyKey).toBe(`customer-${julie.user.id}`);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, julie.user.id));
    expect(user?.stripeCustomerId).toBe(session?.customer);
  });

  it('answers 503 and writes nothing while Stripe is down', async () => {
    const id = await ownActivity();
    const before = await counts();
    stripe.failing = true;
    const res = await post(julie.cookie, `/api/provider/activities/${id}/sponsorship`, { plan: 'premium' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await counts()).toEqual(before);
  });
});

describe('the webhook', () => {
  it('makes the activity TOP when the purchase is paid, first in the default order, and records the payment', async () => {
    const id = await ownActivity({ name: 'Zzz last by distance', latitude: 43.4, longitude: 2.6 });
    const { events, subscription } = await buy(id, 'top');
    expect(await levelOf(id)).toEqual({ level: 0, sponsored: false });
    expect(await deliver(events)).toEqual([200, 200, 200]);
    expect(await levelOf(id)).toEqual({ level: 3, sponsored: true });

    const list = await ctx.app.inject({ url: '/api/activities?limit=1' });
    expect(list.json<{ id: number; sponsorLevel: number }[]>()[0]).toMatchObject({ id, sponsorLevel: 3 });
    const own = (await get(julie.cookie, '/api/provider/sponsorships')).json<OwnSponsorship[]>();
    expect(own.find((o) => o.activityId === id)?.sponsorship).toMatchObject({
      plan: 'top',
      status: 'active',
      live: true,
      cancelAtPeriodEnd: false,
      amountCents: 1499,
      currentPeriodEnd: new Date(clock.now().getTime() + 30 * DAY).toISOString(),
    });
    const [payment] = await ctx.db
      .select()
      .from(sponsorshipPayments)
      .innerJoin(sponsorships, eq(sponsorships.id, sponsorshipPayments.sponsorshipId))
      .where(eq(sponsorships.stripeSubscriptionId, subscription));
    expect(payment?.sponsorship_payments).toMatchObject({ amountCents: 1499, currency: 'eur' });
  });

  it('handles each event once: a replay is answered 200 and changes nothing', async () => {
    const id = await ownActivity();
    const { events, subscription } = await buy(id, 'premium');
    await deliver(events);
    const before = await counts();
    // Cancelled meanwhile: a replay of the paid events must not bring the level back.
    const cancelled = stripe.cancel(subscription);
    await deliver(cancelled);
    expect(await levelOf(id)).toEqual({ level: 0, sponsored: false });
    for (const event of [...events, ...cancelled]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, outcome: 'duplicate' });
    }
    expect(await levelOf(id)).toEqual({ level: 0, sponsored: false });
    expect(await counts()).toEqual({ ...before, events: (before.events ?? 0) + 1 });
  });

  it('refuses a forged, a missing or a stale signature with a 400, and nothing changes', async () => {
    const id = await ownActivity();
    const { events } = await buy(id, 'top');
    const before = await counts();
    const [first] = events;
    if (!first) throw new Error('no event');
    const forged = stripe.sign('customer.subscription.created', JSON.parse(first.payload).data.object, {
      secret: 'whsec_not_the_right_one',
    });
    const tampered = { ...first, payload: first.payload.replace('"livemode":false', '"livemode":true') };
    const cases = [
      { 'stripe-signature': forged.signature, payload: forged.payload },
      { 'stripe-signature': tampered.signature, payload: tampered.payload },
      { 'stripe-signature': 't=1,v1=00', payload: first.payload },
      { payload: first.payload },
    ];
    for (const { payload, ...headers } of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    expect(await counts()).toEqual(before);
    expect(await levelOf(id)).toEqual({ level: 0, sponsored: false });
  });

  it('ends up where Stripe is whatever the order: a late "created" after the cancellation keeps it ended', async () => {
    const id = await ownActivity();
    const { events, subscription } = await buy(id, 'top');
    const cancelled = stripe.cancel(subscription);
    // The cancellation arrives first, then the purchase's events.
    expect(await deliver([...cancelled, ...events])).toEqual([200, 200, 200, 200]);
    expect(await levelOf(id)).toEqual({ level: 0, sponsored: false });
    const [row] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.stripeSubscriptionId, subscription));
    expect(row).toMatchObject({ status: 'canceled', live: false });
  });

  it('returns the activity to 0 when the subscription is cancelled, and keeps it until the end when cancelled at period end', async () => {
    const id = await ownActivity();
    const { events, subscription } = await buy(id, 'top');
    await deliver(events);
    await deliver(stripe.cancel(subscription, { atPeriodEnd: true }));
    expect(await levelOf(id)).toEqual({ level: 3, sponsored: true });
    const own = (await get(julie.cookie, '/api/provider/sponsorships')).json<OwnSponsorship[]>();
    expect(own.find((o) => o.activityId === id)?.sponsorship).toMatchObject({ live: true, cancelAtPeriodEnd: true });
    clock.advance(30 * DAY);
    await deliver(stripe.cancel(subscription));
    expect(await levelOf(id)).toEqual({ level: 0, sponsored: false });
  });

  it('ends it when a payment fails past the paid period, and brings it back when the payment is made', async () => {
    const id = await ownActivity();
    const { events, subscription } = await buy(id, 'premium');
    await deliver(events);
    expect(await levelOf(id)).toEqual({ level: 2, sponsored: true });
    clock.advance(14 * DAY + 60_000);
    expect(await deliver(stripe.renew(subscription, { paid: false }))).toEqual([200, 200]);
    expect(await levelOf(id)).toEqual({ level: 0, sponsored: false });
    const [row] = await ctx.db.select().from(sponsorships).where(eq(sponsorships.stripeSubscriptionId, subscription));
    expect(row).toMatchObject({ status: 'past_due', live: false });
    // Stripe's retry succeeds: paid for the new period.
    const subscriptionObject = stripe.subscriptions.get(subscription);
    if (subscriptionObject) subscriptionObject.status = 'active';
    await deliver([stripe.sign('customer.subscription.updated', subscriptionObject ?? {})]);
    expect(await levelOf(id)).toEqual({ level: 2, sponsored: true });
  });

  it('follows a plan change made in the billing portal', async () => {
    const id = await ownActivity();
    const { events, subscription } = await buy(id, 'top');
    await deliver(events);
    // Asking for the other plan opens the portal's confirmation of the change.
    const res = await post(julie.cookie, `/api/provider/activities/${id}/sponsorship`, { plan: 'premium' });
    expect(res.statusCode).toBe(200);
    const portal = stripe.portalSessions.get(res.json<{ url: string }>().url.split('/').pop() ?? '');
    const premium = [...stripe.prices.values()].find((p) => p.lookup_key === 'discoverlocal_premium_2_weeks');
    expect(portal?.flow_data).toMatchObject({
      type: 'subscription_update_confirm',
      subscription_update_confirm: { subscription, items: [{ price: premium?.id }] },
    });
    // The same plan again is refused.
    const again = await post(julie.cookie, `/api/provider/activities/${id}/sponsorship`, { plan: 'top' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_SPONSORED' });
    await deliver(stripe.changePrice(subscription, String(premium?.id)));
    expect(await levelOf(id)).toEqual({ level: 2, sponsored: true });
  });

  it('ignores events it does not handle, and answers 503 (Stripe sends again) while Stripe cannot be read', async () => {
    const ignored = stripe.sign('customer.created', { id: 'cus_x', object: 'customer' });
    expect((await deliver([ignored]))[0]).toBe(200);
    const id = await ownActivity();
    const { events } = await buy(id, 'top');
    const before = await counts();
    stripe.failing = true;
    expect(await deliver(events)).toEqual([503, 503, 503]);
    expect(await counts()).toEqual(before);
    stripe.failing = false;
    expect(await deliver(events)).toEqual([200, 200, 200]);
    expect(await levelOf(id)).toEqual({ level: 3, sponsored: true });
  });
});

describe('a missed webhook', () => {
  it('is caught by the hourly check: a subscription Stripe ended, or one it cannot confirm past its period, ends', async () => {
    const ended = await ownActivity();
    const unconfirmed = await ownActivity();
    const renewed = await ownActivity();
    const a = await buy(ended, 'top');
    const b = await buy(unconfirmed, 'premium');
    const c = await buy(renewed, 'premium');
    await deliver([...a.events, ...b.events, ...c.events]);
    stripe.cancel(a.subscription); // the webhook never arrives
    stripe.renew(c.subscription, { paid: true }); // nor this one
    clock.advance(31 * DAY);
    stripe.subscriptions.delete(b.subscription); // Stripe knows it no more
    await checkLapsedSponsorships(ctx.app.deps);
    expect(await levelOf(ended)).toEqual({ level: 0, sponsored: false });
    expect(await levelOf(unconfirmed)).toEqual({ level: 0, sponsored: false });
    expect(await levelOf(renewed)).toEqual({ level: 2, sponsored: true });
    // Stripe down past the period: it ends too, and comes back with the next event.
    clock.advance(15 * DAY);
    stripe.failing = true;
    await checkLapsedSponsorships(ctx.app.deps);
    expect(await levelOf(renewed)).toEqual({ level: 0, sponsored: false });
  });
});

describe('around a paid sponsorship', () => {
  it('opens the billing portal: 409 before any purchase, on the cancellation of one activity when asked', async () => {
    const fresh = await createProvider(ctx.db, { name: 'Sans achat' });
    const none = await post(fresh.cookie, '/api/provider/billing-portal', {});
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'NO_BILLING_ACCOUNT' });
    expect((await post(null, '/api/provider/billing-portal')).statusCode).toBe(401);
    expect((await post(visitorCookie, '/api/provider/billing-portal')).statusCode).toBe(403);

    const id = await ownActivity();
    const { events, subscription } = await buy(id, 'top');
    await deliver(events);
    const home = await post(julie.cookie, '/api/provider/billing-portal');
    expect(home.statusCode, home.body).toBe(200);
    const cancel = await post(julie.cookie, '/api/provider/billing-portal', { activityId: id });
    const portal = stripe.portalSessions.get(cancel.json<{ url: string }>().url.split('/').pop() ?? '');
    expect(portal).toMatchObject({
      return_url: 'http://localhost:5000/provider/sponsorship',
      flow_data: { type: 'subscription_cancel', subscription_cancel: { subscription } },
    });
    expect((await post(other.cookie, '/api/provider/billing-portal', { activityId: id })).statusCode).toBe(404);
  });

  it('keeps an admin from setting the level by hand, and the provider from deleting the activity, while it runs', async () => {
    const id = await ownActivity();
    const { events } = await buy(id, 'premium');
    await deliver(events);
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/activities/${id}`,
      headers: { cookie: adminCookie, ...sameOrigin },
      payload: { sponsorLevel: 1 },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'SPONSORSHIP_PAID' });
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/provider/activities/${id}`,
      headers: { cookie: julie.cookie, ...sameOrigin },
    });
    expect(remove.statusCode).toBe(409);
    expect(await levelOf(id)).toEqual({ level: 2, sponsored: true });
  });

  it('shows the admin the live sponsorships and the money received per month', async () => {
    expect((await get(visitorCookie, '/api/admin/sponsorships')).statusCode).toBe(403);
    const id = await ownActivity({ name: 'Cave sponsorisée' });
    const { events } = await buy(id, 'top');
    await deliver(events);
    const res = await get(adminCookie, '/api/admin/sponsorships');
    expect(res.statusCode).toBe(200);
    const overview = res.json<SponsorshipOverview>();
    expect(overview.active.find((s) => s.activityId === id)).toMatchObject({
      activityName: 'Cave sponsorisée',
      providerName: 'Domaine Julie',
      plan: 'top',
      live: true,
    });
    expect(overview.active.every((s) => s.live)).toBe(true);
    const november = overview.revenue.find((r) => r.month === '2026-11');
    const paid = await ctx.db.select().from(sponsorshipPayments);
    expect(november?.amountCents).toBe(paid.reduce((sum, p) => sum + p.amountCents, 0));
    expect(november?.payments).toBe(paid.length);
  });
});

describe('without Stripe configured', () => {
  const off = useTestApp(() => ({ deps: { clock } }));
  it('says online payment is not set up, for buying and for the webhook; /api/config tells the client', async () => {
    const provider = await createProvider(off.db);
    const id = await createActivity(off.db, { providerId: provider.provider.id });
    const res = await off.app.inject({
      method: 'POST',
      url: `/api/provider/activities/${id}/sponsorship`,
      headers: { cookie: provider.cookie, ...sameOrigin },
      payload: { plan: 'top' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'PAYMENTS_NOT_CONFIGURED' });
    const hook = await off.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: { id: 'evt_1' } });
    expect(hook.json()).toMatchObject({ code: 'PAYMENTS_NOT_CONFIGURED' });
    expect((await off.app.inject({ url: '/api/config' })).json()).toMatchObject({ payments: false });
    expect((await ctx.app.inject({ url: '/api/config' })).json()).toMatchObject({ payments: true });
  });
});
