import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Booking } from '../../../domain/bookings.js';
import { bookingEvents, bookings, outbox } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createActivity, createUser } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.js';
import { useTestApp } from '../../test/test-app.js';
import { cancelToken, GUEST_ADDRESS_BOOKINGS_PER_DAY } from './service.js';

let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(async () => smtp?.close());

// 22 November 2026, 23:30 in Paris: "today" there is already the 23rd.
const clock = fixedClock('2026-11-22T22:30:00Z');
const ctx = useTestApp(() => ({
  env: { SMTP_URL: smtp.url, MAIL_FROM: 'DiscoverLocal <bookings@discoverlocal.test>' },
  deps: { clock },
}));

const ids = {} as { bookable: number; free: number; noPrice: number; notBookable: number; hidden: number };
let provider: Awaited<ReturnType<typeof createProvider>>;
let other: Awaited<ReturnType<typeof createProvider>>;

beforeAll(async () => {
  provider = await createProvider(ctx.db, { name: 'Julie Rivière' });
  other = await createProvider(ctx.db);
  const owned = { bookingRequired: true, providerId: provider.provider.id };
  ids.bookable = await createActivity(ctx.db, {
    ...owned,
    name: 'Rafting dans les gorges',
    price: 12.5,
    translations: {
      nl: { name: 'Raften in de kloven', description: 'Wild water' },
      de: { name: 'Rafting in den Schluchten', description: 'Wildwasser' },
    },
  });
  ids.free = await createActivity(ctx.db, { ...owned, price: 0 });
  ids.noPrice = await createActivity(ctx.db, { ...owned, price: null });
  ids.notBookable = await createActivity(ctx.db, { providerId: provider.provider.id, price: 5 });
  ids.hidden = await createActivity(ctx.db, { ...owned, isApproved: false });
});

beforeEach(() => {
  clock.set('2026-11-22T22:30:00Z');
});

const valid = (overrides: Record<string, unknown> = {}) => ({
  activityId: ids.bookable,
  customerName: 'Sanne Visser',
  customerEmail: 'sanne@example.com',
  customerPhone: '+31 6 12345678',
  numberOfPeople: 3,
  bookingDate: '2026-12-05',
  notes: 'Two children of 9 and 11',
  totalAmount: 1,
  language: 'nl',
  ...overrides,
});

const book = (payload: object, headers: Record<string, string> = {}, remoteAddress = '198.51.100.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/bookings', payload, headers, remoteAddress });
const bookingCount = async () => (await ctx.db.select({ n: count() }).from(bookings))[0]?.n ?? 0;
const sendMail = () => ctx.app.deps.outbox.runOnce();
const mailsTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address));

let addressCount = 0;
/** Each booking test comes from its own address, so the per-address limit stays out of the way. */
const freshAddress = () => `203.0.113.${++addressCount}`;

