import type {
  ActivityAuditAction,
  ActivityAuditEntry,
  AdminActivity,
  AdminActivityListItem,
  AdminActivityListQuery,
} from '../../../domain/admin-activities.js';
import { todayInParis } from '../../../domain/dates.js';
import { toEuros } from '../../../domain/money.js';
import { moderationValues } from '../../../domain/moderation.js';
import type { Page, PageQuery } from '../../../domain/pagination.js';
import type { Principal } from '../../../domain/policies.js';
import {
  type CreateActivityBody,
  type DecideActivityBody,
  type PendingActivity,
  REVIEWED_FIELDS,
  type ReviewedContent,
  type UpdateActivityBody,
} from '../../../domain/provider-activities.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { enqueueNotice, providerRecipient } from '../mail/notices.js';
import { photoAddressFor, releaseUnusedPhotos } from '../photos/service.js';
import * as listingRepo from '../listings/repository.js';
import * as listings from '../listings/service.js';
import * as sponsorships from '../sponsorships/service.js';
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
    facts: {
      price: row.activity.priceCents === null ? null : toEuros(row.activity.priceCents),
      bookingRequired: row.activity.bookingRequired,
      setting: row.activity.setting,
      eventStart: row.activity.eventStart,
      eventEnd: row.activity.eventEnd,
      weeklyHours: row.activity.weeklyHours,
    },
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
  return { activity, pending, proposed };
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
    const { activity, pending, proposed } = await shownRequest(tx, activityId, shown);
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
    await audit(tx, admin, activityId, decision.approve ? 'approve' : 'reject', now, {
      revisionId: pending.id,
      ...(decision.reason ? { reason: shorten(decision.reason) } : {}),
    });
    // The provider hears of the decision, in the language they last used (docs/mail.md#notices).
    if (activity.providerId !== null) {
      const values: Record<string, string> = { activity: proposed.name };
      if (decision.reason) values.reason = decision.reason;
      await enqueueNotice(
        tx,
        await providerRecipient(tx, activity.providerId),
        {
          kind: decision.approve ? 'activityApproved' : 'activityRejected',
          values,
          path: `/provider/activities/${activityId}`,
        },
        { publicUrl: deps.config.auth.publicUrl, now },
      );
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
export async function adminGet({ db }: Pick<AdminDeps, 'db'>, id: number): Promise<AdminActivity> {
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
  const standing = await repo.statusAndProvider(db, id);
  // The admin edits the row itself; what waits for approval stays in the queue.
  return {
    ...presented,
    status: standing?.status ?? 'draft',
    providerId: standing?.providerId ?? null,
    providerName: standing?.providerName ?? null,
    state: listings.stateOf(activity, review),
    pendingChanges: review?.status === 'pending' && activity.isApproved,
  };
}

/** An admin's edit: applied at once, with a sponsorship set by hand (docs/provider-workspace.md#admin). */
export async function adminUpdate(
  deps: AdminDeps,
  admin: Principal,
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
    // A level set by hand goes through the sponsorship module, which owns the level (docs/sponsorship.md).
    await sponsorships.setByHand(
      tx,
      id,
      { sponsorLevel: body.sponsorLevel, sponsoredUntil: body.sponsoredUntil },
      { now, publicUrl: config.auth.publicUrl },
    );
    await listingRepo.updateActivityRow(tx, id, values);
    if (REVIEWED_FIELDS.some((f) => f in body)) await listingRepo.writeContent(tx, id, next, now);
    await audit(tx, admin, id, 'edit', now, changesOf(body));
  });
}

// Every activity (docs/moderation.md#every-activity)

const SHORT = 80;
/** A long text as the audit keeps it: its start. */
const shorten = (text: string) => (text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text);

/** What a body changed, shortly: each field with its new value, long texts cut, lists summed up. */
export function changesOf(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (typeof value === 'string') out[field] = shorten(value);
    else if (field === 'translations' && value && typeof value === 'object') out[field] = Object.keys(value);
    else if (Array.isArray(value)) out[field] = `${value.length} rows`;
    else out[field] = value;
  }
  return out;
}

/** Records an admin's change in the caller's transaction. */
async function audit(
  tx: Db,
  admin: Principal,
  activityId: number,
  action: ActivityAuditAction,
  now: Date,
  changes: Record<string, unknown> = {},
) {
  await repo.insertAudit(tx, { activityId, actorId: admin.id, action, changes, createdAt: now });
}

