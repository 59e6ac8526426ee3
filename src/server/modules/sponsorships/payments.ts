import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Language } from '../../../domain/languages.js';
import {
  PAID_PLANS,
  PLAN_BILLING,
  PLAN_LOOKUP_KEY,
  type PaidPlan,
  planOfLookupKey,
} from '../../../domain/sponsorships.js';
import type { PaymentsConfig } from '../../config.js';
import { AppError, serviceUnavailable } from '../../errors.js';

/** What the app needs to know of a Stripe subscription, read from Stripe itself. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: string;
  /** From the metadata the checkout put on it. */
  activityId: number | null;
  /** From its price's lookup key (a plan change in the portal changes the price, not the metadata). */
  plan: PaidPlan | null;
  itemId: string | null;
  amountCents: number | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** A verified webhook event: its id, its type and the object it is about. */
export interface PaymentEvent {
  id: string;
  type: string;
  object: Record<string, unknown>;
}

export type PortalFlow =
  | { type: 'cancel'; subscriptionId: string }
  | { type: 'change'; subscriptionId: string; itemId: string; priceId: string };

/**
 * The payment service as the app sees it (docs/sponsorship.md): Stripe in
 * production, the same code against a stand-in on loopback in tests
 * (STRIPE_API_URL). Every failure to reach Stripe is a 503.
 */
export interface Payments {
  /** The price id of each plan, looked up by lookup key and created when missing; kept once found. */
  prices(): Promise<Record<PaidPlan, string>>;
  createCustomer(input: { userId: string; email: string | null; name: string }): Promise<string>;
  createCheckout(input: {
    customerId: string;
    priceId: string;
    activityId: number;
    plan: PaidPlan;
    successUrl: string;
    cancelUrl: string;
    language: Language;
  }): Promise<string>;
  createPortal(input: { customerId: string; returnUrl: string; flow?: PortalFlow }): Promise<string>;
  /** null when Stripe knows no such subscription. */
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
  /**
   * Ends a subscription now, with no further invoice (a provider's account is erased:
   * docs/privacy.md#deleting-an-account); one Stripe no longer knows counts as ended.
   */
  cancelSubscription(id: string): Promise<void>;
  /** Checks the signature on the raw body; throws a 400 WEBHOOK_SIGNATURE_INVALID when it does not match. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

const PRODUCT_NAMES: Record<PaidPlan, string> = {
  premium: 'DiscoverLocal Premium sponsorship',
  top: 'DiscoverLocal TOP sponsorship',
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Stripe's own words for a failure are for the log; the caller gets a 503. */
function unavailable(log: FastifyBaseLogger, what: string) {
  return (error: unknown): never => {
    log.warn({ err: error }, `Stripe: ${what} failed`);
    throw serviceUnavailable(`The payment service is not available (${what}); try again later`);
  };
}

export function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const item = subscription.items.data[0];
  const activityId = Number(subscription.metadata?.activityId);
  const metadataPlan = subscription.metadata?.plan;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    activityId: Number.isInteger(activityId) && activityId > 0 ? activityId : null,
    plan:
      planOfLookupKey(item?.price.lookup_key) ??
      (PAID_PLANS.includes(metadataPlan as PaidPlan) ? (metadataPlan as PaidPlan) : null),
    itemId: item?.id ?? null,
    amountCents: item?.price.unit_amount ?? null,
    currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
  };
}

export function stripePayments(config: PaymentsConfig, log: FastifyBaseLogger, timeoutMs: number): Payments {
  const api = new URL(config.apiUrl);
  const stripe = new Stripe(config.secretKey, {
    host: api.hostname,
    port: api.port ? Number(api.port) : api.protocol === 'http:' ? 80 : 443,
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    timeout: timeoutMs,
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: 'DiscoverLocal' },
  });
  let prices: Promise<Record<PaidPlan, string>> | null = null;

  async function findOrCreatePrices(): Promise<Record<PaidPlan, string>> {
    const found = await stripe.prices.list({ lookup_keys: PAID_PLANS.map((p) => PLAN_LOOKUP_KEY[p]), active: true });
    const ids = {} as Record<PaidPlan, string>;
    for (const plan of PAID_PLANS) {
      const existing = found.data.find((price) => price.lookup_key === PLAN_LOOKUP_KEY[plan]);
      if (existing) {
        ids[plan] = existing.id;
        continue;
      }
      const billing = PLAN_BILLING[plan];
      const created = await stripe.prices.create({
        currency: 'eur',
        unit_amount: billing.cents,
        recurring: { interval: billing.interval, interval_count: billing.intervalCount },
        lookup_key: PLAN_LOOKUP_KEY[plan],
        product_data: { name: PRODUCT_NAMES[plan] },
      });
      log.info({ plan, price: created.id }, 'Stripe: created the price of a plan');
      ids[plan] = created.id;
    }
    return ids;
  }

  return {
    prices() {
      // Looked up once; a failure is forgotten so that the next call tries again.
      prices ??= findOrCreatePrices().catch((error: unknown) => {
        prices = null;
        return unavailable(log, 'looking up the prices')(error);
      });
      return prices;
    },

    async createCustomer({ userId, email, name }) {
      const customer = await stripe.customers
        .create(
          { ...(email ? { email } : {}), name, metadata: { userId } },
          // Two clicks at once make one customer.
          { idempotencyKey: `customer-${userId}` },
        )
        .catch(unavailable(log, 'creating the customer'));
      return customer.id;
    },

    async createCheckout({ customerId, priceId, activityId, plan, successUrl, cancelUrl, language }) {
      const metadata = { activityId: String(activityId), plan };
      const session = await stripe.checkout.sessions
        .create({
          mode: 'subscription',
          customer: customerId,
          line_items: [{ price: priceId, quantity: 1 }],
          metadata,
          subscription_data: { metadata },
          client_reference_id: String(activityId),
          success_url: successUrl,
          cancel_url: cancelUrl,
          locale: language,
        })
        .catch(unavailable(log, 'starting the checkout'));
      if (!session.url) throw serviceUnavailable('The payment service gave no checkout page; try again later');
      return session.url;
    },

    async createPortal({ customerId, returnUrl, flow }) {
      const flowData: Stripe.BillingPortal.SessionCreateParams.FlowData | undefined =
        flow?.type === 'cancel'
          ? {
              type: 'subscription_cancel',
              subscription_cancel: { subscription: flow.subscriptionId },
              after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
            }
          : flow?.type === 'change'
            ? {
                type: 'subscription_update_confirm',
                subscription_update_confirm: {
                  subscription: flow.subscriptionId,
                  items: [{ id: flow.itemId, price: flow.priceId, quantity: 1 }],
                },
                after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
              }
            : undefined;
      const session = await stripe.billingPortal.sessions
        .create({ customer: customerId, return_url: returnUrl, ...(flowData ? { flow_data: flowData } : {}) })
        .catch(unavailable(log, 'opening the billing portal'));
      return session.url;
    },

    async retrieveSubscription(id) {
      try {
        return snapshotOf(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        return unavailable(log, 'reading a subscription')(error);
      }
    },

    async cancelSubscription(id) {
      try {
        await stripe.subscriptions.cancel(id, {}, { idempotencyKey: `cancel-${id}` });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
        return unavailable(log, 'cancelling a subscription')(error);
      }
    },

    verifyEvent(rawBody, signature) {
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('no Stripe-Signature header');
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (error) {
        log.warn({ err: error }, 'Stripe webhook: signature refused');
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The Stripe-Signature header does not match this body');
      }
      return { id: event.id, type: event.type, object: event.data.object as unknown as Record<string, unknown> };
    },
  };
}
