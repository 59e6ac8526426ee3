import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AvailabilitySettings, DEFAULT_AVAILABILITY } from '../../../domain/availability.js';
import type { AvailabilityAnswer, ProviderDay } from '../../../domain/availability-schemas.js';
import type { Booking, BookingStatus } from '../../../domain/bookings.js';
import { activities, bookingEvents, bookings, outbox, providers, users } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import type { NewActivity } from '../activities/repository.js';
import { createActivity, createUser } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';
import { cancelToken } from '../bookings/service.js';

/**
 * Availability through the API (docs/availability.md): the answer, the provider's settings,
 * closures and day, the checks of a booking, cancelling, and the answers kept in memory.
 */

// Wednesday 30 June 2027, 10:00 in Limoux (summer time, UTC+2).
const NOW = '2027-06-30T08:00:00Z';
const TODAY = '2027-06-30';
const clock = fixedClock(NOW);
const ctx = useTestApp(() => ({ deps: { clock } }));
beforeEach(() => clock.set(NOW));

type Provider = Awaited<ReturnType<typeof createProvider>>;
let owner: Provider;
let other: Provider;
let rejected: Provider;
let pending: Provider;
let visitor: string;
let admin: string;
let adminId: string;

beforeAll(async () => {
  owner = await createProvider(ctx.db, { name: 'Julie Rivière' });
  other = await createProvider(ctx.db, { name: 'Marc Autre' });
  pending = await createProvider(ctx.db, { approved: false, name: 'Nina Attente' });
  rejected = await createProvider(ctx.db, { name: 'Paul Refusé' });
  // Rejected after an approval, as POST /api/admin/providers/:id/reject leaves them.
  await ctx.db
    .update(providers)
    .set({ status: 'rejected', isApproved: false })
    .where(eq(providers.id, rejected.provider.id));
  await ctx.db.update(users).set({ isApproved: false }).where(eq(users.id, rejected.user.id));
  visitor = await sessionCookieFor(ctx.db, (await createUser(ctx.db, { roleChosenAt: new Date() })).id);
  const adminUser = await createUser(ctx.db, { role: 'admin', isApproved: true, roleChosenAt: new Date() });
  adminId = adminUser.id;
  admin = await sessionCookieFor(ctx.db, adminUser.id);
});

const settingsOf = (overrides: Partial<AvailabilitySettings>): AvailabilitySettings => ({
  ...DEFAULT_AVAILABILITY,
  ...overrides,
});

/** A public activity of `owner` that takes bookings, with these settings (null: the defaults). */
const bookable = (availability: Partial<AvailabilitySettings> | null, overrides: Partial<NewActivity> = {}) =>
  createActivity(ctx.db, {
    bookingRequired: true,
    providerId: owner.provider.id,
    price: 10,
    availability: availability === null ? null : settingsOf(availability),
    ...overrides,
  });

const send = (cookie: string | undefined, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...sameOrigin },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let guests = 0;
/** A booking from a guest of its own, from an address of its own (the limits count per address). */
const book = (activityId: number, overrides: Record<string, unknown> = {}) => {
  guests++;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: `10.1.${guests >> 8}.${guests & 255}`,
    payload: {
      activityId,
      customerName: 'Sanne Visser',
      customerEmail: `guest${guests}@example.com`,
      numberOfPeople: 2,
      bookingDate: '2027-07-14',
      language: 'en',
      ...overrides,
    },
  });
};
const booked = async (activityId: number, overrides: Record<string, unknown> = {}) => {
  const res = await book(activityId, overrides);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
};
/** A booking written straight into the database, as another instance (or an earlier day) left it. */
const insertBooking = async (
  activityId: number,
  values: { bookingDate: string; slot?: string | null; status?: BookingStatus; numberOfPeople?: number },
) => {
  const [row] = await ctx.db
    .insert(bookings)
    .values({ activityId, customerName: 'Kai', customerEmail: 'kai@example.com', ...values })
    .returning();
  if (!row) throw new Error('no booking');
  return row;
};

const availabilityOf = (id: number, from: string, to: string) =>
  ctx.app.inject({ url: `/api/activities/${id}/availability?from=${from}&to=${to}` });
const answer = async (id: number, from: string, to = from) => {
  const res = await availabilityOf(id, from, to);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AvailabilityAnswer>();
};
const day = async (id: number, date: string) => (await answer(id, date)).days[0];

/** Rows a refused request must not have written: bookings, their events, queued mail. */
const written = async () =>
  Promise.all(
    [bookings, bookingEvents, outbox].map(async (table) => (await ctx.db.select({ n: count() }).from(table))[0]?.n),
  );
const storedSettings = async (id: number) =>
  (
    await ctx.db
      .select({ availability: activities.availability, updatedAt: activities.updatedAt })
      .from(activities)
      .where(eq(activities.id, id))
  )[0];
