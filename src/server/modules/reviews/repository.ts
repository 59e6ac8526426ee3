import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { ModerationStatus } from '../../../domain/moderation.js';
import type { PageQuery } from '../../../domain/pagination.js';
import type { Db } from '../../db/client.js';
import { activities, bookings, reviews, users } from '../../db/schema/index.js';

export type ReviewRow = typeof reviews.$inferSelect;

/**
 * "Verified booking": the review is tied to a booking (by the author's own
 * account, or through the invitation's signed link, once the booked day was
 * over) that is still confirmed. Never an address: anyone can type one
 * (docs/security.md#verified-reviews). Written out: in a select list drizzle
 * leaves columns unqualified.
 */
const verifiedBooking = sql<boolean>`exists (
  select 1 from bookings b where b.id = reviews.booking_id and b.status = 'confirmed'
)`;

/** A page of approved reviews, newest first, with what the display name is made of (never an e-mail). */
export async function listApproved(db: Db, activityId: number, query: PageQuery) {
  const where = and(eq(reviews.activityId, activityId), eq(reviews.status, 'approved'));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        title: reviews.title,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
        isAnonymous: reviews.isAnonymous,
        guestName: reviews.guestName,
        authorErasedAt: reviews.authorErasedAt,
        firstName: users.firstName,
        lastName: users.lastName,
        verifiedBooking,
      })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.userId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The review an account already wrote of this activity. */
export async function findByAccount(db: Db, activityId: number, userId: string) {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.activityId, activityId), eq(reviews.userId, userId)));
  return row;
}

/**
 * The booking an account's review of this activity is tied to: one the account made itself,
 * confirmed, whose day is over (before `today`), not tied to a review yet; the latest first.
 */
export async function ownBookingToReview(db: Db, userId: string, activityId: number, today: string) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.activityId, activityId),
        eq(bookings.status, 'confirmed'),
        lt(bookings.bookingDate, today),
        sql`not exists (select 1 from reviews r where r.booking_id = bookings.id)`,
      ),
    )
    .orderBy(desc(bookings.bookingDate), desc(bookings.id))
    .limit(1);
  return row?.id ?? null;
}

/** A booking as a review invitation's link sees it, with whether it has its review already. */
export async function findInvitedBooking(db: Db, bookingId: number) {
  const [row] = await db
    .select({
      id: bookings.id,
      activityId: bookings.activityId,
      status: bookings.status,
      bookingDate: bookings.bookingDate,
      customerName: bookings.customerName,
      customerEmail: bookings.customerEmail,
      numberOfPeople: bookings.numberOfPeople,
      // Written out: in a select list drizzle leaves columns unqualified, and "id" would be the review's.
      reviewed: sql<boolean>`exists (select 1 from reviews r where r.booking_id = bookings.id)`,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row;
}
export type InvitedBooking = NonNullable<Awaited<ReturnType<typeof findInvitedBooking>>>;

export async function insertReview(db: Db, values: typeof reviews.$inferInsert) {
  const [row] = await db.insert(reviews).values(values).returning();
  if (!row) throw new Error('insert returned no review');
  return row;
}

export async function updateReview(db: Db, id: number, values: Partial<typeof reviews.$inferInsert>) {
  const [row] = await db.update(reviews).set(values).where(eq(reviews.id, id)).returning();
  return row;
}

/** Reviews with what the admin panel shows beside them: the activity, the author's account, a confirmed booking. */
function adminRows(db: Db) {
  return db
    .select({
      review: reviews,
      activityName: activities.name,
      firstName: users.firstName,
      lastName: users.lastName,
      userEmail: users.email,
      verifiedBooking,
    })
    .from(reviews)
    .innerJoin(activities, eq(activities.id, reviews.activityId))
    .leftJoin(users, eq(users.id, reviews.userId));
}

/** A page of reviews for the admin panel, all or of one status, newest first. */
export async function listForAdmin(db: Db, query: PageQuery & { status?: ModerationStatus }) {
  const where = query.status ? eq(reviews.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    adminRows(db)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One review as the admin panel shows it. */
export async function findForAdmin(db: Db, id: number) {
  const [row] = await adminRows(db).where(eq(reviews.id, id));
  return row;
}
export type AdminReviewRow = NonNullable<Awaited<ReturnType<typeof findForAdmin>>>;

/**
 * Recomputes rating (average of approved reviews, one decimal) and review
 * count of the given activities, or of all (docs/product.md#ratings).
 */
export async function refreshRatings(db: Db, activityIds?: number[]): Promise<void> {
  const scope = activityIds
    ? sql`where ${activities.id} in ${activityIds.length ? sql`(${sql.join(activityIds, sql`, `)})` : sql`(null)`}`
    : sql``;
  await db.execute(sql`
    update ${activities} set
      rating = coalesce((select round(avg(r.rating)::numeric, 1) from ${reviews} r where r.activity_id = ${activities.id} and r.status = 'approved'), 0),
      review_count = (select count(*) from ${reviews} r where r.activity_id = ${activities.id} and r.status = 'approved')
    ${scope}`);
}

/**
 * Whether a booking has its review, the day after it (docs/product.md#reviews): one tied to it
 * already, or one the account that made the booking wrote of the activity, which is tied to it
 * now (the account made a confirmed booking whose day is over) unless it has its booking.
 */
export async function settleBookingReview(
  db: Db,
  booking: { id: number; activityId: number; userId: string | null },
): Promise<boolean> {
  const [tied] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, booking.id));
  if (tied) return true;
  if (!booking.userId) return false;
  const [own] = await db
    .select({ id: reviews.id, bookingId: reviews.bookingId })
    .from(reviews)
    .where(and(eq(reviews.activityId, booking.activityId), eq(reviews.userId, booking.userId)));
  if (!own) return false;
  if (own.bookingId === null) await db.update(reviews).set({ bookingId: booking.id }).where(eq(reviews.id, own.id));
  return true;
}
