import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Booking } from '../../../domain/bookings.js';
import type { Language } from '../../../domain/languages.js';
import type { PublicReview, ReviewInvitation } from '../../../domain/reviews.js';
import { bookingMails, outbox, reviews } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createActivity, createUser, setActivity } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';
import { cancelToken, sendScheduledMails } from '../bookings/service.js';
import type { MailMessage } from '../mail/mailer.js';
import { reviewToken } from './service.js';

/*
 * The review invitation (docs/mail.md#scheduled-mails) and its signed link, the only way besides
 * the booker's own account to a review with "Verified booking" (docs/security.md#verified-reviews).
 */

// 1 June 2026, 10:00 in Limoux.
const clock = fixedClock('2026-06-01T08:00:00Z');
const ctx = useTestApp(() => ({ deps: { clock } }));

/** The day the bookings below are for, and the moments around it (Limoux is UTC+2 in summer). */
const DAY = '2026-06-05';
const AT = {
  onTheDay: '2026-06-05T16:00:00Z',
  nightAfter: '2026-06-06T03:00:00Z',
  morningAfter: '2026-06-06T07:30:00Z',
};

let provider: Awaited<ReturnType<typeof createProvider>>;
let adminCookie: string;
const ids = {} as { activity: number; other: number };

let addresses = 0;
const nextAddress = () => `203.0.113.${++addresses % 250}`;

beforeAll(async () => {
  provider = await createProvider(ctx.db, { name: 'Julie Rivière' });
  const admin = await createUser(ctx.db, { role: 'admin', isApproved: true, roleChosenAt: new Date() });
  adminCookie = await sessionCookieFor(ctx.db, admin.id);
  const owned = { bookingRequired: true, providerId: provider.provider.id, price: 20 };
  ids.activity = await createActivity(ctx.db, {
    ...owned,
    name: 'Rafting dans les gorges',
    translations: { nl: { name: 'Raften in de kloven', description: 'Wild water' } },
  });
  ids.other = await createActivity(ctx.db, owned);
});

beforeEach(() => clock.set('2026-06-01T08:00:00Z'));

const book = async (overrides: Record<string, unknown>, cookie?: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: nextAddress(),
    headers: cookie ? { cookie, ...sameOrigin } : {},
    payload: {
      activityId: ids.activity,
      customerName: 'Guest',
      customerEmail: 'guest@example.com',
      numberOfPeople: 2,
      bookingDate: DAY,
      ...overrides,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<Booking>();
};
const answer = async (id: number, action: 'confirm' | 'decline') => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/provider/bookings/${id}/${action}`,
    headers: { cookie: provider.cookie, ...sameOrigin },
    payload: {},
  });
  expect(res.statusCode).toBe(200);
};
const confirmed = async (overrides: Record<string, unknown>, cookie?: string) => {
  const booking = await book(overrides, cookie);
  await answer(booking.id, 'confirm');
  return booking;
};
const cancel = async (id: number) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/bookings/${id}/cancel`,
    remoteAddress: nextAddress(),
    payload: { token: cancelToken(ctx.app.deps.secret, id) },
  });
  expect(res.statusCode).toBe(200);
};

const runJob = () => sendScheduledMails(ctx.app.deps);
const INVITATION_LINK = /http:\/\/localhost:5000\/activity\/(\d+)\?lng=(\w\w)&token=([\w.-]+)#write-review/;
/** The review invitations queued for `address`. */
const invitationsTo = async (address: string) => {
  const rows = await ctx.db.select().from(outbox);
  return rows
    .map((row) => row.payload as MailMessage)
    .filter((mail) => mail.to === address && INVITATION_LINK.test(mail.text));
};
const linkOf = (mail: MailMessage) => {
  const [, activity, language, token] = INVITATION_LINK.exec(mail.text) ?? [];
  return { activity: Number(activity), language, token: token ?? '' };
};

const invitation = (activityId: number, token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/activities/${activityId}/review-invitation?token=${encodeURIComponent(token)}`,
  });
const write = (activityId: number, payload: object, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/activities/${activityId}/reviews`,
    remoteAddress: nextAddress(),
    headers: cookie ? { cookie, ...sameOrigin } : {},
    payload,
  });
