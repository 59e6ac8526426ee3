import { todayInParis } from '../../../domain/dates.js';
import type { Page, PageQuery } from '../../../domain/pagination.js';
import type { Principal } from '../../../domain/policies.js';
import type { ErasureKind, ErasureRecord, ErasureResult, ReviewChoice } from '../../../domain/privacy.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { refreshRatings } from '../reviews/repository.js';
import * as repo from './repository.js';

export type ErasureDeps = Pick<Deps, 'db' | 'clock' | 'payments' | 'log'>;

/**
 * A test's hook inside the erasure's transaction, after its first statement (the kill -9 test
 * makes it wait there: docs/privacy.md#nothing-half-deleted). Never set by the app.
 */
export interface ErasureHooks {
  afterFirstStatement?: (tx: Db) => Promise<void>;
}

/** Whose data one erasure takes: an account (by id), an address (an admin's erasure on request), or both. */
interface Target {
  kind: ErasureKind;
  userId?: string;
  email?: string;
  reviews: ReviewChoice;
  /** The admin who erased on request; null for one's own deletion. */
  erasedBy: string | null;
}

const lastAdmin = () =>
  new AppError('LAST_ADMIN', 'The last admin cannot be erased: make someone else admin first');

/**
 * Ends the paid sponsorships the erasure ends, at Stripe, before the transaction: Stripe cannot
 * take part in it. A failure is a 503 and nothing is erased (the person tries again): an erased
 * provider must not be charged on (docs/privacy.md#deleting-an-account). An erasure that then
 * fails leaves the subscription ended, which its webhook tells the sponsorship as any ending.
 */
async function cancelPaidSponsorships(deps: ErasureDeps, target: Target): Promise<void> {
  const { db, payments } = deps;
  if (!payments) return;
  const userIds = target.userId
    ? [target.userId]
    : target.email
      ? (await repo.usersByEmail(db, target.email)).map((user) => user.id)
      : [];
  const providerRows = await repo.providersOf(db, {
    ...(target.userId ? { userId: target.userId } : {}),
    ...(target.kind === 'request' && target.email ? { email: target.email } : {}),
  });
  for (const row of providerRows) if (row.userId) userIds.push(row.userId);
  const live = await repo.liveSponsorships(db, userIds, []);
  for (const sponsorship of live) {
    if (sponsorship.status === 'canceled') continue;
    await payments.cancelSubscription(sponsorship.stripeSubscriptionId);
  }
}

/**
 * Erases one person in one transaction (docs/privacy.md): their account (and its provider, with
 * its activities unpublished and handed to the team), the bookings of the account or the address
 * (past ones anonymised now, those to come kept for the provider until their day), their reviews
 * (deleted, or kept under "former guest"), their sessions; and records that it was done, who and
 * when only. Nothing is ever half-done: any failure rolls everything back.
 */
