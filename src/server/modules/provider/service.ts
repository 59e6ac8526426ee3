import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { todayInParis } from '../../../domain/dates.js';
import { type EventDates, eventDatesProblem } from '../../../domain/event-dates.js';
import { moderationValues } from '../../../domain/moderation.js';

import { toCents, toEuros } from '../../../domain/money.js';
import type { Page } from '../../../domain/pagination.js';
import { mayEditActivity, mayEditOwnActivities, type Principal } from '../../../domain/policies.js';
import {
  type ActivityState,
  type CreateActivityBody,
  type DecideActivityBody,
  IMMEDIATE_FIELDS,
  type PendingActivity,
  type ProviderActivity,
  REVIEWED_FIELDS,
  type ReviewedContent,
  type UpdateActivityBody,
} from '../../../domain/provider-activities.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { assertInServiceArea } from '../../outside/service-area.js';
import type { StoredPhoto } from '../photos/files.js';
import { photoAddressFor, recordPhoto, releaseUnusedPhotos } from '../photos/service.js';
import * as sponsorships from '../sponsorships/service.js';
import * as repo from './repository.js';

type ProviderDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'log'>;

const notFound = () => new AppError('ACTIVITY_NOT_FOUND', 'Activity not found');

function stateOf(row: repo.ActivityRow, latest: repo.RevisionRow | undefined): ActivityState {
  if (row.isApproved) return 'published';
  if (!latest) return 'draft';
  return latest.status === 'rejected' ? 'rejected' : latest.status === 'pending' ? 'pending' : 'draft';
}

/**
 * What a request asks for, whole. A request saved before hours, contact and website were reviewed
 * lacks those fields: it did not ask to change them, so they are what the activity holds
 * (docs/moderation.md#activities).
 */
function proposedOf(revision: repo.RevisionRow, row: repo.ActivityRow): ReviewedContent {
  const { translations: _none, ...asIs } = repo.contentOfRow(row, {});
  return { ...asIs, ...revision.content };
}

/** JSON with its keys in order, at every depth: the same content always gives the same text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, inner]) => [key, canonical(inner)]));
  }
  return value;
}

/** The hash the queue shows with a request and a decision sends back (docs/moderation.md#activities). */
export function contentHash(content: ReviewedContent): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(content)))
    .digest('hex');
}

