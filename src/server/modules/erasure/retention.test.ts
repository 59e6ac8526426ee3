import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInParis } from '../../../domain/dates.js';
import { queryRows } from '../../db/client.js';
import { bookingEvents, bookings, dataLinks, outbox } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createActivity, createUser } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';
import { monthsBefore, RETENTION_BATCH, runRetention } from './retention.js';

/**
 * The retention job with a moved clock (docs/privacy.md#retention): guests' details leave a booking
 * `retentionMonths` after its day (and at once after it when the guest is gone), the counts stay;
 * sent mail goes after 90 days, from the outbox and the mail folder; old data links go.
 */

const clock = fixedClock('2027-06-30T08:00:00Z');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dl-retention-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
const ctx = useTestApp(() => ({ deps: { clock } }));
const mailDir = () => path.join(dir, 'mail');
const retain = () => runRetention({ ...ctx.app.deps, config: { mail: { dir: mailDir() } } });

async function booking(activityId: number, bookingDate: string, values: Partial<typeof bookings.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(bookings)
    .values({
      activityId,
      customerName: 'Lena Guest',
      customerEmail: 'lena@example.com',
      customerPhone: '+33 6 11 11 11 11',
      notes: 'Allergic to nuts',
      bookingDate,
      numberOfPeople: 3,
      totalAmountCents: 4500,
      status: 'confirmed',
      ...values,
    })
    .returning();
  if (!row) throw new Error('no booking');
  await ctx.db
    .insert(bookingEvents)
    .values({ bookingId: row.id, toStatus: 'pending', actor: 'guest', message: 'Can we bring a dog?' });
  return row;
}

/** The bookings of `ids`, in that order. */
async function rowsOf(ids: number[]) {
  const rows = await ctx.db.select().from(bookings).where(inArray(bookings.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id));
}

describe('monthsBefore', () => {
  it('counts calendar months, the 31st going to a shorter month’s last day', () => {
    expect(monthsBefore('2027-06-30', 24)).toBe('2025-06-30');
    expect(monthsBefore('2027-03-31', 1)).toBe('2027-02-28');
    expect(monthsBefore('2028-03-31', 1)).toBe('2028-02-29');
    expect(monthsBefore('2027-01-15', 1)).toBe('2026-12-15');
    expect(monthsBefore('2027-06-30', 120)).toBe('2017-06-30');
  });
});

describe('bookings', () => {
  it('keeps guests’ details until the limit, erases them after, and every count stays', async () => {
    const { provider, cookie } = await createProvider(ctx.db);
    const activityId = await createActivity(ctx.db, { providerId: provider.id });
    const admin = await sessionCookieFor(ctx.db, (await createUser(ctx.db, { role: 'admin', isApproved: true })).id);
    // 24 months before 30 June 2027 is 30 June 2025: that day is kept, the day before is not.
    const old = await booking(activityId, '2025-06-29');
    const edge = await booking(activityId, '2025-06-30');
    const recent = await booking(activityId, '2027-01-10');
    // A guest who deleted their account: erased once the day is past, not before.
    const gonePast = await booking(activityId, '2027-06-29', { eraseAfterDay: true });
    const goneToday = await booking(activityId, '2027-06-30', { eraseAfterDay: true });

    const numbersOf = async () => {
      // The provider's numbers (booking requests and confirmations) and the admins' inbox.
      const own = await ctx.app.inject({
        url: `/api/provider/analytics?from=${todayInParis(new Date(Date.now() - 86_400_000))}&to=2027-06-30`,
        headers: { cookie },
      });
      const inbox = await ctx.app.inject({
        url: `/api/admin/bookings?activityId=${activityId}`,
        headers: { cookie: admin },
      });
      const counts = await queryRows<{ n: number; people: number; cents: number }>(
        ctx.db,
        sql`select count(*)::int as n, sum(number_of_people)::int as people, sum(total_amount_cents)::int as cents
            from bookings where activity_id = ${activityId}`,
      );
      expect(own.statusCode, own.body).toBe(200);
      expect(inbox.statusCode, inbox.body).toBe(200);
      return { own: own.json<unknown>(), inbox: inbox.headers['x-total-count'], counts };
    };
    const before = await numbersOf();

    const done = await retain();
    expect(done.bookings).toBeGreaterThanOrEqual(2);
    const [o, e, r, gp, gt] = await rowsOf([old.id, edge.id, recent.id, gonePast.id, goneToday.id]);
    for (const erased of [o, gp]) {
      expect(erased).toMatchObject({
        customerName: '',
        customerEmail: '',
        customerPhone: null,
        notes: null,
        numberOfPeople: 3,
        totalAmountCents: 4500,
        status: 'confirmed',
        eraseAfterDay: false,
      });
      expect(erased?.anonymisedAt).toEqual(clock.now());
    }
    for (const kept of [e, r, gt]) expect(kept).toMatchObject({ customerName: 'Lena Guest', anonymisedAt: null });
    const events = await ctx.db.select().from(bookingEvents).where(inArray(bookingEvents.bookingId, [old.id, edge.id]));
    expect(Object.fromEntries(events.map((ev) => [ev.bookingId, ev.message]))).toEqual({
      [old.id]: null,
      [edge.id]: 'Can we bring a dog?',
    });
    expect(await numbersOf()).toEqual(before);

    // A day later the edge's day and today's booking of the gone guest are due too; nothing twice.
    clock.set('2027-07-01T08:00:00Z');
    const next = await retain();
    expect(next.bookings).toBe(2);
    const [e2, gt2, o2] = await rowsOf([edge.id, goneToday.id, old.id]);
    expect(e2).toMatchObject({ customerName: '', anonymisedAt: clock.now() });
    expect(gt2).toMatchObject({ customerName: '', anonymisedAt: clock.now() });
    // The first erasure's time stays.
    expect(o2?.anonymisedAt).toEqual(new Date('2027-06-30T08:00:00Z'));
    expect((await retain()).bookings).toBe(0);
    expect(await numbersOf()).toEqual(before);
    clock.set('2027-06-30T08:00:00Z');
  });

  it('follows the console’s retention period', async () => {
    const activityId = await createActivity(ctx.db);
    const b = await booking(activityId, '2027-01-15');
    expect((await retain()).bookings).toBe(0);
    const admin = await sessionCookieFor(ctx.db, (await createUser(ctx.db, { role: 'admin', isApproved: true })).id);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: { cookie: admin, ...sameOrigin },
      payload: { retentionMonths: '3' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await retain()).bookings).toBeGreaterThanOrEqual(1);
    expect((await rowsOf([b.id]))[0]).toMatchObject({ customerName: '' });
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: { cookie: admin, ...sameOrigin },
      payload: { retentionMonths: null },
    });
  });

  it('works in batches: a first run over more than a batch erases them all', async () => {
    const activityId = await createActivity(ctx.db);
    const n = RETENTION_BATCH + 20;
    await ctx.db.insert(bookings).values(
      Array.from({ length: n }, () => ({
        activityId,
        customerName: 'Old Guest',
        customerEmail: 'old@example.com',
        bookingDate: '2020-05-01',
      })),
    );
    expect((await retain()).bookings).toBe(n);
    const left = await ctx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerName, 'Old Guest'));
    expect(left).toEqual([]);
  });
});

