import { and, asc, count, desc, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { ModerationStatus } from '../../../domain/moderation.js';
import type { PageQuery } from '../../../domain/pagination.js';
import type { Db } from '../../db/client.js';
import { activities, activityTags, tags } from '../../db/schema/index.js';

export type TagRow = typeof tags.$inferSelect;
export type ActivityTagRow = typeof activityTags.$inferSelect;

const publicColumns = { id: tags.id, name: tags.name, description: tags.description, isApproved: tags.isApproved };

export function listApproved(db: Db) {
  return db.select(publicColumns).from(tags).where(eq(tags.status, 'approved')).orderBy(asc(tags.name));
}

/** One page of tags, all or of one status, by name, with how many activities carry each. */
export async function listTags(db: Db, query: PageQuery & { status?: ModerationStatus }) {
  const where = query.status ? eq(tags.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ tag: tags, activityCount: count(activityTags.id) })
      .from(tags)
      .leftJoin(activityTags, eq(activityTags.tagId, tags.id))
      .where(where)
      .groupBy(tags.id)
      .orderBy(asc(tags.name), asc(tags.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(tags).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * A pending link that is part of its pending tag's proposal: its tag waits too, and the same person
 * asked for both (docs/moderation.md#tags-and-activity-tags). Deciding the tag decides it.
 * (A person no longer known, NULL, proposed nothing together with anyone.)
 */
const movesWithItsTag: SQL = sql`(${tags.status} = 'pending' and ${activityTags.status} = 'pending' and coalesce(${activityTags.proposedBy} = ${tags.proposedBy}, false))`;

/** One page of activity tags awaiting a decision of their own (not with their tag), newest first. */
export async function listPendingActivityTags(db: Db, query: PageQuery) {
  const where = and(eq(activityTags.status, 'pending'), not(movesWithItsTag));
  const [rows, [total]] = await Promise.all([
    db
      .select({ link: activityTags, activityName: activities.name, tag: tags })
      .from(activityTags)
      .innerJoin(activities, eq(activities.id, activityTags.activityId))
      .innerJoin(tags, eq(tags.id, activityTags.tagId))
      .where(where)
      .orderBy(desc(activityTags.createdAt), desc(activityTags.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(activityTags).innerJoin(tags, eq(tags.id, activityTags.tagId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** For each of these tags, the activities its proposer asked it for while it waits (oldest first). */
export async function proposedWith(db: Db, tagIds: number[]) {
  if (tagIds.length === 0) return [];
  return db
    .select({ tagId: activityTags.tagId, activityId: activityTags.activityId, activityName: activities.name })
    .from(activityTags)
    .innerJoin(tags, eq(tags.id, activityTags.tagId))
    .innerJoin(activities, eq(activities.id, activityTags.activityId))
    .where(and(inArray(activityTags.tagId, tagIds), movesWithItsTag))
    .orderBy(asc(activityTags.id));
}

/** How many of a person's proposals wait for review: a new tag and the links asked with it are one. */
export async function countPendingProposals(db: Db, userId: string): Promise<number> {
  const [[ownTags], [ownLinks]] = await Promise.all([
    db
      .select({ n: count() })
      .from(tags)
      .where(and(eq(tags.proposedBy, userId), eq(tags.status, 'pending'))),
    db
      .select({ n: count() })
      .from(activityTags)
      .innerJoin(tags, eq(tags.id, activityTags.tagId))
      .where(and(eq(activityTags.proposedBy, userId), eq(activityTags.status, 'pending'), not(movesWithItsTag))),
  ]);
  return (ownTags?.n ?? 0) + (ownLinks?.n ?? 0);
}

export async function findTagByName(db: Db, name: string) {
  const [row] = await db.select().from(tags).where(eq(tags.name, name));
  return row;
}

export async function insertTag(db: Db, values: typeof tags.$inferInsert) {
  const [row] = await db.insert(tags).values(values).returning();
  if (!row) throw new Error('insert returned no tag');
  return row;
}

export async function findActivityTag(db: Db, activityId: number, tagId: number) {
  const [row] = await db
    .select()
    .from(activityTags)
    .where(and(eq(activityTags.activityId, activityId), eq(activityTags.tagId, tagId)));
  return row;
}

export async function insertActivityTag(db: Db, values: typeof activityTags.$inferInsert) {
  const [row] = await db.insert(activityTags).values(values).returning();
  if (!row) throw new Error('insert returned no activity tag');
  return row;
}

export async function activityName(db: Db, activityId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: activities.name }).from(activities).where(eq(activities.id, activityId));
  return row?.name;
}

export async function findTagForUpdate(db: Db, id: number) {
  const [row] = await db.select().from(tags).where(eq(tags.id, id)).for('update');
  return row;
}

/**
 * The links that go with a decision on `tag` (docs/moderation.md#tags-and-activity-tags): while it
 * waits, the pending links its proposer asked for; when it was rejected, the links rejected with it
 * (by the same decision, at the same moment).
 */
export async function updateLinksDecidedWithTag(
  db: Db,
  tag: TagRow,
  values: Partial<typeof activityTags.$inferInsert>,
): Promise<number> {
  if (!tag.proposedBy) return 0;
  const decidedWith =
    tag.status === 'pending'
      ? eq(activityTags.status, 'pending')
      : tag.status === 'rejected' && tag.moderatedAt
        ? and(eq(activityTags.status, 'rejected'), eq(activityTags.moderatedAt, tag.moderatedAt))
        : undefined;
  if (!decidedWith) return 0;
  const rows = await db
    .update(activityTags)
    .set(values)
    .where(and(eq(activityTags.tagId, tag.id), eq(activityTags.proposedBy, tag.proposedBy), decidedWith))
    .returning({ id: activityTags.id });
  return rows.length;
}

export async function updateTag(db: Db, id: number, values: Partial<typeof tags.$inferInsert>) {
  const [row] = await db.update(tags).set(values).where(eq(tags.id, id)).returning();
  return row;
}

export async function updateActivityTag(db: Db, id: number, values: Partial<typeof activityTags.$inferInsert>) {
  const [row] = await db.update(activityTags).set(values).where(eq(activityTags.id, id)).returning();
  return row;
}

export async function countActivitiesWithTag(db: Db, tagId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(activityTags).where(eq(activityTags.tagId, tagId));
  return row?.n ?? 0;
}