const statusOf = async (id: number) =>
  (await ctx.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.status;

describe('GET /api/activities/:id/availability (docs/availability.md#the-answer)', () => {
  it('answers each day with its starts and places: 0 when full, a past start left out, past days closed', async () => {
    const id = await bookable({ slots: ['10:00', '14:00'], durationMinutes: 120, capacity: 4 });
    await booked(id, { slot: '10:00', numberOfPeople: 4 });
    await booked(id, { slot: '14:00', numberOfPeople: 1 });
    const res = await availabilityOf(id, '2027-06-29', '2027-07-14');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = res.json<AvailabilityAnswer>();
    expect(body).toMatchObject({ confirmation: 'manual', durationMinutes: 120, capacity: 4, bySlot: true });
    expect(body.days).toHaveLength(16);
    expect(body.days[0]).toEqual({ date: '2027-06-29', open: false, slots: [] });
    // Today at 10:00: the 10:00 slot has started, the 14:00 one is still bookable.
    expect(body.days[1]).toEqual({ date: TODAY, open: true, slots: [{ start: '14:00', placesLeft: 4 }] });
    expect(body.days[2]).toEqual({
      date: '2027-07-01',
      open: true,
      slots: [
        { start: '10:00', placesLeft: 4 },
        { start: '14:00', placesLeft: 4 },
      ],
    });
    expect(body.days.at(-1)).toEqual({
      date: '2027-07-14',
      open: true,
      slots: [
        { start: '10:00', placesLeft: 0 },
        { start: '14:00', placesLeft: 3 },
      ],
    });
  });

  it('gives a day booking one start null, with placesLeft null without a limit', async () => {
    const id = await bookable(null);
    expect(await answer(id, '2027-07-14', '2027-07-15')).toEqual({
      confirmation: 'manual',
      durationMinutes: null,
      capacity: null,
      bySlot: false,
      days: [
        { date: '2027-07-14', open: true, slots: [{ start: null, placesLeft: null }] },
        { date: '2027-07-15', open: true, slots: [{ start: null, placesLeft: null }] },
      ],
    });
    // By its weekly hours: open on Saturdays only.
    const saturdays = await bookable(null, {
      weeklyHours: [{ days: [6], opens: '10:00', closes: '18:00', seasonStart: null, seasonEnd: null }],
    });
    const week = await answer(saturdays, '2027-07-16', '2027-07-18');
    expect(week.days.map((d) => d.open)).toEqual([false, true, false]);
  });

  it('closes the days past the farthest bookable one (732 days ahead)', async () => {
    const id = await bookable(null);
    const far = await answer(id, '2029-06-30', '2029-07-02');
    expect(far.days.map((d) => [d.date, d.open])).toEqual([
      ['2029-06-30', true],
      ['2029-07-01', true],
      ['2029-07-02', false],
    ]);
  });

  it('covers at most 92 days, from a day not after the last (400)', async () => {
    const id = await bookable(null);
    const longest = await availabilityOf(id, '2027-07-01', '2027-09-30');
    expect(longest.statusCode).toBe(200);
    expect(longest.json<AvailabilityAnswer>().days).toHaveLength(92);
    const cases: [string, string, string][] = [
      ['2027-07-01', '2027-10-01', 'to'],
      ['2027-07-02', '2027-07-01', 'from'],
      ['2027-02-30', '2027-03-01', 'from'],
      ['tomorrow', '2027-03-01', 'from'],
      ['2027-07-01', '', 'to'],
    ];
    for (const [from, to, path] of cases) {
      const res = await availabilityOf(id, from, to);
      expect(res.statusCode, `${from}..${to}`).toBe(400);
      expect(res.json<{ details: { path: string }[] }>().details.map((d) => d.path)).toContain(path);
    }
    expect((await ctx.app.inject({ url: `/api/activities/${id}/availability` })).statusCode).toBe(400);
  });

  it('is 404 for a hidden or missing activity, 409 for one that takes no bookings', async () => {
    const hidden = await bookable(null, { isApproved: false });
    const rejectedOwn = await createActivity(ctx.db, { bookingRequired: true, providerId: rejected.provider.id });
    for (const id of [hidden, rejectedOwn, 999_999]) {
      const res = await availabilityOf(id, '2027-07-01', '2027-07-02');
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ACTIVITY_NOT_FOUND' });
    }
    const noBookings = await bookable(null, { bookingRequired: false });
    const res = await availabilityOf(noBookings, '2027-07-01', '2027-07-02');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'BOOKING_NOT_BOOKABLE' });
  });

  it('drops a kept answer when a booking is taken, here or on another instance, and when the settings change', async () => {
    const id = await bookable({ capacity: 5 });
    expect((await day(id, '2027-07-14'))?.slots).toEqual([{ start: null, placesLeft: 5 }]);
    await booked(id, { numberOfPeople: 1 });
    expect((await day(id, '2027-07-14'))?.slots).toEqual([{ start: null, placesLeft: 4 }]);
    // Another instance's booking: the NOTIFY of the bookings' trigger drops the answer here too.
    await insertBooking(id, { bookingDate: '2027-07-14', numberOfPeople: 2, status: 'pending' });
    await expect.poll(async () => (await day(id, '2027-07-14'))?.slots[0]?.placesLeft, { timeout: 5000 }).toBe(2);
    const put = await send(owner.cookie, 'PUT', `/api/provider/activities/${id}/availability`, { capacity: 8 });
    expect(put.statusCode, put.body).toBe(200);
    expect((await day(id, '2027-07-14'))?.slots).toEqual([{ start: null, placesLeft: 5 }]);
    // Kept for 30 seconds at most: its lead times move with the clock.
    const slots = await bookable({ slots: ['11:00'], durationMinutes: 60 });
    expect((await day(slots, TODAY))?.open).toBe(true);
    clock.advance(60 * 60_000);
    expect((await day(slots, TODAY))?.open).toBe(false);
  });
});