describe('mail and links', () => {
  it('removes sent mail after 90 days from the outbox and the mail folder; keeps what is newer or unsent', async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = clock.now().getTime();
    const [oldSent, newSent, oldPending, oldFailed] = await ctx.db
      .insert(outbox)
      .values([
        { kind: 'mail', payload: { to: 'a@example.com' }, status: 'sent', doneAt: new Date(now - 91 * day) },
        { kind: 'mail', payload: { to: 'b@example.com' }, status: 'sent', doneAt: new Date(now - 89 * day) },
        { kind: 'mail', payload: { to: 'c@example.com' }, status: 'pending', createdAt: new Date(now - 200 * day) },
        { kind: 'mail', payload: { to: 'd@example.com' }, status: 'failed', createdAt: new Date(now - 200 * day) },
      ])
      .returning({ id: outbox.id });
    await mkdir(mailDir(), { recursive: true });
    const file = async (name: string, ageDays: number) => {
      const full = path.join(mailDir(), name);
      await writeFile(full, 'To: x@example.com\r\n\r\nHello');
      const at = new Date(now - ageDays * day);
      await utimes(full, at, at);
    };
    await file('old.eml', 91);
    await file('new.eml', 10);
    await file('notes.txt', 400);

    const done = await retain();
    expect(done).toMatchObject({ outbox: 1, mailFiles: 1 });
    const ids = (await ctx.db.select({ id: outbox.id }).from(outbox)).map((r) => r.id);
    expect(ids).not.toContain(oldSent?.id);
    expect(ids).toEqual(expect.arrayContaining([newSent?.id, oldPending?.id, oldFailed?.id]));
    expect((await readdir(mailDir())).sort()).toEqual(['new.eml', 'notes.txt']);
  });

  it('has nothing to do without a mail folder', async () => {
    await rm(mailDir(), { recursive: true, force: true });
    expect((await retain()).mailFiles).toBe(0);
  });

  it('removes data links a day after they expired', async () => {
    const hour = 60 * 60 * 1000;
    const now = clock.now().getTime();
    await ctx.db.insert(dataLinks).values([
      { tokenHash: 'b'.repeat(64), email: 'x@example.com', expiresAt: new Date(now - 25 * hour) },
      { tokenHash: 'c'.repeat(64), email: 'x@example.com', expiresAt: new Date(now - 2 * hour) },
      { tokenHash: 'd'.repeat(64), email: 'x@example.com', expiresAt: new Date(now + 2 * hour) },
    ]);
    expect((await retain()).dataLinks).toBe(1);
    const left = (await ctx.db.select().from(dataLinks)).map((l) => l.tokenHash[0]).sort();
    expect(left).toEqual(['c', 'd']);
  });
});
