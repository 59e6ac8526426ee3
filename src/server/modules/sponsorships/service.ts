import { todayInParis } from '../../../domain/dates.js';
import type { Language } from '../../../domain/languages.js';
import type { Page } from '../../../domain/pagination.js';
import { mayEditActivity, type Principal } from '../../../domain/policies.js';
import {
  type AdminSponsorship,
  type AdminSponsorshipRequest,
  ENDED_STATUSES,
  type GrantSponsorshipBody,
  type RefuseSponsorshipBody,
  isLive,
  type OwnSponsorship,
  type PaidPlan,
  PLAN_LEVEL,
  type Sponsorship,
  type SponsorshipOverview,
  type SponsorshipRequest,
  type SponsorshipRequestBody,
  type SponsorshipRequestListQuery,
} from '../../../domain/sponsorships.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { enqueueNotice, type NoticeKind, providerRecipient, teamRecipients } from '../mail/notices.js';
import { formatDay, TEXTS } from '../mail/templates.js';
import type { Payments, SubscriptionSnapshot } from './payments.js';
import * as repo from './repository.js';

type SponsorshipDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'log' | 'payments' | 'site'>;

/** The events that change a sponsorship (docs/sponsorship.md#webhook); others are answered and ignored. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const notFound = () => new AppError('ACTIVITY_NOT_FOUND', 'Activity not found');

function paymentsOf(deps: Pick<Deps, 'payments'>): Payments {
  if (!deps.payments) {
    throw new AppError(
      'PAYMENTS_NOT_CONFIGURED',
      'Online payment is not set up on this server (no STRIPE_SECRET_KEY); an admin sets sponsorships by hand',
    );
  }
  return deps.payments;
}

export function present(row: repo.SponsorshipRow): Sponsorship {
  return {
    id: row.id,
    activityId: row.activityId,
    plan: row.plan as PaidPlan,
    status: row.status,
    live: row.live,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    amountCents: row.amountCents,
    createdAt: row.createdAt.toISOString(),
  };
}

async function providerOf(db: Db, principal: Principal) {
  const provider = await repo.providerOfUser(db, principal.id);
  if (!provider) throw new AppError('NOT_A_PROVIDER', 'This account has no provider profile');
  return provider;
}

async function ownActivity(db: Db, principal: Principal, activityId: number) {
  const provider = await providerOf(db, principal);
  const row = await repo.activityWithOwner(db, activityId);
  if (!row || row.activity.providerId !== provider.id) throw notFound();
  return row.activity;
}

/** The Stripe customer of the provider's account, made at their first purchase. */
async function customerFor(db: Db, payments: Payments, principal: Principal): Promise<string> {
  const user = await repo.customerOfUser(db, principal.id);
  if (user?.customerId) return user.customerId;
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || 'DiscoverLocal provider';
  const created = await payments.createCustomer({ userId: principal.id, email: user?.email ?? null, name });
  return repo.setCustomerOfUser(db, principal.id, created);
}

const sponsorshipPage = (deps: SponsorshipDeps, query = '') =>
  `${deps.config.auth.publicUrl}/provider/sponsorship${query}`;

/**
 * Where a provider goes to buy `plan` for their activity (docs/sponsorship.md#buying):
 * Stripe Checkout for a new sponsorship; for one that runs with another plan, the
 * billing portal's page that confirms the change; the same plan again is a 409.
 */