describe('GET and PUT /api/provider/activities/:id/availability', () => {
  const url = (id: number) => `/api/provider/activities/${id}/availability`;

  it('reads the defaults of an activity that set nothing, and keeps what is put, in order, past closed dates dropped', async () => {
    const id = await bookable(null);
    const first = await send(owner.cookie, 'GET', url(id));
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual(DEFAULT_AVAILABILITY);
    const body = {
      periods: [{ start: '2027-07-01', end: '2027-08-31', days: [7, 6, 6] }],
      closed: [{ date: '2027-07-10', slot: '14:00' }, { date: '2027-06-01', slot: null }, { date: '2027-07-03' }],
      slots: ['14:00', '09:30'],
      durationMinutes: 150,
      capacity: 12,
      confirmation: 'instant',
      leadTimeHours: 24,
      cancelUntilHours: 48,
    };
    const put = await send(owner.cookie, 'PUT', url(id), body);
    expect(put.statusCode, put.body).toBe(200);
    const kept = {
      periods: [{ start: '2027-07-01', end: '2027-08-31', days: [6, 7] }],
      closed: [
        { date: '2027-07-03', slot: null },
        { date: '2027-07-10', slot: '14:00' },
      ],
      slots: ['09:30', '14:00'],
      durationMinutes: 150,
      capacity: 12,
      confirmation: 'instant',
      leadTimeHours: 24,
      cancelUntilHours: 48,
    };
    expect(put.json()).toEqual({ availability: kept, outside: [] });
    expect((await send(owner.cookie, 'GET', url(id))).json()).toEqual(kept);
    expect((await storedSettings(id))?.availability).toEqual(kept);
    // An empty body: the defaults again.
    expect((await send(owner.cookie, 'PUT', url(id), {})).json()).toEqual({
      availability: DEFAULT_AVAILABILITY,
      outside: [],
    });
  });

  it.each([
    [{ periods: 'summer' }, 'periods'],
    [{ periods: [{ start: '2027-02-30', end: '2027-03-01', days: [1] }] }, 'periods.0.start'],
    [{ periods: [{ start: '2027-08-01', end: '2027-07-01', days: [1] }] }, 'periods.0.end'],
    [{ periods: [{ start: '2027-07-01', end: '2027-08-01', days: [] }] }, 'periods.0.days'],
    [{ periods: [{ start: '2027-07-01', end: '2027-08-01', days: [8] }] }, 'periods.0.days.0'],
    [{ periods: [{ start: '2027-07-01', end: '2027-08-01', days: [1], note: 'x' }] }, 'periods.0.note'],
    [{ periods: Array.from({ length: 21 }, () => ({ start: '2027-07-01', end: '2027-08-01', days: [1] })) }, 'periods'],
    [{ closed: [{ date: '14 July', slot: null }] }, 'closed.0.date'],
    [{ closed: [{ date: '2027-07-14', slot: '25:00' }] }, 'closed.0.slot'],
    [{ slots: ['10:00'], durationMinutes: 60, closed: [{ date: '2027-07-14', slot: '11:00' }] }, 'closed.0.slot'],
    [{ closed: Array.from({ length: 367 }, () => ({ date: '2027-07-14', slot: null })) }, 'closed'],
    [{ slots: ['9:00'], durationMinutes: 60 }, 'slots.0'],
    [{ slots: ['10:00', '10:00'], durationMinutes: 60 }, 'slots.1'],
    [{ slots: ['10:00', '22:30'], durationMinutes: 120 }, 'slots.1'],
    [
      {
        slots: Array.from({ length: 25 }, (_, h) => `${String(h % 24).padStart(2, '0')}:0${Math.floor(h / 24)}`),
        durationMinutes: 15,
      },
      'slots',
    ],
    [{ slots: ['10:00'] }, 'durationMinutes'],
    [{ durationMinutes: 10 }, 'durationMinutes'],
    [{ durationMinutes: 1441 }, 'durationMinutes'],
    [{ durationMinutes: 60.5 }, 'durationMinutes'],
    [{ capacity: 0 }, 'capacity'],
    [{ capacity: 10_001 }, 'capacity'],
    [{ capacity: 'ten' }, 'capacity'],
    [{ confirmation: 'auto' }, 'confirmation'],
    [{ leadTimeHours: -1 }, 'leadTimeHours'],
    [{ leadTimeHours: 721 }, 'leadTimeHours'],
    [{ leadTimeHours: 1.5 }, 'leadTimeHours'],
    [{ cancelUntilHours: -1 }, 'cancelUntilHours'],
    [{ cancelUntilHours: 721 }, 'cancelUntilHours'],
    [{ cancelUntilHours: '24' }, 'cancelUntilHours'],
    [{ capacity: 4, sold: 2 }, 'sold'],
  ])('refuses %j with a 400 naming %s, and changes nothing', async (body, path) => {
    const id = await bookable({ capacity: 6, slots: ['10:00'], durationMinutes: 60 });
    const before = await storedSettings(id);
    const res = await send(owner.cookie, 'PUT', url(id), body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json<{ details: { path: string }[] }>().details.map((d) => d.path)).toContain(path);
    expect(await storedSettings(id)).toEqual(before);
  });

  it('answers `outside` with the bookings to come no longer offered, and keeps them, holding their places', async () => {
    const id = await bookable({ slots: ['10:00', '14:00'], durationMinutes: 120, capacity: 6 });
    const stays = await booked(id, { bookingDate: '2027-07-14', slot: '14:00' });
    const slotGoes = await booked(id, { bookingDate: '2027-07-14', slot: '10:00', numberOfPeople: 3 });
    const dayCloses = await booked(id, { bookingDate: '2027-07-15', slot: '14:00' });
    const confirmed = await insertBooking(id, { bookingDate: '2027-07-20', slot: '14:00', status: 'confirmed' });
    // Neither a declined booking nor one of a day gone by is listed.
    await insertBooking(id, { bookingDate: '2027-07-14', slot: '10:00', status: 'declined' });
    await insertBooking(id, { bookingDate: '2027-06-29', slot: '10:00', status: 'confirmed' });
    const before = await written();
    const put = await send(owner.cookie, 'PUT', url(id), {
      slots: ['14:00'],
      durationMinutes: 120,
      capacity: 6,
      closed: [
        { date: '2027-07-15', slot: null },
        { date: '2027-07-20', slot: '14:00' },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const outside = put.json<{ outside: Booking[] }>().outside;
    expect(outside.map((b) => [b.id, b.bookingDate, b.slot, b.status])).toEqual([
      [slotGoes.id, '2027-07-14', '10:00', 'pending'],
      [dayCloses.id, '2027-07-15', '14:00', 'pending'],
      [confirmed.id, '2027-07-20', '14:00', 'confirmed'],
    ]);
    expect(outside[0]).toMatchObject({ customerEmail: expect.stringMatching(/@example\.com$/), numberOfPeople: 3 });
    // Nothing was cancelled or written: the provider decides.
    expect(await written()).toEqual(before);
    for (const b of [stays, slotGoes, dayCloses]) expect(await statusOf(b.id)).toBe('pending');
    expect(await statusOf(confirmed.id)).toBe('confirmed');
    // A kept booking holds its places: on the day by the day too, once the slots go.
    const byDay = await send(owner.cookie, 'PUT', url(id), { capacity: 6 });
    expect(byDay.json<{ outside: Booking[] }>().outside).toEqual([]);
    expect((await day(id, '2027-07-14'))?.slots).toEqual([{ start: null, placesLeft: 1 }]);
  });

  it('lets the owner, and an admin on any listing, read and change it; everyone else finds nothing', async () => {
    const id = await bookable({ capacity: 3 });
    const team = await createActivity(ctx.db, { bookingRequired: true });
    const draft = await createActivity(ctx.db, { providerId: pending.provider.id, isApproved: false });
    const rejectedOwn = await createActivity(ctx.db, { bookingRequired: true, providerId: rejected.provider.id });
    const cases: [string, string | undefined, number, number, number][] = [
      // who, cookie, activity, GET, PUT
      ['anonymous', undefined, id, 401, 401],
      ['a visitor', visitor, id, 403, 403],
      ['another provider', other.cookie, id, 404, 404],
      ['a provider waiting for approval', pending.cookie, id, 404, 404],
      ['the owner of a team listing', owner.cookie, team, 404, 404],
      ['the owner', owner.cookie, id, 200, 200],
      ['an admin', admin, id, 200, 200],
      ['an admin, on a team listing', admin, team, 200, 200],
      ['a provider waiting for approval, on their draft', pending.cookie, draft, 200, 200],
      // Still theirs to read; changed by nobody but an admin (docs/permissions.md#rejected-and-demoted-providers).
      ['a rejected provider, on their own', rejected.cookie, rejectedOwn, 200, 403],
    ];
    for (const [who, cookie, activity, get, put] of cases) {
      const before = await storedSettings(activity);
      expect((await send(cookie, 'GET', url(activity))).statusCode, `GET as ${who}`).toBe(get);
      const res = await send(cookie, 'PUT', url(activity), { capacity: 7 });
      expect(res.statusCode, `PUT as ${who}: ${res.body}`).toBe(put);
      if (put === 200) {
        expect((await storedSettings(activity))?.availability?.capacity).toBe(7);
        await ctx.db
          .update(activities)
          .set({ availability: before?.availability ?? null })
          .where(eq(activities.id, activity));
      } else {
        expect(await storedSettings(activity), who).toEqual(before);
      }
    }
    const refused = await send(rejected.cookie, 'PUT', url(rejectedOwn), { capacity: 7 });
    expect(refused.json()).toMatchObject({ code: 'PROVIDER_REJECTED' });
    expect((await send(other.cookie, 'GET', url(999_999))).statusCode).toBe(404);
    expect((await send(admin, 'PUT', url(999_999), {})).statusCode).toBe(404);
  });
});

describe('POST /api/provider/activities/:id/closures (docs/availability.md#the-providers-day)', () => {
  const close = (cookie: string | undefined, id: number, body: object) =>
    send(cookie, 'POST', `/api/provider/activities/${id}/closures`, body);

  it('closes a slot (gone from the answer) and opens it again; closes a whole day', async () => {
    const id = await bookable({ slots: ['10:00', '14:00'], durationMinutes: 120, capacity: 4 });
    const kept = await booked(id, { bookingDate: '2027-07-20', slot: '10:00' });
    const closed = await close(owner.cookie, id, { date: '2027-07-20', slot: '10:00' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<AvailabilitySettings>().closed).toEqual([{ date: '2027-07-20', slot: '10:00' }]);
    expect((await day(id, '2027-07-20'))?.slots).toEqual([{ start: '14:00', placesLeft: 4 }]);
    // A booking already made stays; a new one for the closed slot is refused.
    expect(await statusOf(kept.id)).toBe('pending');
    const refused = await book(id, { bookingDate: '2027-07-20', slot: '10:00' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'BOOKING_NOT_AVAILABLE' });
    // Closing it twice keeps one closure.
    expect(
      (await close(owner.cookie, id, { date: '2027-07-20', slot: '10:00' })).json<AvailabilitySettings>().closed,
    ).toHaveLength(1);

    const opened = await close(owner.cookie, id, { date: '2027-07-20', slot: '10:00', closed: false });
    expect(opened.json<AvailabilitySettings>().closed).toEqual([]);
    expect((await day(id, '2027-07-20'))?.slots).toEqual([
      { start: '10:00', placesLeft: 2 },
      { start: '14:00', placesLeft: 4 },
    ]);

    const whole = await close(admin, id, { date: '2027-07-21', slot: null });
    expect(whole.json<AvailabilitySettings>().closed).toEqual([{ date: '2027-07-21', slot: null }]);
    expect(await day(id, '2027-07-21')).toEqual({ date: '2027-07-21', open: false, slots: [] });
    expect((await storedSettings(id))?.availability?.closed).toEqual([{ date: '2027-07-21', slot: null }]);
  });

  it('refuses a past day, a slot the activity does not have, and a bad body, changing nothing', async () => {
    const id = await bookable({ slots: ['10:00'], durationMinutes: 60 });
    const byDay = await bookable(null);
    const cases: [number, object, string][] = [
      [id, { date: '2027-06-29', slot: null }, 'date'],
      [id, { date: '2027-07-20', slot: '11:00' }, 'slot'],
      [byDay, { date: '2027-07-20', slot: '10:00' }, 'slot'],
      [id, { date: '2027-07-32', slot: null }, 'date'],
      [id, { date: '2027-07-20', slot: '10h' }, 'slot'],
      [id, { date: '2027-07-20', closed: 'yes' }, 'closed'],
      [id, { slot: '10:00' }, 'date'],
    ];
    for (const [activity, body, path] of cases) {
      const before = await storedSettings(activity);
      const res = await close(owner.cookie, activity, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ details: { path: string }[] }>().details.map((d) => d.path)).toContain(path);
      expect(await storedSettings(activity)).toEqual(before);
    }
  });

  it('is for the owner and admins only', async () => {
    const id = await bookable(null);
    const rejectedOwn = await createActivity(ctx.db, { bookingRequired: true, providerId: rejected.provider.id });
    const cases: [string | undefined, number, number][] = [
      [undefined, id, 401],
      [visitor, id, 403],
      [other.cookie, id, 404],
      [pending.cookie, id, 404],
      [rejected.cookie, rejectedOwn, 403],
    ];
    for (const [cookie, activity, status] of cases) {
      const before = await storedSettings(activity);
      expect((await close(cookie, activity, { date: '2027-07-20', slot: null })).statusCode).toBe(status);
      expect(await storedSettings(activity)).toEqual(before);
    }
  });
});

describe('GET /api/provider/activities/:id/days/:date', () => {
  const dayView = (cookie: string | undefined, id: number, date: string) =>
    send(cookie, 'GET', `/api/provider/activities/${id}/days/${date}`);

  it('gives each start with the places taken and left, whether it is closed, and its holding bookings', async () => {
    const id = await bookable({ slots: ['10:00', '14:00'], durationMinutes: 120, capacity: 6 });
    const a = await booked(id, { bookingDate: '2027-07-20', slot: '10:00', numberOfPeople: 2 });
    const b = await insertBooking(id, {
      bookingDate: '2027-07-20',
      slot: '10:00',
      status: 'confirmed',
      numberOfPeople: 3,
    });
    await insertBooking(id, { bookingDate: '2027-07-20', slot: '14:00', status: 'declined', numberOfPeople: 4 });
    await insertBooking(id, { bookingDate: '2027-07-20', slot: '14:00', status: 'cancelled', numberOfPeople: 4 });
    // Made for a slot that has since gone: shown under its own start.
    const gone = await insertBooking(id, {
      bookingDate: '2027-07-20',
      slot: '16:00',
      status: 'pending',
      numberOfPeople: 1,
    });
    await send(owner.cookie, 'POST', `/api/provider/activities/${id}/closures`, { date: '2027-07-20', slot: '14:00' });
    const res = await dayView(owner.cookie, id, '2027-07-20');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const view = res.json<ProviderDay>();
    expect(view).toMatchObject({ date: '2027-07-20', offered: true, capacity: 6 });
    expect(view.slots.map((s) => ({ ...s, bookings: s.bookings.map((bk) => bk.id) }))).toEqual([
      { start: '10:00', closed: false, taken: 5, placesLeft: 1, bookings: [a.id, b.id] },
      { start: '14:00', closed: true, taken: 0, placesLeft: 6, bookings: [] },
      { start: '16:00', closed: true, taken: 1, placesLeft: 5, bookings: [gone.id] },
    ]);
    // A day closed whole is not offered; a day by the day has one start.
    await send(owner.cookie, 'POST', `/api/provider/activities/${id}/closures`, { date: '2027-07-21', slot: null });
    expect((await dayView(owner.cookie, id, '2027-07-21')).json<ProviderDay>()).toMatchObject({ offered: false });
    const byDay = await bookable({ capacity: 10 });
    await insertBooking(byDay, { bookingDate: '2027-07-20', slot: null, numberOfPeople: 3 });
    await insertBooking(byDay, { bookingDate: '2027-07-20', slot: '10:00', numberOfPeople: 2, status: 'confirmed' });
    const whole = (await dayView(admin, byDay, '2027-07-20')).json<ProviderDay>();
    expect(whole.slots).toMatchObject([{ start: null, closed: false, taken: 5, placesLeft: 5 }]);
    expect(whole.slots[0]?.bookings).toHaveLength(2);
    expect((await dayView(owner.cookie, id, '2027-02-30')).statusCode).toBe(400);
  });

  it('shows another provider nothing, and a rejected provider counts without any guest', async () => {
    const id = await bookable(null);
    await booked(id, { bookingDate: '2027-07-20' });
    expect((await dayView(undefined, id, '2027-07-20')).statusCode).toBe(401);
    expect((await dayView(visitor, id, '2027-07-20')).statusCode).toBe(403);
    expect((await dayView(other.cookie, id, '2027-07-20')).statusCode).toBe(404);
    const rejectedOwn = await createActivity(ctx.db, { bookingRequired: true, providerId: rejected.provider.id });
    await insertBooking(rejectedOwn, { bookingDate: '2027-07-20', status: 'confirmed', numberOfPeople: 2 });
    const theirs = await dayView(rejected.cookie, rejectedOwn, '2027-07-20');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<ProviderDay>().slots).toEqual([
      { start: null, closed: false, taken: 2, placesLeft: null, bookings: [] },
    ]);
    expect(theirs.body).not.toContain('kai@example.com');
  });
});

describe('POST /api/provider/bookings/:id/cancel', () => {
  const cancel = (cookie: string | undefined, id: number, payload?: object) =>
    send(cookie, 'POST', `/api/provider/bookings/${id}/cancel`, payload);
  const mailsTo = async (address: string) =>
    (
      await ctx.db
        .select({ payload: outbox.payload })
        .from(outbox)
        .where(sql`${outbox.payload}->>'to' = ${address}`)
    ).map((row) => row.payload as { subject: string; text: string });

  it('lets the owner cancel a pending or confirmed booking with a message the guest gets; it frees the places', async () => {
    const id = await bookable({ capacity: 4, confirmation: 'instant' });
    const booking = await booked(id, { customerEmail: 'lea@example.com', numberOfPeople: 4 });
    expect(booking.status).toBe('confirmed');
    expect((await day(id, '2027-07-14'))?.slots[0]?.placesLeft).toBe(0);
    const before = (await mailsTo('lea@example.com')).length;
    const res = await cancel(owner.cookie, booking.id, { message: 'The river is too high that day.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Booking>()).toMatchObject({ id: booking.id, status: 'cancelled' });
    const events = await ctx.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(events.at(-1)).toMatchObject({
      fromStatus: 'confirmed',
      toStatus: 'cancelled',
      actor: 'provider',
      actorUserId: owner.user.id,
      message: 'The river is too high that day.',
    });
    const mails = await mailsTo('lea@example.com');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.text).toContain('The river is too high that day.');
    expect((await day(id, '2027-07-14'))?.slots[0]?.placesLeft).toBe(4);
    // Cancelled is final.
    const again = await cancel(owner.cookie, booking.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'BOOKING_STATUS_CONFLICT' });
  });

  it('lets an admin cancel any booking, a team listing’s too; anyone else finds nothing and changes nothing', async () => {
    const id = await bookable(null);
    const booking = await booked(id);
    const rejectedOwn = await createActivity(ctx.db, { bookingRequired: true, providerId: rejected.provider.id });
    const theirs = await insertBooking(rejectedOwn, { bookingDate: '2027-07-20', status: 'confirmed' });
    const before = await written();
    const cases: [string, string | undefined, number, number][] = [
      ['anonymous', undefined, booking.id, 401],
      ['a visitor', visitor, booking.id, 403],
      ['a provider waiting for approval', pending.cookie, booking.id, 403],
      ['another provider', other.cookie, booking.id, 404],
      ['a rejected provider, on their own', rejected.cookie, theirs.id, 403],
      ['the owner, a missing booking', owner.cookie, 999_999, 404],
    ];
    for (const [who, cookie, bookingId, status] of cases) {
      expect((await cancel(cookie, bookingId)).statusCode, who).toBe(status);
    }
    expect(await written()).toEqual(before);
    expect(await statusOf(booking.id)).toBe('pending');
    const byAdmin = await cancel(admin, booking.id);
    expect(byAdmin.json<Booking>().status).toBe('cancelled');
    const team = await createActivity(ctx.db, { bookingRequired: true });
    const teamBooking = await booked(team);
    expect((await cancel(owner.cookie, teamBooking.id)).statusCode).toBe(404);
    expect((await cancel(admin, teamBooking.id)).json<Booking>().status).toBe('cancelled');
    const events = await ctx.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, teamBooking.id));
    expect(events.at(-1)).toMatchObject({ actor: 'admin', actorUserId: adminId });
    // A declined booking is not cancelled.
    const declined = await insertBooking(id, { bookingDate: '2027-07-20', status: 'declined' });
    expect((await cancel(owner.cookie, declined.id)).statusCode).toBe(409);
  });
});

