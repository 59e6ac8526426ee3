import { createHmac, timingSafeEqual } from 'node:crypto';
import { addDays, todayInParis } from '../../../domain/dates.js';
import type { ModerationDecision, ModerationStatus } from '../../../domain/moderation.js';
import { moderationValues } from '../../../domain/moderation.js';
import type { Page, PageQuery } from '../../../domain/pagination.js';
import {
  type AdminReview,
  displayName,
  type PublicReview,
  REVIEW_LINK_DAYS,
  type ReviewBody,
  type ReviewInvitation,
} from '../../../domain/reviews.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';

import { AppError, isUniqueViolation } from '../../errors.js';
import type { ScheduledMail } from '../bookings/service.js';
import { reviewInvitationMail } from '../mail/templates.js';
import { assertPublicActivity } from '../activities/service.js';
import type { UserRow } from '../auth/repository.js';
import * as repo from './repository.js';

type ReviewDeps = Pick<Deps, 'db' | 'clock'>;
type InvitationDeps = Pick<Deps, 'db' | 'clock' | 'secret'>;

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
    formerGuest: row.authorErasedAt !== null,
    createdAt: row.createdAt.toISOString(),
  }));
  return { total, items };
}

const reviewExists = () =>
  new AppError('REVIEW_EXISTS', 'You have already reviewed this activity; one review per person');
const linkInvalid = () => new AppError('REVIEW_LINK_INVALID', 'This review link is not valid for this activity');

/**
 * The token of a review invitation's link (docs/security.md#verified-reviews): the booking's id
 * and a keyed hash of it (the app's secret is the key, as for the cancel link, under another
 * purpose, so that neither token works as the other). Nothing is stored for it.
 */
export function reviewToken(secret: string, bookingId: number): string {
  const mac = createHmac('sha256', secret).update(`review-invitation:${bookingId}`).digest('base64url');
  return `${bookingId}.${mac}`;
}