export async function startCheckout(
  deps: SponsorshipDeps,
  principal: Principal,
  activityId: number,
  plan: PaidPlan,
  language: Language,
): Promise<string> {
  const payments = paymentsOf(deps);
  const { db } = deps;
  const activity = await ownActivity(db, principal, activityId);
  if (!activity.isApproved || !activity.isActive) {
    throw new AppError('ACTIVITY_NOT_PUBLIC', 'Only a published activity that is not paused can be sponsored');
  }
  const [live] = await repo.liveOfActivity(db, activityId);
  const prices = await payments.prices();
  const customerId = await customerFor(db, payments, principal);
  const returnUrl = sponsorshipPage(deps);
  if (live) {
    if (live.plan === plan) throw new AppError('ALREADY_SPONSORED', 'This activity already has this plan');
    // Overdue: the portal shows the unpaid invoice first.
    if (live.status !== 'active' && live.status !== 'trialing') {
      return payments.createPortal({ customerId: live.stripeCustomerId, returnUrl });
    }
    const snapshot = await payments.retrieveSubscription(live.stripeSubscriptionId);
    if (snapshot?.itemId) {
      return payments.createPortal({
        customerId: live.stripeCustomerId,
        returnUrl,
        flow: {
          type: 'change',
          subscriptionId: live.stripeSubscriptionId,
          itemId: snapshot.itemId,
          priceId: prices[plan],
        },
      });
    }
  }
  return payments.createCheckout({
    customerId,
    priceId: prices[plan],
    activityId,
    plan,
    successUrl: sponsorshipPage(deps, `?checkout=success&activity=${activityId}`),
    cancelUrl: sponsorshipPage(deps, `?checkout=cancelled&activity=${activityId}`),
    language,
  });
}

/** Stripe's billing portal for the provider's invoices and cancellations; on one activity's cancellation when given. */
export async function openPortal(
  deps: SponsorshipDeps,
  principal: Principal,
  activityId: number | undefined,
): Promise<string> {
  const payments = paymentsOf(deps);
  const { db } = deps;
  await providerOf(db, principal);
  let live: repo.SponsorshipRow | undefined;
  if (activityId !== undefined) {
    await ownActivity(db, principal, activityId);
    [live] = await repo.liveOfActivity(db, activityId);
  }
  const customerId = live?.stripeCustomerId ?? (await repo.customerOfUser(db, principal.id))?.customerId;
  if (!customerId) throw new AppError('NO_BILLING_ACCOUNT', 'Nothing was bought with this account yet');
  const returnUrl = sponsorshipPage(deps);
  return payments.createPortal({
    customerId,
    returnUrl,
    ...(live && !live.cancelAtPeriodEnd ? { flow: { type: 'cancel', subscriptionId: live.stripeSubscriptionId } } : {}),
  });
}

/** The level of the activity from its live paid sponsorships: the highest plan, or none. */
async function syncActivityLevel(db: Db, activityId: number) {
  const live = await repo.liveOfActivity(db, activityId);
  const level = Math.max(0, ...live.map((row) => PLAN_LEVEL[row.plan as PaidPlan] ?? 0));
  await repo.setActivityLevel(db, activityId, level);
}

/**
 * Brings the sponsorship of a subscription in line with what Stripe says of it
 * now, and the activity's level with it. Whatever order events come in, the
 * result is Stripe's current state; an ended subscription never comes back.
 */
async function applySnapshot(db: Db, snapshot: SubscriptionSnapshot, now: Date, log: Deps['log']) {
  if (snapshot.activityId === null || snapshot.plan === null) {
    log.warn({ subscription: snapshot.id }, 'Stripe subscription without an activity or a known plan: ignored');
    return;
  }
  const activity = await repo.lockActivity(db, snapshot.activityId);
  const existing = await repo.findBySubscription(db, snapshot.id);
  const ended = (status: string) => (ENDED_STATUSES as readonly string[]).includes(status);
  if (existing && ended(existing.status) && !ended(snapshot.status)) return;

  const paidNow = snapshot.status === 'active' || snapshot.status === 'trialing';
  const periodEnd = snapshot.currentPeriodEnd;
  const paidThrough =
    paidNow && periodEnd && (!existing?.paidThrough || periodEnd > existing.paidThrough)
      ? periodEnd
      : (existing?.paidThrough ?? null);
  const live = activity !== undefined && isLive(snapshot.status, paidThrough, now);
  await repo.upsertSponsorship(db, {
    activityId: activity ? snapshot.activityId : null,
    userId: existing?.userId ?? activity?.providerUserId ?? null,
    plan: snapshot.plan,
    stripeSubscriptionId: snapshot.id,
    stripeCustomerId: snapshot.customerId,
    status: snapshot.status,
    live,
    currentPeriodEnd: periodEnd,
    paidThrough,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    amountCents: snapshot.amountCents ?? existing?.amountCents ?? 0,
    updatedAt: now,
  });
  // The level changes only when this subscription starts or stops counting, or its plan changes:
  // a late event of an old subscription never undoes what an admin set since.
  if (activity && (live !== (existing?.live ?? false) || (live && existing?.plan !== snapshot.plan))) {
    await syncActivityLevel(db, snapshot.activityId);
  }
}

