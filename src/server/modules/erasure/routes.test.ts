import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminBooking } from '../../../domain/bookings.js';
import type { ErasureRecord, ErasureResult } from '../../../domain/privacy.js';
import type { AdminReview, PublicReview } from '../../../domain/reviews.js';
import {
  activities,
  activityAudit,
  bookingEvents,
  bookings,
  dataLinks,
  erasures,
  outbox,
  providers,
  reviews,
  sessions,
  users,
} from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import type { Db } from '../../db/client.js';
import { createActivity, createReview, createUser } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';
import { SESSION_COOKIE } from '../../plugins/auth.js';

/**
 * Deleting one's account and an admin's erasure on request (docs/privacy.md#deleting-an-account,
 * docs/privacy.md#erasure-on-request): each role deletes only their own account, in one
 * transaction; sessions end at once; the record says who and when, never what.
 */

// Wednesday 30 June 2027, 10:00 in Limoux.
const clock = fixedClock('2027-06-30T08:00:00Z');
const PAST = '2027-06-01';
const TODAY = '2027-06-30';
const FUTURE = '2027-07-15';
const ctx = useTestApp(() => ({ deps: { clock } }));

let admin: Awaited<ReturnType<typeof createUser>>;
let adminCookie: string;
beforeAll(async () => {
  admin = await createUser(ctx.db, { role: 'admin', isApproved: true, firstName: 'Ada', lastName: 'Admin' });
  adminCookie = await sessionCookieFor(ctx.db, admin.id);
});

const deleteMe = (cookie: string | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'DELETE',
    url: '/api/me',
    headers: { ...(cookie ? { cookie } : {}), ...sameOrigin },
    payload: payload as Record<string, unknown>,
  });
const eraseAddress = (cookie: string | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/erasures',
    headers: { ...(cookie ? { cookie } : {}), ...sameOrigin },
    payload: payload as Record<string, unknown>,
  });
const whoAmI = (cookie: string) => ctx.app.inject({ url: '/api/auth/user', headers: { cookie } });

async function booking(db: Db, activityId: number, values: Partial<typeof bookings.$inferInsert>) {
  const [row] = await db
    .insert(bookings)
    .values({
      activityId,
      customerName: 'Guest Name',
      customerEmail: 'guest@example.com',
      customerPhone: '+33 6 00 00 00 00',
      notes: 'Vegetarian',
      bookingDate: PAST,
      numberOfPeople: 2,
      totalAmountCents: 2500,
      status: 'confirmed',
      ...values,
    })
    .returning();
  if (!row) throw new Error('no booking');
  await db.insert(bookingEvents).values([
    { bookingId: row.id, toStatus: 'pending', actor: values.userId ? 'user' : 'guest', message: 'A guest’s words' },
    { bookingId: row.id, fromStatus: 'pending', toStatus: 'confirmed', actor: 'provider', message: 'See you' },
  ]);
  return row;
}

const bookingRow = async (id: number) => (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const eventsOf = async (id: number) =>
  ctx.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id)).orderBy(bookingEvents.id);
const userExists = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id))).length === 1;
const sessionsOf = async (id: string) =>
  (
    await ctx.db
      .select()
      .from(sessions)
      .where(sql`${sessions.sess} ->> 'userId' = ${id}`)
  ).length;
const erasureCount = async () => (await ctx.db.select().from(erasures)).length;

/** A table's rows as they are, to see that a refused call changed nothing. */
async function snapshot() {
  const [u, b, r, p, a, s, e] = await Promise.all([
    ctx.db.select().from(users).orderBy(users.id),
    ctx.db.select().from(bookings).orderBy(bookings.id),
    ctx.db.select().from(reviews).orderBy(reviews.id),
    ctx.db.select().from(providers).orderBy(providers.id),
    ctx.db.select().from(activities).orderBy(activities.id),
    ctx.db.select({ sid: sessions.sid }).from(sessions).orderBy(sessions.sid),
    ctx.db.select().from(erasures).orderBy(erasures.id),
  ]);
  return { u, b, r, p, a, s, e };
}