async function erase(deps: ErasureDeps, target: Target, hooks: ErasureHooks = {}): Promise<ErasureResult> {
  const { db, clock } = deps;
  await cancelPaidSponsorships(deps, target);
  const now = clock.now();
  const today = todayInParis(now);
  return db.transaction(async (tx) => {
    await repo.lockRoleChanges(tx);
    await hooks.afterFirstStatement?.(tx);
    const accounts = target.userId
      ? [await repo.lockUser(tx, target.userId)].filter((row) => row !== undefined)
      : target.email
        ? await repo.lockUsersByEmail(tx, target.email)
        : [];
    if (target.userId && accounts.length === 0) throw new AppError('USER_NOT_FOUND', 'The account is gone already');
    const admins = accounts.filter((account) => account.role === 'admin').length;
    if (admins > 0 && (await repo.countAdmins(tx)) - admins < 1) throw lastAdmin();

    const userIds = accounts.map((account) => account.id);
    const emails = new Set<string>();
    for (const account of accounts) if (account.email) emails.add(account.email.toLowerCase());
    if (target.email) emails.add(target.email.toLowerCase());

    // Bookings: past ones anonymised now, those to come kept until their day.
    let bookingsErased = 0;
    let bookingsKept = 0;
    const whos = [
      ...userIds.map((userId) => ({ userId })),
      ...[...emails].map((email) => ({ email })),
    ];
    for (const who of whos) {
      bookingsErased += (await repo.anonymisePastBookings(tx, who, today, now)).length;
      bookingsKept += (await repo.keepUntilTheirDay(tx, who, today, now)).length;
    }

    // Reviews: the account's as chosen; on request, also those typed under the address.
    let reviewCount = 0;
    const touched = new Set<number>();
    for (const userId of userIds) {
      if (target.reviews === 'delete') {
        const gone = await repo.deleteReviews(tx, { userId });
        reviewCount += gone.length;
        for (const id of gone) touched.add(id);
      } else {
        reviewCount += await repo.keepReviewsWithoutAuthor(tx, userId, now);
      }
    }
    if (target.kind === 'request' && target.email) {
      const gone = await repo.deleteReviews(tx, { email: target.email });
      reviewCount += gone.length;
      for (const id of gone) touched.add(id);
    }
    if (touched.size > 0) await refreshRatings(tx, [...touched]);

    // A provider: their activities out of the guide, their sponsorships ended, their row gone (the
    // team answers the bookings: docs/permissions.md#rejected-and-demoted-providers).
    const providerRows = [
      ...new Map(
        [
          ...(await Promise.all(userIds.map((userId) => repo.lockProviders(tx, { userId })))).flat(),
          ...(target.kind === 'request' && target.email ? await repo.lockProviders(tx, { email: target.email }) : []),
        ].map((row) => [row.id, row]),
      ).values(),
    ];
    const providerIds = providerRows.map((row) => row.id);
    const activityIds = await repo.unpublishActivitiesOf(tx, providerIds, target.erasedBy, now);
    const ownerIds = [...new Set([...userIds, ...providerRows.flatMap((row) => (row.userId ? [row.userId] : []))])];
    const live = await repo.liveSponsorships(tx, ownerIds, activityIds);
    await repo.endSponsorships(
      tx,
      live.map((row) => row.id),
      now,
    );
    await repo.deleteProviders(tx, providerIds);

    // The record first: an admin erasing their own address is named until their row goes.
    await repo.recordErasure(tx, target.kind, target.erasedBy, now);
    await repo.deleteSessionsOf(tx, userIds);
    await repo.deleteUsers(tx, userIds);
    for (const email of emails) await repo.deleteMailAndLinksTo(tx, email);

    return {
      accounts: userIds.length,
      bookingsErased,
      bookingsKeptUntilTheirDay: bookingsKept,
      reviews: reviewCount,
      providers: providerIds.length,
    };
  });
}

/**
 * A person deletes their own account (DELETE /api/me, docs/privacy.md#deleting-an-account): their
 * reviews deleted or kept under "former guest" as they chose. 409 LAST_ADMIN for the last admin.
 */
export async function deleteOwnAccount(
  deps: ErasureDeps,
  principal: Principal,
  reviews: ReviewChoice,
  hooks?: ErasureHooks,
): Promise<ErasureResult> {
  return erase(deps, { kind: 'account', userId: principal.id, reviews, erasedBy: null }, hooks);
}

/**
 * An admin erases everything tied to an address (POST /api/admin/erasures,
 * docs/privacy.md#erasure-on-request): its account as above with its reviews deleted, the bookings
 * and reviews under the address, the mail sent to it. Recorded with who and when.
 */
export async function eraseAddress(
  deps: ErasureDeps,
  admin: Principal,
  email: string,
  hooks?: ErasureHooks,
): Promise<ErasureResult> {
  return erase(deps, { kind: 'request', email, reviews: 'delete', erasedBy: admin.id }, hooks);
}

/** The erasure record, newest first: who and when, never what. */
export async function listErasures(db: Db, query: PageQuery): Promise<Page<ErasureRecord>> {
  const { rows, total } = await repo.listErasures(db, query);
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      erasedBy: row.adminId
        ? { id: row.adminId, name: [row.firstName, row.lastName].filter(Boolean).join(' ') || 'Admin' }
        : null,
      erasedAt: row.erasedAt.toISOString(),
    })),
  };
}