describe('the guest cancels (docs/availability.md#cancelling)', () => {
  const guestCancel = (id: number) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/cancel`,
      remoteAddress: `10.2.0.${id & 255}`,
      payload: { token: cancelToken(ctx.app.deps.secret, id) },
    });

  it('cancels a confirmed booking until cancelUntilHours before its start, then 409 BOOKING_CANCEL_TOO_LATE', async () => {
    const id = await bookable({
      slots: ['10:00'],
      durationMinutes: 60,
      confirmation: 'instant',
      cancelUntilHours: 48,
    });
    // Saturday 3 July at 10:00 (08:00 UTC): cancellable until Thursday 1 July 08:00 UTC.
    const early = await booked(id, { bookingDate: '2027-07-03', slot: '10:00' });
    const late = await booked(id, { bookingDate: '2027-07-03', slot: '10:00' });
    expect([early.status, late.status]).toEqual(['confirmed', 'confirmed']);
    clock.set('2027-07-01T07:59:00Z');
    const inTime = await guestCancel(early.id);
    expect(inTime.statusCode, inTime.body).toBe(200);
    expect(inTime.json<Booking>().status).toBe('cancelled');
    clock.set('2027-07-01T08:00:00Z');
    const before = await written();
    const tooLate = await guestCancel(late.id);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toMatchObject({ code: 'BOOKING_CANCEL_TOO_LATE' });
    expect(tooLate.json<{ message: string }>().message).toContain('48 hours');
    expect(await statusOf(late.id)).toBe('confirmed');
    expect(await written()).toEqual(before);
    // The provider still may.
    expect((await send(owner.cookie, 'POST', `/api/provider/bookings/${late.id}/cancel`)).statusCode).toBe(200);
  });

  it('counts a day booking from its opening by the weekly hours, and from its first minute without', async () => {
    const hours = await bookable(
      { confirmation: 'instant', cancelUntilHours: 24 },
      {
        weeklyHours: [
          { days: [1, 2, 3, 4, 5, 6, 7], opens: '09:00', closes: '18:00', seasonStart: null, seasonEnd: null },
        ],
      },
    );
    const noHours = await bookable({ confirmation: 'instant', cancelUntilHours: 24 });
    const withHours = await booked(hours, { bookingDate: '2027-07-03' });
    const withoutHours = await booked(noHours, { bookingDate: '2027-07-03' });
    // 2 July 08:30 in Limoux: before 09:00 the day before, after its midnight.
    clock.set('2027-07-02T06:30:00Z');
    expect((await guestCancel(withoutHours.id)).json()).toMatchObject({ code: 'BOOKING_CANCEL_TOO_LATE' });
    expect((await guestCancel(withHours.id)).json<Booking>().status).toBe('cancelled');
  });

  it('lets a request not answered yet be withdrawn until its start, whatever the limit for confirmed ones', async () => {
    const id = await bookable({ slots: ['10:00'], durationMinutes: 60, cancelUntilHours: 48 });
    const first = await booked(id, { bookingDate: '2027-07-03', slot: '10:00' });
    const second = await booked(id, { bookingDate: '2027-07-03', slot: '10:00' });
    expect([first.status, second.status]).toEqual(['pending', 'pending']);
    // 3 July 09:59 in Limoux (07:59 UTC): a minute before the start, after the 48 hours.
    clock.set('2027-07-03T07:59:00Z');
    expect((await guestCancel(first.id)).json<Booking>().status).toBe('cancelled');
    clock.set('2027-07-03T08:00:00Z');
    const before = await written();
    expect((await guestCancel(second.id)).json()).toMatchObject({ code: 'BOOKING_CANCEL_TOO_LATE' });
    expect(await statusOf(second.id)).toBe('pending');
    expect(await written()).toEqual(before);
  });
});

describe('POST /api/bookings within the availability (docs/availability.md#refusals)', () => {
  it.each([
    [
      'BOOKING_NOT_AVAILABLE',
      409,
      { periods: [{ start: '2027-08-01', end: '2027-08-31', days: [1, 2, 3, 4, 5, 6, 7] }] },
      {},
    ],
    ['BOOKING_NOT_AVAILABLE', 409, { closed: [{ date: '2027-07-14', slot: null }] }, {}],
    ['BOOKING_SLOT_REQUIRED', 400, { slots: ['10:00'], durationMinutes: 60 }, {}],
    ['BOOKING_SLOT_UNKNOWN', 400, { slots: ['10:00'], durationMinutes: 60 }, { slot: '11:00' }],
    ['BOOKING_SLOT_UNKNOWN', 400, {}, { slot: '10:00' }],
    [
      'BOOKING_TOO_LATE',
      409,
      { slots: ['09:00'], durationMinutes: 60, leadTimeHours: 24 },
      { bookingDate: '2027-07-01', slot: '09:00' },
    ],
    ['BOOKING_TOO_LATE', 409, { slots: ['09:00'], durationMinutes: 60 }, { bookingDate: TODAY, slot: '09:00' }],
    ['BOOKING_TOO_LATE', 409, { leadTimeHours: 15 }, { bookingDate: TODAY }],
    ['BOOKING_FULL', 409, { capacity: 1 }, {}],
  ] as const)('refuses with %s (%i) and writes nothing', async (code, status, availability, overrides) => {
    const id = await bookable(availability as Partial<AvailabilitySettings>);
    const before = await written();
    const res = await book(id, overrides);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code });
    expect(await written()).toEqual(before);
  });

  it('says how many places are left when there are too few, and that it is full when none', async () => {
    const id = await bookable({ slots: ['10:00'], durationMinutes: 60, capacity: 5 });
    await booked(id, { slot: '10:00', numberOfPeople: 3 });
    const before = await written();
    const tooMany = await book(id, { slot: '10:00', numberOfPeople: 3 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({
      code: 'BOOKING_FULL',
      message: 'Only 2 places are left: book for fewer people, or pick another day or time',
      details: [{ path: 'numberOfPeople', message: 'must be at most 2' }],
    });
    await booked(id, { slot: '10:00', numberOfPeople: 2 });
    const full = await book(id, { slot: '10:00', numberOfPeople: 1 });
    expect(full.json()).toMatchObject({
      code: 'BOOKING_FULL',
      details: [{ path: 'numberOfPeople', message: 'must be at most 0' }],
    });
    expect((await written())[0]).toBe((before[0] ?? 0) + 1);
  });

  it('holds places for pending bookings; declined and cancelled ones free them', async () => {
    const id = await bookable({ capacity: 4 });
    const first = await booked(id, { numberOfPeople: 4 });
    expect(first.status).toBe('pending');
    expect((await book(id, { numberOfPeople: 1 })).json()).toMatchObject({ code: 'BOOKING_FULL' });
    expect((await send(owner.cookie, 'POST', `/api/provider/bookings/${first.id}/decline`)).statusCode).toBe(200);
    expect((await day(id, '2027-07-14'))?.slots[0]?.placesLeft).toBe(4);
    const second = await booked(id, { numberOfPeople: 3 });
    expect((await book(id, { numberOfPeople: 2 })).json()).toMatchObject({ code: 'BOOKING_FULL' });
    const withdrawn = await ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${second.id}/cancel`,
      payload: { token: cancelToken(ctx.app.deps.secret, second.id) },
    });
    expect(withdrawn.json<Booking>().status).toBe('cancelled');
    expect((await book(id, { numberOfPeople: 4 })).statusCode).toBe(201);
    // Another day has its own places.
    expect((await book(id, { numberOfPeople: 4, bookingDate: '2027-07-15' })).statusCode).toBe(201);
  });

  it('keeps the slot, and confirms at once under instant confirmation with the confirmed mail', async () => {
    const id = await bookable({ slots: ['10:00', '14:00'], durationMinutes: 90, confirmation: 'instant', capacity: 8 });
    const res = await book(id, { slot: '14:00', customerEmail: 'instant@example.com' });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json<Booking>();
    expect(booking).toMatchObject({ status: 'confirmed', slot: '14:00', bookingDate: '2027-07-14' });
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'confirmed', slot: '14:00' });
    const events = await ctx.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(events).toMatchObject([{ fromStatus: null, toStatus: 'confirmed', actor: 'guest' }]);
    const [mail] = await ctx.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(sql`${outbox.payload}->>'to' = 'instant@example.com'`));
    const message = mail?.payload as { attachments?: { contentType: string; content: string }[] };
    // The confirmation, with its calendar file; the provider hears of it as well.
    expect(message.attachments?.map((a) => a.contentType)).toEqual([expect.stringMatching(/^text\/calendar/)]);
    expect(message.attachments?.[0]?.content).toContain('STATUS:CONFIRMED');
    // Under manual confirmation it waits for the provider.
    const manual = await bookable({ slots: ['10:00'], durationMinutes: 90 });
    expect((await booked(manual, { slot: '10:00' })).status).toBe('pending');
  });
});
