import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AvailabilitySettings } from '../../../domain/availability.js';
import { DEFAULT_AVAILABILITY } from '../../../domain/availability.js';
import type { Booking } from '../../../domain/bookings.js';
import { loadConfig } from '../../config.js';
import { bookingMails, outbox } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createActivity, createUser, setActivity } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';
import type { MailMessage } from '../mail/mailer.js';
import { cancelToken, sendScheduledMails } from './service.js';

/*
 * The reminder the day before a confirmed booking (docs/mail.md#scheduled-mails), the facts the
 * booking mails tell (docs/mail.md#the-mails), the provider's mail in their own language, and the
 * round an admin runs as of a chosen moment on the servers that allow it
 * (docs/mail.md#running-a-round-at-a-chosen-moment).
 */

// Monday 1 June 2026, 10:00 in Limoux (UTC+2 in summer).
const START = '2026-06-01T08:00:00Z';
const clock = fixedClock(START);
const TEAM_PHONE = '+33 4 68 00 11 22';
const ctx = useTestApp(() => ({
  env: { CONTACT_PHONE: TEAM_PHONE, SCHEDULED_MAILS_ENDPOINT: 'true' },
  deps: { clock },
}));

/** Friday 5 June 2026, and the moments around it in Limoux. */
const DAY = '2026-06-05';
const AT = {
  twoDaysBefore: '2026-06-03T08:00:00Z',
  dayBeforeEarly: '2026-06-04T06:30:00Z', // 08:30
  dayBeforeMorning: '2026-06-04T08:00:00Z', // 10:00
  dayBeforeEvening: '2026-06-04T18:30:00Z', // 20:30
  dayBeforeNight: '2026-06-04T19:30:00Z', // 21:30
  onTheDay: '2026-06-05T08:00:00Z',
  dayAfter: '2026-06-06T08:00:00Z',
};
const PROVIDER_PHONE = '+33 4 68 31 11 82';

let provider: Awaited<ReturnType<typeof createProvider>>;
let adminCookie: string;
let adminEmail: string;
const ids = {} as { slotted: number; strict: number; instant: number; team: number };

const availability = (settings: Partial<AvailabilitySettings>): AvailabilitySettings => ({
  ...DEFAULT_AVAILABILITY,
  ...settings,
});

beforeAll(async () => {
  provider = await createProvider(ctx.db, { name: 'Julie Rivière' });
  const admin = await createUser(ctx.db, { role: 'admin', isApproved: true, roleChosenAt: new Date(), language: 'de' });
  adminEmail = admin.email ?? '';
  adminCookie = await sessionCookieFor(ctx.db, admin.id);
  const owned = {
    bookingRequired: true,
    providerId: provider.provider.id,
    price: 20,
    address: 'Quai de l’Aude 1',
    city: 'Quillan',
    latitude: 42.8756,
    longitude: 2.1813,
    contactPhone: PROVIDER_PHONE,
  };
  ids.slotted = await createActivity(ctx.db, {
    ...owned,
    name: 'Rafting dans les gorges',
    translations: { nl: { name: 'Raften in de kloven', description: 'Wild water' } },
  });
  await setActivity(ctx.db, ids.slotted, {
    availability: availability({ slots: ['10:00', '14:00'], durationMinutes: 90, cancelUntilHours: 12 }),
  });
  ids.strict = await createActivity(ctx.db, { ...owned, name: 'Canyoning' });
  await setActivity(ctx.db, ids.strict, {
    availability: availability({ slots: ['10:00'], durationMinutes: 180, cancelUntilHours: 48 }),
  });
  ids.instant = await createActivity(ctx.db, {
    ...owned,
    name: 'Kayak au lever du soleil',
    translations: { nl: { name: 'Kajakken bij zonsopgang', description: 'Vroeg op het water' } },
  });
  await setActivity(ctx.db, ids.instant, {
    availability: availability({ slots: ['09:30'], durationMinutes: 60, confirmation: 'instant' }),
  });
  // A listing without a provider, open every day 10:00–18:00: the team answers it.
  ids.team = await createActivity(ctx.db, {
    bookingRequired: true,
    name: 'Abbaye de Saint-Hilaire',
    translations: { de: { name: 'Abtei Saint-Hilaire', description: 'Ein Kreuzgang' } },
    address: 'Place de l’Abbaye',
    city: 'Saint-Hilaire',
    weeklyHours: [{ days: [1, 2, 3, 4, 5, 6, 7], opens: '10:00', closes: '18:00', seasonStart: null, seasonEnd: null }],
  });
});