describe('POST /api/bookings', () => {
  it('books as a guest: pending, the total computed by the server, the change kept, both mails queued and sent', async () => {
    const res = await book(valid(), {}, freshAddress());
    expect(res.statusCode).toBe(201);
    const booking = res.json<Booking>();
    expect(booking).toMatchObject({
      status: 'pending',
      totalAmount: 37.5,
      numberOfPeople: 3,
      bookingDate: '2026-12-05',
      activityName: 'Raften in de kloven',
      language: 'nl',
    });
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.totalAmountCents).toBe(3750);
    const events = await ctx.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(events).toMatchObject([{ fromStatus: null, toStatus: 'pending', actor: 'guest', actorUserId: null }]);

    const before = smtp.received.length;
    expect(await sendMail()).toBe(2);
    const [guest] = mailsTo('sanne@example.com').slice(-1);
    expect(guest?.parsed.subject).toBe('Je boekingsaanvraag voor Raften in de kloven');
    expect(guest?.parsed.text).toMatch(/Totaal: €\s37,50/);
    expect(guest?.parsed.text).toContain(
      `http://localhost:5000/boekingen/${booking.id}/annuleren?token=${cancelToken(ctx.app.deps.secret, booking.id)}`,
    );
    expect(guest?.parsed.html).toContain('Raften in de kloven');
    expect(guest?.parsed.from?.text).toContain('bookings@discoverlocal.test');
    const [toProvider] = mailsTo(provider.user.email ?? '').slice(-1);
    expect(toProvider?.parsed.text).toContain('Sanne Visser');
    expect(toProvider?.parsed.text).toContain('sanne@example.com');
    expect(toProvider?.parsed.text).toContain('http://localhost:5000/provider/bookings');
    expect(smtp.received.length - before).toBe(2);
    // Nothing is sent twice.
    expect(await sendMail()).toBe(0);
  });

  it('counts a free activity as 0 and one without a price as 0, whatever the client sends', async () => {
    const free = await book(valid({ activityId: ids.free, totalAmount: 99 }), {}, freshAddress());
    expect(free.json<Booking>().totalAmount).toBe(0);
    const unknown = await book(valid({ activityId: ids.noPrice, numberOfPeople: 8 }), {}, freshAddress());
    expect(unknown.json<Booking>().totalAmount).toBe(0);
  });

  it.each([
    [{ customerName: '' }, 'customerName'],
    [{ customerName: undefined }, 'customerName'],
    [{ customerEmail: 'not-an-address' }, 'customerEmail'],
    [{ customerEmail: undefined }, 'customerEmail'],
    [{ bookingDate: undefined }, 'bookingDate'],
    [{ bookingDate: '2026-02-30' }, 'bookingDate'],
    [{ bookingDate: '5 december' }, 'bookingDate'],
    [{ numberOfPeople: 0 }, 'numberOfPeople'],
    [{ numberOfPeople: 9 }, 'numberOfPeople'],
    [{ numberOfPeople: 2.5 }, 'numberOfPeople'],
    [{ customerPhone: 'call me maybe' }, 'customerPhone'],
    [{ notes: 'x'.repeat(1001) }, 'notes'],
    [{ activityId: 'one' }, 'activityId'],
    [{ language: 'it' }, 'language'],
    [{ status: 'confirmed' }, 'status'],
  ])('refuses %j with a 400 naming %s, and writes nothing', async (change, field) => {
    const before = await bookingCount();
    const res = await book(valid(change), {}, freshAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string; details: { path: string }[] }>().details.map((d) => d.path)).toContain(field);
    expect(await bookingCount()).toBe(before);
  });

  it('takes today in Paris, and refuses yesterday with its own code', async () => {
    // At 23:30 in Paris on the 22nd (UTC), it is 23:30 on the 22nd... the clock says 22:30 UTC = 23:30 CET.
    const today = await book(valid({ bookingDate: '2026-11-22' }), {}, freshAddress());
    expect(today.statusCode).toBe(201);
    const past = await book(valid({ bookingDate: '2026-11-21' }), {}, freshAddress());
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'BOOKING_DATE_PAST' });
    clock.set('2026-11-22T23:30:00Z');
    const afterMidnight = await book(valid({ bookingDate: '2026-11-22' }), {}, freshAddress());
    expect(afterMidnight.json()).toMatchObject({ code: 'BOOKING_DATE_PAST' });
  });

  it('books an event with dates to come for a day of its edition only (docs/product.md#event-dates)', async () => {
    const festival = await createActivity(ctx.db, {
      bookingRequired: true,
      providerId: provider.provider.id,
      category: 'feesten',
      price: 8,
      eventStart: '2026-12-04',
      eventEnd: '2026-12-06',
    });
    const before = await bookingCount();
    for (const bookingDate of ['2026-12-03', '2026-12-07']) {
      const res = await book(valid({ activityId: festival, bookingDate }), {}, freshAddress());
      expect(res.statusCode, bookingDate).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'BOOKING_DATE_OUTSIDE_EDITION',
        details: [
          { path: 'bookingDate', message: 'bookingDate must be a day of the edition, 2026-12-04 to 2026-12-06' },
        ],
      });
    }
    expect(await bookingCount()).toBe(before);
    for (const bookingDate of ['2026-12-04', '2026-12-06']) {
      expect((await book(valid({ activityId: festival, bookingDate }), {}, freshAddress())).statusCode).toBe(201);
    }
    // Once the edition is over, nothing can be booked until its provider gives the next one
    // (docs/availability.md#when-it-can-be-booked).
    clock.set('2026-12-07T10:00:00Z');
    const after = await book(valid({ activityId: festival, bookingDate: '2026-12-20' }), {}, freshAddress());
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({ code: 'BOOKING_NOT_AVAILABLE' });
    // Its mails go now, while the clock says so, not in a later test's round.
    await sendMail();
  });

  it('refuses an activity that takes no bookings (409, its own code), and a hidden or missing one (404)', async () => {
    const before = await bookingCount();
    const notBookable = await book(valid({ activityId: ids.notBookable }), {}, freshAddress());
    expect(notBookable.statusCode).toBe(409);
    expect(notBookable.json()).toMatchObject({ code: 'BOOKING_NOT_BOOKABLE' });
    for (const activityId of [ids.hidden, 999_999]) {
      const res = await book(valid({ activityId }), {}, freshAddress());
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ACTIVITY_NOT_FOUND' });
    }
    expect(await bookingCount()).toBe(before);
  });

  it('books once per Idempotency-Key: a retry answers the first booking, another body under the key is refused', async () => {
    const key = 'retry-7a1c4c3e-9d35-4a0b-8a5f-2f0b5c1e0001';
    const address = freshAddress();
    const first = await book(valid({ customerEmail: 'retry@example.com' }), { 'idempotency-key': key }, address);
    const before = await bookingCount();
    const again = await book(valid({ customerEmail: 'retry@example.com' }), { 'idempotency-key': key }, address);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Booking>().id).toBe(first.json<Booking>().id);
    expect(await bookingCount()).toBe(before);
    const other = await book(valid({ customerEmail: 'someone-else@example.com' }), { 'idempotency-key': key }, address);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    // A double click: the same request twice at once makes one booking.
    const twin = 'twin-7a1c4c3e-9d35-4a0b-8a5f-2f0b5c1e0002';
    const [a, b] = await Promise.all([
      book(valid({ customerEmail: 'twin@example.com' }), { 'idempotency-key': twin }, address),
      book(valid({ customerEmail: 'twin@example.com' }), { 'idempotency-key': twin }, address),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json<Booking>().id).toBe(b.json<Booking>().id);
    expect((await book(valid(), { 'idempotency-key': 'short' }, address)).statusCode).toBe(400);
  });

  it('limits bookings per address', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await book(valid({ customerEmail: `r${i}@example.com` }), {}, address)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('the status of a booking', () => {
  const newBooking = async (overrides: Record<string, unknown> = {}) =>
    (await book(valid(overrides), {}, freshAddress())).json<Booking>();
  const asProvider = (path: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/provider/bookings${path}`,
      headers: { cookie, ...sameOrigin },
      ...(payload ? { payload } : {}),
    });

  it('is confirmed by the provider: the guest gets a mail with a calendar file, in the language they booked in', async () => {
    const booking = await newBooking({ language: 'de', customerEmail: 'kai@example.com', customerName: 'Kai' });
    await sendMail();
    clock.set('2026-11-23T09:00:00Z');
    const res = await asProvider(`/${booking.id}/confirm`, provider.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<Booking>()).toMatchObject({ status: 'confirmed', updatedAt: '2026-11-23T09:00:00.000Z' });
    const events = await ctx.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(events.at(-1)).toMatchObject({
      fromStatus: 'pending',
      toStatus: 'confirmed',
      actor: 'provider',
      actorUserId: provider.user.id,
    });
    expect(events.at(-1)?.createdAt.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    await sendMail();
    const [mail] = mailsTo('kai@example.com').slice(-1);
    expect(mail?.parsed.subject).toBe('Bestätigt: Rafting in den Schluchten am Samstag, 5. Dezember 2026');
    const calendar = mail?.parsed.attachments.find((a) => a.filename === 'booking.ics');
    expect(calendar?.contentType).toBe('text/calendar');
    const ics = calendar?.content.toString('utf8') ?? '';
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('DTSTART;VALUE=DATE:20261205');
    expect(ics).toContain('SUMMARY:Rafting in den Schluchten');
    expect(ics).toContain('STATUS:CONFIRMED');
  });

  it('is declined with a message the guest reads; a decided booking cannot be decided again', async () => {
    const booking = await newBooking({ customerEmail: 'nope@example.com', language: 'en' });
    const res = await asProvider(`/${booking.id}/decline`, provider.cookie, {
      message: 'We are fully booked that day.',
    });
    expect(res.json<Booking>().status).toBe('declined');
    await sendMail();
    const [mail] = mailsTo('nope@example.com').slice(-1);
    expect(mail?.parsed.subject).toMatch(/^Not possible: /);
    expect(mail?.parsed.text).toContain('We are fully booked that day.');
    for (const action of ['confirm', 'decline']) {
      const again = await asProvider(`/${booking.id}/${action}`, provider.cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'BOOKING_STATUS_CONFLICT' });
    }
  });

  it('is answered only by the provider who runs the activity (another provider: 404), or an admin', async () => {
    const booking = await newBooking();
    const foreign = await asProvider(`/${booking.id}/confirm`, other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'BOOKING_NOT_FOUND' });
    const visitor = await sessionCookieFor(ctx.db, (await createUser(ctx.db, { roleChosenAt: new Date() })).id);
    expect((await asProvider(`/${booking.id}/confirm`, visitor)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/provider/bookings/${booking.id}/confirm` })).statusCode,
    ).toBe(401);
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('pending');
    const admin = await createUser(ctx.db, { role: 'admin', isApproved: true, roleChosenAt: new Date() });
    const byAdmin = await asProvider(`/${booking.id}/confirm`, await sessionCookieFor(ctx.db, admin.id));
    expect(byAdmin.json<Booking>().status).toBe('confirmed');
    const events = await ctx.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(events.at(-1)).toMatchObject({ actor: 'admin', actorUserId: admin.id });
  });

  it('is cancelled by the guest through the link in their mail; a wrong token changes nothing', async () => {
    const booking = await newBooking({ customerEmail: 'cancel@example.com' });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/cancel`,
      payload: { token: 'x'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'CANCEL_LINK_INVALID' });
    // Someone else's token does not open this booking either.
    const another = await newBooking();
    const borrowed = await ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/cancel`,
      payload: { token: cancelToken(ctx.app.deps.secret, another.id) },
    });
    expect(borrowed.statusCode).toBe(403);
    const token = cancelToken(ctx.app.deps.secret, booking.id);
    const shown = await ctx.app.inject({ method: 'GET', url: `/api/bookings/${booking.id}?token=${token}` });
    expect(shown.json<Booking>()).toMatchObject({ id: booking.id, status: 'pending' });
    await sendMail();
    const before = smtp.received.length;
    const res = await ctx.app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, payload: { token } });
    expect(res.json<Booking>().status).toBe('cancelled');
    await sendMail();
    const sent = smtp.received.slice(before);
    expect(sent.map((m) => m.envelopeTo[0]).sort()).toEqual(['cancel@example.com', provider.user.email].sort());
    const events = await ctx.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(events.at(-1)).toMatchObject({ toStatus: 'cancelled', actor: 'guest' });
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/cancel`,
      payload: { token },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('mail to an address nobody proved (docs/mail.md#what-a-guest-mail-repeats)', () => {
  const SPAM_NAME = 'Cheap pills at pills.example';
  const SPAM_NOTES = 'Visit https://pills.example now';
  const bookAs = (cookie: string, overrides: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie, ...sameOrigin },
      remoteAddress: freshAddress(),
      payload: valid(overrides),
    });
  const texts = (mail: (typeof smtp.received)[number] | undefined) =>
    [mail?.parsed.subject, mail?.parsed.text, mail?.parsed.html].join('\n');

  it('repeats neither the name nor the notes to the guest, from booking to cancellation; the provider gets both', async () => {
    const victim = 'victim@example.com';
    const booking = (
      await book(
        valid({ customerEmail: victim, customerName: SPAM_NAME, notes: SPAM_NOTES, language: 'en' }),
        {},
        freshAddress(),
      )
    ).json<Booking>();
    await sendMail();
    const [received] = mailsTo(victim).slice(-1);
    expect(received?.parsed.text).toMatch(/^Hello,\n/);
    expect(texts(received)).not.toContain('pills');
    expect(received?.parsed.text).toContain('Did you not make this request?');
    expect(received?.parsed.text).toContain(`/boekingen/${booking.id}/annuleren?token=`);
    const [toProvider] = mailsTo(provider.user.email ?? '').slice(-1);
    expect(toProvider?.parsed.text).toContain(SPAM_NAME);
    expect(toProvider?.parsed.text).toContain(SPAM_NOTES);

    // A booker who was logged in (not with this address) and cancels: still nothing of theirs.
    const booker = await createUser(ctx.db, { roleChosenAt: new Date() });
    const cookie = await sessionCookieFor(ctx.db, booker.id);
    const theirs = (
      await bookAs(cookie, { customerEmail: victim, customerName: SPAM_NAME, notes: SPAM_NOTES, language: 'en' })
    ).json<Booking>();
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/provider/bookings/${theirs.id}/confirm`,
      headers: { cookie: provider.cookie, ...sameOrigin },
    });
    expect(confirmed.statusCode).toBe(200);
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${theirs.id}/cancel`,
      headers: { cookie, ...sameOrigin },
    });
    expect(cancelled.json<Booking>().status).toBe('cancelled');
    const before = mailsTo(victim).length;
    await sendMail();
    const later = mailsTo(victim).slice(before);
    expect(later.map((m) => m.parsed.subject)).toEqual([
      expect.stringMatching(/^Your booking request/),
      expect.stringMatching(/^Confirmed: /),
      expect.stringMatching(/^Cancelled: /),
    ]);
    for (const mail of later) {
      expect(texts(mail)).not.toContain('pills');
      expect(mail.parsed.text).toMatch(/^Hello,\n/);
    }
  });

  it('greets by name and repeats the notes when the booker was logged in with that address, verified', async () => {
    const sanne = await createUser(ctx.db, { email: 'sanne.proved@example.com', roleChosenAt: new Date() });
    const cookie = await sessionCookieFor(ctx.db, sanne.id);
    const res = await bookAs(cookie, { customerEmail: 'Sanne.Proved@example.com', language: 'en' });
    expect(res.statusCode).toBe(201);
    await sendMail();
    const [mail] = mailsTo('Sanne.Proved@example.com').slice(-1);
    expect(mail?.parsed.text).toMatch(/^Hello Sanne Visser,\n/);
    expect(mail?.parsed.text).toContain('Two children of 9 and 11');
    expect(mail?.parsed.text).not.toContain('Did you not make this request?');
    // The same account with the address not verified proves nothing.
    const unverified = await createUser(ctx.db, {
      email: 'not.proved@example.com',
      emailVerified: false,
      roleChosenAt: new Date(),
    });
    await bookAs(await sessionCookieFor(ctx.db, unverified.id), {
      customerEmail: 'not.proved@example.com',
      language: 'en',
    });
    await sendMail();
    const [other] = mailsTo('not.proved@example.com').slice(-1);
    expect(other?.parsed.text).toMatch(/^Hello,\n/);
    expect(other?.parsed.text).not.toContain('Two children');
  });

  it(`takes ${GUEST_ADDRESS_BOOKINGS_PER_DAY} booking requests for one address in 24 hours, then refuses with 429 before writing anything`, async () => {
    const address = 'flooded@example.com';
    for (let i = 0; i < GUEST_ADDRESS_BOOKINGS_PER_DAY; i++) {
      // From many addresses and in any case: the limit is the recipient's.
      const email = i % 2 === 0 ? address : address.toUpperCase();
      expect((await book(valid({ customerEmail: email }), {}, freshAddress())).statusCode, `booking ${i + 1}`).toBe(
        201,
      );
    }
    await sendMail();
    const rows = async () => [await bookingCount(), (await ctx.db.select({ n: count() }).from(outbox))[0]?.n];
    const before = await rows();
    const refused = await book(valid({ customerEmail: 'Flooded@Example.com' }), {}, freshAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'BOOKING_EMAIL_LIMIT' });
    expect(await rows()).toEqual(before);
    // Its owner, logged in with it verified, still books.
    const owner = await createUser(ctx.db, { email: address, roleChosenAt: new Date() });
    expect((await bookAs(await sessionCookieFor(ctx.db, owner.id), { customerEmail: address })).statusCode).toBe(201);
    // A day after the first ones, a guest may book for it again.
    clock.advance(24 * 3_600_000 + 60_000);
    expect((await book(valid({ customerEmail: address }), {}, freshAddress())).statusCode).toBe(201);
    await sendMail();
  });

  it('counts bookings to one address sent at once together: never more than the limit', async () => {
    const address = 'at-once@example.com';
    const statuses = await Promise.all(
      Array.from({ length: GUEST_ADDRESS_BOOKINGS_PER_DAY + 5 }, () =>
        book(valid({ customerEmail: address }), {}, freshAddress()).then((res) => res.statusCode),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(GUEST_ADDRESS_BOOKINGS_PER_DAY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    await sendMail();
  });
});

describe("a visitor's bookings", () => {
  it('lists what they booked logged in and with their verified address; they cancel from there', async () => {
    const sanne = await createUser(ctx.db, { email: 'sanne.v@example.com', roleChosenAt: new Date() });
    const cookie = await sessionCookieFor(ctx.db, sanne.id);
    const loggedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie, ...sameOrigin },
      remoteAddress: freshAddress(),
      payload: valid({ customerEmail: 'other-address@example.com' }),
    });
    const asGuest = await book(valid({ customerEmail: 'SANNE.V@example.com' }), {}, freshAddress());
    await book(valid({ customerEmail: 'stranger@example.com' }), {}, freshAddress());
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/bookings/mine', headers: { cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(
      mine
        .json<Booking[]>()
        .map((b) => b.id)
        .sort(),
    ).toEqual([loggedIn.json<Booking>().id, asGuest.json<Booking>().id].sort());
    const events = await ctx.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, loggedIn.json<Booking>().id));
    expect(events[0]).toMatchObject({ actor: 'user', actorUserId: sanne.id });
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${asGuest.json<Booking>().id}/cancel`,
      headers: { cookie, ...sameOrigin },
    });
    expect(cancel.json<Booking>().status).toBe('cancelled');
    // Someone else's booking is not theirs to cancel, nor to see.
    const stranger = await createUser(ctx.db, { roleChosenAt: new Date() });
    const strangerCookie = await sessionCookieFor(ctx.db, stranger.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${loggedIn.json<Booking>().id}/cancel`,
      headers: { cookie: strangerCookie, ...sameOrigin },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/provider/bookings', () => {
  it('lists only the bookings of the provider’s activities, filtered by status and date, in pages', async () => {
    const theirs = await createActivity(ctx.db, { bookingRequired: true, providerId: other.provider.id });
    await book(valid({ activityId: theirs, bookingDate: '2027-03-01' }), {}, freshAddress());
    const list = async (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/provider/bookings${query}`, headers: { cookie: other.cookie } });
    const all = await list('');
    expect(all.json<Booking[]>().map((b) => b.activityId)).toEqual([theirs]);
    expect(all.headers['x-total-count']).toBe('1');
    expect((await list('?status=confirmed')).json()).toEqual([]);
    expect((await list('?from=2027-03-01&to=2027-03-01')).json<Booking[]>()).toHaveLength(1);
    expect((await list('?from=2027-03-02')).json()).toEqual([]);
    expect((await list('?from=2027-04-01&to=2027-03-01')).statusCode).toBe(400);
    expect((await list('?status=maybe')).statusCode).toBe(400);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/provider/bookings?limit=2',
      headers: { cookie: provider.cookie },
    });
    expect(mine.json<Booking[]>()).toHaveLength(2);
    expect(Number(mine.headers['x-total-count'])).toBeGreaterThan(2);
    expect(mine.headers.link).toContain('offset=2');
    expect(mine.json<Booking[]>().every((b) => b.activityId !== theirs)).toBe(true);
  });
});

describe('the mail outbox', () => {
  it('keeps mail while the mail server is down, tries again later, and sends each mail exactly once', async () => {
    await sendMail();
    await smtp.stop();
    const booking = (await book(valid({ customerEmail: 'patient@example.com' }), {}, freshAddress())).json<Booking>();
    // The first mail fails; the round stops there (the server is down), the second waits its turn.
    expect(await sendMail()).toBe(0);
    const waiting = await ctx.db.select().from(outbox).where(eq(outbox.status, 'pending')).orderBy(outbox.id);
    expect(waiting.map((m) => m.attempts)).toEqual([1, 0]);
    expect(waiting[0]?.lastError).toBeTruthy();
    await smtp.start();
    // The failed one is not due before its retry; the other goes now.
    expect(await sendMail()).toBe(1);
    clock.advance(60_000);
    expect(await sendMail()).toBe(1);
    expect(await sendMail()).toBe(0);
    expect(mailsTo('patient@example.com')).toHaveLength(1);
    const left = await ctx.db.select().from(outbox).where(eq(outbox.status, 'pending'));
    expect(left).toEqual([]);
    expect(booking.status).toBe('pending');
  });
});
