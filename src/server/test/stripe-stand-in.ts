import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A stand-in for the few parts of Stripe the app uses (docs/sponsorship.md#tests),
 * on loopback: prices by lookup key, customers, Checkout Sessions, billing
 * portal sessions and subscriptions under `/v1/...`, plus a checkout page and
 * a portal page a browser can click through. What happens to a subscription
 * (paid, renewed, failed, cancelled) is driven from the test, which gets the
 * signed webhook events Stripe would send, or has them delivered to `webhookUrl`.
 */

type Json = Record<string, unknown>;

export interface SignedEvent {
  id: string;
  type: string;
  payload: string;
  signature: string;
}

export interface StripeStandIn {
  url: string;
  /** Every API request received: method, path and the parsed form body. */
  requests: { method: string; path: string; body: Json; idempotencyKey: string | undefined }[];
  prices: Map<string, Json>;
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  portalSessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** Answers every API call with a 500 while true. */
  failing: boolean;
  /** Where `deliver` sends events (the app's /api/stripe/webhook). */
  webhookUrl: string | null;
  /** Signs an event as Stripe would (the package's own test-signature helper), with `secret` unless another is given. */
  sign(type: string, object: Json, options?: { secret?: string; created?: number }): SignedEvent;
  /** The customer pays the session: a subscription starts, paid for its first period. */
  completeCheckout(sessionId: string): SignedEvent[];
  /** The subscription's next period starts: paid (active) or not (past_due). */
  renew(subscriptionId: string, options: { paid: boolean }): SignedEvent[];
  /** Cancelled now (ended) or at the end of the period. */
  cancel(subscriptionId: string, options?: { atPeriodEnd?: boolean }): SignedEvent[];
  /** The plan changed in the portal: the subscription's price is replaced. */
  changePrice(subscriptionId: string, priceId: string): SignedEvent[];
  /** Sends events to `webhookUrl`, in order; the statuses the app answered. */
  deliver(events: SignedEvent[]): Promise<number[]>;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;

/** Stripe's form encoding (`a[b][0][c]=x`) back into objects and arrays. */
export function parseStripeForm(text: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Json = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? '');
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Json;
    });
  }
  return out;
}

const periodSeconds = (price: Json) => {
  const recurring = price.recurring as { interval: string; interval_count: number };
  const days = recurring.interval === 'week' ? 7 : recurring.interval === 'month' ? 30 : 1;
  return days * Number(recurring.interval_count) * 24 * 3600;
};

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

