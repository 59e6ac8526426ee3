import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activityTags, tags } from '../../db/schema/index.js';

const publicColumns = { id: tags.id, name: tags.name, description: tags.description, isApproved: tags.isApproved };

export function listApproved(db: Db) {
  return db.select(publicColumns).from(tags).where(eq(tags.isApproved, true)).orderBy(asc(tags.name));
}

/** Approved tags carried by an activity through an approved activity tag. */
export function listApprovedForActivity(db: Db, activityId: number) {
  return db
    .select(publicColumns)
    .from(activityTags)
    .innerJoin(tags, eq(tags.id, activityTags.tagId))
    .where(and(eq(activityTags.activityId, activityId), eq(activityTags.isApproved, true), eq(tags.isApproved, true)))
    .orderBy(asc(tags.name));
}
