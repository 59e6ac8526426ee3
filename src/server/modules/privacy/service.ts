import { createHash, randomBytes } from 'node:crypto';
import { DAY_MS, HOUR_MS, todayInParis } from '../../../domain/dates.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/languages.js';
import { DATA_LINK_HOURS, type PersonalData } from '../../../domain/privacy.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { UserRow } from '../auth/repository.js';
import { enqueueMail } from '../mail/outbox.js';
import { dataLinkMail } from '../mail/templates.js';
import * as repo from './repository.js';

/** At most this many links are mailed to one address in an hour; further requests mail nothing (and say nothing). */
export const DATA_LINKS_PER_ADDRESS_HOUR = 3;
/** Used and expired links are removed this long after they were made. */
const SPENT_LINK_KEEP_MS = DAY_MS;

type Row = Record<string, unknown>;

/** A row as the file shows it: camelCase keys (as the repository names them), dates as ISO text. */
function readable(row: object): Row {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

/** Leaves out the keys that name someone else (the admin who decided, for example). */
function without(row: object, ...keys: string[]): Row {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));
}

/**
 * Everything the guide holds under an address and, when an account has it (or is given), of that
 * account (docs/privacy.md#download-my-data): the account, its provider application and activities,
 * bookings and reviews by the account or under the address, tag proposals and sponsorships. Never
 * another person's data: no other guest's booking or review of the provider's activities, no admin's
 * id, no idempotency keys.
 */
async function collect(db: Db, email: string, account: UserRow | undefined, now: Date): Promise<PersonalData> {
  const userId = account?.id ?? null;
  const provider = userId ? await repo.providerOfAccount(db, userId) : undefined;
  const activities = provider && userId ? await repo.activitiesOfProvider(db, provider.id, userId) : null;
  const booked = await repo.bookingsOf(db, { userId, email: email || null });
  const reviewed = await repo.reviewsOf(db, { userId, email: email || null });
  const proposals = userId ? await repo.tagProposalsOf(db, userId) : { tags: [], links: [] };
  const sponsored = userId ? await repo.sponsorshipsOf(db, userId) : { paid: [], payments: [], requests: [] };
  return {
    format: 'discoverlocal-personal-data/1',
    exportedAt: now.toISOString(),
    email,
    account: account ? readable(account) : null,
    provider: provider ? readable(without(provider, 'moderatedBy', 'userId')) : null,
    activities: (activities?.rows ?? []).map((activity) => ({
      ...readable(activity),
      submittedChanges: activities?.revisions
        .filter((r) => r.activityId === activity.id)
        .map((r) => readable(without(r, 'activityId'))),
    })),
    bookings: booked.rows.map((booking) => ({
      ...readable(booking),
      events: booked.events.filter((e) => e.bookingId === booking.id).map((e) => readable(without(e, 'bookingId'))),
    })),
    reviews: reviewed.map(readable),
    tagProposals: [
      ...proposals.tags.map((tag) => ({ kind: 'tag', ...readable(tag) })),
      ...proposals.links.map((link) => ({ kind: 'activityTag', ...readable(link) })),
    ],
    sponsorships: [
      ...sponsored.paid.map((s) => ({
        kind: 'subscription',
        ...readable(s),
        payments: sponsored.payments
          .filter((p) => p.sponsorshipId === s.id)
          .map((p) => readable(without(p, 'sponsorshipId'))),
      })),
      ...sponsored.requests.map((r) => ({ kind: 'request', ...readable(r) })),
    ],
    favourites: 'kept in your browser only',
  };
}

/** The file's name: the day it was made, in Limoux. */
export const dataFileName = (now: Date) => `discoverlocal-data-${todayInParis(now)}.json`;

/** Everything tied to a logged-in account (GET /api/me/data). */
export async function accountData({ db, clock }: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<PersonalData> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const account = await repo.findAccount(tx, userId);
    if (!account) throw new AppError('UNAUTHENTICATED', 'Log in to do this');
    return collect(tx, account.email ?? '', account, now);
  });
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A guest asks for a link to what the guide holds under an address (POST /api/privacy/data-requests).
 * A link is made and mailed, in one transaction, only when something is held under the address and
 * it had fewer than DATA_LINKS_PER_ADDRESS_HOUR links in the last hour; whatever happens, the caller
 * is told the same thing. Spent links older than a day go while at it.
 */
export async function requestDataLink(
  { db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>,
  body: { email: string; language?: Language | undefined },
): Promise<{ mailed: boolean }> {
  const now = clock.now();
  const email = body.email.trim();
  return db.transaction(async (tx) => {
    await repo.deleteSpentLinks(tx, now, new Date(now.getTime() - SPENT_LINK_KEEP_MS));
    await repo.lockAddress(tx, email);
    if (!(await repo.holdsAnything(tx, email))) return { mailed: false };
    if ((await repo.countLinksSince(tx, email, new Date(now.getTime() - HOUR_MS))) >= DATA_LINKS_PER_ADDRESS_HOUR) {
      return { mailed: false };
    }
    const token = randomBytes(32).toString('base64url');
    await repo.insertLink(tx, {
      tokenHash: hashOf(token),
      email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + DATA_LINK_HOURS * HOUR_MS),
    });
    const publicUrl = config.auth.publicUrl;
    const language = body.language ?? DEFAULT_LANGUAGE;
    await enqueueMail(
      tx,
      dataLinkMail(email, language, `${publicUrl}/privacy/data/${token}`, publicUrl, DATA_LINK_HOURS),
      now,
    );
    return { mailed: true };
  });
}

/**
 * What a mailed link opens (POST /api/privacy/data): the link is used up and the data read in one
 * transaction, so a failure leaves the link as it was. 404 DATA_LINK_INVALID for a token the guide
 * never made (or removed), 410 DATA_LINK_USED once used, 410 DATA_LINK_EXPIRED after DATA_LINK_HOURS.
 */
export async function linkData({ db, clock }: Pick<Deps, 'db' | 'clock'>, token: string): Promise<PersonalData> {
  const now = clock.now();
  const tokenHash = hashOf(token);
  return db.transaction(async (tx) => {
    const link = await repo.useLink(tx, tokenHash, now);
    if (!link) {
      const found = await repo.findLink(tx, tokenHash);
      if (!found) throw new AppError('DATA_LINK_INVALID', 'This link is not valid');
      if (found.usedAt) throw new AppError('DATA_LINK_USED', 'This link has been used already');
      throw new AppError('DATA_LINK_EXPIRED', 'This link has expired');
    }
    return collect(tx, link.email, await repo.findAccountByEmail(tx, link.email), now);
  });
}
