import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activities, activityRevisions, photos, providers } from '../../db/schema/index.js';

/** The address an activity stores for the photo (docs/provider-workspace.md#photos). */
const addressOf = sql`'/uploads/' || ${photos.key} || '.webp'`;

/**
 * A photo is in use while its activity's row, or the revision of it that waits for an admin,
 * names it. Nothing else can: a photo is uploaded for one activity and the address is never typed.
 */
const inUse = sql`(exists (select 1 from ${activities} where ${activities.id} = ${photos.activityId} and ${activities.imageUrl} = ${addressOf})
  or exists (select 1 from ${activityRevisions} where ${activityRevisions.activityId} = ${photos.activityId}
    and ${activityRevisions.status} = 'pending' and ${activityRevisions.content}->>'imageUrl' = ${addressOf}))`;

export async function insertPhoto(db: Db, values: typeof photos.$inferInsert): Promise<void> {
  await db.insert(photos).values(values);
}

/** Which advisory locks are the photo quota's ('phot'). */
const QUOTA_LOCK = 0x70686f74;

/**
 * Holds the provider account's quota until the transaction ends: one upload of an account is
 * counted at a time. An advisory lock, not the provider's row, so that no other change of the
 * provider (an admin's decision) and no upload's own row locks can wait on it in a circle.
 */
export async function lockQuota(db: Db, providerId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${providerId})`);
}

/** The photos of a provider account that are in use, and their size. */
export async function usage(db: Db, providerId: number): Promise<{ photos: number; bytes: number }> {
  const [row] = await db
    .select({ photos: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${photos.bytes}), 0)::bigint` })
    .from(photos)
    .where(and(eq(photos.providerId, providerId), inUse));
  return { photos: row?.photos ?? 0, bytes: Number(row?.bytes ?? 0) };
}

/**
 * Who may see a photo: everyone when its activity is approved and shows it (`isPublic`), else the
 * account of the activity's provider (`ownerUserId`) and admins. Undefined when there is no such photo.
 */
export async function access(
  db: Db,
  key: string,
): Promise<{ isPublic: boolean; ownerUserId: string | null } | undefined> {
  const [row] = await db
    .select({
      // Written out: in a select list drizzle leaves columns unqualified, and providers have an is_approved too.
      isPublic: sql<boolean>`coalesce("activities"."is_approved" and "activities"."image_url" = '/uploads/' || "photos"."key" || '.webp', false)`,
      ownerUserId: providers.userId,
    })
    .from(photos)
    .leftJoin(activities, eq(activities.id, photos.activityId))
    .leftJoin(providers, eq(providers.id, activities.providerId))
    .where(eq(photos.key, key));
  return row;
}

/**
 * Deletes the rows of photos nothing uses any more and gives their keys: of one activity (and of
 * deleted activities), or of all older than a grace period by the database's clock (the sweep).
 */
export async function deleteUnused(
  db: Db,
  where: { activityId: number } | { olderThanSeconds: number },
): Promise<string[]> {
  const scope =
    'activityId' in where
      ? or(eq(photos.activityId, where.activityId), isNull(photos.activityId))
      : sql`${photos.createdAt} < now() - ${where.olderThanSeconds} * interval '1 second'`;
  const rows = await db
    .delete(photos)
    .where(and(scope, sql`not ${inUse}`))
    .returning({ key: photos.key });
  return rows.map((r) => r.key);
}

/** Which of `keys` have a row. */
export async function existing(db: Db, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < keys.length; start += 500) {
    const rows = await db
      .select({ key: photos.key })
      .from(photos)
      .where(inArray(photos.key, keys.slice(start, start + 500)));
    for (const row of rows) found.add(row.key);
  }
  return found;
}

/** Photos whose size is not known yet (those from before the table). */
export async function unmeasured(db: Db): Promise<string[]> {
  const rows = await db.select({ key: photos.key }).from(photos).where(isNull(photos.bytes));
  return rows.map((r) => r.key);
}

export async function setBytes(db: Db, key: string, bytes: number): Promise<void> {
  await db.update(photos).set({ bytes }).where(eq(photos.key, key));
}