/** The booking a token names, when its keyed hash is right; null otherwise. */
function bookingOfToken(secret: string, token: string): number | null {
  const match = /^([1-9]\d{0,9})\./.exec(token);
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  const expected = Buffer.from(reviewToken(secret, id));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The invitation's link works until this day (docs/product.md#reviews). */
const linkValidUntil = (bookingDate: string) => addDays(bookingDate, REVIEW_LINK_DAYS);

/**
 * The booking behind a review link, when the link is right for this activity: the token's hash,
 * the activity, a booking that is still confirmed and whose day is over (the link is only mailed
 * then), and not later than REVIEW_LINK_DAYS after that day.
 */
async function invitedBooking({ db, secret }: InvitationDeps, activityId: number, token: string, today: string) {
  const id = bookingOfToken(secret, token);
  const booking = id === null ? undefined : await repo.findInvitedBooking(db, id);
  if (!booking || booking.activityId !== activityId || booking.status !== 'confirmed' || booking.bookingDate >= today) {
    throw linkInvalid();
  }
  if (today > linkValidUntil(booking.bookingDate)) {
    throw new AppError('REVIEW_LINK_EXPIRED', 'This review link has expired');
  }
  return booking;
}

/** Up to this many days after the booked day the invitation still goes out (after the app was down). */
export const REVIEW_INVITATION_LATE_DAYS = 7;

/** Where the invitation's link leads: the activity's guestbook, in the language of the booking. */
export const reviewLinkUrl = (
  { config, secret }: Pick<Deps, 'config' | 'secret'>,
  booking: { id: number; activityId: number; language: string },
) =>
  `${config.auth.publicUrl}/activity/${booking.activityId}?lng=${booking.language}&token=${reviewToken(secret, booking.id)}#write-review`;

/**
 * The review invitation (docs/mail.md#scheduled-mails): from the day after a confirmed booking
 * (and up to a week later), to the booking's address, with the signed link. None for an activity
 * that is not public then (its guestbook cannot be opened), nor for a booking that has its review
 * already: the account that booked may have written it before the day, and it is tied to the
 * booking now.
 */
export const reviewInvitation: ScheduledMail = {
  kind: 'review_invitation',
  statuses: ['confirmed'],
  days: (today) => ({ from: addDays(today, -REVIEW_INVITATION_LATE_DAYS), to: addDays(today, -1) }),
  async compose(tx, deps, { booking, activity, facts }) {
    if (await repo.settleBookingReview(tx, booking)) return null;
    if (!activity.isPublic) return null;
    const language = booking.language;
    return reviewInvitationMail(
      facts,
      language,
      reviewLinkUrl(deps, booking),
      linkValidUntil(booking.bookingDate),
      deps.config.auth.publicUrl,
    );
  },
};

/** What the guestbook shows of an invitation's link: the booking, and whether its review is in. */
export async function getInvitation(
  deps: InvitationDeps,
  activityId: number,
  token: string,
): Promise<ReviewInvitation> {
  await assertPublicActivity(deps.db, activityId);
  const booking = await invitedBooking(deps, activityId, token, todayInParis(deps.clock.now()));
  return {
    bookingId: booking.id,
    activityId: booking.activityId,
    customerName: booking.customerName,
    bookingDate: booking.bookingDate,
    numberOfPeople: booking.numberOfPeople,
    reviewed: Boolean(booking.reviewed),
    validUntil: linkValidUntil(booking.bookingDate),
  };
}

/**
 * A new review, hidden until an admin approves it (docs/product.md#reviews).
 * Who wrote it and whether it is verified:
 * - through an invitation's link (`token`): tied to that booking, one review per booking; a guest
 *   is known by the booking's address, whatever the form says;
 * - logged in: known by the account, one review per account; tied to a booking the account made
 *   itself, confirmed and over, when there is one;
 * - a guest without a link: the name and address they type, tied to nothing. The address proves
 *   nothing, so it earns no badge and reserves nothing: a second review with it is answered like
 *   the first (docs/security.md#verified-reviews).
 */
export async function submitReview(deps: InvitationDeps, user: UserRow | null, activityId: number, body: ReviewBody) {
  const { db, clock } = deps;
  // A field people never see: only robots fill it in.
  if (body.website) throw new AppError('SPAM_SUSPECTED', 'This review looks automated and was not kept');
  await assertPublicActivity(db, activityId);
  const now = clock.now();
  const today = todayInParis(now);
  const invited = body.token === undefined ? null : await invitedBooking(deps, activityId, body.token, today);
  if (!user && !invited) {
    const missing = [
      ...(body.guestName ? [] : [{ path: 'guestName', message: 'guestName is required for a guest' }]),
      ...(body.guestEmail ? [] : [{ path: 'guestEmail', message: 'guestEmail is required for a guest' }]),
    ];
    if (missing.length > 0) {
      throw new AppError('VALIDATION_FAILED', `Invalid body: ${missing.map((m) => m.message).join('; ')}`, missing);
    }
  }
  if (invited?.reviewed) throw reviewExists();
  if (user && (await repo.findByAccount(db, activityId, user.id))) throw reviewExists();
  const ownBooking = user && !invited ? await repo.ownBookingToReview(db, user.id, activityId, today) : null;
  const values = {
    activityId,
    userId: user?.id ?? null,
    // A logged-in author is named by their account, never by what the form sent; an invited guest
    // by the booking's address, and by its name unless they give another.
    guestName: user ? null : (body.guestName ?? invited?.customerName ?? null),
    guestEmail: user ? null : (invited?.customerEmail ?? body.guestEmail),
    isAnonymous: user ? body.isAnonymous : false,
    rating: body.rating,
    title: body.title,
    comment: body.comment,
    language: body.language ?? null,
    bookingId: invited?.id ?? ownBooking,
    createdAt: now,
    updatedAt: now,
  };
  const insert = async (review: typeof values) => {
    try {
      return await repo.insertReview(db, review);
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  };
  // A unique key refused it: the account's review or the booking's came in meanwhile. When it was
  // the account's own booking that another review took, this one goes in without it.
  const row = (await insert(values)) ?? (ownBooking !== null ? await insert({ ...values, bookingId: null }) : null);
  if (!row) throw reviewExists();
  return {
    id: row.id,
    activityId: row.activityId,
    rating: row.rating,
    title: row.title,
    comment: row.comment,
    status: row.status as ModerationStatus,
    isApproved: row.isApproved,
    verifiedBooking: row.bookingId !== null,
    createdAt: row.createdAt.toISOString(),
  };
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
    if (!row) throw new AppError('REVIEW_NOT_FOUND', 'Review not found');
    await repo.refreshRatings(tx, [row.activityId]);
    const shown = await repo.findForAdmin(tx, id);
    if (!shown) throw new AppError('REVIEW_NOT_FOUND', 'Review not found');
    return presentAdmin(shown);
  });
}
