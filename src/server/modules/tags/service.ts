import { type ModerationDecision, moderationValues } from '../../../domain/moderation.js';
import type { Page, PageQuery } from '../../../domain/pagination.js';
import {
  type AdminActivityTag,
  type AdminTag,
  MAX_PENDING_PROPOSALS,
  type Tag,
  type TagStatus,
} from '../../../domain/tags.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError, isUniqueViolation } from '../../errors.js';
import { activityNotFound, assertPublicActivity } from '../activities/service.js';
import type { Catalog } from '../catalog/service.js';
import * as repo from './repository.js';

type TagDeps = Pick<Deps, 'db' | 'clock'>;

type ProposedFor = AdminTag['proposedFor'];

function presentTag(tag: repo.TagRow, activityCount: number, proposedFor: ProposedFor = []): AdminTag {
  return {
    id: tag.id,
    name: tag.name,
    description: tag.description,
    isApproved: tag.isApproved,
    status: tag.status,
    moderationReason: tag.moderationReason,
    activityCount,
    proposedFor,
    createdAt: tag.createdAt.toISOString(),
  };
}

function presentLink(link: repo.ActivityTagRow, activityName: string, tag: repo.TagRow): AdminActivityTag {
  return {
    id: link.id,
    activityId: link.activityId,
    activityName,
    tagId: tag.id,
    tagName: tag.name,
    tagStatus: tag.status,
    isApproved: link.isApproved,
    status: link.status,
    moderationReason: link.moderationReason,
    createdAt: link.createdAt.toISOString(),
  };
}

/** Approved tags, from the read model (docs/read-model.md). */
export const listApprovedTags = (catalog: Catalog): Tag[] => catalog.current.tags();

/** A public activity's approved tags, from the read model; 404 when it is not public. */
export function listActivityTags(catalog: Catalog, activityId: number): Tag[] {
  const tags = catalog.current.tagsOf(activityId);
  if (!tags) throw activityNotFound();
  return tags;
}

export async function listTags(db: Db, query: PageQuery & { status?: TagStatus }): Promise<Page<AdminTag>> {
  const { rows, total } = await repo.listTags(db, query);
  const waiting = rows.filter(({ tag }) => tag.status === 'pending').map(({ tag }) => tag.id);
  const proposedFor = new Map<number, ProposedFor>();
  for (const { tagId, ...activity } of await repo.proposedWith(db, waiting)) {
    proposedFor.set(tagId, [...(proposedFor.get(tagId) ?? []), activity]);
  }
  return {
    total,
    items: rows.map(({ tag, activityCount }) => presentTag(tag, activityCount, proposedFor.get(tag.id))),
  };
}

export async function listPendingActivityTags(db: Db, query: PageQuery): Promise<Page<AdminActivityTag>> {
  const { rows, total } = await repo.listPendingActivityTags(db, query);
  return { total, items: rows.map(({ link, activityName, tag }) => presentLink(link, activityName, tag)) };
}

/**
 * A person may have only so many proposals waiting for an admin at once
 * (docs/moderation.md): the queue stays readable, and one account cannot bury it.
 */
async function assertRoomForProposal(db: Db, userId: string): Promise<void> {
  if ((await repo.countPendingProposals(db, userId)) >= MAX_PENDING_PROPOSALS) {
    throw new AppError(
      'TOO_MANY_PENDING',
      `You have ${MAX_PENDING_PROPOSALS} proposals waiting for review; propose more once an admin has looked at them`,
    );
  }
}

/** A new tag, pending until an admin approves it; a name that exists (in any state) is a 409. */
export async function proposeTag(
  { db, clock }: TagDeps,
  userId: string,
  name: string,
  description: string | null,
): Promise<Tag> {
  await assertRoomForProposal(db, userId);
  const now = clock.now();
  try {
    const row = await repo.insertTag(db, { name, description, proposedBy: userId, createdAt: now, updatedAt: now });
    return { id: row.id, name: row.name, description: row.description, isApproved: row.isApproved };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('TAG_EXISTS', `The tag "${name}" already exists`);
    throw error;
  }
}

/**
 * Proposes a tag for an activity: the tag is made (pending) when it is new,
 * and the link waits for an admin. A tag the activity already has (in any
 * state) is a 409.
 */
export async function proposeActivityTag(
  { db, clock }: TagDeps,
  userId: string,
  activityId: number,
  name: string,
): Promise<AdminActivityTag> {
  await assertPublicActivity(db, activityId);
  const now = clock.now();
  try {
    return await db.transaction(async (tx) => {
      await assertRoomForProposal(tx, userId);
      const tag =
        (await repo.findTagByName(tx, name)) ??
        (await repo.insertTag(tx, { name, proposedBy: userId, createdAt: now, updatedAt: now }));
      if (await repo.findActivityTag(tx, activityId, tag.id)) {
        throw new AppError('ACTIVITY_TAG_EXISTS', `This activity already has the tag "${name}" (or it awaits review)`);
      }
      const link = await repo.insertActivityTag(tx, { activityId, tagId: tag.id, proposedBy: userId, createdAt: now });
      return presentLink(link, (await repo.activityName(tx, activityId)) ?? '', tag);
    });
  } catch (error) {
    // Two proposals of the same new tag at once: the second finds it taken.
    if (isUniqueViolation(error)) {
      throw new AppError('ACTIVITY_TAG_EXISTS', `This activity already has the tag "${name}" (or it awaits review)`);
    }
    throw error;
  }
}

/**
 * Approve (or approve after all) or reject a tag, and with it the links that are one proposal with
 * it: a tag proposed on an activity is one decision (docs/moderation.md#tags-and-activity-tags).
 */
export async function moderateTag(
  { db, clock }: TagDeps,
  adminId: string,
  tagId: number,
  decision: ModerationDecision,
): Promise<AdminTag> {
  const now = clock.now();
  const values = moderationValues(decision, adminId, now);
  return db.transaction(async (tx) => {
    const before = await repo.findTagForUpdate(tx, tagId);
    if (!before) throw new AppError('TAG_NOT_FOUND', 'Tag not found');
    await repo.updateLinksDecidedWithTag(tx, before, values);
    const row = await repo.updateTag(tx, tagId, { ...values, updatedAt: now });
    if (!row) throw new AppError('TAG_NOT_FOUND', 'Tag not found');
    return presentTag(row, await repo.countActivitiesWithTag(tx, tagId));
  });
}

export async function moderateActivityTag(
  { db, clock }: TagDeps,
  adminId: string,
  id: number,
  decision: ModerationDecision,
) {
  const row = await repo.updateActivityTag(db, id, moderationValues(decision, adminId, clock.now()));
  if (!row) throw new AppError('ACTIVITY_TAG_NOT_FOUND', 'Activity tag not found');
  return { id: row.id, isApproved: row.isApproved, status: row.status };
}