const stringField = (object: Record<string, unknown>, key: string): string | null => {
  const value = object[key];
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id;
  }
  return null;
};

/** The subscription an event is about, in the shapes Stripe gives it. */
function subscriptionOfEvent(type: string, object: Record<string, unknown>): string | null {
  if (type.startsWith('customer.subscription.')) return stringField(object, 'id');
  if (type === 'checkout.session.completed') return stringField(object, 'subscription');
  if (type.startsWith('invoice.')) {
    const parent = object.parent as { subscription_details?: Record<string, unknown> | null } | null | undefined;
    return (
      (parent?.subscription_details && stringField(parent.subscription_details, 'subscription')) ??
      stringField(object, 'subscription')
    );
  }
  return null;
}

export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored';

/**
 * One webhook delivery (docs/sponsorship.md#webhook): the signature is checked
 * on the raw body, each event is handled once, and the subscription is read
 * from Stripe so that late or repeated events cannot turn the clock back. A
 * failure before the commit leaves the event unhandled, and Stripe sends it again.
 */
export async function handleWebhook(
  deps: SponsorshipDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const payments = paymentsOf(deps);
  const { db, clock, log } = deps;
  const event = payments.verifyEvent(rawBody, signature);
  if (!HANDLED_EVENTS.has(event.type)) return 'ignored';
  if (await repo.eventSeen(db, event.id)) return 'duplicate';

  const subscriptionId = subscriptionOfEvent(event.type, event.object);
  const snapshot = subscriptionId ? await payments.retrieveSubscription(subscriptionId) : null;
  return db.transaction(async (tx) => {
    if (!(await repo.recordEvent(tx, event.id, event.type))) return 'duplicate';
    if (snapshot) await applySnapshot(tx, snapshot, clock.now(), log);
    if (event.type === 'invoice.paid' && subscriptionId) {
      const sponsorship = await repo.findBySubscription(tx, subscriptionId);
      const invoiceId = stringField(event.object, 'id');
      const amount = event.object.amount_paid;
      if (invoiceId && typeof amount === 'number' && amount > 0) {
        const paidAt = (event.object.status_transitions as { paid_at?: number | null } | undefined)?.paid_at;
        await repo.recordPayment(tx, {
          stripeInvoiceId: invoiceId,
          sponsorshipId: sponsorship?.id ?? null,
          amountCents: amount,
          currency: String(event.object.currency ?? 'eur').slice(0, 3),
          paidAt: paidAt ? new Date(paidAt * 1000) : clock.now(),
        });
      }
    }
    return 'handled';
  });
}

/**
 * In case a webhook was missed (docs/sponsorship.md#missed-events): each live
 * sponsorship whose paid time is over is read again from Stripe; one Stripe
 * cannot confirm (or without Stripe configured) ends. Run at start and hourly.
 */
export async function checkLapsedSponsorships(deps: SponsorshipDeps): Promise<number> {
  const { db, clock, log, payments } = deps;
  let ended = 0;
  for (const row of await repo.dueForCheck(db, clock.now())) {
    let snapshot: SubscriptionSnapshot | null = null;
    if (payments) {
      try {
        snapshot = await payments.retrieveSubscription(row.stripeSubscriptionId);
      } catch (error) {
        log.warn({ err: error, subscription: row.stripeSubscriptionId }, 'Stripe not reached for a lapsed sponsorship');
      }
    }
    await db.transaction(async (tx) => {
      if (snapshot) {
        await applySnapshot(tx, snapshot, clock.now(), log);
        return;
      }
      // Stripe knows no such subscription, or cannot be asked: the paid time is over.
      if (row.activityId !== null) await repo.lockActivity(tx, row.activityId);
      await repo.markEnded(tx, row.id);
      if (row.activityId !== null) await syncActivityLevel(tx, row.activityId);
    });
    const after = await repo.findBySubscription(db, row.stripeSubscriptionId);
    if (after && !after.live) ended++;
  }
  return ended;
}

