import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activities, reviews, users } from '../../db/schema/index.js';

/** Approved reviews, newest first, with what the display name is made of (never an e-mail). */
export function listApproved(db: Db, activityId: number) {
  return db
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
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.activityId, activityId), eq(reviews.isApproved, true)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

/**
 * Recomputes rating (average of approved reviews, one decimal) and review
 * count of the given activities, or of all (DECISIONS 6b).
 */
export async function refreshRatings(db: Db, activityIds?: number[]): Promise<void> {
  const scope = activityIds
    ? sql`where ${activities.id} in ${activityIds.length ? sql`(${sql.join(activityIds, sql`, `)})` : sql`(null)`}`
    : sql``;
  await db.execute(sql`
    update ${activities} set
      rating = coalesce((select round(avg(r.rating)::numeric, 1) from ${reviews} r where r.activity_id = ${activities.id} and r.is_approved), 0),
      review_count = (select count(*) from ${reviews} r where r.activity_id = ${activities.id} and r.is_approved)
    ${scope}`);
}
