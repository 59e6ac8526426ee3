import type { ModerationDecision, ModerationStatus } from '../../../domain/moderation.js';
import { moderationValues } from '../../../domain/moderation.js';
import type { Page, PageQuery } from '../../../domain/pagination.js';
import { type AdminReview, displayName, type PublicReview, type ReviewBody } from '../../../domain/reviews.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError, isUniqueViolation } from '../../errors.js';
import { assertPublicActivity } from '../activities/service.js';
import type { UserRow } from '../auth/repository.js';
import * as repo from './repository.js';

type ReviewDeps = Pick<Deps, 'db' | 'clock'>;

/** A page of an activity's approved reviews, newest first (docs/api.md#lists-in-pages). */
export async function listPublicReviews(db: Db, activityId: number, query: PageQuery): Promise<Page<PublicReview>> {
  await assertPublicActivity(db, activityId);
  const { rows, total } = await repo.listApproved(db, activityId, query);
  const items = rows.map((row) => ({
    id: row.id,
    guestName: row.isAnonymous ? null : (displayName(row.firstName, row.lastName) ?? row.guestName?.trim() ?? null),
    rating: row.rating,
    title: row.title,
    comment: row.comment,
    verifiedBooking: Boolean(row.verifiedBooking),
    createdAt: row.createdAt.toISOString(),
  }));
  return { total, items };
}

const reviewExists = () =>
  new AppError('REVIEW_EXISTS', 409, 'You have already reviewed this activity; one review per person');

/**
 * A new review, hidden until an admin approves it (docs/product.md#reviews):
 * guests give name and e-mail, a logged-in person is known by their
 * account; one review per person per activity.
 */
export async function submitReview(
  { db, clock }: ReviewDeps,
  user: UserRow | null,
  activityId: number,
  body: ReviewBody,
) {
  // A field people never see: only robots fill it in.
  if (body.website) throw new AppError('SPAM_SUSPECTED', 400, 'This review looks automated and was not kept');
  await assertPublicActivity(db, activityId);
  if (!user) {
    const missing = [
      ...(body.guestName ? [] : [{ path: 'guestName', message: 'guestName is required for a guest' }]),
      ...(body.guestEmail ? [] : [{ path: 'guestEmail', message: 'guestEmail is required for a guest' }]),
    ];
    if (missing.length > 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        400,
        `Invalid body: ${missing.map((m) => m.message).join('; ')}`,
        missing,
      );
    }
  }
  const author = user ? { userId: user.id } : { email: body.guestEmail as string };
  if (await repo.findByAuthor(db, activityId, author)) throw reviewExists();
  const now = clock.now();
  try {
    const row = await repo.insertReview(db, {
      activityId,
      userId: user?.id ?? null,
      // A logged-in author is named by their account, never by what the form sent.
      guestName: user ? null : body.guestName,
      guestEmail: user ? null : body.guestEmail,
      isAnonymous: user ? body.isAnonymous : false,
      rating: body.rating,
      title: body.title,
      comment: body.comment,
      language: body.language ?? null,
      createdAt: now,
      updatedAt: now,
    });
    return {
      id: row.id,
      activityId: row.activityId,
      rating: row.rating,
      title: row.title,
      comment: row.comment,
      status: row.status as ModerationStatus,
      isApproved: row.isApproved,
      createdAt: row.createdAt.toISOString(),
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw reviewExists();
    throw error;
  }
}

function presentAdmin(row: repo.AdminReviewRow): AdminReview {
  const { review } = row;
  return {
    id: review.id,
    activityId: review.activityId,
    activityName: row.activityName,
    authorName: review.userId ? displayName(row.firstName, row.lastName) : review.guestName,
    authorEmail: review.userId ? row.userEmail : review.guestEmail,
    byAccount: review.userId !== null,
    isAnonymous: review.isAnonymous,
    rating: review.rating,
    title: review.title,
    comment: review.comment,
    status: review.status as ModerationStatus,
    isApproved: review.isApproved,
    moderationReason: review.moderationReason,
    moderatedAt: review.moderatedAt?.toISOString() ?? null,
    verifiedBooking: Boolean(row.verifiedBooking),
    createdAt: review.createdAt.toISOString(),
  };
}

export async function listForAdmin(
  db: Db,
  query: PageQuery & { status?: ModerationStatus },
): Promise<Page<AdminReview>> {
  const { rows, total } = await repo.listForAdmin(db, query);
  return { total, items: rows.map(presentAdmin) };
}

/**
 * Approve or reject a review, with a reason (docs/moderation.md); the
 * activity's rating and review count follow in the same transaction.
 */
export async function moderateReview(
  { db, clock }: ReviewDeps,
  adminId: string,
  id: number,
  decision: ModerationDecision,
): Promise<AdminReview> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const row = await repo.updateReview(tx, id, { ...moderationValues(decision, adminId, now), updatedAt: now });
    if (!row) throw new AppError('REVIEW_NOT_FOUND', 404, 'Review not found');
    await repo.refreshRatings(tx, [row.activityId]);
    const shown = await repo.findForAdmin(tx, id);
    if (!shown) throw new AppError('REVIEW_NOT_FOUND', 404, 'Review not found');
    return presentAdmin(shown);
  });
}