/** The provider's published activities with their sponsorship, for the sponsorship page. */
export async function listOwn({ db }: SponsorshipDeps, principal: Principal): Promise<OwnSponsorship[]> {
  const provider = await repo.providerOfUser(db, principal.id);
  if (!provider) return [];
  const { rows, paid } = await repo.ownPublished(db, provider.id);
  const requests = await repo.latestRequests(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const sponsorship = paid.find((p) => p.activityId === row.id);
    const request = requests.get(row.id);
    return {
      activityId: row.id,
      name: row.name,
      isActive: row.isActive,
      sponsorLevel: row.sponsorLevel,
      sponsoredUntil: row.sponsoredUntil,
      sponsorship: sponsorship ? present(sponsorship) : null,
      request: request ? presentRequest(request) : null,
    };
  });
}

/** What the admin sees: the live sponsorships, and the money received per month. */
export async function overview({ db }: SponsorshipDeps): Promise<SponsorshipOverview> {
  const [live, revenue] = await Promise.all([repo.liveOverview(db), repo.revenueByMonth(db)]);
  return {
    active: live.map((row): AdminSponsorship => ({
      ...present(row.sponsorship),
      activityName: row.activityName,
      providerName: row.providerName,
    })),
    revenue,
  };
}

// Set by hand (docs/sponsorship.md#set-by-hand)

/** A change of the hand-set level: the level 0-3 and its last day (null: until further notice). */
export interface HandSetChange {
  sponsorLevel?: number;
  sponsoredUntil?: string | null;
}

/** What a hand-set change needs besides the transaction: the time, and the site's address for the notices. */
export interface HandSetContext {
  now: Date;
  publicUrl: string;
}

/** The name of a level in every language (the plans' names are not translated). */
const LEVEL_NAME: Record<number, string> = { 1: 'Sponsor', 2: 'Premium', 3: 'TOP' };
const planName = (plan: PaidPlan) => LEVEL_NAME[PLAN_LEVEL[plan]] ?? plan;

const paidRuns = () =>
  new AppError(
    'SPONSORSHIP_PAID',
    'This activity has a sponsorship paid through Stripe; it follows the payments, not a hand-set level',
  );

/** A notice to the activity's provider (none for the guide's own listings), its values in the recipient's language. */
async function noticeToProvider(
  tx: Db,
  providerId: number | null,
  kind: NoticeKind,
  values: (language: Language) => Record<string, string>,
  ctx: HandSetContext,
) {
  if (providerId === null) return;
  const to = await providerRecipient(tx, providerId);
  if (!to) return;
  await enqueueNotice(tx, to, { kind, values: values(to.language), path: '/provider/sponsorship' }, ctx);
}

const lastDay = (until: string | null, language: Language) =>
  until ? formatDay(until, language) : TEXTS[language].sponsorshipNoEnd;

/**
 * The one way a level is set by hand, in the caller's transaction: by an admin's edit, or by
 * granting a provider's request. Refused (409 `SPONSORSHIP_PAID`) while a paid sponsorship gives
 * the activity its level; a last day must be today or later. Level 0 ends it (and its last day).
 * The provider is told when a level is set, changed or ended (docs/mail.md#notices).
 */
