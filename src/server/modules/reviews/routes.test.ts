import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
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
      'formerGuest',
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

  it('answers a guest review the same whether or not its address reviewed before (nothing tells who reviewed what)', async () => {
    const guest = { rating: 5, comment: 'Eerste', guestName: 'Tom', guestEmail: 'tom.twice@example.com' };
    const first = await write(activity, guest);
    // Someone else types the same address (any case): a new review like any other, not a 409.
    const again = await write(activity, { ...guest, comment: 'Tweede', guestEmail: 'TOM.twice@Example.com' });
    const fresh = await write(activity, { ...guest, comment: 'Derde', guestEmail: 'never.reviewed@example.com' });
    for (const res of [first, again, fresh]) {
      expect(res.statusCode).toBe(201);
      expect(Object.keys(res.json<object>()).sort()).toEqual(Object.keys(first.json<object>()).sort());
      expect(res.json()).toMatchObject({ status: 'pending', isApproved: false, activityId: activity });
    }
    // The real owner of the address still gets their review in: both are kept, for the admins to judge.
    const kept = await ctx.db
      .select()
      .from(reviews)
      .where(sql`lower(${reviews.guestEmail}) = 'tom.twice@example.com'`);
    expect(kept.map((r) => r.comment).sort()).toEqual(['Eerste', 'Tweede']);
  });

  it('keeps one review per account per activity: the second is a 409 to the account itself', async () => {
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
    const second = await write(activity, { rating: 4, comment: 'Nog eens' }, cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'REVIEW_EXISTS' });
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

  const approvedBadges = async (place: number) => {
    const res = await getJson<PublicReview[]>(ctx.app, `/api/activities/${place}/reviews`);
    expect(res.text).not.toContain('@');
    return Object.fromEntries(res.body.map((r) => [r.comment, r.verifiedBooking]));
  };
  const confirmedBooking = (values: Partial<typeof bookings.$inferInsert> & { activityId: number }) =>
    ctx.db.insert(bookings).values({
      customerName: 'Guest',
      customerEmail: 'guest@example.com',
      bookingDate: '2020-05-01',
      status: 'confirmed',
      ...values,
    });

  it('never gives "verified booking" for a typed address, even one with a confirmed booking (to come or over)', async () => {
    const place = await createActivity(ctx.db, { bookingRequired: true });
    // Bookings made with these addresses, without an account: one over, one to come.
    await confirmedBooking({ activityId: place, customerEmail: 'RIA@example.com', bookingDate: '2020-05-01' });
    await confirmedBooking({ activityId: place, customerEmail: 'piet@example.com', bookingDate: '2099-05-01' });
    // A provider books their own activity with any address they like, and reviews with it.
    await confirmedBooking({ activityId: place, customerEmail: 'minted@example.com', bookingDate: '2020-06-01' });
    for (const [comment, guestEmail] of [
      ['Ria', 'ria@example.com'],
      ['Piet', 'piet@example.com'],
      ['Minted', 'minted@example.com'],
    ] as const) {
      const res = await write(place, { rating: 5, comment, guestName: comment, guestEmail });
      expect(res.statusCode).toBe(201);
      await moderate(res.json<{ id: number }>().id, { isApproved: 1 });
    }
    expect(await approvedBadges(place)).toEqual({ Ria: false, Piet: false, Minted: false });
  });

  it('gives "verified booking" to a logged-in visitor whose own account booked, was confirmed and whose day is over', async () => {
    const place = await createActivity(ctx.db, { bookingRequired: true });
    const other = await createActivity(ctx.db, { bookingRequired: true });
    const person = async (name: string) => {
      const user = await createUser(ctx.db, { firstName: name, lastName: 'Test', roleChosenAt: new Date() });
      return { user, cookie: await sessionCookieFor(ctx.db, user.id) };
    };
    const went = await person('Went');
    await confirmedBooking({ activityId: place, userId: went.user.id, bookingDate: '2020-05-01' });
    const toCome = await person('ToCome');
    await confirmedBooking({ activityId: place, userId: toCome.user.id, bookingDate: '2099-05-01' });
    const cancelled = await person('Cancelled');
    await confirmedBooking({ activityId: place, userId: cancelled.user.id, status: 'cancelled' });
    const pending = await person('Pending');
    await confirmedBooking({ activityId: place, userId: pending.user.id, status: 'pending' });
    const elsewhere = await person('Elsewhere');
    await confirmedBooking({ activityId: other, userId: elsewhere.user.id });
    // A guest booking with this account's verified address: the account did not make it.
    const sameAddress = await person('SameAddress');
    await confirmedBooking({ activityId: place, customerEmail: sameAddress.user.email ?? '' });
    for (const [comment, who] of [
      ['Went', went],
      ['ToCome', toCome],
      ['Cancelled', cancelled],
      ['Pending', pending],
      ['Elsewhere', elsewhere],
      ['SameAddress', sameAddress],
    ] as const) {
      const res = await write(place, { rating: 4, comment }, who.cookie);
      expect(res.statusCode).toBe(201);
      await moderate(res.json<{ id: number }>().id, { isApproved: 1 });
    }
    expect(await approvedBadges(place)).toEqual({
      Went: true,
      ToCome: false,
      Cancelled: false,
      Pending: false,
      Elsewhere: false,
      SameAddress: false,
    });
  });
});
