import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityDetail } from '../../../domain/activities.js';
import type { AdminBooking, Booking } from '../../../domain/bookings.js';
import { bookingEvents, bookings, providers } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createActivity, createUser } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.js';
import { useTestApp } from '../../test/test-app.js';
import { cancelToken } from './service.js';
import type { SiteSettingValues } from '../settings/site.js';

/**
 * The admins' bookings inbox (docs/product.md#bookings-inbox) and who answers a booking
 * (docs/product.md#who-answers): the provider, or the team for a listing without one.
 */
let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(async () => smtp?.close());

const clock = fixedClock('2026-11-22T10:00:00Z');
const site: SiteSettingValues = {
  contactEmail: 'hello@discoverlocal.test',
  contactPhone: null,
  senderName: 'DiscoverLocal',
  teamInbox: 'team@discoverlocal.test',
  dataLicence: 'Licence Ouverte / Etalab 2.0',
  dataLicenceUrl: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
  operatorName: 'DiscoverLocal',
  retentionMonths: 24,
};
const ctx = useTestApp(() => ({
  env: { SMTP_URL: smtp.url, MAIL_FROM: 'DiscoverLocal <bookings@discoverlocal.test>' },
  deps: { clock },
}));

let provider: Awaited<ReturnType<typeof createProvider>>;
let other: Awaited<ReturnType<typeof createProvider>>;
let visitorCookie: string;
let adminCookie: string;
let adminEmail: string;
const ids = {} as { team: number; teamOther: number; owned: number; others: number };

beforeAll(async () => {
  // The settings as the team set them in the console (docs/site-settings.md), changed by the tests.
  ctx.app.deps.site = { current: async () => ({ ...site }), refresh: async () => {} };
  provider = await createProvider(ctx.db, { name: 'Julie Rivière' });
  await ctx.db.update(providers).set({ company: 'Aude Rafting' }).where(eq(providers.id, provider.provider.id));
  other = await createProvider(ctx.db, { name: 'Marc Other' });
  const visitor = await createUser(ctx.db, { role: 'visitor', roleChosenAt: new Date() });
  visitorCookie = await sessionCookieFor(ctx.db, visitor.id);
  const admin = await createUser(ctx.db, { role: 'admin', isApproved: true, roleChosenAt: new Date(), language: 'fr' });
  adminEmail = admin.email ?? '';
  adminCookie = await sessionCookieFor(ctx.db, admin.id);
  ids.team = await createActivity(ctx.db, { bookingRequired: true, name: 'Limoux Brass Festival', price: 10 });
  ids.teamOther = await createActivity(ctx.db, { bookingRequired: true, name: 'Festival de Carcassonne' });
  ids.owned = await createActivity(ctx.db, {
    bookingRequired: true,
    providerId: provider.provider.id,
    name: 'Rafting',
  });
  ids.others = await createActivity(ctx.db, { bookingRequired: true, providerId: other.provider.id, name: 'Kayak' });
});

beforeEach(() => {
  clock.set('2026-11-22T10:00:00Z');
  site.teamInbox = 'team@discoverlocal.test';
});

let addressCount = 0;
const book = async (activityId: number, overrides: Record<string, unknown> = {}) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: `203.0.113.${++addressCount}`,
    payload: {
      activityId,
      customerName: 'Sanne Visser',
      customerEmail: 'sanne@example.com',
      numberOfPeople: 2,
      bookingDate: '2026-12-05',
      language: 'en',
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
};
const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string | undefined, payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...(cookie ? { cookie } : {}), ...sameOrigin },
    ...(payload ? { payload } : {}),
  });
const sendMail = () => ctx.app.deps.outbox.runOnce();
const lastMailTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address)).at(-1);