beforeEach(() => clock.set(START));

let addresses = 0;
const nextAddress = () => `198.51.100.${(++addresses % 250) + 1}`;

const book = async (activityId: number, overrides: Record<string, unknown>) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: nextAddress(),
    payload: {
      activityId,
      customerName: 'Guest',
      numberOfPeople: 2,
      bookingDate: DAY,
      language: 'en',
      ...(activityId === ids.team ? {} : { slot: activityId === ids.instant ? '09:30' : '10:00' }),
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
};
const answer = async (id: number, action: 'confirm' | 'decline' | 'cancel', cookie = provider.cookie) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/provider/bookings/${id}/${action}`,
    headers: { cookie, ...sameOrigin },
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
};
const confirmed = async (activityId: number, overrides: Record<string, unknown>) => {
  const booking = await book(activityId, overrides);
  await answer(booking.id, 'confirm', activityId === ids.team ? adminCookie : provider.cookie);
  return booking;
};

/** One round of the scheduled job at `at` (the clock is moved there). */
const roundAt = (at: string) => {
  clock.set(at);
  return sendScheduledMails(ctx.app.deps);
};
/** The mails queued for `address`. */
const mailsTo = async (address: string) =>
  (await ctx.db.select().from(outbox)).map((row) => row.payload as MailMessage).filter((mail) => mail.to === address);
const remindersTo = async (address: string) =>
  (await mailsTo(address)).filter((mail) => /^(Tomorrow|Morgen|Demain|Mañana) ?: /.test(mail.subject));
const marks = async (bookingId: number) =>
  ctx.db
    .select()
    .from(bookingMails)
    .where(and(eq(bookingMails.bookingId, bookingId), eq(bookingMails.kind, 'reminder')));

describe('the reminder', () => {
  it('is queued once, the day before between 09:00 and 21:00 in Limoux, with the confirmation’s facts', async () => {
    const booking = await confirmed(ids.slotted, { customerEmail: 'once@remind.test' });
    await roundAt(AT.twoDaysBefore);
    await roundAt(AT.dayBeforeEarly);
    expect(await remindersTo('once@remind.test')).toEqual([]);

    await roundAt(AT.dayBeforeMorning);
    const [reminder, ...more] = await remindersTo('once@remind.test');
    expect(more).toEqual([]);
    expect(reminder?.subject).toBe('Tomorrow: Rafting dans les gorges');
    const text = reminder?.text ?? '';
    expect(text).toContain('A reminder of your booking for tomorrow, Friday, 5 June 2026: Rafting dans les gorges.');
    expect(text).toContain('Start time: 10:00\nDuration: 1 hour, 30 minutes');
    expect(text).toContain('Address: Quai de l’Aude 1, Quillan');
    expect(text).toContain(`You can reach Julie Rivière by phone: ${PROVIDER_PHONE}`);
    expect(text).toContain('https://www.openstreetmap.org/?mlat=42.8756&mlon=2.1813#map=16/42.8756/2.1813');
    // Cancelling is allowed until 12 hours before the 10:00 start.
    expect(text).toContain('(possible until Thursday, 4 June 2026 at 22:00)');
    expect(text).toContain(
      `http://localhost:5000/boekingen/${booking.id}/annuleren?token=${cancelToken(ctx.app.deps.secret, booking.id)}`,
    );

    // Never twice: later rounds that day, the next morning, and two rounds at once.
    await roundAt(AT.dayBeforeEvening);
    await roundAt(AT.dayBeforeMorning);
    clock.set(AT.dayBeforeMorning);
    await Promise.all([sendScheduledMails(ctx.app.deps), sendScheduledMails(ctx.app.deps)]);
    await roundAt(AT.onTheDay);
    expect(await remindersTo('once@remind.test')).toHaveLength(1);
    expect(await marks(booking.id)).toHaveLength(1);
  });

  it('goes out in the evening too, not at night; the next morning is the booked day, too late for it', async () => {
    const booking = await confirmed(ids.slotted, { customerEmail: 'night@remind.test', slot: '14:00' });
    // An earlier round of the day had this booking already: another booking, queued by the same round.
    expect(await roundAt(AT.dayBeforeNight)).toBe(0);
    await roundAt(AT.onTheDay);
    expect(await remindersTo('night@remind.test')).toEqual([]);
    await roundAt(AT.dayBeforeEvening);
    expect(await remindersTo('night@remind.test')).toHaveLength(1);
    expect(await marks(booking.id)).toHaveLength(1);
  });

  it('is queued once when two rounds run at once', async () => {
    const booking = await confirmed(ids.slotted, { customerEmail: 'twice@remind.test', slot: '14:00' });
    clock.set(AT.dayBeforeMorning);
    await Promise.all([sendScheduledMails(ctx.app.deps), sendScheduledMails(ctx.app.deps)]);
    expect(await remindersTo('twice@remind.test')).toHaveLength(1);
    expect(await marks(booking.id)).toHaveLength(1);
  });

  it('is not sent for a cancelled, declined or unanswered booking', async () => {
    const cancelledByGuest = await confirmed(ids.slotted, { customerEmail: 'cancelled@remind.test' });
    const cancelRes = await ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${cancelledByGuest.id}/cancel`,
      remoteAddress: nextAddress(),
      payload: { token: cancelToken(ctx.app.deps.secret, cancelledByGuest.id) },
    });
    expect(cancelRes.statusCode, cancelRes.body).toBe(200);
    const cancelledByProvider = await confirmed(ids.slotted, { customerEmail: 'withdrawn@remind.test' });
    await answer(cancelledByProvider.id, 'cancel');
    const declined = await book(ids.slotted, { customerEmail: 'declined@remind.test' });
    await answer(declined.id, 'decline');
    const pending = await book(ids.slotted, { customerEmail: 'pending@remind.test' });
    await roundAt(AT.dayBeforeMorning);
    await roundAt(AT.dayBeforeEvening);
    for (const { id, customerEmail } of [cancelledByGuest, cancelledByProvider, declined, pending]) {
      expect(await remindersTo(customerEmail), customerEmail).toEqual([]);
      expect(await marks(id), customerEmail).toEqual([]);
    }
  });

  it('leaves the cancel link out once the guest may no longer cancel, and says whom to tell', async () => {
    // Cancelling ends 48 hours before the start: on the day before, it is too late.
    await confirmed(ids.strict, { customerEmail: 'strict@remind.test' });
    await roundAt(AT.dayBeforeMorning);
    const [reminder] = await remindersTo('strict@remind.test');
    expect(reminder?.text).toContain(
      'The booking can no longer be cancelled on the site. If you cannot come after all, please let Julie Rivière know.',
    );
    expect(reminder?.text).not.toContain('/annuleren');
  });

  it('is not sent for a booking confirmed on the day before: its confirmation came that day', async () => {
    clock.set('2026-06-04T07:00:00Z');
    const instant = await book(ids.instant, { customerEmail: 'late-instant@remind.test' });
    expect(instant.status).toBe('confirmed');
    const late = await confirmed(ids.slotted, { customerEmail: 'late-answer@remind.test', slot: '14:00' });
    await roundAt(AT.dayBeforeMorning);
    await roundAt(AT.dayBeforeEvening);
    for (const { id, customerEmail } of [instant, late]) {
      expect(await remindersTo(customerEmail)).toEqual([]);
      // Marked all the same: never looked at again.
      expect(await marks(id)).toHaveLength(1);
    }
  });

  it('of a booking made at once two days ahead, and of the team’s listing: the day’s hours and the team’s phone', async () => {
    const instant = await book(ids.instant, { customerEmail: 'instant@remind.test', language: 'nl' });
    expect(instant.status).toBe('confirmed');
    await confirmed(ids.team, { customerEmail: 'team@remind.test', language: 'fr' });
    await roundAt(AT.dayBeforeMorning);
    const [dutch] = await remindersTo('instant@remind.test');
    expect(dutch?.subject).toBe('Morgen: Kajakken bij zonsopgang');
    expect(dutch?.text).toContain('Begintijd: 09:30\nDuur: 1 uur');
    const [french] = await remindersTo('team@remind.test');
    expect(french?.subject).toBe('Demain : Abbaye de Saint-Hilaire');
    expect(french?.text).toContain('Horaires d’ouverture: 10:00–18:00');
    expect(french?.text).toContain(`Vous pouvez joindre l’équipe DiscoverLocal par téléphone : ${TEAM_PHONE}`);
    expect(french?.text).not.toContain('Julie');
  });
});

describe('the review invitation, with slots and instant bookings', () => {
  it('goes out the day after a slot booking, whether confirmed by hand or at once', async () => {
    const byHand = await confirmed(ids.slotted, { customerEmail: 'review-hand@remind.test' });
    const atOnce = await book(ids.instant, { customerEmail: 'review-instant@remind.test' });
    expect(atOnce.status).toBe('confirmed');
    await roundAt(AT.onTheDay);
    await roundAt(AT.dayAfter);
    for (const { id, customerEmail, activityId } of [byHand, atOnce]) {
      const invitations = (await mailsTo(customerEmail)).filter((mail) => mail.subject.startsWith('How was '));
      expect(invitations, customerEmail).toHaveLength(1);
      expect(invitations[0]?.text).toContain(`/activity/${activityId}?lng=en&token=${id}.`);
    }
  });
});

describe('the mails when a booking is made (docs/mail.md#the-mails)', () => {
  it('the guest’s confirmation at once names nobody who confirmed it; the provider hears of it in their language', async () => {
    const booking = await book(ids.instant, { customerEmail: 'made@remind.test', language: 'nl' });
    const [guest, ...others] = await mailsTo('made@remind.test');
    expect(others).toEqual([]);
    expect(guest?.subject).toBe('Bevestigd: Kajakken bij zonsopgang op vrijdag 5 juni 2026');
    expect(guest?.text).toContain('Goed nieuws: je boeking is bevestigd.');
    expect(guest?.text).toContain('Begintijd: 09:30\nDuur: 1 uur');
    expect(guest?.text).toContain(`Vragen? Je kunt Julie Rivière bellen: ${PROVIDER_PHONE}`);
    expect(guest?.attachments?.[0]?.content).toContain('DTSTART:20260605T073000Z\r\n');
    expect(guest?.attachments?.[0]?.content).toContain('DURATION:PT1H\r\n');
    // The provider's mail: the activity's own (French) name, and that the booking is confirmed already.
    const toProvider = (await mailsTo(provider.user.email ?? '')).find((m) => m.text.includes(`#${booking.id}`));
    expect(toProvider?.subject).toBe('Nouvelle réservation : Kayak au lever du soleil le vendredi 5 juin 2026');
    expect(toProvider?.text).toContain('cette réservation est confirmée');
    expect(toProvider?.text).toContain('Heure de début: 09:30');
  });

  it('a request the provider must answer says so, in their language', async () => {
    const booking = await book(ids.slotted, { customerEmail: 'request@remind.test', language: 'nl' });
    const [guest] = await mailsTo('request@remind.test');
    expect(guest?.subject).toBe('Je boekingsaanvraag voor Raften in de kloven');
    expect(guest?.text).toContain('Begintijd: 10:00');
    const toProvider = (await mailsTo(provider.user.email ?? '')).find((m) => m.text.includes(`#${booking.id}`));
    expect(toProvider?.subject).toBe(
      'Nouvelle demande de réservation : Rafting dans les gorges le vendredi 5 juin 2026',
    );
    expect(toProvider?.text).toContain('La demande attend votre réponse.');
  });

  it('each admin hears of a booking of the team’s listing with its name in their own language', async () => {
    const booking = await book(ids.team, { customerEmail: 'team-made@remind.test', language: 'fr' });
    const toAdmin = (await mailsTo(adminEmail)).find((m) => m.text.includes(`#${booking.id}`));
    expect(toAdmin?.subject).toBe('Neue Buchungsanfrage: Abtei Saint-Hilaire am Freitag, 5. Juni 2026');
    expect(toAdmin?.text).toContain('Öffnungszeiten: 10:00–18:00');
  });
});

