import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activities, activityRevisions, providers } from '../../db/schema/index.js';

/** The admin's queue: requests that wait, oldest first, with the activity and its provider. */
export async function pendingQueue(db: Db, query: { limit: number; offset: number }) {
  const where = eq(activityRevisions.status, 'pending');
  const [rows, [total]] = await Promise.all([
    db
      .select({ revision: activityRevisions, activity: activities, providerName: providers.name })
      .from(activityRevisions)
      .innerJoin(activities, eq(activities.id, activityRevisions.activityId))
      .leftJoin(providers, eq(providers.id, activities.providerId))
      .where(where)
      .orderBy(asc(activityRevisions.createdAt), asc(activityRevisions.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(activityRevisions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