export async function startStripeStandIn(options: {
  secretKey: string;
  webhookSecret: string;
  port?: number;
  /** Stripe's clock, in seconds (tests align it with the app's fixed clock). */
  now?: () => number;
  webhookUrl?: string;
}): Promise<StripeStandIn> {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const signer = new Stripe('sk_test_signer');
  const idempotent = new Map<string, Json>();
  let url = '';

  const subscriptionOf = (id: string) => {
    const subscription = standIn.subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    return subscription;
  };
  const itemOf = (subscription: Json) => (subscription.items as { data: Json[] }).data[0] as Json;

  const invoiceFor = (subscription: Json, paid: boolean): Json => {
    const item = itemOf(subscription);
    const price = item.price as Json;
    return {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      currency: 'eur',
      amount_due: price.unit_amount,
      amount_paid: paid ? price.unit_amount : 0,
      status: paid ? 'paid' : 'open',
      status_transitions: { paid_at: paid ? now() : null },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      period_start: item.current_period_start,
      period_end: item.current_period_end,
    };
  };

  const standIn: StripeStandIn = {
    url: '',
    requests: [],
    prices: new Map(),
    customers: new Map(),
    sessions: new Map(),
    portalSessions: new Map(),
    subscriptions: new Map(),
    failing: false,
    webhookUrl: options.webhookUrl ?? null,

    sign(type, object, { secret = options.webhookSecret, created = now() } = {}) {
      const id = newId('evt');
      const payload = JSON.stringify({
        id,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created,
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: structuredClone(object) },
      });
      return { id, type, payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
    },

    completeCheckout(sessionId) {
      const session = standIn.sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      const lineItem = (session.line_items as Json[])[0] as Json;
      const price = standIn.prices.get(String(lineItem.price));
      if (!price) throw new Error(`no price ${String(lineItem.price)}`);
      const start = now();
      const subscription: Json = {
        id: newId('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: start,
        metadata: (session.subscription_data as Json | undefined)?.metadata ?? {},
        items: {
          object: 'list',
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              price,
              quantity: 1,
              current_period_start: start,
              current_period_end: start + periodSeconds(price),
            },
          ],
        },
      };
      standIn.subscriptions.set(String(subscription.id), subscription);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      return [
        standIn.sign('checkout.session.completed', session),
        standIn.sign('customer.subscription.created', subscription),
        standIn.sign('invoice.paid', invoiceFor(subscription, true)),
      ];
    },

    renew(subscriptionId, { paid }) {
      const subscription = subscriptionOf(subscriptionId);
      const item = itemOf(subscription);
      const start = Number(item.current_period_end);
      Object.assign(item, {
        current_period_start: start,
        current_period_end: start + periodSeconds(item.price as Json),
      });
      subscription.status = paid ? 'active' : 'past_due';
      const invoice = invoiceFor(subscription, paid);
      return [
        standIn.sign('customer.subscription.updated', subscription),
        standIn.sign(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice),
      ];
    },

    cancel(subscriptionId, { atPeriodEnd = false } = {}) {
      const subscription = subscriptionOf(subscriptionId);
      if (atPeriodEnd) {
        Object.assign(subscription, { cancel_at_period_end: true, canceled_at: now() });
        return [standIn.sign('customer.subscription.updated', subscription)];
      }
      Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return [standIn.sign('customer.subscription.deleted', subscription)];
    },

    changePrice(subscriptionId, priceId) {
      const subscription = subscriptionOf(subscriptionId);
      const price = standIn.prices.get(priceId);
      if (!price) throw new Error(`no price ${priceId}`);
      itemOf(subscription).price = price;
      return [standIn.sign('customer.subscription.updated', subscription)];
    },

    async deliver(events) {
      if (!standIn.webhookUrl) throw new Error('no webhookUrl to deliver to');
      const statuses: number[] = [];
      for (const event of events) {
        const response = await fetch(standIn.webhookUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Stripe-Signature': event.signature },
          body: event.payload,
        });
        await response.body?.cancel();
        statuses.push(response.status);
      }
      return statuses;
    },

    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  const stripeError = (res: ServerResponse, status: number, message: string, code = 'resource_missing') =>
    json(res, status, { error: { type: 'invalid_request_error', code, message } });
  const html = (res: ServerResponse, body: string) =>
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(body);
  const redirect = (res: ServerResponse, to: string) => res.writeHead(303, { Location: to }).end();

  function api(method: string, path: string, body: Json, req: IncomingMessage, res: ServerResponse) {
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' && !key.startsWith('stripe-node-retry') ? key : undefined;
    standIn.requests.push({ method, path, body, idempotencyKey });
    if (standIn.failing) return json(res, 500, { error: { type: 'api_error', message: 'stand-in set to fail' } });
    if (method === 'POST' && idempotencyKey && idempotent.has(idempotencyKey)) {
      return json(res, 200, idempotent.get(idempotencyKey));
    }
    const remember = (answer: Json) => {
      if (method === 'POST' && idempotencyKey) idempotent.set(idempotencyKey, answer);
      return json(res, 200, answer);
    };

    if (method === 'GET' && path === '/v1/prices') {
      const query = parseStripeForm(new URL(req.url ?? '', 'http://x').search.slice(1));
      const keys = (query.lookup_keys as string[] | undefined) ?? [];
      const data = [...standIn.prices.values()].filter((p) => keys.length === 0 || keys.includes(String(p.lookup_key)));
      return json(res, 200, { object: 'list', data, has_more: false, url: '/v1/prices' });
    }
    if (method === 'POST' && path === '/v1/prices') {
      const recurring = body.recurring as Json;
      const price: Json = {
        id: newId('price'),
        object: 'price',
        active: true,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        lookup_key: body.lookup_key ?? null,
        product: newId('prod'),
        recurring: { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) },
        type: 'recurring',
      };
      standIn.prices.set(String(price.id), price);
      return remember(price);
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer: Json = {
        id: newId('cus'),
        object: 'customer',
        email: body.email ?? null,
        name: body.name,
        metadata: body.metadata ?? {},
      };
      standIn.customers.set(String(customer.id), customer);
      return remember(customer);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (!standIn.customers.has(String(body.customer))) return stripeError(res, 400, 'No such customer');
      const id = newId('cs');
      const session: Json = {
        ...body,
        id,
        object: 'checkout.session',
        status: 'open',
        subscription: null,
        url: `${url}/checkout/${id}`,
      };
      standIn.sessions.set(id, session);
      return remember(session);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!standIn.customers.has(String(body.customer))) return stripeError(res, 400, 'No such customer');
      const id = newId('bps');
      const portal: Json = { ...body, id, object: 'billing_portal.session', url: `${url}/portal/${id}` };
      standIn.portalSessions.set(id, portal);
      return remember(portal);
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && subscription) {
      const found = standIn.subscriptions.get(decodeURIComponent(subscription[1] ?? ''));
      return found ? json(res, 200, found) : stripeError(res, 404, 'No such subscription');
    }
    if (method === 'DELETE' && subscription) {
      const found = standIn.subscriptions.get(decodeURIComponent(subscription[1] ?? ''));
      if (!found) return stripeError(res, 404, 'No such subscription');
      found.status = 'canceled';
      return json(res, 200, found);
    }
    return stripeError(res, 404, `Unrecognized request URL (${method}: ${path})`, 'unknown');
  }

  /** The pages a browser sees: Checkout, and the billing portal. */
  async function pages(method: string, path: string, res: ServerResponse) {
    const checkout = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path);
    if (checkout) {
      const session = standIn.sessions.get(checkout[1] ?? '');
      if (!session) return html(res.writeHead(404), page('Not found', ''));
      if (method === 'POST' && checkout[2]) {
        await standIn.deliver(standIn.completeCheckout(String(session.id)));
        return redirect(
          res,
          String(session.success_url).replace('{CHECKOUT_SESSION_ID}', () => String(session.id)),
        );
      }
      const price = standIn.prices.get(String(((session.line_items as Json[])[0] as Json).price));
      const metadata = session.metadata as Json;
      return html(
        res,
        page(
          'Stripe stand-in checkout',
          `<p>Plan: <strong>${escapeHtml(String(metadata.plan))}</strong>, activity ${escapeHtml(String(metadata.activityId))}, ${Number(price?.unit_amount) / 100} EUR</p>
<form method="post" action="/checkout/${escapeHtml(String(session.id))}/pay"><button type="submit">Pay</button></form>
<p><a href="${escapeHtml(String(session.cancel_url))}">Back</a></p>`,
        ),
      );
    }
    const portal = /^\/portal\/([^/]+)(\/(cancel|confirm))?$/.exec(path);
    if (portal) {
      const session = standIn.portalSessions.get(portal[1] ?? '');
      if (!session) return html(res.writeHead(404), page('Not found', ''));
      const flow = session.flow_data as Json | undefined;
      if (method === 'POST' && portal[3] === 'cancel') {
        const subscriptionId = String((flow?.subscription_cancel as Json).subscription);
        await standIn.deliver(standIn.cancel(subscriptionId));
        return redirect(res, String(session.return_url));
      }
      if (method === 'POST' && portal[3] === 'confirm') {
        const update = flow?.subscription_update_confirm as Json;
        const item = (update.items as Json[])[0] as Json;
        await standIn.deliver(standIn.changePrice(String(update.subscription), String(item.price)));
        return redirect(res, String(session.return_url));
      }
      const action =
        flow?.type === 'subscription_cancel'
          ? `<form method="post" action="/portal/${escapeHtml(String(session.id))}/cancel"><button type="submit">Cancel subscription</button></form>`
          : flow?.type === 'subscription_update_confirm'
            ? `<form method="post" action="/portal/${escapeHtml(String(session.id))}/confirm"><button type="submit">Confirm change</button></form>`
            : '<p>Invoices and payment methods</p>';
      return html(
        res,
        page(
          'Stripe stand-in billing portal',
          `${action}<p><a href="${escapeHtml(String(session.return_url))}">Return</a></p>`,
        ),
      );
    }
    return html(res.writeHead(404), page('Not found', ''));
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
      const method = req.method ?? 'GET';
      const run = path.startsWith('/v1/')
        ? Promise.resolve(api(method, path, parseStripeForm(Buffer.concat(chunks).toString()), req, res))
        : pages(method, path, res);
      run.catch((error: unknown) => {
        if (!res.headersSent) json(res, 500, { error: { type: 'api_error', message: String(error) } });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.url = url;
  return standIn;
}
