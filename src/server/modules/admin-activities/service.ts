import { todayInParis } from '../../../domain/dates.js';
import { moderationValues } from '../../../domain/moderation.js';
import type { Page } from '../../../domain/pagination.js';
import type { Principal } from '../../../domain/policies.js';
import {
  type DecideActivityBody,
  type PendingActivity,
  type ProviderActivity,
  REVIEWED_FIELDS,
  type ReviewedContent,
  type UpdateActivityBody,
} from '../../../domain/provider-activities.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { photoAddressFor, releaseUnusedPhotos } from '../photos/service.js';
import * as listingRepo from '../listings/repository.js';
import * as listings from '../listings/service.js';
import * as repo from './repository.js';

type AdminDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'log'>;

function presentPending(
  row: Awaited<ReturnType<typeof repo.pendingQueue>>['rows'][number],
  translations: ReviewedContent['translations'],
): PendingActivity {
  const proposed = listings.proposedOf(row.revision, row.activity);
  return {
    activityId: row.activity.id,
    revisionId: row.revision.id,
    contentHash: listings.contentHash(proposed),
    providerName: row.providerName,
    submittedAt: row.revision.createdAt.toISOString(),
    current: row.activity.isApproved ? listingRepo.contentOfRow(row.activity, translations) : null,
    proposed: { ...proposed, imageUrl: photoAddressFor(proposed.imageUrl, row.activity) },
  };
}

export async function pendingQueue(
  { db }: AdminDeps,
  query: { limit: number; offset: number },
): Promise<Page<PendingActivity>> {
  const { rows, total } = await repo.pendingQueue(db, query);
  const translations = await listingRepo.translationsOf(
    db,
    rows.map((r) => r.activity.id),
  );
  return { items: rows.map((r) => presentPending(r, translations.get(r.activity.id) ?? {})), total };
}

/**
 * The request the admin names, as it waits now: the one they were shown, or a 409 when it was
 * changed, replaced or withdrawn since (docs/moderation.md#activities). Locks the activity and the
 * request until the decision commits, so no save slips in between.
 */
async function shownRequest(tx: Db, activityId: number, shown: DecideActivityBody) {
  const activity = await listingRepo.lockActivity(tx, activityId);
  if (!activity) throw listings.notFound();
  const pending = await listingRepo.pendingRevision(tx, activityId);
  if (!pending) throw new AppError('NOTHING_PENDING', 'Nothing of this activity waits for approval');
  const proposed = listings.proposedOf(pending, activity);
  if (pending.id !== shown.revisionId || listings.contentHash(proposed) !== shown.contentHash) {
    throw new AppError(
      'REVISION_CHANGED',
      'This request was changed since it was shown: reload the queue and decide on what it asks now',
    );
  }
  return { pending, proposed };
}

async function decide(
  deps: AdminDeps,
  admin: Principal,
  activityId: number,
  shown: DecideActivityBody,
  decision: { approve: boolean; reason?: string },
) {
  const { db, clock } = deps;
  await db.transaction(async (tx) => {
    const { pending, proposed } = await shownRequest(tx, activityId, shown);
    const now = clock.now();
    // The request keeps what was decided on, whole (an old one gains the fields it lacked).
    await listingRepo.decideRevision(tx, pending.id, {
      ...moderationValues(decision, admin.id, now),
      content: proposed,
    });
    if (decision.approve) {
      await listingRepo.writeContent(tx, activityId, proposed, now);
      await listingRepo.updateActivityRow(tx, activityId, { isApproved: true });
    }
  });
  // A rejected change's photo, or the one an approved change replaced (docs/provider-workspace.md#photos).
  await releaseUnusedPhotos(deps, activityId);
}

export const approve = (deps: AdminDeps, admin: Principal, activityId: number, shown: DecideActivityBody) =>
  decide(deps, admin, activityId, shown, { approve: true });
export const reject = (
  deps: AdminDeps,
  admin: Principal,
  activityId: number,
  shown: DecideActivityBody,
  reason: string,
) => decide(deps, admin, activityId, shown, { approve: false, reason });

/** Any activity as it is published (or saved, before publication), for an admin to edit. */
export async function adminGet({ db }: AdminDeps, id: number): Promise<ProviderActivity> {
  const activity = await listingRepo.findActivity(db, id);
  if (!activity) throw listings.notFound();
  const [translations, latest] = await Promise.all([
    listingRepo.translationsOf(db, [id]),
    listingRepo.latestRevisions(db, [id]),
  ]);
  const presented = listings.present(
    activity,
    translations.get(id) ?? {},
    undefined,
    await listingRepo.countBookings(db, id),
  );
  const review = latest.get(id);
  // The admin edits the row itself; what waits for approval stays in the queue.
  return {
    ...presented,
    state: listings.stateOf(activity, review),
    pendingChanges: review?.status === 'pending' && activity.isApproved,
  };
}

/** An admin's edit: applied at once, with a sponsorship set by hand (docs/provider-workspace.md#admin). */
export async function adminUpdate(
  deps: AdminDeps,
  id: number,
  body: UpdateActivityBody & { sponsorLevel?: number; sponsoredUntil?: string | null },
): Promise<void> {
  const { db, clock, config } = deps;
  await db.transaction(async (tx) => {
    const activity = await listingRepo.findActivity(tx, id);
    if (!activity) throw listings.notFound();
    const published = listingRepo.contentOfRow(activity, (await listingRepo.translationsOf(tx, [id])).get(id) ?? {});
    const next = listings.mergeContent(published, body);
    if (body.latitude !== undefined || body.longitude !== undefined) listings.checkPosition(config, next);
    const now = clock.now();
    listings.checkEventDates(activity, body, todayInParis(now));
    const values: Partial<listingRepo.ActivityRow> = { ...listings.immediateValues(body), updatedAt: now };
    if (
      (body.sponsorLevel !== undefined || body.sponsoredUntil !== undefined) &&
      (await listingRepo.hasLivePaidSponsorship(tx, id))
    ) {
      throw new AppError(
        'SPONSORSHIP_PAID',
        'This activity has a sponsorship paid through Stripe; it follows the payments, not a hand-set level',
      );
    }
    if (body.sponsorLevel !== undefined) {
      values.sponsorLevel = body.sponsorLevel;
      values.isSponsored = body.sponsorLevel > 0;
      if (body.sponsorLevel === 0) values.sponsoredUntil = null;
    }
    if (body.sponsoredUntil !== undefined && body.sponsorLevel !== 0) values.sponsoredUntil = body.sponsoredUntil;
    if (values.sponsoredUntil && values.sponsoredUntil < todayInParis(now)) {
      throw new AppError('VALIDATION_FAILED', 'sponsoredUntil must be today or later', [
        { path: 'sponsoredUntil', message: 'must be today or later' },
      ]);
    }
    await listingRepo.updateActivityRow(tx, id, values);
    if (REVIEWED_FIELDS.some((f) => f in body)) await listingRepo.writeContent(tx, id, next, now);
  });
}