describe('who answers a booking', () => {
  it('is said on the activity: the provider by their company, or the team', async () => {
    const team = (await get(`/api/activities/${ids.team}`)).json<ActivityDetail>();
    expect(team.answeredBy).toEqual({ kind: 'team' });
    const owned = (await get(`/api/activities/${ids.owned}`)).json<ActivityDetail>();
    expect(owned.answeredBy).toEqual({ kind: 'provider', name: 'Aude Rafting' });
    // By their name when they gave no company.
    const others = (await get(`/api/activities/${ids.others}`)).json<ActivityDetail>();
    expect(others.answeredBy).toEqual({ kind: 'provider', name: 'Marc Other' });
    // The list stays lean: no answerer in it.
    const list = (await get('/api/activities?limit=100')).json<Record<string, unknown>[]>();
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((a) => !('answeredBy' in a))).toBe(true);
  });

  it('follows a change of the provider’s company', async () => {
    await ctx.db.update(providers).set({ company: 'Kayak & Co' }).where(eq(providers.id, other.provider.id));
    const others = (await get(`/api/activities/${ids.others}`)).json<ActivityDetail>();
    expect(others.answeredBy).toEqual({ kind: 'provider', name: 'Kayak & Co' });
    await ctx.db.update(providers).set({ company: null }).where(eq(providers.id, other.provider.id));
  });

  it('is the provider in the guest’s mail, and the provider hears of it', async () => {
    await sendMail();
    await book(ids.owned, { customerEmail: 'owned-guest@example.com' });
    await sendMail();
    expect(lastMailTo('owned-guest@example.com')?.parsed.text).toContain(
      'Aude Rafting will confirm it as soon as possible',
    );
    const toProvider = lastMailTo(provider.user.email ?? '');
    expect(toProvider?.parsed.text).toContain('http://localhost:5000/provider/bookings');
    expect(lastMailTo('team@discoverlocal.test')?.parsed.text ?? '').not.toContain('owned-guest@example.com');
  });

  it('is the team for a listing without a provider: the guest is told, the team inbox gets the request', async () => {
    const booking = await book(ids.team, { customerEmail: 'brass@example.com' });
    await sendMail();
    const guest = lastMailTo('brass@example.com');
    expect(guest?.parsed.text).toContain('The DiscoverLocal team will confirm it as soon as possible');
    expect(guest?.parsed.text).not.toContain('provider');
    const team = lastMailTo('team@discoverlocal.test');
    expect(team?.parsed.subject).toBe('Nieuwe boekingsaanvraag: Limoux Brass Festival op zaterdag 5 december 2026');
    expect(team?.parsed.text).toContain('brass@example.com');
    expect(team?.parsed.text).toContain('http://localhost:5000/admin/bookings');
    expect(booking.status).toBe('pending');
  });

  it('without a team inbox, tells every admin in their own language', async () => {
    site.teamInbox = null;
    await book(ids.team, { customerEmail: 'brass-2@example.com' });
    await sendMail();
    const toAdmin = lastMailTo(adminEmail);
    expect(toAdmin?.parsed.subject).toContain('Nouvelle demande de réservation : Limoux Brass Festival');
    expect(toAdmin?.parsed.text).toContain('/admin/bookings');
  });

  it('is the team for the open bookings of a provider who is no longer listed', async () => {
    const leaving = await createProvider(ctx.db, { name: 'Leaving Soon' });
    const activity = await createActivity(ctx.db, { bookingRequired: true, providerId: leaving.provider.id });
    const booking = await book(activity, { customerEmail: 'left-behind@example.com' });
    await sendMail();
    await ctx.db
      .update(providers)
      .set({ status: 'rejected', isApproved: false })
      .where(eq(providers.id, leaving.provider.id));
    const inbox = (await get(`/api/admin/bookings?activityId=${activity}`, adminCookie)).json<AdminBooking[]>();
    expect(inbox).toMatchObject([{ id: booking.id, providerId: leaving.provider.id, answeredBy: { kind: 'team' } }]);
    // The guest cancels: the team hears of it, not the provider.
    const token = cancelToken(ctx.app.deps.secret, booking.id);
    expect((await post(`/api/bookings/${booking.id}/cancel`, undefined, { token })).statusCode).toBe(200);
    const before = smtp.received.filter((m) => m.envelopeTo.includes(leaving.user.email ?? '')).length;
    await sendMail();
    expect(lastMailTo('team@discoverlocal.test')?.parsed.text).toContain('left-behind@example.com');
    expect(smtp.received.filter((m) => m.envelopeTo.includes(leaving.user.email ?? '')).length).toBe(before);
  });
});

