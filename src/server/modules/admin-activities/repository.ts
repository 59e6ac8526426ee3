import { and, asc, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { AdminActivityListQuery, AdminActivityStatus } from '../../../domain/admin-activities.js';
import type { PageQuery } from '../../../domain/pagination.js';
import { searchWords } from '../../../domain/search.js';
import type { Db } from '../../db/client.js';
import { activities, activityAudit, activityRevisions, providers, users } from '../../db/schema/index.js';

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

/**
 * An activity's status for the admins (docs/moderation.md#every-activity), from its row and its newest
 * request (a request that waits is always the newest).
 */
export const activityStatus = sql<AdminActivityStatus>`(case
  when ${activities.isApproved} and ${activities.isActive} then 'published'
  when ${activities.isApproved} then 'paused'
  else coalesce((select case when r.status in ('pending', 'rejected') then r.status end
    from activity_revisions r where r.activity_id = ${activities.id} order by r.id desc limit 1), 'draft')
  end)`;

const pendingChanges = sql<boolean>`(${activities.isApproved} and exists (select 1 from activity_revisions r
  where r.activity_id = ${activities.id} and r.status = 'pending'))`;

function listWhere(query: AdminActivityListQuery): SQL | undefined {
  const words = searchWords(query.search ?? '');
  return and(
    ...words.map((word) => sql`strpos(${activities.sortName}, ${word}) > 0`),
    query.status ? sql`${activityStatus} = ${query.status}` : undefined,
    query.category ? eq(activities.category, query.category) : undefined,
    query.provider === 'none'
      ? isNull(activities.providerId)
      : query.provider
        ? eq(activities.providerId, Number(query.provider))
        : undefined,
    query.sponsored === 'yes'
      ? gt(activities.sponsorLevel, 0)
      : query.sponsored === 'no'
        ? eq(activities.sponsorLevel, 0)
        : undefined,
  );
}

/** A page of every activity, whatever its state, by name. */
export async function listActivities(db: Db, query: AdminActivityListQuery) {
  const where = listWhere(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        activity: activities,
        providerName: providers.name,
        status: activityStatus,
        pendingChanges,
      })
      .from(activities)
      .leftJoin(providers, eq(providers.id, activities.providerId))
      .where(where)
      .orderBy(asc(activities.sortName), asc(activities.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(activities).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One activity's status and provider, as the list shows them. */
export async function statusAndProvider(db: Db, id: number) {
  const [row] = await db
    .select({ status: activityStatus, providerId: activities.providerId, providerName: providers.name })
    .from(activities)
    .leftJoin(providers, eq(providers.id, activities.providerId))
    .where(eq(activities.id, id));
  return row;
}

export async function findProvider(db: Db, id: number) {
  const [row] = await db.select().from(providers).where(eq(providers.id, id));
  return row;
}

export async function insertAudit(db: Db, values: typeof activityAudit.$inferInsert) {
  await db.insert(activityAudit).values(values);
}

/** An activity's audit, newest first, with the admin's name. */
export async function auditOf(db: Db, activityId: number, query: PageQuery) {
  const where = eq(activityAudit.activityId, activityId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: activityAudit,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(activityAudit)
      .leftJoin(users, eq(users.id, activityAudit.actorId))
      .where(where)
      .orderBy(desc(activityAudit.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(activityAudit).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
