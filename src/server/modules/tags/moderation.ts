import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { AdminActivityTag, AdminTag, Tag } from '../../../domain/tags.js';
import { tagStatus } from '../../../domain/tags.js';
import type { Db } from '../../db/client.js';
import { activities, activityTags, tags } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

/** Database errors carry the constraint that refused the row. */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

export async function listAllTags(db: Db): Promise<AdminTag[]> {
  const rows = await db
    .select({ tag: tags, activityCount: count(activityTags.id) })
    .from(tags)
    .leftJoin(activityTags, eq(activityTags.tagId, tags.id))
    .groupBy(tags.id)
    .orderBy(asc(tags.name));
  return rows.map(({ tag, activityCount }) => ({
    id: tag.id,
    name: tag.name,
    description: tag.description,
    isApproved: tag.isApproved,
    status: tagStatus(tag),
    activityCount,
    createdAt: tag.createdAt.toISOString(),
  }));
}

export async function listPendingTags(db: Db): Promise<AdminTag[]> {
  return (await listAllTags(db)).filter((tag) => tag.status === 'pending');
}

export async function listPendingActivityTags(db: Db): Promise<AdminActivityTag[]> {
  const rows = await db
    .select({ link: activityTags, activityName: activities.name, tag: tags })
    .from(activityTags)
    .innerJoin(activities, eq(activities.id, activityTags.activityId))
    .innerJoin(tags, eq(tags.id, activityTags.tagId))
    .where(and(eq(activityTags.isApproved, false), isNull(activityTags.approvedBy)))
    .orderBy(desc(activityTags.createdAt));
  return rows.map(({ link, activityName, tag }) => ({
    id: link.id,
    activityId: link.activityId,
    activityName,
    tagId: tag.id,
    tagName: tag.name,
    tagStatus: tagStatus(tag),
    isApproved: link.isApproved,
    status: tagStatus(link),
    createdAt: link.createdAt.toISOString(),
  }));
}

/** A new tag, pending until an admin approves it; a name that exists is a 409. */
export async function proposeTag(db: Db, userId: string, name: string, description: string | null): Promise<Tag> {
  try {
    const [row] = await db.insert(tags).values({ name, description, proposedBy: userId }).returning();
    if (!row) throw new Error('no tag');
    return { id: row.id, name: row.name, description: row.description, isApproved: row.isApproved };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 409, `The tag "${name}" already exists`);
    throw error;
  }
}

/**
 * Proposes a tag for an activity: the tag is made (pending) when it is new,
 * and the link waits for an admin. A tag the activity already has is a 409.
 */
export async function proposeActivityTag(
  db: Db,
  userId: string,
  activityId: number,
  name: string,
): Promise<AdminActivityTag> {
  return db.transaction(async (tx) => {
    let [tag] = await tx.select().from(tags).where(eq(tags.name, name));
    if (!tag) [tag] = await tx.insert(tags).values({ name, proposedBy: userId }).returning();
    if (!tag) throw new Error('no tag');
    const existing = await tx
      .select({ id: activityTags.id })
      .from(activityTags)
      .where(and(eq(activityTags.activityId, activityId), eq(activityTags.tagId, tag.id)));
    if (existing.length > 0)
      throw new AppError('CONFLICT', 409, `This activity already has the tag "${name}" (or it awaits review)`);
    const [link] = await tx.insert(activityTags).values({ activityId, tagId: tag.id, proposedBy: userId }).returning();
    const [activity] = await tx.select({ name: activities.name }).from(activities).where(eq(activities.id, activityId));
    if (!link || !activity) throw new Error('no activity tag');
    return {
      id: link.id,
      activityId,
      activityName: activity.name,
      tagId: tag.id,
      tagName: tag.name,
      tagStatus: tagStatus(tag),
      isApproved: false,
      status: 'pending',
      createdAt: link.createdAt.toISOString(),
    };
  });
}

/** Approve (or re-approve) or reject a tag (spec 4: rejected = not approved with an approver). */
export async function setTagApproval(
  db: Db,
  adminId: string,
  tagId: number,
  approved: boolean,
  now = new Date(),
): Promise<AdminTag> {
  const [row] = await db
    .update(tags)
    .set({ isApproved: approved, approvedBy: adminId, updatedAt: now })
    .where(eq(tags.id, tagId))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 404, 'Tag not found');
  const [usage] = await db.select({ n: count() }).from(activityTags).where(eq(activityTags.tagId, tagId));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isApproved: row.isApproved,
    status: tagStatus(row),
    activityCount: usage?.n ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function setActivityTagApproval(db: Db, adminId: string, id: number, approved: boolean) {
  const [row] = await db
    .update(activityTags)
    .set({ isApproved: approved, approvedBy: adminId })
    .where(eq(activityTags.id, id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 404, 'Activity tag not found');
  return { id: row.id, isApproved: row.isApproved, status: tagStatus(row) };
}