export async function setByHand(tx: Db, activityId: number, change: HandSetChange, ctx: HandSetContext): Promise<void> {
  if (change.sponsorLevel === undefined && change.sponsoredUntil === undefined) return;
  const before = await repo.lockHandLevel(tx, activityId);
  if (!before) throw notFound();
  if (await repo.hasLivePaidSponsorship(tx, activityId)) throw paidRuns();
  const values: { sponsorLevel?: number; isSponsored?: boolean; sponsoredUntil?: string | null } = {};
  if (change.sponsorLevel !== undefined) {
    values.sponsorLevel = change.sponsorLevel;
    values.isSponsored = change.sponsorLevel > 0;
    if (change.sponsorLevel === 0) values.sponsoredUntil = null;
  }
  if (change.sponsoredUntil !== undefined && change.sponsorLevel !== 0) values.sponsoredUntil = change.sponsoredUntil;
  if (values.sponsoredUntil && values.sponsoredUntil < todayInParis(ctx.now)) {
    throw new AppError('VALIDATION_FAILED', 'sponsoredUntil must be today or later', [
      { path: 'sponsoredUntil', message: 'must be today or later' },
    ]);
  }
  await repo.setHandLevel(tx, activityId, values);

  const level = values.sponsorLevel ?? before.sponsorLevel;
  const until = values.sponsoredUntil === undefined ? before.sponsoredUntil : values.sponsoredUntil;
  const kind: NoticeKind | null =
    before.sponsorLevel === 0
      ? level > 0
        ? 'sponsorshipSet'
        : null
      : level === 0
        ? 'sponsorshipEnded'
        : level !== before.sponsorLevel || until !== before.sponsoredUntil
          ? 'sponsorshipChanged'
          : null;
  if (!kind) return;
  await noticeToProvider(
    tx,
    before.providerId,
    kind,
    (language) => ({
      activity: before.name,
      plan: LEVEL_NAME[kind === 'sponsorshipEnded' ? before.sponsorLevel : level] ?? '',
      until: lastDay(until, language),
    }),
    ctx,
  );
}

/** Whether a paid sponsorship gives the activity its level now: such an activity cannot be deleted. */
export const hasLivePaidSponsorship = (db: Db, activityId: number) => repo.hasLivePaidSponsorship(db, activityId);

/**
 * Hand-set sponsorships end after their last day (docs/sponsorship.md#set-by-hand), each provider
 * told in the same transaction: at start and hourly, whatever the number of instances (the rows
 * are locked, so each activity is ended, and its provider told, once).
 */
export async function endExpiredSponsorships({
  db,
  clock,
  config,
}: Pick<Deps, 'db' | 'clock' | 'config'>): Promise<number> {
  const now = clock.now();
  const today = todayInParis(now);
  return db.transaction(async (tx) => {
    const expired = await repo.expiredHandLevels(tx, today);
    const ended = await repo.endHandLevels(
      tx,
      expired.map((row) => row.id),
      today,
    );
    for (const row of expired) {
      if (row.sponsorLevel === 0) continue;
      await noticeToProvider(
        tx,
        row.providerId,
        'sponsorshipEnded',
        () => ({ activity: row.name, plan: LEVEL_NAME[row.sponsorLevel] ?? '' }),
        { now, publicUrl: config.auth.publicUrl },
      );
    }
    return ended;
  });
}

// Asked for, without Stripe (docs/sponsorship.md#asking-for-a-plan)

const requestNotFound = () => new AppError('SPONSORSHIP_REQUEST_NOT_FOUND', 'Sponsorship request not found');