function present(
  row: repo.ActivityRow,
  translations: ReviewedContent['translations'],
  latest: repo.RevisionRow | undefined,
  bookingCount: number,
): ProviderActivity {
  const pending = latest?.status === 'pending' ? latest : undefined;
  const content = pending ? proposedOf(pending, row) : repo.contentOfRow(row, translations);
  return {
    id: row.id,
    ...content,
    imageUrl: photoAddressFor(content.imageUrl, row),
    price: row.priceCents === null ? null : toEuros(row.priceCents),
    eventStart: row.eventStart,
    eventEnd: row.eventEnd,
    weeklyHours: row.weeklyHours,
    bookingRequired: row.bookingRequired,
    isActive: row.isActive,
    isApproved: row.isApproved,
    state: stateOf(row, latest),
    pendingChanges: pending !== undefined && row.isApproved,
    review: latest
      ? {
          status: latest.status as 'pending' | 'approved' | 'rejected',
          reason: latest.moderationReason,
          at: (latest.moderatedAt ?? latest.createdAt).toISOString(),
        }
      : null,
    sponsorLevel: row.sponsorLevel,
    sponsoredUntil: row.sponsoredUntil,
    rating: Number(row.rating),
    reviewCount: row.reviewCount,
    bookingCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

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

async function presentAll(db: Db, rows: { activity: repo.ActivityRow; bookingCount: number }[]) {
  const ids = rows.map((r) => r.activity.id);
  const [translations, latest] = await Promise.all([repo.translationsOf(db, ids), repo.latestRevisions(db, ids)]);
  return rows.map((r) =>
    present(r.activity, translations.get(r.activity.id) ?? {}, latest.get(r.activity.id), r.bookingCount),
  );
}

export async function listOwn({ db }: ProviderDeps, principal: Principal): Promise<ProviderActivity[]> {
  const provider = await repo.findProviderOfUser(db, principal.id);
  if (!provider) return [];
  return presentAll(db, await repo.ownActivities(db, provider.id));
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
  if (!row || row.activity.providerId !== provider.id || !allowed) throw notFound();
  return row;
}

export async function getOwn({ db }: ProviderDeps, principal: Principal, id: number): Promise<ProviderActivity> {
  const provider = await providerOf(db, principal);
  const [presented] = await presentAll(db, [await ownRow(db, principal, provider, id, 'read')]);
  if (!presented) throw notFound();
  return presented;
}

/** Throws unless the caller may change this activity: theirs, and their application not rejected. */
export async function assertEditable({ db }: ProviderDeps, principal: Principal, id: number): Promise<void> {
  await ownRow(db, principal, await providerOf(db, principal, 'write'), id, 'write');
}

/** The columns of the fields that change at once. */
function immediateValues(body: UpdateActivityBody) {
  const values: Partial<repo.ActivityRow> = {};
  if (body.price !== undefined) values.priceCents = body.price === null ? null : toCents(body.price);
  for (const field of IMMEDIATE_FIELDS) {
    if (field !== 'price' && body[field] !== undefined) Object.assign(values, { [field]: body[field] });
  }
  if (body.isActive !== undefined) values.isActive = body.isActive;
  return values;
}

/**
 * The dates of an event's edition after a change (docs/product.md#event-dates): in order, at most
 * half a year, and not over when they are entered. A change of other fields leaves past dates alone.
 */
function checkEventDates(current: EventDates, body: UpdateActivityBody, today: string) {
  if (body.eventStart === undefined && body.eventEnd === undefined) return;
  const next: EventDates = {
    eventStart: body.eventStart === undefined ? current.eventStart : body.eventStart,
    eventEnd: body.eventEnd === undefined ? current.eventEnd : body.eventEnd,
  };
  const problem = eventDatesProblem(next, today);
  if (problem) {
    // Worded like the schema's own errors (docs/api.md#errors): the field, then what to fix.
    const message = `${problem.path} ${problem.message}`;
    throw new AppError('VALIDATION_FAILED', `Invalid body: ${message}`, [{ path: problem.path, message }]);
  }
}

function mergeContent(base: ReviewedContent, body: UpdateActivityBody & { imageUrl?: string | null }): ReviewedContent {
  const next = { ...base };
  for (const field of REVIEWED_FIELDS) {
    if (body[field] !== undefined) Object.assign(next, { [field]: body[field] });
  }
  // The original language has no translation of its own.
  const { [next.language]: _original, ...translations } = next.translations;
  next.translations = translations;
  return next;
}

function checkPosition(config: ProviderDeps['config'], content: { latitude: number; longitude: number }) {
  try {
    assertInServiceArea(config.serviceArea, content.latitude, content.longitude);
  } catch (error) {
    if (error instanceof AppError) {
      throw new AppError(error.code, error.message, [
        { path: 'latitude', message: error.details?.[0]?.message ?? error.message },
      ]);
    }
    throw error;
  }
}

export async function create(
  deps: ProviderDeps,
  principal: Principal,
  body: CreateActivityBody,
): Promise<ProviderActivity> {
  const { db, clock, config } = deps;
  const provider = await providerOf(db, principal, 'write');
  checkPosition(config, body);
  checkEventDates({ eventStart: null, eventEnd: null }, body, todayInParis(clock.now()));
  const content = mergeContent(
    {
      name: body.name,
      description: body.description,
      language: body.language,
      translations: {},
      category: body.category,
      location: null,
      address: null,
      city: body.city,
      latitude: body.latitude,
      longitude: body.longitude,
      imageUrl: null,
      openingHours: null,
      marketDays: null,
      contactPhone: null,
      contactEmail: null,
      website: null,
    },
    body,
  );
  const id = await db.transaction(async (tx) => {
    const now = clock.now();
    const id = await repo.insertActivityRow(tx, {
      ...content,
      ...immediateValues(body),
      providerId: provider.id,
      isActive: true,
      isApproved: false,
      sortName: '',
      createdAt: now,
      updatedAt: now,
    });
    await repo.writeContent(tx, id, content, now);
    // A pending provider prepares drafts; an approved one's new activity goes to the admins.
    if (provider.isApproved) await repo.upsertPendingRevision(tx, id, content, principal.id);
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
    const pending = await repo.pendingRevision(tx, id);
    const published = repo.contentOfRow(activity, (await repo.translationsOf(tx, [id])).get(id) ?? {});
    const next = mergeContent(pending ? proposedOf(pending, activity) : published, body);
    if (body.latitude !== undefined || body.longitude !== undefined) checkPosition(config, next);
    const now = clock.now();
    checkEventDates(activity, body, todayInParis(now));
    await repo.updateActivityRow(tx, id, { ...immediateValues(body), updatedAt: now });

    const touchesReview = REVIEWED_FIELDS.some((f) => f in body);
    const submits = Object.keys(body).length === 0 || Object.keys(body).some((k) => k !== 'isActive');
    if (!activity.isApproved) {
      if (touchesReview) await repo.writeContent(tx, id, next, now);
      if (provider.isApproved && submits) await repo.upsertPendingRevision(tx, id, next, principal.id);
    } else if (touchesReview) {
      if (isDeepStrictEqual(next, published)) await repo.deletePendingRevision(tx, id);
      else await repo.upsertPendingRevision(tx, id, next, principal.id);
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
    if ((await repo.countBookings(tx, id)) > 0) {
      throw new AppError('ACTIVITY_HAS_BOOKINGS', 'An activity with bookings cannot be deleted; pause it instead');
    }
    if (await sponsorships.hasLivePaidSponsorship(tx, id)) {
      throw new AppError('SPONSORSHIP_PAID', 'This activity has a paid sponsorship that runs: cancel it first');
    }
    await repo.deleteActivity(tx, id);
  });
  await releaseUnusedPhotos(deps, id);
}

// Admin

function presentPending(
  row: Awaited<ReturnType<typeof repo.pendingQueue>>['rows'][number],
  translations: ReviewedContent['translations'],
): PendingActivity {
  const proposed = proposedOf(row.revision, row.activity);
  return {
    activityId: row.activity.id,
    revisionId: row.revision.id,
    contentHash: contentHash(proposed),
    providerName: row.providerName,
    submittedAt: row.revision.createdAt.toISOString(),
    current: row.activity.isApproved ? repo.contentOfRow(row.activity, translations) : null,
    proposed: { ...proposed, imageUrl: photoAddressFor(proposed.imageUrl, row.activity) },
  };
}

export async function pendingQueue(
  { db }: ProviderDeps,
  query: { limit: number; offset: number },
): Promise<Page<PendingActivity>> {
  const { rows, total } = await repo.pendingQueue(db, query);
  const translations = await repo.translationsOf(
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
  const activity = await repo.lockActivity(tx, activityId);
  if (!activity) throw notFound();
  const pending = await repo.pendingRevision(tx, activityId);
  if (!pending) throw new AppError('NOTHING_PENDING', 'Nothing of this activity waits for approval');
  const proposed = proposedOf(pending, activity);
  if (pending.id !== shown.revisionId || contentHash(proposed) !== shown.contentHash) {
    throw new AppError(
      'REVISION_CHANGED',
      'This request was changed since it was shown: reload the queue and decide on what it asks now',
    );
  }
  return { pending, proposed };
}

async function decide(
  deps: ProviderDeps,
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
    await repo.decideRevision(tx, pending.id, { ...moderationValues(decision, admin.id, now), content: proposed });
    if (decision.approve) {
      await repo.writeContent(tx, activityId, proposed, now);
      await repo.updateActivityRow(tx, activityId, { isApproved: true });
    }
  });
  // A rejected change's photo, or the one an approved change replaced (docs/provider-workspace.md#photos).
  await releaseUnusedPhotos(deps, activityId);
}

export const approve = (deps: ProviderDeps, admin: Principal, activityId: number, shown: DecideActivityBody) =>
  decide(deps, admin, activityId, shown, { approve: true });
export const reject = (
  deps: ProviderDeps,
  admin: Principal,
  activityId: number,
  shown: DecideActivityBody,
  reason: string,
) => decide(deps, admin, activityId, shown, { approve: false, reason });

/** Any activity as it is published (or saved, before publication), for an admin to edit. */
export async function adminGet({ db }: ProviderDeps, id: number): Promise<ProviderActivity> {
  const activity = await repo.findActivity(db, id);
  if (!activity) throw notFound();
  const [translations, latest] = await Promise.all([repo.translationsOf(db, [id]), repo.latestRevisions(db, [id])]);
  const presented = present(activity, translations.get(id) ?? {}, undefined, await repo.countBookings(db, id));
  const review = latest.get(id);
  // The admin edits the row itself; what waits for approval stays in the queue.
  return {
    ...presented,
    state: stateOf(activity, review),
    pendingChanges: review?.status === 'pending' && activity.isApproved,
  };
}

/** An admin's edit: applied at once, with a sponsorship set by hand (docs/provider-workspace.md#admin). */
export async function adminUpdate(
  deps: ProviderDeps,
  id: number,
  body: UpdateActivityBody & { sponsorLevel?: number; sponsoredUntil?: string | null },
): Promise<void> {
  const { db, clock, config } = deps;
  await db.transaction(async (tx) => {
    const activity = await repo.findActivity(tx, id);
    if (!activity) throw notFound();
    const published = repo.contentOfRow(activity, (await repo.translationsOf(tx, [id])).get(id) ?? {});
    const next = mergeContent(published, body);
    if (body.latitude !== undefined || body.longitude !== undefined) checkPosition(config, next);
    const now = clock.now();
    checkEventDates(activity, body, todayInParis(now));
    const values: Partial<repo.ActivityRow> = { ...immediateValues(body), updatedAt: now };
    // A level set by hand goes through the sponsorship module, which owns the level (docs/sponsorship.md).
    await sponsorships.setByHand(
      tx,
      id,
      { sponsorLevel: body.sponsorLevel, sponsoredUntil: body.sponsoredUntil },
      { now, publicUrl: config.auth.publicUrl },
    );
    await repo.updateActivityRow(tx, id, values);
    if (REVIEWED_FIELDS.some((f) => f in body)) await repo.writeContent(tx, id, next, now);
  });
}
