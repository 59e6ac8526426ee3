import { and, asc, count, desc, eq } from 'drizzle-orm';
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

/** One page of activity tags awaiting review, newest first. */
export async function listPendingActivityTags(db: Db, query: PageQuery) {
  const where = eq(activityTags.status, 'pending');
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
    db.select({ n: count() }).from(activityTags).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** How many of a person's proposals (tags and activity tags) wait for review. */
export async function countPendingProposals(db: Db, userId: string): Promise<number> {
  const [[ownTags], [ownLinks]] = await Promise.all([
    db
      .select({ n: count() })
      .from(tags)
      .where(and(eq(tags.proposedBy, userId), eq(tags.status, 'pending'))),
    db
      .select({ n: count() })
      .from(activityTags)
      .where(and(eq(activityTags.proposedBy, userId), eq(activityTags.status, 'pending'))),
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