export async function list(
  { db }: Pick<AdminDeps, 'db'>,
  query: AdminActivityListQuery,
): Promise<Page<AdminActivityListItem>> {
  const { rows, total } = await repo.listActivities(db, query);
  return {
    total,
    items: rows.map(({ activity, providerName, status, pendingChanges }) => ({
      id: activity.id,
      name: activity.name,
      category: activity.category,
      city: activity.city,
      status,
      pendingChanges: Boolean(pendingChanges),
      providerId: activity.providerId,
      providerName,
      sponsorLevel: activity.sponsorLevel,
      sponsoredUntil: activity.sponsoredUntil,
      updatedAt: activity.updatedAt.toISOString(),
    })),
  };
}

/** A listing the team makes itself: the guide's own, published at once (the admins made it). */
export async function create(deps: AdminDeps, admin: Principal, body: CreateActivityBody): Promise<AdminActivity> {
  const { db, clock, config } = deps;
  listings.checkPosition(config, body);
  listings.checkEventDates({ eventStart: null, eventEnd: null }, body, todayInParis(clock.now()));
  const content = listings.newContent(body);
  const id = await db.transaction(async (tx) => {
    const now = clock.now();
    const id = await listingRepo.insertActivityRow(tx, {
      ...content,
      ...listings.immediateValues(body),
      providerId: null,
      isActive: true,
      isApproved: true,
      sortName: '',
      createdAt: now,
      updatedAt: now,
    });
    await listingRepo.writeContent(tx, id, content, now);
    await audit(tx, admin, id, 'create', now, changesOf(body));
    return id;
  });
  return adminGet(deps, id);
}

/**
 * Pause (out of the guide, kept published), publish (in the guide: published and active) or
 * unpublish (back to a draft its provider can send for approval again).
 */
export async function setPublication(
  deps: AdminDeps,
  admin: Principal,
  id: number,
  action: 'pause' | 'publish' | 'unpublish',
): Promise<AdminActivity> {
  const { db, clock } = deps;
  await db.transaction(async (tx) => {
    const activity = await listingRepo.lockActivity(tx, id);
    if (!activity) throw listings.notFound();
    const now = clock.now();
    const values =
      action === 'pause'
        ? { isActive: false }
        : action === 'publish'
          ? { isActive: true, isApproved: true }
          : { isApproved: false };
    await listingRepo.updateActivityRow(tx, id, { ...values, updatedAt: now });
    await audit(tx, admin, id, action, now, values);
  });
  return adminGet(deps, id);
}

/**
 * Gives a listing to an approved provider, or back to the guide (`null`). The new provider is
 * told (docs/mail.md#notices).
 */
export async function assignProvider(
  deps: AdminDeps,
  admin: Principal,
  id: number,
  providerId: number | null,
): Promise<AdminActivity> {
  const { db, clock, config } = deps;
  await db.transaction(async (tx) => {
    const activity = await listingRepo.lockActivity(tx, id);
    if (!activity) throw listings.notFound();
    const provider = providerId === null ? null : await repo.findProvider(tx, providerId);
    if (providerId !== null && !provider) {
      throw new AppError('PROVIDER_NOT_FOUND', 'No provider has this id', [
        { path: 'providerId', message: 'is no provider' },
      ]);
    }
    if (provider && provider.status !== 'approved') {
      throw new AppError('PROVIDER_NOT_APPROVED', 'Only an approved provider can take a listing', [
        { path: 'providerId', message: 'must be an approved provider' },
      ]);
    }
    if (activity.providerId === providerId) return;
    const now = clock.now();
    await listingRepo.updateActivityRow(tx, id, { providerId, updatedAt: now });
    await audit(tx, admin, id, 'assign', now, {
      providerId,
      providerName: provider?.name ?? null,
      previousProviderId: activity.providerId,
    });
    if (provider) {
      await enqueueNotice(
        tx,
        await providerRecipient(tx, provider.id),
        {
          kind: 'listingAssigned',
          values: { activity: activity.name, company: provider.company ?? provider.name },
          path: `/provider/activities/${id}`,
        },
        { publicUrl: config.auth.publicUrl, now },
      );
    }
  });
  return adminGet(deps, id);
}

export async function auditTrail(
  { db }: Pick<AdminDeps, 'db'>,
  id: number,
  query: PageQuery,
): Promise<Page<ActivityAuditEntry>> {
  if (!(await listingRepo.findActivity(db, id))) throw listings.notFound();
  const { rows, total } = await repo.auditOf(db, id, query);
  return {
    total,
    items: rows.map(({ entry, firstName, lastName, email }) => ({
      id: entry.id,
      action: entry.action,
      actorId: entry.actorId,
      actorName: [firstName, lastName].filter(Boolean).join(' ') || email || null,
      changes: entry.changes,
      at: entry.createdAt.toISOString(),
    })),
  };
}
