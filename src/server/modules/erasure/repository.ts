import { and, count, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { ErasureKind } from '../../../domain/privacy.js';
import type { PageQuery } from '../../../domain/pagination.js';
import type { Db } from '../../db/client.js';
import {
  activities,
  activityAudit,
  bookingEvents,
  bookings,
  dataLinks,
  erasures,
  outbox,
  providers,
  reviews,
  sessions,
  sponsorships,
  users,
} from '../../db/schema/index.js';

/** What an anonymised booking keeps of its guest: nothing (docs/privacy.md#retention). */
export const ANONYMOUS_GUEST = { customerName: '', customerEmail: '', customerPhone: null, notes: null } as const;
/** Who wrote a booking event as its guest: their messages go with their details. */
const GUEST_ACTORS = ['guest', 'user'];

const sameAddress = (column: SQL | typeof bookings.customerEmail, email: string) =>
  sql`lower(${column}) = lower(${email})`;

/** The account's row, held until the transaction ends (a second erasure of it waits, then finds nothing). */
export async function lockUser(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** The accounts under an address, whatever its case. */
export function usersByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(sameAddress(sql`${users.email}`, email));
}

/** The same, held until the transaction ends. */
export function lockUsersByEmail(db: Db, email: string) {
  return usersByEmail(db, email).for('update');
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
  return row?.n ?? 0;
}

/** The same lock as the admins' role changes (admin/repository.ts): the last admin cannot go either way. */
export async function lockRoleChanges(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(470113)`);
}

/** The bookings of an account (by its id) or of an address that still hold their guest's details. */
function keptBookingsOf(who: { userId?: string; email?: string | null }): SQL | undefined {
  const parts: SQL[] = [];
  if (who.userId) parts.push(eq(bookings.userId, who.userId));
  if (who.email) parts.push(sameAddress(bookings.customerEmail, who.email));
  if (parts.length === 0) return undefined;
  return and(or(...parts), isNull(bookings.anonymisedAt));
}

/**
 * Anonymises the bookings whose day is before `today` (docs/privacy.md#deleting-an-account): the
 * guest's name, address, phone and notes, and their messages in the booking's history; the row,
 * its people, amount and status stay for the numbers. Answers the ids.
 */
export async function anonymisePastBookings(
  db: Db,
  who: { userId?: string; email?: string | null },
  today: string,
  now: Date,
): Promise<number[]> {
  const where = keptBookingsOf(who);
  if (!where) return [];
  const rows = await db
    .update(bookings)
    .set({ ...ANONYMOUS_GUEST, userId: null, eraseAfterDay: false, anonymisedAt: now, updatedAt: now })
    .where(and(where, lt(bookings.bookingDate, today)))
    .returning({ id: bookings.id });
  const ids = rows.map((row) => row.id);
  await clearGuestMessages(db, ids);
  return ids;
}

/**
 * The bookings still to come (today or later): their guest's details stay for the provider until
 * the day is past, then the retention job erases them (`erase_after_day`). Answers the ids.
 */
export async function keepUntilTheirDay(
  db: Db,
  who: { userId?: string; email?: string | null },
  today: string,
  now: Date,
): Promise<number[]> {
  const where = keptBookingsOf(who);
  if (!where) return [];
  const rows = await db
    .update(bookings)
    .set({ userId: null, eraseAfterDay: true, updatedAt: now })
    .where(and(where, sql`${bookings.bookingDate} >= ${today}`))
    .returning({ id: bookings.id });
  return rows.map((row) => row.id);
}

/** The guest's own messages in the bookings' history (a cancellation's reason, say). */
export async function clearGuestMessages(db: Db, bookingIds: number[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await db
    .update(bookingEvents)
    .set({ message: null })
    .where(and(inArray(bookingEvents.bookingId, bookingIds), inArray(bookingEvents.actor, GUEST_ACTORS)));
}

/** Deletes the reviews of an account, or typed under an address; answers their activities. */
export async function deleteReviews(db: Db, who: { userId?: string; email?: string }): Promise<number[]> {
  const parts: SQL[] = [];
  if (who.userId) parts.push(eq(reviews.userId, who.userId));
  if (who.email) parts.push(sameAddress(sql`${reviews.guestEmail}`, who.email));
  if (parts.length === 0) return [];
  const rows = await db
    .delete(reviews)
    .where(or(...parts))
    .returning({ activityId: reviews.activityId });
  return rows.map((row) => row.activityId);
}

/** Keeps an account's reviews under "former guest": no account, name or address (their ratings still count). */
export async function keepReviewsWithoutAuthor(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(reviews)
    .set({ userId: null, guestName: null, guestEmail: null, authorErasedAt: now, updatedAt: now })
    .where(eq(reviews.userId, userId))
    .returning({ id: reviews.id });
  return rows.length;
}

function providersWhere(who: { userId?: string; email?: string }): SQL | undefined {
  const parts: SQL[] = [];
  if (who.userId) parts.push(eq(providers.userId, who.userId));
  if (who.email) parts.push(sameAddress(sql`${providers.email}`, who.email));
  return parts.length === 0 ? undefined : or(...parts);
}

/** The provider rows of an account, or under an address. */
export async function providersOf(db: Db, who: { userId?: string; email?: string }) {
  const where = providersWhere(who);
  return where ? db.select().from(providers).where(where) : [];
}

/** The same, held until the transaction ends. */
export async function lockProviders(db: Db, who: { userId?: string; email?: string }) {
  const where = providersWhere(who);
  return where ? db.select().from(providers).where(where).for('update') : [];
}

/**
 * A deleted provider's activities leave the guide (unpublished, back to drafts, as an admin's
 * "unpublish": docs/read-model.md hears of it through the activities' trigger) and lose any
 * sponsor level; each change is written in the activity's audit trail. Answers the activities' ids.
 */
export async function unpublishActivitiesOf(
  db: Db,
  providerIds: number[],
  actorId: string | null,
  now: Date,
): Promise<number[]> {
  if (providerIds.length === 0) return [];
  const rows = await db
    .update(activities)
    .set({ isApproved: false, isSponsored: false, sponsorLevel: 0, sponsoredUntil: null, updatedAt: now })
    .where(inArray(activities.providerId, providerIds))
    .returning({ id: activities.id });
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) {
    await db.insert(activityAudit).values(
      ids.map((activityId) => ({
        activityId,
        actorId,
        action: 'unpublish' as const,
        changes: { isApproved: false, sponsorLevel: 0, reason: 'the provider’s account was erased' },
        createdAt: now,
      })),
    );
  }
  return ids;
}

/** The live paid sponsorships of an account or of some activities: those Stripe is asked to end. */
export async function liveSponsorships(db: Db, userIds: string[], activityIds: number[]) {
  const parts: SQL[] = [];
  if (userIds.length) parts.push(inArray(sponsorships.userId, userIds));
  if (activityIds.length) parts.push(inArray(sponsorships.activityId, activityIds));
  if (parts.length === 0) return [];
  return db
    .select()
    .from(sponsorships)
    .where(and(eq(sponsorships.live, true), or(...parts)));
}

/** Ends sponsorships here: they give no level any more (Stripe was told before). */
export async function endSponsorships(db: Db, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(sponsorships)
    .set({ live: false, status: 'canceled', cancelAtPeriodEnd: false, updatedAt: now })
    .where(inArray(sponsorships.id, ids));
}

/** Deletes provider rows: their activities' provider becomes null (the team answers their bookings). */
export async function deleteProviders(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(providers).where(inArray(providers.id, ids));
}

/** Deletes accounts; every reference to them is `on delete set null`. */
export async function deleteUsers(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(users).where(inArray(users.id, ids));
}

/** Ends every session of the accounts at once, on every instance (sessions live in the database). */
export async function deleteSessionsOf(db: Db, userIds: string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await db
    .delete(sessions)
    .where(inArray(sql`${sessions.sess} ->> 'userId'`, userIds))
    .returning({ sid: sessions.sid });
  return rows.length;
}

/** Mail already sent or given up to an address, and its data links: nothing of it need stay. */
export async function deleteMailAndLinksTo(db: Db, email: string): Promise<void> {
  await db
    .delete(outbox)
    .where(and(sql`${outbox.status} <> 'pending'`, sql`lower(${outbox.payload} ->> 'to') = lower(${email})`));
  await db.delete(dataLinks).where(sameAddress(sql`${dataLinks.email}`, email));
}

export async function recordErasure(db: Db, kind: ErasureKind, erasedBy: string | null, now: Date): Promise<void> {
  await db.insert(erasures).values({ kind, erasedBy, erasedAt: now });
}

/** A page of the erasure record, newest first, with the admin's name. */
export async function listErasures(db: Db, query: PageQuery) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: erasures.id,
        kind: erasures.kind,
        erasedAt: erasures.erasedAt,
        adminId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(erasures)
      .leftJoin(users, eq(users.id, erasures.erasedBy))
      .orderBy(desc(erasures.erasedAt), desc(erasures.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(erasures),
  ]);
  return { rows, total: total?.n ?? 0 };
}