const approve = async (id: number) => {
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/reviews/${id}/approval`,
    headers: { cookie: adminCookie, ...sameOrigin },
    payload: { isApproved: 1 },
  });
  expect(res.statusCode).toBe(200);
};
const badges = async (activityId: number) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/activities/${activityId}/reviews` });
  return Object.fromEntries(res.json<PublicReview[]>().map((r) => [r.comment, r.verifiedBooking]));
};
const reviewCount = async () => (await ctx.db.select({ n: count() }).from(reviews))[0]?.n ?? 0;

describe('the review invitation', () => {
  const LANGUAGE_SUBJECTS: Record<Language, string> = {
    nl: 'Hoe was Raften in de kloven?',
    en: 'How was Rafting dans les gorges?',
    fr: 'Comment était Rafting dans les gorges ?',
    de: 'Wie war Rafting dans les gorges?',
    es: '¿Qué tal Rafting dans les gorges?',
  };

  it('goes to each confirmed booking’s address the morning after its day, once, in the language it was booked in', async () => {
    const booked = {} as Record<Language, Booking>;
    for (const language of Object.keys(LANGUAGE_SUBJECTS) as Language[]) {
      booked[language] = await confirmed({
        customerName: `Guest ${language}`,
        customerEmail: `${language}@invited.test`,
        language,
      });
    }
    // Never for a booking that was not confirmed, was declined, or was cancelled.
    await book({ customerEmail: 'pending@invited.test' });
    const declined = await book({ customerEmail: 'declined@invited.test' });
    await answer(declined.id, 'decline');
    const cancelled = await confirmed({ customerEmail: 'cancelled@invited.test' });
    await cancel(cancelled.id);

    // Not while the day lasts, not at night after it.
    clock.set(AT.onTheDay);
    expect(await runJob()).toBe(0);
    clock.set(AT.nightAfter);
    expect(await runJob()).toBe(0);

    // From 09:00 the next day: two rounds at once (two app instances) queue each mail once.
    clock.set(AT.morningAfter);
    const rounds = await Promise.all([runJob(), runJob()]);
    expect(rounds[0] + rounds[1]).toBe(5);
    expect(await runJob()).toBe(0);

    for (const [language, booking] of Object.entries(booked) as [Language, Booking][]) {
      const mails = await invitationsTo(`${language}@invited.test`);
      expect(mails, language).toHaveLength(1);
      const [mail] = mails as [MailMessage];
      expect(mail.subject).toBe(LANGUAGE_SUBJECTS[language]);
      // Booked without an account: the address is nobody's proved one, so the mail does not repeat the
      // name typed with it (docs/mail.md#what-a-guest-mail-repeats).
      expect(mail.text).not.toContain(`Guest ${language}`);
      expect(mail.html).toContain(`lang="${language}"`);
      expect(linkOf(mail)).toEqual({
        activity: ids.activity,
        language,
        token: reviewToken(ctx.app.deps.secret, booking.id),
      });
    }
    for (const address of ['pending', 'declined', 'cancelled']) {
      expect(await invitationsTo(`${address}@invited.test`), address).toEqual([]);
    }
    // What marks each as queued, written with its outbox row.
    const marks = await ctx.db.select().from(bookingMails);
    expect(marks.filter((m) => Object.values(booked).some((b) => b.id === m.bookingId))).toHaveLength(5);
    expect(marks.every((m) => m.kind === 'review_invitation')).toBe(true);
  });

  it('still goes out up to a week after the day (the app may have been down), not later', async () => {
    await confirmed({ customerEmail: 'week@invited.test', bookingDate: '2026-06-08' });
    await confirmed({ customerEmail: 'eight-days@invited.test', bookingDate: '2026-06-07' });
    clock.set('2026-06-15T08:00:00Z');
    await runJob();
    expect(await invitationsTo('week@invited.test')).toHaveLength(1);
    expect(await invitationsTo('eight-days@invited.test')).toEqual([]);
  });

  it('is not sent for an activity that is not public any more (its guestbook cannot be opened)', async () => {
    const paused = await createActivity(ctx.db, { bookingRequired: true, providerId: provider.provider.id });
    await confirmed({ activityId: paused, customerEmail: 'paused@invited.test', bookingDate: '2026-06-10' });
    await setActivity(ctx.db, paused, { isActive: false });
    clock.set('2026-06-11T08:00:00Z');
    await runJob();
    expect(await invitationsTo('paused@invited.test')).toEqual([]);
  });

  it('says how long the link works (60 days after the booked day), in the mail’s language', async () => {
    await confirmed({ customerEmail: 'until@invited.test', bookingDate: '2026-06-10', language: 'en' });
    clock.set('2026-06-11T08:00:00Z');
    await runJob();
    const [mail] = await invitationsTo('until@invited.test');
    expect(mail?.text).toContain('the link works until Sunday, 9 August 2026');
  });
});

