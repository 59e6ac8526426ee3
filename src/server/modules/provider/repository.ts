import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activities, providers } from '../../db/schema/index.js';

export type ProviderRow = typeof providers.$inferSelect;

export async function findProviderOfUser(db: Db, userId: string): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(providers).where(eq(providers.userId, userId));
  return row;
}

/** A provider's activities, or one of them, with their bookings counted. */
export async function ownActivities(db: Db, providerId: number, id?: number) {
  return db
    .select({
      activity: activities,
      // Written out: in a select list drizzle leaves columns unqualified, and "id" would be the booking's.
      bookingCount: sql<number>`(select count(*)::int from bookings where bookings.activity_id = activities.id)`,
    })
    .from(activities)
    .where(and(eq(activities.providerId, providerId), id === undefined ? undefined : eq(activities.id, id)))
    .orderBy(asc(activities.sortName), asc(activities.id));
}

/** One activity with its booking count and the account of its provider (null: the guide's own). */
export async function activityWithOwner(db: Db, id: number) {
  const [row] = await db
    .select({
      activity: activities,
      bookingCount: sql<number>`(select count(*)::int from bookings where bookings.activity_id = activities.id)`,
      ownerUserId: providers.userId,
    })
    .from(activities)
    .leftJoin(providers, eq(providers.id, activities.providerId))
    .where(eq(activities.id, id));
  return row;
}

export async function deleteActivity(db: Db, id: number) {
  await db.delete(activities).where(eq(activities.id, id));
}
