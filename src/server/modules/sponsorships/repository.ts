import { and, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { TIME_ZONE } from '../../../domain/dates.js';
import type { SponsorshipRequestStatus } from '../../../domain/sponsorships.js';
import type { Db } from '../../db/client.js';
import {
  activities,
  providers,
  sponsorshipPayments,
  sponsorshipRequests,
  sponsorships,
  stripeEvents,
  users,
} from '../../db/schema/index.js';

export type SponsorshipRow = typeof sponsorships.$inferSelect;
export type ProviderRow = typeof providers.$inferSelect;

export async function providerOfUser(db: Db, userId: string): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(providers).where(eq(providers.userId, userId));
  return row;
}

/** What sponsorship needs to know of an activity: whether the public sees it, its level, whose it is. */
const activityFacts = {
  id: activities.id,
  name: activities.name,
  providerId: activities.providerId,
  isApproved: activities.isApproved,
  isActive: activities.isActive,
  sponsorLevel: activities.sponsorLevel,
  sponsoredUntil: activities.sponsoredUntil,
};

/** One activity with the account of its provider (null: the guide's own), or undefined. */
export async function activityWithOwner(db: Db, id: number) {
  const [row] = await db
    .select({ activity: activityFacts, ownerUserId: providers.userId })
    .from(activities)
    .leftJoin(providers, eq(providers.id, activities.providerId))
    .where(eq(activities.id, id));
  return row;
}

/** The activity's level as set now, locked until the transaction ends (a hand-set change reads it first). */
export async function lockHandLevel(db: Db, id: number) {
  const [row] = await db.select(activityFacts).from(activities).where(eq(activities.id, id)).for('update');
  return row;
}

/** A level set by hand, with its last day (null: until further notice). */
export async function setHandLevel(
  db: Db,
  id: number,
  values: { sponsorLevel?: number; isSponsored?: boolean; sponsoredUntil?: string | null },
) {
  if (Object.keys(values).length === 0) return;
  await db.update(activities).set(values).where(eq(activities.id, id));
}

/** Whether a sponsorship paid through Stripe gives the activity its level now (docs/sponsorship.md). */
export async function hasLivePaidSponsorship(db: Db, activityId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(sponsorships)
    .where(and(eq(sponsorships.activityId, activityId), eq(sponsorships.live, true)));
  return (row?.n ?? 0) > 0;
}

/** Hand-set sponsorships whose last day is over, locked: one instance ends each (docs/provider-workspace.md#admin). */
export async function expiredHandLevels(db: Db, today: string) {
  return db.select(activityFacts).from(activities).where(lt(activities.sponsoredUntil, today)).for('update');
}

export async function endHandLevels(db: Db, ids: number[], today: string): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(activities)
    .set({ sponsorLevel: 0, isSponsored: false, sponsoredUntil: null })
    .where(and(inArray(activities.id, ids), lt(activities.sponsoredUntil, today)))
    .returning({ id: activities.id });
  return rows.length;
}

export async function findBySubscription(db: Db, subscriptionId: string): Promise<SponsorshipRow | undefined> {
  const [row] = await db.select().from(sponsorships).where(eq(sponsorships.stripeSubscriptionId, subscriptionId));
  return row;
}

/** Writes what Stripe says of a subscription, whether it is new or known. */
export async function upsertSponsorship(db: Db, values: typeof sponsorships.$inferInsert) {
  const { stripeSubscriptionId: _key, createdAt: _created, ...changes } = values;
  await db
    .insert(sponsorships)
    .values(values)
    .onConflictDoUpdate({ target: sponsorships.stripeSubscriptionId, set: changes });
}

/** Locks the activity row, so that two events of one activity are applied one after the other. */
export async function lockActivity(db: Db, activityId: number) {
  const [row] = await db
    .select({ id: activities.id, providerUserId: providers.userId })
    .from(activities)
    .leftJoin(providers, eq(providers.id, activities.providerId))
    .where(eq(activities.id, activityId))
    .for('update', { of: activities });
  return row;
}

export async function liveOfActivity(db: Db, activityId: number): Promise<SponsorshipRow[]> {
  return db
    .select()
    .from(sponsorships)
    .where(and(eq(sponsorships.activityId, activityId), eq(sponsorships.live, true)));
}

/** The level a paid sponsorship gives: a hand-set last day does not apply to it. */
export async function setActivityLevel(db: Db, activityId: number, level: number) {
  await db
    .update(activities)
    .set({ sponsorLevel: level, isSponsored: level > 0, sponsoredUntil: null })
    .where(eq(activities.id, activityId));
}

export async function eventSeen(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id));
  return row !== undefined;
}

