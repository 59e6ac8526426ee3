import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { LIST_PAGE_SIZE } from '../../../domain/pagination.js';
import type { AdminReview, PublicReview } from '../../../domain/reviews.js';
import { bookings, reviews } from '../../db/schema/index.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { createActivity, createReview, createUser } from '../../test/factories.js';
import { getJson } from '../../test/http.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();
const ids = {} as Record<'activity' | 'hidden' | 'quiet', number>;

beforeAll(async () => {
  const db = ctx.db;
  ids.activity = await createActivity(db);
  ids.hidden = await createActivity(db, { isActive: false });
  ids.quiet = await createActivity(db);
  const user = await createUser(db, { firstName: 'Sanne', lastName: 'visser', email: 'sanne@example.com' });
  await createReview(db, ids.activity, {
    rating: 5,
    guestName: 'Tom H.',
    guestEmail: 'tom@example.com',
    title: 'Top',
    comment: 'Oldest',
    createdAt: new Date('2025-01-01T10:00:00Z'),
  });
  await createReview(db, ids.activity, {
    rating: 4,
    userId: user.id,
    guestName: null,
    guestEmail: null,
    comment: 'By a user',
    createdAt: new Date('2025-03-01T10:00:00Z'),
  });
  await createReview(db, ids.activity, {
    rating: 3,
    guestName: 'Hidden Name',
    guestEmail: 'anon@example.com',
    isAnonymous: true,
    comment: 'Anonymous',
    createdAt: new Date('2025-02-01T10:00:00Z'),
  });
  await createReview(db, ids.activity, { rating: 1, comment: 'Pending', isApproved: false, createdAt: new Date() });
  await createReview(db, ids.hidden, { rating: 5, comment: 'On a hidden activity' });
});