describe('the review link', () => {
  let guest: Booking;
  let token: string;

  beforeAll(async () => {
    clock.set('2026-06-01T08:00:00Z');
    guest = await confirmed({
      customerName: 'Ria de Boer',
      customerEmail: 'ria@linked.test',
      bookingDate: '2026-06-20',
      language: 'en',
    });
    clock.set('2026-06-21T08:00:00Z');
    await runJob();
    const [mail] = await invitationsTo('ria@linked.test');
    token = linkOf(mail as MailMessage).token;
  });
  beforeEach(() => clock.set('2026-06-22T10:00:00Z'));

  it('opens the guestbook with what it knows of the booking, never its address', async () => {
    const res = await invitation(ids.activity, token);
    expect(res.statusCode).toBe(200);
    expect(res.json<ReviewInvitation>()).toEqual({
      bookingId: guest.id,
      activityId: ids.activity,
      customerName: 'Ria de Boer',
      bookingDate: '2026-06-20',
      numberOfPeople: 2,
      reviewed: false,
      validUntil: '2026-08-19',
    });
    expect(res.body).not.toContain('@');
  });

  it('ties the review to its booking: verified, one per booking, even when someone typed the address first', async () => {
    // Someone types Ria's address before her: answered like any review, tied to nothing, no badge.
    const typed = await write(ids.activity, {
      rating: 1,
      comment: 'Typed with her address',
      guestName: 'Ria',
      guestEmail: 'ria@linked.test',
    });
    expect(typed.statusCode).toBe(201);
    expect(typed.json()).toMatchObject({ verifiedBooking: false });
    // Ria comes through her link: no e-mail to type, her name from the booking unless she gives one.
    const res = await write(ids.activity, { rating: 5, comment: 'Through the link', token });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ verifiedBooking: true, status: 'pending' });
    const [row] = await ctx.db.select().from(reviews).where(eq(reviews.id, res.json<{ id: number }>().id));
    expect(row).toMatchObject({
      bookingId: guest.id,
      guestName: 'Ria de Boer',
      guestEmail: 'ria@linked.test',
      userId: null,
    });
    await approve(typed.json<{ id: number }>().id);
    await approve(res.json<{ id: number }>().id);
    expect(await badges(ids.activity)).toMatchObject({ 'Typed with her address': false, 'Through the link': true });
    // One review per booking: the link now says so, and a second review through it is refused.
    expect((await invitation(ids.activity, token)).json()).toMatchObject({ reviewed: true });
    const again = await write(ids.activity, { rating: 4, comment: 'Once more', token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'REVIEW_EXISTS' });
  });

  it('refuses a link for another activity, a changed or borrowed token, and a booking that no longer counts', async () => {
    const cancelledLater = await (async () => {
      clock.set('2026-06-01T08:00:00Z');
      const booking = await confirmed({ customerEmail: 'later@linked.test', bookingDate: '2026-06-20' });
      // Cancelled by the guest the day before (after its start only the provider could, docs/availability.md#cancelling).
      clock.set('2026-06-19T10:00:00Z');
      await cancel(booking.id);
      return booking;
    })();
    clock.set('2026-06-01T08:00:00Z');
    const toCome = await confirmed({ customerEmail: 'future@linked.test', bookingDate: '2026-07-20' });
    const notConfirmed = await book({ customerEmail: 'pending@linked.test', bookingDate: '2026-06-20' });
    clock.set('2026-06-22T10:00:00Z');
    const secret = ctx.app.deps.secret;
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const wrong: [string, number, string][] = [
      ['the link of another activity', ids.other, token],
      ['a changed token', ids.activity, `${token.slice(0, -1)}${last}`],
      ['another booking’s id with this hash', ids.activity, `${toCome.id}${token.slice(token.indexOf('.'))}`],
      ['the cancel link’s token', ids.activity, cancelToken(secret, guest.id)],
      ['the cancel link’s hash', ids.activity, `${guest.id}.${cancelToken(secret, guest.id)}`],
      ['a booking cancelled since', ids.activity, reviewToken(secret, cancelledLater.id)],
      ['a booking whose day is to come', ids.activity, reviewToken(secret, toCome.id)],
      ['a booking never confirmed', ids.activity, reviewToken(secret, notConfirmed.id)],
      ['a booking that does not exist', ids.activity, reviewToken(secret, 999_999)],
      ['nonsense', ids.activity, 'abc'],
    ];
    const before = await reviewCount();
    for (const [what, activityId, given] of wrong) {
      const shown = await invitation(activityId, given);
      expect([what, shown.statusCode, shown.json<{ code: string }>().code]).toEqual([what, 403, 'REVIEW_LINK_INVALID']);
      const sent = await write(activityId, { rating: 5, comment: what, token: given });
      expect([what, sent.statusCode, sent.json<{ code: string }>().code]).toEqual([what, 403, 'REVIEW_LINK_INVALID']);
    }
    expect((await write(ids.activity, { rating: 5, comment: 'x', token: 'x'.repeat(101) })).statusCode).toBe(400);
    expect(await reviewCount()).toBe(before);
  });

  it('works until 60 days after the booked day, then says it has expired', async () => {
    clock.set('2026-06-01T08:00:00Z');
    const booking = await confirmed({ customerEmail: 'late@linked.test', bookingDate: '2026-06-20' });
    const late = reviewToken(ctx.app.deps.secret, booking.id);
    // 19 August, the 60th day after, until midnight in Limoux.
    clock.set('2026-08-19T21:59:00Z');
    expect((await invitation(ids.activity, late)).statusCode).toBe(200);
    clock.set('2026-08-19T22:00:00Z');
    const before = await reviewCount();
    const expired = await write(ids.activity, { rating: 5, comment: 'Too late', token: late });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'REVIEW_LINK_EXPIRED' });
    expect((await invitation(ids.activity, late)).statusCode).toBe(410);
    expect(await reviewCount()).toBe(before);
  });

  it('ties a logged-in visitor’s review through the link to the booking too', async () => {
    clock.set('2026-06-01T08:00:00Z');
    const booking = await confirmed({ customerEmail: 'partner@linked.test', bookingDate: '2026-06-20' });
    clock.set('2026-06-22T10:00:00Z');
    const user = await createUser(ctx.db, { firstName: 'Partner', lastName: 'Test', roleChosenAt: new Date() });
    const res = await write(
      ids.activity,
      { rating: 4, comment: 'Logged in, with the link', token: reviewToken(ctx.app.deps.secret, booking.id) },
      await sessionCookieFor(ctx.db, user.id),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(reviews).where(eq(reviews.id, res.json<{ id: number }>().id));
    expect(row).toMatchObject({ bookingId: booking.id, userId: user.id, guestEmail: null });
  });
});

describe('a booker’s own account', () => {
  it('earns the badge for a review written before the day once the day is over, and gets no invitation', async () => {
    const user = await createUser(ctx.db, { firstName: 'Early', lastName: 'Reviewer', roleChosenAt: new Date() });
    const cookie = await sessionCookieFor(ctx.db, user.id);
    await confirmed({ customerEmail: user.email, bookingDate: '2026-06-25' }, cookie);
    clock.set('2026-06-02T10:00:00Z');
    const early = await write(ids.other, { rating: 5, comment: 'Other place, no booking' }, cookie);
    const res = await write(ids.activity, { rating: 5, comment: 'Before the day' }, cookie);
    expect(res.json()).toMatchObject({ verifiedBooking: false });
    await approve(res.json<{ id: number }>().id);
    await approve(early.json<{ id: number }>().id);
    expect(await badges(ids.activity)).toMatchObject({ 'Before the day': false });
    clock.set('2026-06-26T08:00:00Z');
    await runJob();
    expect(await invitationsTo(user.email ?? '')).toEqual([]);
    expect(await badges(ids.activity)).toMatchObject({ 'Before the day': true });
    expect(await badges(ids.other)).toMatchObject({ 'Other place, no booking': false });
  });
});
