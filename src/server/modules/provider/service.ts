import { isDeepStrictEqual } from 'node:util';
import { todayInParis } from '../../../domain/dates.js';
import { mayEditActivity, mayEditOwnActivities, type Principal } from '../../../domain/policies.js';
import {
  type CreateActivityBody,
  type ProviderActivity,
  REVIEWED_FIELDS,
  type UpdateActivityBody,
} from '../../../domain/provider-activities.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { StoredPhoto } from '../photos/files.js';
import { recordPhoto, releaseUnusedPhotos } from '../photos/service.js';
import * as sponsorships from '../sponsorships/service.js';
import * as listingRepo from '../listings/repository.js';
import * as listings from '../listings/service.js';
import * as repo from './repository.js';

type ProviderDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'log'>;

/**
 * The provider profile of the caller; an account without one (an admin, say) has no activities of
 * its own. To change anything the provider must not be rejected
 * (docs/permissions.md#rejected-and-demoted-providers).
 */
async function providerOf(db: Db, principal: Principal, intent: 'read' | 'write' = 'read'): Promise<repo.ProviderRow> {
  const provider = await repo.findProviderOfUser(db, principal.id);
  if (!provider) throw new AppError('NOT_A_PROVIDER', 'This account has no provider profile');
  if (intent === 'write' && !mayEditOwnActivities({ ...principal, providerStatus: provider.status })) {
    throw new AppError(
      'PROVIDER_REJECTED',
      'Your provider application was rejected: your activities cannot be changed. Contact the team',
    );
  }
  return provider;
}

export async function listOwn({ db }: ProviderDeps, principal: Principal): Promise<ProviderActivity[]> {
  const provider = await repo.findProviderOfUser(db, principal.id);
  if (!provider) return [];
  return listings.presentAll(db, await repo.ownActivities(db, provider.id));
}

/**
 * One of the provider's own activities. Reading needs ownership, changing needs `mayEditActivity`
 * (docs/permissions.md#resources); another's activity is as good as missing.
 */
async function ownRow(db: Db, principal: Principal, provider: repo.ProviderRow, id: number, intent: 'read' | 'write') {
  const row = await repo.activityWithOwner(db, id);
  const owner = { ownerUserId: row?.ownerUserId ?? null };
  const allowed =
    intent === 'read'
      ? owner.ownerUserId === principal.id
      : mayEditActivity({ ...principal, providerStatus: provider.status }, owner);
  if (!row || row.activity.providerId !== provider.id || !allowed) throw listings.notFound();
  return row;
}

export async function getOwn({ db }: ProviderDeps, principal: Principal, id: number): Promise<ProviderActivity> {
  const provider = await providerOf(db, principal);
  const [presented] = await listings.presentAll(db, [await ownRow(db, principal, provider, id, 'read')]);
  if (!presented) throw listings.notFound();
  return presented;
}

/** Throws unless the caller may change this activity: theirs, and their application not rejected. */
export async function assertEditable({ db }: ProviderDeps, principal: Principal, id: number): Promise<void> {
  await ownRow(db, principal, await providerOf(db, principal, 'write'), id, 'write');
}

export async function create(
  deps: ProviderDeps,
  principal: Principal,
  body: CreateActivityBody,
): Promise<ProviderActivity> {
  const { db, clock, config } = deps;
  const provider = await providerOf(db, principal, 'write');
  listings.checkPosition(config, body);
  listings.checkEventDates({ eventStart: null, eventEnd: null }, body, todayInParis(clock.now()));
  const content = listings.newContent(body);
  const id = await db.transaction(async (tx) => {
    const now = clock.now();
    const id = await listingRepo.insertActivityRow(tx, {
      ...content,
      ...listings.immediateValues(body),
      providerId: provider.id,
      isActive: true,
      isApproved: false,
      sortName: '',
      createdAt: now,
      updatedAt: now,
    });
    await listingRepo.writeContent(tx, id, content, now);
    // A pending provider prepares drafts; an approved one's new activity goes to the admins.
    if (provider.isApproved) await listingRepo.upsertPendingRevision(tx, id, content, principal.id);
    return id;
  });
  return getOwn(deps, principal, id);
}

/**
 * Saves a change (docs/provider-workspace.md#lifecycle). Price, weekly hours,
 * event dates and booking change at once. Text, place, photo, free-text hours,
 * contact and website: before publication they are saved and (for an approved
 * provider) sent for approval; once published they wait in a request while the
 * public keeps seeing the approved version.
 */
export async function update(
  deps: ProviderDeps,
  principal: Principal,
  id: number,
  body: UpdateActivityBody & { imageUrl?: string | null },
  /** A photo just stored, which `body.imageUrl` names: recorded, and counted against the quota. */
  photo?: StoredPhoto,
): Promise<ProviderActivity> {
  const { db, clock, config } = deps;
  const provider = await providerOf(db, principal, 'write');
  await db.transaction(async (tx) => {
    const { activity } = await ownRow(tx, principal, provider, id, 'write');
    const pending = await listingRepo.pendingRevision(tx, id);
    const published = listingRepo.contentOfRow(activity, (await listingRepo.translationsOf(tx, [id])).get(id) ?? {});
    const next = listings.mergeContent(pending ? listings.proposedOf(pending, activity) : published, body);
    if (body.latitude !== undefined || body.longitude !== undefined) listings.checkPosition(config, next);
    const now = clock.now();
    listings.checkEventDates(activity, body, todayInParis(now));
    await listingRepo.updateActivityRow(tx, id, { ...listings.immediateValues(body), updatedAt: now });

    const touchesReview = REVIEWED_FIELDS.some((f) => f in body);
    const submits = Object.keys(body).length === 0 || Object.keys(body).some((k) => k !== 'isActive');
    if (!activity.isApproved) {
      if (touchesReview) await listingRepo.writeContent(tx, id, next, now);
      if (provider.isApproved && submits) await listingRepo.upsertPendingRevision(tx, id, next, principal.id);
    } else if (touchesReview) {
      if (isDeepStrictEqual(next, published)) await listingRepo.deletePendingRevision(tx, id);
      else await listingRepo.upsertPendingRevision(tx, id, next, principal.id);
    }
    if (photo) await recordPhoto(tx, { key: photo.key, bytes: photo.bytes, providerId: provider.id, activityId: id });
  });
  // The photo a new one replaced is used by nothing now (docs/provider-workspace.md#photos).
  if (photo) await releaseUnusedPhotos(deps, id);
  return getOwn(deps, principal, id);
}

/** An activity without bookings may go; one with bookings is paused instead (their history stays). */
export async function remove(deps: ProviderDeps, principal: Principal, id: number): Promise<void> {
  const { db } = deps;
  const provider = await providerOf(db, principal, 'write');
  await db.transaction(async (tx) => {
    await ownRow(tx, principal, provider, id, 'write');
    if ((await listingRepo.countBookings(tx, id)) > 0) {
      throw new AppError('ACTIVITY_HAS_BOOKINGS', 'An activity with bookings cannot be deleted; pause it instead');
    }
    if (await sponsorships.hasLivePaidSponsorship(tx, id)) {
      throw new AppError('SPONSORSHIP_PAID', 'This activity has a paid sponsorship that runs: cancel it first');
    }
    await repo.deleteActivity(tx, id);
  });
  await releaseUnusedPhotos(deps, id);
}