/** Records an event as handled; false when it already was (a replay, or the same event twice at once). */
export async function recordEvent(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

export async function recordPayment(db: Db, values: typeof sponsorshipPayments.$inferInsert) {
  await db.insert(sponsorshipPayments).values(values).onConflictDoNothing();
}

export async function customerOfUser(db: Db, userId: string) {
  const [row] = await db
    .select({
      customerId: users.stripeCustomerId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Keeps the first customer made for a user (a second one, made at the same moment, is not used). */
export async function setCustomerOfUser(db: Db, userId: string, customerId: string): Promise<string> {
  await db
    .update(users)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
  const [row] = await db.select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  return row?.customerId ?? customerId;
}

/** A provider's published activities, each with its sponsorships (live ones and the newest first). */
export async function ownPublished(db: Db, providerId: number) {
  const rows = await db
    .select({
      id: activities.id,
      name: activities.name,
      isActive: activities.isActive,
      sponsorLevel: activities.sponsorLevel,
      sponsoredUntil: activities.sponsoredUntil,
    })
    .from(activities)
    .where(and(eq(activities.providerId, providerId), eq(activities.isApproved, true)))
    .orderBy(activities.sortName, activities.id);
  const ids = rows.map((r) => r.id);
  const paid =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(sponsorships)
          .where(inArray(sponsorships.activityId, ids))
          .orderBy(desc(sponsorships.live), desc(sponsorships.createdAt), desc(sponsorships.id));
  return { rows, paid };
}

/** Live sponsorships whose paid time may be over: Stripe is asked again, or they end (docs/sponsorship.md#missed-events). */
export async function dueForCheck(db: Db, now: Date): Promise<SponsorshipRow[]> {
  return db
    .select()
    .from(sponsorships)
    .where(
      and(eq(sponsorships.live, true), or(lte(sponsorships.currentPeriodEnd, now), lte(sponsorships.paidThrough, now))),
    );
}

export async function markEnded(db: Db, id: number) {
  await db
    .update(sponsorships)
    .set({ live: false, updatedAt: sql`now()` })
    .where(eq(sponsorships.id, id));
}

/** The live sponsorships with their activity and provider, for the admin. */
export async function liveOverview(db: Db) {
  return db
    .select({ sponsorship: sponsorships, activityName: activities.name, providerName: providers.name })
    .from(sponsorships)
    .leftJoin(activities, eq(activities.id, sponsorships.activityId))
    .leftJoin(providers, eq(providers.id, activities.providerId))
    .where(eq(sponsorships.live, true))
    .orderBy(desc(sponsorships.createdAt), desc(sponsorships.id));
}

/** Money received per calendar month in Limoux, newest first. */
export async function revenueByMonth(db: Db) {
  // The zone is a constant written into the SQL: as a parameter, GROUP BY would not see one expression.
  const month = sql<string>`to_char(${sponsorshipPayments.paidAt} at time zone ${sql.raw(`'${TIME_ZONE}'`)}, 'YYYY-MM')`;
  return db
    .select({
      month,
      amountCents: sql<number>`sum(${sponsorshipPayments.amountCents})::int`,
      payments: sql<number>`count(*)::int`,
    })
    .from(sponsorshipPayments)
    .groupBy(month)
    .orderBy(desc(month));
}

// Requests for a plan (docs/sponsorship.md#asking-for-a-plan)

export type RequestRow = typeof sponsorshipRequests.$inferSelect;

export async function insertRequest(db: Db, values: typeof sponsorshipRequests.$inferInsert): Promise<RequestRow> {
  const [row] = await db.insert(sponsorshipRequests).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function openRequestOf(db: Db, activityId: number): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(sponsorshipRequests)
    .where(and(eq(sponsorshipRequests.activityId, activityId), eq(sponsorshipRequests.status, 'open')));
  return row;
}

export async function findRequest(db: Db, id: number): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(sponsorshipRequests).where(eq(sponsorshipRequests.id, id));
  return row;
}

/** The request, locked until the transaction ends (its activity is locked first, as everywhere). */
export async function lockRequest(db: Db, id: number): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(sponsorshipRequests).where(eq(sponsorshipRequests.id, id)).for('update');
  return row;
}

export async function decideRequest(db: Db, id: number, values: Partial<typeof sponsorshipRequests.$inferInsert>) {
  const [row] = await db.update(sponsorshipRequests).set(values).where(eq(sponsorshipRequests.id, id)).returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** The newest request of each of the given activities. */
export async function latestRequests(db: Db, activityIds: number[]) {
  if (activityIds.length === 0) return new Map<number, RequestRow>();
  const rows = await db
    .selectDistinctOn([sponsorshipRequests.activityId])
    .from(sponsorshipRequests)
    .where(inArray(sponsorshipRequests.activityId, activityIds))
    .orderBy(sponsorshipRequests.activityId, desc(sponsorshipRequests.createdAt), desc(sponsorshipRequests.id));
  return new Map(rows.map((row) => [row.activityId, row]));
}

/**
 * The admin's list of requests, with the activity, its provider and its level now: open ones
 * oldest first (a queue), decided ones newest first.
 */
export async function listRequests(
  db: Db,
  query: { status?: SponsorshipRequestStatus; limit: number; offset: number },
) {
  const where = query.status ? eq(sponsorshipRequests.status, query.status) : undefined;
  const order =
    query.status === 'open'
      ? [sponsorshipRequests.createdAt, sponsorshipRequests.id]
      : [
          desc(sql`coalesce(${sponsorshipRequests.decidedAt}, ${sponsorshipRequests.createdAt})`),
          desc(sponsorshipRequests.id),
        ];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        request: sponsorshipRequests,
        activityName: activities.name,
        providerName: providers.name,
        sponsorLevel: activities.sponsorLevel,
        sponsoredUntil: activities.sponsoredUntil,
        paidSponsorship: sql<boolean>`exists (select 1 from ${sponsorships} where ${sponsorships.activityId} = ${activities.id} and ${sponsorships.live})`,
      })
      .from(sponsorshipRequests)
      .innerJoin(activities, eq(activities.id, sponsorshipRequests.activityId))
      .leftJoin(providers, eq(providers.id, activities.providerId))
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(sponsorshipRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
