import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { ModerationStatus } from '../../../domain/moderation.js';
import type { PageQuery } from '../../../domain/pagination.js';
import type { Db } from '../../db/client.js';
import { activities, bookings, reviews, users } from '../../db/schema/index.js';

export type ReviewRow = typeof reviews.$inferSelect;

/**
 * Whether the review's author has a confirmed booking of its activity: by
 * account, or by address (the guest's, or the account's verified one).
 */
const verifiedBooking = sql<boolean>`exists (
  select 1 from ${bookings} b
  where b.activity_id = ${reviews.activityId} and b.status = 'confirmed'
    and (
      (${reviews.userId} is not null and b.user_id = ${reviews.userId})
      or (${reviews.userId} is null and lower(b.customer_email) = lower(${reviews.guestEmail}))
      or (${users.emailVerified} and lower(b.customer_email) = lower(${users.email}))
    )
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

/** A review this person already wrote of this activity (by account, or as a guest by address). */
export async function findByAuthor(db: Db, activityId: number, author: { userId: string } | { email: string }) {
  const who: SQL =
    'userId' in author
      ? eq(reviews.userId, author.userId)
      : sql`${reviews.userId} is null and lower(${reviews.guestEmail}) = lower(${author.email})`;
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.activityId, activityId), who));
  return row;
}

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