describe('who may', () => {
  it('refuses an anonymous caller: 401, nothing changed', async () => {
    const before = await snapshot();
    expect((await deleteMe(undefined, { confirm: true, reviews: 'keep' })).statusCode).toBe(401);
    expect((await eraseAddress(undefined, { email: 'a@example.com' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/admin/erasures' })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('lets no one but an admin erase an address or read the record: 403', async () => {
    const visitor = await sessionCookieFor(ctx.db, (await createUser(ctx.db, { role: 'visitor' })).id);
    const { cookie: provider } = await createProvider(ctx.db);
    const target = await createUser(ctx.db);
    const before = await snapshot();
    for (const cookie of [visitor, provider]) {
      expect((await eraseAddress(cookie, { email: target.email })).statusCode).toBe(403);
      expect((await ctx.app.inject({ url: '/api/admin/erasures', headers: { cookie } })).statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const user = await createUser(ctx.db);
    const cookie = await sessionCookieFor(ctx.db, user.id);
    const before = await snapshot();
    for (const body of [
      {},
      { confirm: false, reviews: 'keep' },
      { confirm: 'yes', reviews: 'keep' },
      { confirm: true },
      { confirm: true, reviews: 'hide' },
      { confirm: true, reviews: 'keep', extra: 1 },
    ]) {
      const res = await deleteMe(cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    for (const body of [{}, { email: 'not-an-address' }, { email: user.email, more: true }, { email: 42 }]) {
      const res = await eraseAddress(adminCookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(await snapshot()).toEqual(before);
    expect((await whoAmI(cookie)).statusCode).toBe(200);
  });
});

describe('a visitor deletes their account', () => {
  it('anonymises past bookings, keeps those to come until their day, keeps reviews as "former guest", ends every session', async () => {
    const activityId = await createActivity(ctx.db);
    const other = await createActivity(ctx.db);
    const me = await createUser(ctx.db, { email: 'marie@example.com', firstName: 'Marie', lastName: 'Dupont' });
    const cookie = await sessionCookieFor(ctx.db, me.id);
    const secondDevice = await sessionCookieFor(ctx.db, me.id);
    const past = await booking(ctx.db, activityId, { userId: me.id, customerEmail: me.email ?? '' });
    // Booked as a guest under the same address, without logging in.
    const pastAsGuest = await booking(ctx.db, activityId, { customerEmail: 'MARIE@example.com' });
    const future = await booking(ctx.db, activityId, { userId: me.id, bookingDate: FUTURE, status: 'pending' });
    const today = await booking(ctx.db, activityId, { userId: me.id, bookingDate: TODAY });
    const someoneElse = await booking(ctx.db, activityId, { customerEmail: 'else@example.com' });
    const review = await createReview(ctx.db, other, { rating: 2, userId: me.id, guestName: null, guestEmail: null });
    await createReview(ctx.db, other, { rating: 4 });
    const otherUser = await createUser(ctx.db);
    const otherCookie = await sessionCookieFor(ctx.db, otherUser.id);

    const res = await deleteMe(cookie, { confirm: true, reviews: 'keep' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    // The cookie is cleared in the browser.
    const cleared = [res.headers['set-cookie']].flat().find((c) => c?.startsWith(`${SESSION_COOKIE}=`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);

    // Sessions end at once, on every device.
    expect((await whoAmI(cookie)).statusCode).toBe(401);
    expect((await whoAmI(secondDevice)).statusCode).toBe(401);
    expect(await sessionsOf(me.id)).toBe(0);
    expect(await userExists(me.id)).toBe(false);
    expect((await whoAmI(otherCookie)).statusCode).toBe(200);

    for (const id of [past.id, pastAsGuest.id]) {
      const row = await bookingRow(id);
      expect(row).toMatchObject({
        customerName: '',
        customerEmail: '',
        customerPhone: null,
        notes: null,
        userId: null,
        eraseAfterDay: false,
        // The numbers keep what they count.
        numberOfPeople: 2,
        totalAmountCents: 2500,
        status: 'confirmed',
      });
      expect(row?.anonymisedAt).toEqual(clock.now());
      const events = await eventsOf(id);
      expect(events.map((e) => e.message)).toEqual([null, 'See you']);
    }
    for (const id of [future.id, today.id]) {
      expect(await bookingRow(id)).toMatchObject({
        customerName: 'Guest Name',
        customerEmail: 'guest@example.com',
        userId: null,
        eraseAfterDay: true,
        anonymisedAt: null,
      });
    }
    expect(await bookingRow(someoneElse.id)).toMatchObject({ customerEmail: 'else@example.com', anonymisedAt: null });

    const [kept] = await ctx.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(kept).toMatchObject({ userId: null, guestName: null, guestEmail: null, rating: 2 });
    expect(kept?.authorErasedAt).toEqual(clock.now());
    // Its rating still counts.
    const [activity] = await ctx.db.select().from(activities).where(eq(activities.id, other));
    expect(activity).toMatchObject({ reviewCount: 2 });
    expect(Number(activity?.rating)).toBe(3);
    const publicReviews = await ctx.app.inject({ url: `/api/activities/${other}/reviews` });
    const shown = publicReviews.json<PublicReview[]>().find((r) => r.id === review.id);
    expect(shown).toMatchObject({ formerGuest: true, guestName: null });
    expect(publicReviews.json<PublicReview[]>().filter((r) => r.formerGuest)).toHaveLength(1);
    const adminReviews = await ctx.app.inject({ url: '/api/admin/reviews', headers: { cookie: adminCookie } });
    expect(adminReviews.json<AdminReview[]>().find((r) => r.id === review.id)).toMatchObject({
      formerGuest: true,
      authorName: null,
      authorEmail: null,
      byAccount: false,
    });

    // The record: an account deletion, by nobody (they are gone), when.
    const [record] = await ctx.db
      .select()
      .from(erasures)
      .orderBy(sql`${erasures.id} desc`)
      .limit(1);
    expect(record).toMatchObject({ kind: 'account', erasedBy: null });
    expect(record?.erasedAt).toEqual(clock.now());
  });

  it('deletes the reviews when so chosen, and their ratings stop counting', async () => {
    const activityId = await createActivity(ctx.db);
    const me = await createUser(ctx.db);
    const cookie = await sessionCookieFor(ctx.db, me.id);
    const mine = await createReview(ctx.db, activityId, {
      rating: 1,
      userId: me.id,
      guestName: null,
      guestEmail: null,
    });
    await createReview(ctx.db, activityId, { rating: 5 });
    expect((await deleteMe(cookie, { confirm: true, reviews: 'delete' })).statusCode).toBe(200);
    expect(await ctx.db.select().from(reviews).where(eq(reviews.id, mine.id))).toEqual([]);
    const [activity] = await ctx.db.select().from(activities).where(eq(activities.id, activityId));
    expect(activity).toMatchObject({ reviewCount: 1 });
    expect(Number(activity?.rating)).toBe(5);
  });

  it('logging in again with the same identity makes a new account', async () => {
    const first = await ctx.app.inject({ method: 'POST', url: '/api/demo/login/visitor', headers: sameOrigin });
    expect(first.statusCode, first.body).toBeLessThan(400);
    const cookie = [first.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith(`${SESSION_COOKIE}=`))
      ?.split(';')[0];
    if (!cookie) throw new Error('no session cookie');
    const before = (await whoAmI(cookie)).json<{ id: string; email: string }>();
    // A booking still to come, kept for its provider until its day under the same address.
    const activityId = await createActivity(ctx.db);
    await booking(ctx.db, activityId, { userId: before.id, customerEmail: before.email, bookingDate: FUTURE });
    const mine = (session: string) =>
      ctx.app.inject({ url: '/api/bookings/mine', headers: { cookie: session } }).then((r) => r.json<unknown[]>());
    expect(await mine(cookie)).toHaveLength(1);
    expect((await deleteMe(cookie, { confirm: true, reviews: 'delete' })).statusCode).toBe(200);
    expect((await whoAmI(cookie)).statusCode).toBe(401);

    const again = await ctx.app.inject({ method: 'POST', url: '/api/demo/login/visitor', headers: sameOrigin });
    const next = [again.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith(`${SESSION_COOKIE}=`))
      ?.split(';')[0];
    if (!next) throw new Error('no session cookie');
    const after = (await whoAmI(next)).json<{ id: string; email: string }>();
    expect(after.email).toBe(before.email);
    expect(after.id).not.toBe(before.id);
    // The new account starts empty: the kept booking is the provider's, no longer the person's.
    expect(await mine(next)).toEqual([]);
  });
});

describe('a provider deletes their account', () => {
  it('unpublishes their activities, hands their open bookings to the team, and goes', async () => {
    const { user, provider, cookie } = await createProvider(ctx.db);
    const listed = await createActivity(ctx.db, { providerId: provider.id, sponsorLevel: 2, isSponsored: true });
    const second = await createActivity(ctx.db, { providerId: provider.id });
    const notTheirs = await createActivity(ctx.db);
    const open = await booking(ctx.db, listed, { bookingDate: FUTURE, status: 'pending' });
    expect((await ctx.app.inject({ url: `/api/activities/${listed}` })).statusCode).toBe(200);

    const res = await deleteMe(cookie, { confirm: true, reviews: 'keep' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await userExists(user.id)).toBe(false);
    expect(await ctx.db.select().from(providers).where(eq(providers.id, provider.id))).toEqual([]);
    const rows = await ctx.db
      .select()
      .from(activities)
      .where(inArray(activities.id, [listed, second, notTheirs]));
    for (const row of rows) {
      if (row.id === notTheirs) expect(row).toMatchObject({ isApproved: true, providerId: null });
      else expect(row).toMatchObject({ isApproved: false, providerId: null, sponsorLevel: 0, isSponsored: false });
    }
    // Out of the guide.
    expect((await ctx.app.inject({ url: `/api/activities/${listed}` })).statusCode).toBe(404);
    // Written in the activities' audit trail.
    const audit = await ctx.db.select().from(activityAudit).where(eq(activityAudit.activityId, listed));
    expect(audit.map((a) => a.action)).toContain('unpublish');
    // The guest's booking stays whole, and the team answers it.
    expect(await bookingRow(open.id)).toMatchObject({ customerName: 'Guest Name', status: 'pending' });
    const inbox = await ctx.app.inject({ url: '/api/admin/bookings', headers: { cookie: adminCookie } });
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json<AdminBooking[]>().find((b) => b.id === open.id)).toMatchObject({
      providerId: null,
      anonymised: false,
      answeredBy: { kind: 'team' },
    });
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${open.id}/confirm`,
      headers: { cookie: adminCookie, ...sameOrigin },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
  });
});

describe('an admin deletes their account', () => {
  it('may while another admin remains; the last admin may not (409, nothing changed)', async () => {
    const second = await createUser(ctx.db, { role: 'admin', isApproved: true });
    const secondCookie = await sessionCookieFor(ctx.db, second.id);
    expect((await deleteMe(secondCookie, { confirm: true, reviews: 'keep' })).statusCode).toBe(200);
    expect(await userExists(second.id)).toBe(false);

    // Now `admin` is the only one.
    const admins = await ctx.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins.map((a) => a.id)).toEqual([admin.id]);
    const before = await snapshot();
    const res = await deleteMe(adminCookie, { confirm: true, reviews: 'keep' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LAST_ADMIN' });
    expect(await snapshot()).toEqual(before);
    expect((await whoAmI(adminCookie)).statusCode).toBe(200);
  });
});

describe('erasure on request', () => {
  it('erases the account, bookings and reviews under an address, and records who and when only', async () => {
    const activityId = await createActivity(ctx.db);
    const email = 'Paul.Martin@Example.com';
    const account = await createUser(ctx.db, { email: 'paul.martin@example.com' });
    const cookie = await sessionCookieFor(ctx.db, account.id);
    const past = await booking(ctx.db, activityId, { customerEmail: 'paul.martin@example.com', userId: account.id });
    const pastNoAccount = await booking(ctx.db, activityId, { customerEmail: 'PAUL.MARTIN@example.com' });
    const future = await booking(ctx.db, activityId, { customerEmail: 'paul.martin@example.com', bookingDate: FUTURE });
    const byAccount = await createReview(ctx.db, activityId, { rating: 3, userId: account.id, guestName: null });
    const typed = await createReview(ctx.db, activityId, { rating: 4, guestEmail: 'paul.martin@example.com' });
    const untouched = await createReview(ctx.db, activityId, { rating: 5 });
    await ctx.db.insert(outbox).values([
      { kind: 'mail', payload: { to: 'paul.martin@example.com', subject: 'x' }, status: 'sent' },
      { kind: 'mail', payload: { to: 'other@example.com', subject: 'x' }, status: 'sent' },
    ]);
    await ctx.db.insert(dataLinks).values({
      tokenHash: 'a'.repeat(64),
      email: 'paul.martin@example.com',
      expiresAt: new Date(clock.now().getTime() + 3_600_000),
    });

    const res = await eraseAddress(adminCookie, { email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ErasureResult>()).toEqual({
      accounts: 1,
      bookingsErased: 2,
      bookingsKeptUntilTheirDay: 1,
      reviews: 2,
      providers: 0,
    });
    expect(await userExists(account.id)).toBe(false);
    expect((await whoAmI(cookie)).statusCode).toBe(401);
    for (const id of [past.id, pastNoAccount.id]) {
      expect(await bookingRow(id)).toMatchObject({ customerName: '', customerEmail: '', customerPhone: null });
    }
    expect(await bookingRow(future.id)).toMatchObject({ eraseAfterDay: true, anonymisedAt: null });
    const left = await ctx.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.activityId, activityId));
    expect(left.map((r) => r.id)).toEqual([untouched.id]);
    expect(left.map((r) => r.id)).not.toContain(byAccount.id);
    expect(left.map((r) => r.id)).not.toContain(typed.id);
    const mails = await ctx.db.select().from(outbox);
    expect(JSON.stringify(mails)).not.toContain('paul.martin');
    expect(JSON.stringify(mails)).toContain('other@example.com');
    expect(await ctx.db.select().from(dataLinks)).toEqual([]);

    const list = await ctx.app.inject({ url: '/api/admin/erasures?limit=1', headers: { cookie: adminCookie } });
    expect(list.statusCode, list.body).toBe(200);
    const [record] = list.json<ErasureRecord[]>();
    expect(record).toMatchObject({
      kind: 'request',
      erasedBy: { id: admin.id, name: 'Ada Admin' },
      erasedAt: clock.now().toISOString(),
    });
    expect(Number(list.headers['x-total-count'])).toBe(await erasureCount());
    expect(list.headers.link).toContain('offset=1');
    // No address, name or count anywhere in the record.
    const everything = await ctx.app.inject({ url: '/api/admin/erasures?limit=200', headers: { cookie: adminCookie } });
    expect(everything.body).not.toMatch(/paul|martin|@/i);
    const stored = await ctx.db.execute(sql`select row_to_json(e)::text as row from erasures e`);
    expect(JSON.stringify(stored)).not.toMatch(/paul|martin|@/i);
  });

  it('answers 200 with nothing done for an address the guide does not hold, and records it', async () => {
    const before = await erasureCount();
    const res = await eraseAddress(adminCookie, { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accounts: 0,
      bookingsErased: 0,
      bookingsKeptUntilTheirDay: 0,
      reviews: 0,
      providers: 0,
    });
    expect(await erasureCount()).toBe(before + 1);
  });

  it('erases a provider under the address: their activities leave the guide', async () => {
    const { user, provider } = await createProvider(ctx.db);
    const activityId = await createActivity(ctx.db, { providerId: provider.id });
    const res = await eraseAddress(adminCookie, { email: user.email });
    expect(res.json<ErasureResult>()).toMatchObject({ accounts: 1, providers: 1 });
    const [row] = await ctx.db.select().from(activities).where(eq(activities.id, activityId));
    expect(row).toMatchObject({ isApproved: false, providerId: null });
  });

  it('refuses to erase the last admin: 409, nothing changed', async () => {
    const before = await snapshot();
    const res = await eraseAddress(adminCookie, { email: admin.email });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LAST_ADMIN' });
    expect(await snapshot()).toEqual(before);
  });
});