describe('a round as of a chosen moment (docs/mail.md#running-a-round-at-a-chosen-moment)', () => {
  const run = (payload: object, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/admin/scheduled-mails/run',
      headers: cookie ? { cookie, ...sameOrigin } : {},
      payload,
    });

  it('queues what is due at that moment and sends it now, for an admin only', async () => {
    const booking = await confirmed(ids.slotted, { customerEmail: 'chosen@remind.test', slot: '14:00' });
    expect((await run({ at: '2026-06-04T10:00:00+02:00' })).statusCode).toBe(401);
    expect((await run({ at: '2026-06-04T10:00:00+02:00' }, provider.cookie)).statusCode).toBe(403);
    const bad = await run({ at: 'tomorrow' }, adminCookie);
    expect(bad.statusCode).toBe(400);
    // At night in Limoux nothing is due.
    expect((await run({ at: '2026-06-04T23:00:00+02:00' }, adminCookie)).json()).toEqual({ queued: 0 });
    const res = await run({ at: '2026-06-04T10:00:00+02:00' }, adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ queued: number }>().queued).toBeGreaterThanOrEqual(1);
    const [reminder] = await remindersTo('chosen@remind.test');
    // Queued as of the real now (the clock), so the outbox sends it at once.
    const [row] = (await ctx.db.select().from(outbox)).filter((r) => {
      const mail = r.payload as MailMessage;
      return mail.to === 'chosen@remind.test' && mail.subject === reminder?.subject;
    });
    expect(row?.nextAttemptAt.toISOString()).toBe(new Date(START).toISOString());
    expect(await marks(booking.id)).toHaveLength(1);
    expect((await run({ at: '2026-06-04T11:00:00+02:00' }, adminCookie)).json()).toEqual({ queued: 0 });
  });

  it('is refused at start without the demo logins', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SCHEDULED_MAILS_ENDPOINT: 'true', DEMO_LOGIN: 'false' })).toThrow(
      /SCHEDULED_MAILS_ENDPOINT=true/,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).mail.scheduledMailsEndpoint).toBe(false);
  });
});

describe('without SCHEDULED_MAILS_ENDPOINT', () => {
  const plain = useTestApp();

  it('has no such route', async () => {
    const admin = await createUser(plain.db, { role: 'admin', isApproved: true, roleChosenAt: new Date() });
    const res = await plain.app.inject({
      method: 'POST',
      url: '/api/admin/scheduled-mails/run',
      headers: { cookie: await sessionCookieFor(plain.db, admin.id), ...sameOrigin },
      payload: { at: '2026-06-04T10:00:00+02:00' },
    });
    expect(res.statusCode).toBe(404);
  });
});