describe('the admins answer', () => {
  it('confirm a booking of a listing without a provider: the guest’s mail names the team, with the calendar file', async () => {
    const booking = await book(ids.team, { customerEmail: 'confirm-team@example.com' });
    await sendMail();
    clock.set('2026-11-23T09:00:00Z');
    const res = await post(`/api/admin/bookings/${booking.id}/confirm`, adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Booking>()).toMatchObject({ id: booking.id, status: 'confirmed' });
    const events = await ctx.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(events.at(-1)).toMatchObject({ fromStatus: 'pending', toStatus: 'confirmed', actor: 'admin' });
    expect(await sendMail()).toBe(1);
    const mail = lastMailTo('confirm-team@example.com');
    expect(mail?.parsed.subject).toBe('Confirmed: Limoux Brass Festival on Saturday, 5 December 2026');
    expect(mail?.parsed.text).toContain('Good news: the DiscoverLocal team has confirmed your booking.');
    expect(mail?.parsed.attachments.map((a) => a.filename)).toEqual(['booking.ics']);
    // Decided: a second answer is a conflict, and changes nothing.
    const again = await post(`/api/admin/bookings/${booking.id}/decline`, adminCookie, { message: 'No' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'BOOKING_STATUS_CONFLICT' });
    expect(await sendMail()).toBe(0);
  });

  it('decline one with a message the guest reads as the team’s', async () => {
    const booking = await book(ids.team, { customerEmail: 'decline-team@example.com' });
    await sendMail();
    const res = await post(`/api/admin/bookings/${booking.id}/decline`, adminCookie, {
      message: 'The festival is sold out.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Booking>().status).toBe('declined');
    await sendMail();
    const mail = lastMailTo('decline-team@example.com');
    expect(mail?.parsed.subject).toBe('Not possible: Limoux Brass Festival on Saturday, 5 December 2026');
    expect(mail?.parsed.text).toContain('Message from the DiscoverLocal team:\nThe festival is sold out.');
    // Without a message too.
    const quiet = await book(ids.team, { customerEmail: 'decline-quiet@example.com' });
    expect((await post(`/api/admin/bookings/${quiet.id}/decline`, adminCookie)).statusCode).toBe(200);
  });

  it('answer a provider’s booking too, as the team; the provider answering theirs is named', async () => {
    const byAdmin = await book(ids.owned, { customerEmail: 'owned-admin@example.com' });
    const byProvider = await book(ids.owned, { customerEmail: 'owned-provider@example.com' });
    await sendMail();
    expect((await post(`/api/admin/bookings/${byAdmin.id}/confirm`, adminCookie)).statusCode).toBe(200);
    const mine = await post(`/api/provider/bookings/${byProvider.id}/decline`, provider.cookie, { message: 'Full' });
    expect(mine.statusCode).toBe(200);
    await sendMail();
    expect(lastMailTo('owned-admin@example.com')?.parsed.text).toContain('the DiscoverLocal team has confirmed');
    expect(lastMailTo('owned-provider@example.com')?.parsed.text).toContain('Message from Aude Rafting:\nFull');
  });

  it('the provider does not answer the team’s bookings, nor another provider’s (404)', async () => {
    const team = await book(ids.team, { customerEmail: 'not-yours@example.com' });
    const others = await book(ids.others, { customerEmail: 'not-yours-2@example.com' });
    for (const id of [team.id, others.id]) {
      expect((await post(`/api/provider/bookings/${id}/confirm`, provider.cookie)).statusCode).toBe(404);
    }
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, team.id));
    expect(row?.status).toBe('pending');
  });

  it('a missing booking is a 404; a bad id or body a 400', async () => {
    expect((await post('/api/admin/bookings/999999/confirm', adminCookie)).statusCode).toBe(404);
    expect((await post('/api/admin/bookings/abc/confirm', adminCookie)).statusCode).toBe(400);
    const team = await book(ids.team, { customerEmail: 'bad-body@example.com' });
    const res = await post(`/api/admin/bookings/${team.id}/decline`, adminCookie, { message: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, team.id));
    expect(row?.status).toBe('pending');
  });

  it('visitors and providers may not (403), nobody anonymous (401)', async () => {
    const team = await book(ids.team, { customerEmail: 'guarded@example.com' });
    for (const path of ['confirm', 'decline']) {
      expect((await post(`/api/admin/bookings/${team.id}/${path}`, undefined)).statusCode).toBe(401);
      expect((await post(`/api/admin/bookings/${team.id}/${path}`, visitorCookie)).statusCode).toBe(403);
      expect((await post(`/api/admin/bookings/${team.id}/${path}`, provider.cookie)).statusCode).toBe(403);
    }
    for (const url of ['/api/admin/bookings', '/api/admin/bookings.csv']) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, visitorCookie)).statusCode).toBe(403);
      expect((await get(url, provider.cookie)).statusCode).toBe(403);
    }
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, team.id));
    expect(row?.status).toBe('pending');
  });
});