export function presentRequest(row: repo.RequestRow): SponsorshipRequest {
  return {
    id: row.id,
    activityId: row.activityId,
    plan: row.plan,
    message: row.message,
    status: row.status,
    until: row.until,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * A provider asks the team for a plan for one of their published activities: one open request per
 * activity (409 `SPONSORSHIP_REQUEST_OPEN`); the team is told in the same transaction.
 */
export async function requestPlan(
  deps: SponsorshipDeps,
  principal: Principal,
  activityId: number,
  body: SponsorshipRequestBody,
): Promise<SponsorshipRequest> {
  const { db, clock, config, site } = deps;
  const provider = await providerOf(db, principal);
  const { teamInbox } = await site.current();
  return db.transaction(async (tx) => {
    const owned = await repo.activityWithOwner(tx, activityId);
    const mayAsk =
      owned !== undefined &&
      owned.activity.providerId === provider.id &&
      mayEditActivity({ ...principal, providerStatus: provider.status }, { ownerUserId: owned.ownerUserId });
    if (!mayAsk) throw notFound();
    // The activity's lock keeps two requests of one activity apart.
    const activity = await repo.lockHandLevel(tx, activityId);
    if (!activity) throw notFound();
    if (!activity.isApproved || !activity.isActive) {
      throw new AppError('ACTIVITY_NOT_PUBLIC', 'Only a published activity that is not paused can be sponsored');
    }
    if (await repo.hasLivePaidSponsorship(tx, activityId)) throw paidRuns();
    if (await repo.openRequestOf(tx, activityId)) {
      throw new AppError(
        'SPONSORSHIP_REQUEST_OPEN',
        'This activity already has a request that waits for an answer from the team',
      );
    }
    const now = clock.now();
    const message = body.message?.trim() || null;
    const row = await repo.insertRequest(tx, {
      activityId,
      userId: principal.id,
      plan: body.plan,
      message,
      createdAt: now,
    });
    for (const to of await teamRecipients(tx, teamInbox)) {
      await enqueueNotice(
        tx,
        to,
        {
          kind: 'sponsorshipRequested',
          values: {
            provider: provider.name,
            activity: activity.name,
            plan: planName(body.plan),
            message: message ?? '—',
          },
          path: '/admin/sponsorships',
        },
        { publicUrl: config.auth.publicUrl, now },
      );
    }
    return presentRequest(row);
  });
}

/** The admin's list of requests, paged, open ones first in line (docs/sponsorship.md#asking-for-a-plan). */
export async function listRequests(
  { db }: SponsorshipDeps,
  query: SponsorshipRequestListQuery,
): Promise<Page<AdminSponsorshipRequest>> {
  const { rows, total } = await repo.listRequests(db, query);
  return {
    total,
    items: rows.map((row) => ({
      ...presentRequest(row.request),
      activityName: row.activityName,
      providerName: row.providerName,
      sponsorLevel: row.sponsorLevel,
      sponsoredUntil: row.sponsoredUntil,
      paidSponsorship: row.paidSponsorship,
    })),
  };
}

/** The open request, with its activity locked first and then itself (the order every writer keeps). */
async function openRequest(tx: Db, id: number) {
  const found = await repo.findRequest(tx, id);
  if (!found) throw requestNotFound();
  const activity = await repo.lockHandLevel(tx, found.activityId);
  const request = await repo.lockRequest(tx, id);
  if (!activity || !request) throw requestNotFound();
  if (request.status !== 'open') {
    throw new AppError('SPONSORSHIP_REQUEST_DECIDED', 'This request has been answered already');
  }
  return { activity, request };
}

/**
 * Grants a request: the plan's level until `until` (today or later), set by hand through
 * `setByHand` (so refused while a paid sponsorship runs, and the provider is told).
 */
export async function grantRequest(
  { db, clock, config }: SponsorshipDeps,
  admin: Principal,
  id: number,
  body: GrantSponsorshipBody,
): Promise<SponsorshipRequest> {
  return db.transaction(async (tx) => {
    const { request } = await openRequest(tx, id);
    const now = clock.now();
    if (body.until < todayInParis(now)) {
      throw new AppError('VALIDATION_FAILED', 'until must be today or later', [
        { path: 'until', message: 'must be today or later' },
      ]);
    }
    await setByHand(
      tx,
      request.activityId,
      { sponsorLevel: PLAN_LEVEL[request.plan], sponsoredUntil: body.until },
      { now, publicUrl: config.auth.publicUrl },
    );
    return presentRequest(
      await repo.decideRequest(tx, id, { status: 'granted', until: body.until, decidedBy: admin.id, decidedAt: now }),
    );
  });
}

/** Refuses a request with a reason, which the provider reads on their page and in the notice. */
export async function refuseRequest(
  { db, clock, config }: SponsorshipDeps,
  admin: Principal,
  id: number,
  body: RefuseSponsorshipBody,
): Promise<SponsorshipRequest> {
  return db.transaction(async (tx) => {
    const { activity, request } = await openRequest(tx, id);
    const now = clock.now();
    const decided = await repo.decideRequest(tx, id, {
      status: 'refused',
      reason: body.reason,
      decidedBy: admin.id,
      decidedAt: now,
    });
    await noticeToProvider(
      tx,
      activity.providerId,
      'sponsorshipRefused',
      () => ({ activity: activity.name, plan: planName(request.plan), reason: body.reason }),
      { now, publicUrl: config.auth.publicUrl },
    );
    return presentRequest(decided);
  });
}
