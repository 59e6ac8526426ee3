import { displayName, type PublicReview } from '../../../domain/reviews.js';
import type { Db } from '../../db/client.js';
import { assertPublicActivity } from '../activities/service.js';
import * as repo from './repository.js';

export async function listPublicReviews(db: Db, activityId: number): Promise<PublicReview[]> {
  await assertPublicActivity(db, activityId);
  const rows = await repo.listApproved(db, activityId);
  return rows.map((row) => ({
    id: row.id,
    guestName: row.isAnonymous ? null : (displayName(row.firstName, row.lastName) ?? row.guestName?.trim() ?? null),
    rating: row.rating,
    title: row.title,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  }));
}