describe('GET /api/admin/bookings', () => {
  const list = async (query: string) => {
    const res = await get(`/api/admin/bookings${query}`, adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    return { items: res.json<AdminBooking[]>(), total: Number(res.headers['x-total-count']), res };
  };

  beforeAll(async () => {
    await book(ids.teamOther, { customerEmail: 'carcassonne@example.com', bookingDate: '2026-12-20' });
    await book(ids.others, { customerEmail: 'kayak@example.com', bookingDate: '2026-12-21' });
  });

  it('lists every booking with who answers it, the nearest dates first, no-store', async () => {
    const { items, total, res } = await list('');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(total).toBe((await ctx.db.select().from(bookings)).length);
    const dates = items.map((b) => b.bookingDate);
    expect([...dates].sort()).toEqual(dates);
    const team = items.find((b) => b.customerEmail === 'carcassonne@example.com');
    expect(team).toMatchObject({ providerId: null, answeredBy: { kind: 'team' } });
    const kayak = items.find((b) => b.customerEmail === 'kayak@example.com');
    expect(kayak).toMatchObject({
      providerId: other.provider.id,
      answeredBy: { kind: 'provider', name: 'Marc Other' },
    });
  });

  it('filters by provider (an id, or none), activity, status and dates', async () => {
    const none = await list('?provider=none');
    expect(none.total).toBeGreaterThan(0);
    expect(none.items.every((b) => b.providerId === null && b.answeredBy.kind === 'team')).toBe(true);
    const theirs = await list(`?provider=${other.provider.id}`);
    expect(theirs.items.length).toBeGreaterThan(0);
    expect(theirs.items.every((b) => b.providerId === other.provider.id)).toBe(true);
    const one = await list(`?activityId=${ids.teamOther}`);
    expect(one.items.map((b) => b.customerEmail)).toEqual(['carcassonne@example.com']);
    const confirmed = await list('?status=confirmed');
    expect(confirmed.total).toBeGreaterThan(0);
    expect(confirmed.items.every((b) => b.status === 'confirmed')).toBe(true);
    const late = await list('?from=2026-12-20&to=2026-12-20');
    expect(late.items.map((b) => b.customerEmail)).toEqual(['carcassonne@example.com']);
    const both = await list(`?provider=none&status=pending&from=2026-12-06`);
    expect(both.items.map((b) => b.customerEmail)).toEqual(['carcassonne@example.com']);
    expect((await list('?provider=999999')).total).toBe(0);
  });

  it('pages with limit and offset, X-Total-Count and Link', async () => {
    const all = await list('');
    const first = await list('?limit=2');
    expect(first.items).toEqual(all.items.slice(0, 2));
    expect(first.total).toBe(all.total);
    expect(first.res.headers.link).toBe('</api/admin/bookings?limit=2&offset=2>; rel="next"');
    const second = await list('?limit=2&offset=2');
    expect(second.items).toEqual(all.items.slice(2, 4));
  });

  it.each([
    '?provider=someone',
    '?provider=0',
    '?activityId=x',
    '?activityId=99999999999',
    '?status=lost',
    '?from=2026-12-10&to=2026-12-01',
    '?from=tomorrow',
    '?limit=0',
    '?limit=201',
    '?offset=-1',
    '?page=2',
  ])('refuses %s with a 400', async (query) => {
    const res = await get(`/api/admin/bookings${query}`, adminCookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('GET /api/admin/bookings.csv', () => {
  it('exports the same filter as CSV, with who answers; a cell like a formula is defused', async () => {
    await book(ids.team, {
      customerEmail: 'csv@example.com',
      customerName: '=HYPERLINK("http://evil.example","x")',
      bookingDate: '2026-12-24',
    });
    const res = await get('/api/admin/bookings.csv?provider=none&from=2026-12-24', adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="discoverlocal-all-bookings.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,activity,date,people,totalEUR,status,name,email,phone,notes,language,createdAt,answeredBy',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines[1]).toMatch(/,team$/);
    const everything = await get('/api/admin/bookings.csv', adminCookie);
    expect(everything.body).toContain(',Marc Other');
    expect((await get('/api/admin/bookings.csv?limit=5', adminCookie)).statusCode).toBe(400);
  });
});