describe('GET /api/activities/:id/reviews', () => {
  it('lists approved reviews newest first with a display name and no e-mail', async () => {
    const res = await getJson<PublicReview[]>(ctx.app, `/api/activities/${ids.activity}/reviews`);
    expect(res.status).toBe(200);
    expect(res.body.map((r) => [r.comment, r.guestName])).toEqual([
      ['By a user', 'Sanne V.'],
      ['Anonymous', null],
      ['Oldest', 'Tom H.'],
    ]);
    expect(res.body[2]).toMatchObject({ rating: 5, title: 'Top', createdAt: '2025-01-01T10:00:00.000Z' });
    expect(res.text).not.toContain('@');
    expect(res.text).not.toContain('Hidden Name');
    expect(Object.keys(res.body[0] ?? {}).sort()).toEqual([
      'comment',
      'createdAt',
      'guestName',
      'id',
      'rating',
      'title',
      'verifiedBooking',
    ]);
  });

  it('keeps the activity rating at the average of approved reviews', async () => {
    const res = await getJson<{ rating: number; reviewCount: number }>(ctx.app, `/api/activities/${ids.activity}`);
    expect(res.body).toMatchObject({ rating: 4, reviewCount: 3 });
  });

  it('is an empty list for an activity without reviews', async () => {
    const res = await getJson(ctx.app, `/api/activities/${ids.quiet}/reviews`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('pages the reviews newest first, the total in X-Total-Count and the next page in Link', async () => {
    const busy = await createActivity(ctx.db);
    // More than a default page; two pairs written in the same moment, so the id decides their order.
    const same = new Date('2025-06-01T10:00:00Z');
    for (let i = 0; i < LIST_PAGE_SIZE + 3; i++) {
      await createReview(ctx.db, busy, {
        rating: 1 + (i % 5),
        comment: `Review ${i}`,
        createdAt: i < 4 ? same : new Date(Date.UTC(2025, 0, 1, 0, i)),
      });
    }
    await createReview(ctx.db, busy, { rating: 2, comment: 'Waiting', isApproved: false });
    const total = LIST_PAGE_SIZE + 3;
    const first = await ctx.app.inject({ method: 'GET', url: `/api/activities/${busy}/reviews` });
    expect(first.statusCode).toBe(200);
    expect(first.json<PublicReview[]>()).toHaveLength(LIST_PAGE_SIZE);
    expect(first.headers['x-total-count']).toBe(String(total));
    expect(first.headers.link).toBe(`</api/activities/${busy}/reviews?offset=${LIST_PAGE_SIZE}>; rel="next"`);
    const seen: PublicReview[] = [];
    for (let offset = 0; offset < total; offset += 4) {
      const page = await ctx.app.inject({
        method: 'GET',
        url: `/api/activities/${busy}/reviews?limit=4&offset=${offset}`,
      });
      expect(page.headers['x-total-count']).toBe(String(total));
      seen.push(...page.json<PublicReview[]>());
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((r) => r.id)).size).toBe(total);
    const newestFirst = [...seen].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    expect(seen.map((r) => r.id)).toEqual(newestFirst.map((r) => r.id));
    expect(seen.map((r) => r.comment)).not.toContain('Waiting');
    const last = await ctx.app.inject({
      method: 'GET',
      url: `/api/activities/${busy}/reviews?limit=4&offset=${total - 1}`,
    });
    expect(last.json<PublicReview[]>()).toHaveLength(1);
    expect(last.headers.link).toBeUndefined();
  });

  it.each(['limit=0', 'limit=201', 'offset=-1', 'offset=1.5', 'lng=nl'])(
    'refuses the query %s with a 400',
    async (query) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/activities/${ids.activity}/reviews?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    },
  );

  it('is a 404 for a hidden activity and a 400 for a bad id', async () => {
    expect((await getJson(ctx.app, `/api/activities/${ids.hidden}/reviews`)).status).toBe(404);
    expect((await getJson(ctx.app, '/api/activities/x1/reviews')).status).toBe(400);
  });
});

describe('writing and moderating reviews', () => {
  const write = (activityId: number, payload: object, cookie?: string, remoteAddress = nextAddress()) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/activities/${activityId}/reviews`,
      payload,
      remoteAddress,
      headers: cookie ? { cookie, ...sameOrigin } : {},
    });
  let addresses = 0;
  const nextAddress = () => `192.0.2.${++addresses}`;
  let adminCookie: string;
  let activity: number;
  beforeAll(async () => {
    const admin = await createUser(ctx.db, { role: 'admin', isApproved: true, roleChosenAt: new Date() });
    adminCookie = await sessionCookieFor(ctx.db, admin.id);
    activity = await createActivity(ctx.db, { bookingRequired: true });
  });
  const moderate = (id: number, payload: object) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/reviews/${id}/approval`,
      payload,
      headers: { cookie: adminCookie, ...sameOrigin },
    });
  const reviewCount = async () => (await ctx.db.select({ n: count() }).from(reviews))[0]?.n ?? 0;

  it('takes a guest review, trimmed, pending and hidden until an admin approves it', async () => {
    const res = await write(activity, {
      rating: 4,
      comment: '  Mooie tocht, goede gids.  ',
      title: 'Aanrader',
      guestName: 'Femke B.',
      guestEmail: 'femke@example.com',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', isApproved: false, comment: 'Mooie tocht, goede gids.' });
    const shown = await getJson<PublicReview[]>(ctx.app, `/api/activities/${activity}/reviews`);
    expect(shown.body).toEqual([]);
  });

  it.each([
    [{ comment: 'x' }, 'rating'],
    [{ rating: 0, comment: 'x' }, 'rating'],
    [{ rating: 6, comment: 'x' }, 'rating'],
    [{ rating: 3.5, comment: 'x' }, 'rating'],
    [{ rating: 3 }, 'comment'],
    [{ rating: 3, comment: '   ' }, 'comment'],
    [{ rating: 3, comment: 'x'.repeat(2001) }, 'comment'],
    [{ rating: 3, comment: 'ok', guestEmail: 'guest@example.com' }, 'guestName'],
    [{ rating: 3, comment: 'ok', guestName: 'Guest' }, 'guestEmail'],
    [{ rating: 3, comment: 'ok', guestName: 'Guest', guestEmail: 'no' }, 'guestEmail'],
    [{ rating: 3, comment: 'ok', guestName: 'Guest', guestEmail: 'g@example.com', isApproved: true }, 'isApproved'],
  ])('refuses %j with a 400 naming %s, and keeps nothing', async (payload, field) => {
    const before = await reviewCount();
    const res = await write(activity, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ details: { path: string }[] }>().details.map((d) => d.path)).toContain(field);
    expect(await reviewCount()).toBe(before);
  });

  it('refuses what a robot fills in (the hidden field), and a hidden or missing activity', async () => {
    const before = await reviewCount();
    const bot = await write(activity, {
      rating: 5,
      comment: 'Great!!!',
      guestName: 'Bot',
      guestEmail: 'bot@example.com',
      website: 'https://spam.example',
    });
    expect(bot.statusCode).toBe(400);
    expect(bot.json()).toMatchObject({ code: 'SPAM_SUSPECTED' });
    const hidden = await write(ids.hidden, { rating: 5, comment: 'x', guestName: 'A', guestEmail: 'a@example.com' });
    expect(hidden.statusCode).toBe(404);
    expect(await reviewCount()).toBe(before);
  });

  it('keeps one review per person per activity: by guest address (any case) and by account', async () => {
    const guest = { rating: 5, comment: 'Eerste', guestName: 'Tom', guestEmail: 'tom.twice@example.com' };
    expect((await write(activity, guest)).statusCode).toBe(201);
    const again = await write(activity, { ...guest, comment: 'Tweede', guestEmail: 'TOM.twice@Example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'REVIEW_EXISTS' });
    const user = await createUser(ctx.db, { firstName: 'Lotte', lastName: 'de Vries', roleChosenAt: new Date() });
    const cookie = await sessionCookieFor(ctx.db, user.id);
    // Logged in, name and e-mail come from the account, whatever the form sends.
    const first = await write(
      activity,
      { rating: 3, comment: 'Goed', guestName: 'Fake', guestEmail: 'fake@example.com' },
      cookie,
    );
    expect(first.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(reviews).where(eq(reviews.id, first.json<{ id: number }>().id));
    expect(row).toMatchObject({ userId: user.id, guestName: null, guestEmail: null });
    expect((await write(activity, { rating: 4, comment: 'Nog eens' }, cookie)).statusCode).toBe(409);
  });

  it('limits reviews per address', async () => {
    const address = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await write(
        activity,
        { rating: 4, comment: `r${i}`, guestName: 'G', guestEmail: `limit${i}@example.com` },
        undefined,
        address,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5).every((s) => s === 201)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it('lets an admin approve, reject with a reason and approve again; the rating follows each time', async () => {
    const quiet = await createActivity(ctx.db);
    const a = (await write(quiet, { rating: 5, comment: 'Top', guestName: 'A', guestEmail: 'a1@example.com' })).json<{
      id: number;
    }>();
    const b = (await write(quiet, { rating: 2, comment: 'Matig', guestName: 'B', guestEmail: 'b1@example.com' })).json<{
      id: number;
    }>();
    const rating = async () =>
      (await getJson<{ rating: number; reviewCount: number }>(ctx.app, `/api/activities/${quiet}`)).body;
    expect(await rating()).toMatchObject({ rating: 0, reviewCount: 0 });
    const pending = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/reviews/pending',
      headers: { cookie: adminCookie },
    });
    const listed = pending.json<AdminReview[]>().find((r) => r.id === a.id);
    // Admins see the guest's address.
    expect(listed).toMatchObject({ authorName: 'A', authorEmail: 'a1@example.com', status: 'pending' });
    expect((await moderate(a.id, { isApproved: 1 })).json()).toMatchObject({ status: 'approved', isApproved: true });
    expect(await rating()).toMatchObject({ rating: 5, reviewCount: 1 });
    await moderate(b.id, { isApproved: true });
    expect(await rating()).toMatchObject({ rating: 3.5, reviewCount: 2 });
    const rejected = await moderate(a.id, { isApproved: 0, moderationReason: 'Persoonlijke gegevens in de tekst' });
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      moderationReason: 'Persoonlijke gegevens in de tekst',
    });
    expect(await rating()).toMatchObject({ rating: 2, reviewCount: 1 });
    const [row] = await ctx.db.select().from(reviews).where(eq(reviews.id, a.id));
    expect(row?.moderatedBy).toBeTruthy();
    expect((await moderate(a.id, { isApproved: 1 })).json()).toMatchObject({ status: 'approved' });
    expect(await rating()).toMatchObject({ rating: 3.5, reviewCount: 2 });
    const byStatus = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/reviews?status=approved&limit=200',
      headers: { cookie: adminCookie },
    });
    expect(byStatus.json<AdminReview[]>().every((r) => r.status === 'approved')).toBe(true);
    expect((await moderate(999_999, { isApproved: 1 })).statusCode).toBe(404);
    expect((await moderate(a.id, { isApproved: 2 })).statusCode).toBe(400);
    expect((await moderate(a.id, { isApproved: 0, moderationReason: 'x'.repeat(501) })).statusCode).toBe(400);
  });

  it('marks a review "verified booking" when its author has a confirmed booking, and never shows an e-mail', async () => {
    const place = await createActivity(ctx.db, { bookingRequired: true });
    const booked = (
      await write(place, { rating: 5, comment: 'Geweest!', guestName: 'Ria', guestEmail: 'ria@example.com' })
    ).json<{ id: number }>();
    const notBooked = (
      await write(place, { rating: 4, comment: 'Gehoord', guestName: 'Piet', guestEmail: 'piet@example.com' })
    ).json<{ id: number }>();
    await moderate(booked.id, { isApproved: 1 });
    await moderate(notBooked.id, { isApproved: 1 });
    await ctx.db.insert(bookings).values({
      activityId: place,
      customerName: 'Ria',
      customerEmail: 'RIA@example.com',
      bookingDate: '2026-12-01',
      status: 'confirmed',
    });
    await ctx.db.insert(bookings).values({
      activityId: place,
      customerName: 'Piet',
      customerEmail: 'piet@example.com',
      bookingDate: '2026-12-01',
      status: 'cancelled',
    });
    const res = await getJson<PublicReview[]>(ctx.app, `/api/activities/${place}/reviews`);
    expect(Object.fromEntries(res.body.map((r) => [r.guestName, r.verifiedBooking]))).toEqual({
      Ria: true,
      Piet: false,
    });
    expect(res.text).not.toContain('@');
  });
});
