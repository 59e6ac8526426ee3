import { describe, expect, it, beforeAll } from 'vitest';
import type { Analytics } from '../../../domain/analytics.js';
import { fixedClock } from '../../deps.js';
import { createActivity, createUser } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';

const clock = fixedClock('2026-11-22T10:00:00Z');
const ctx = useTestApp(() => ({ deps: { clock } }));

const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let julie: Awaited<ReturnType<typeof createProvider>>;
let other: Awaited<ReturnType<typeof createProvider>>;
let adminCookie: string;
let cave: number;
let walk: number;
let hidden: number;

beforeAll(async () => {
  julie = await createProvider(ctx.db, { name: 'Julie' });
  other = await createProvider(ctx.db, { name: 'Other' });
  adminCookie = await sessionCookieFor(ctx.db, (await createUser(ctx.db, { role: 'admin', isApproved: true })).id);
  cave = await createActivity(ctx.db, { providerId: julie.provider.id, name: 'Cave', bookingRequired: true });
  walk = await createActivity(ctx.db, { providerId: julie.provider.id, name: 'Balade' });
  hidden = await createActivity(ctx.db, { providerId: julie.provider.id, isApproved: false });
});

let address = 0;
const event = (id: number, body: object, { ua = BROWSER, cookie }: { ua?: string; cookie?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/activities/${id}/events`,
    payload: body,
    remoteAddress: `192.0.2.${(++address % 250) + 1}`,
    headers: { 'user-agent': ua, ...sameOrigin, ...(cookie ? { cookie } : {}) },
  });
const numbers = (cookie: string, query = '') =>
  ctx.app.inject({ url: `/api/provider/analytics${query}`, headers: { cookie } });
const caveOf = (a: Analytics) => a.activities.find((x) => x.activityId === cave);

describe('counting what visitors do', () => {
  it('counts views, favourites and clicks per day, sets no cookie, and counts every one of many at once', async () => {
    const res = await event(cave, { event: 'view' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined();
    await Promise.all(Array.from({ length: 19 }, () => event(cave, { event: 'view' })));
    for (const e of ['favourite', 'website', 'phone', 'directions']) await event(cave, { event: e });
    const today = caveOf((await numbers(julie.cookie)).json<Analytics>());
    expect(today).toMatchObject({ views: 20, favourites: 1, websiteClicks: 1, phoneClicks: 1, directionsClicks: 1 });
  });

  it('leaves out robots, the provider’s own visits and admins', async () => {
    const before = caveOf((await numbers(julie.cookie)).json<Analytics>())?.views;
    expect((await event(cave, { event: 'view' }, { ua: GOOGLEBOT })).statusCode).toBe(204);
    expect((await event(cave, { event: 'view' }, { ua: '' })).statusCode).toBe(204);
    expect((await event(cave, { event: 'view' }, { cookie: julie.cookie })).statusCode).toBe(204);
    expect((await event(cave, { event: 'view' }, { cookie: adminCookie })).statusCode).toBe(204);
    // Another provider is a visitor here.
    await event(cave, { event: 'view' }, { cookie: other.cookie });
    expect(caveOf((await numbers(julie.cookie)).json<Analytics>())?.views).toBe((before ?? 0) + 1);
  });

  it('counts a client once a day per activity and event, however often a script sends it', async () => {
    const views = async () => caveOf((await numbers(julie.cookie)).json<Analytics>())?.views ?? 0;
    const from = (client: string, e = 'view') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/activities/${cave}/events`,
        payload: { event: e },
        remoteAddress: client,
        headers: { 'user-agent': BROWSER, ...sameOrigin },
      });
    const before = await views();
    for (let i = 0; i < 30; i++) expect((await from('203.0.113.60')).statusCode).toBe(204);
    // Another address of the same IPv6 /64 is the same client; another client counts.
    await from('2001:db8:5:6::1');
    await from('2001:db8:5:6::2');
    await from('203.0.113.61');
    expect(await views()).toBe(before + 3);
    // Another event of the same client counts; the next day the view counts again.
    const phone = caveOf((await numbers(julie.cookie)).json<Analytics>())?.phoneClicks ?? 0;
    await from('203.0.113.60', 'phone');
    expect(caveOf((await numbers(julie.cookie)).json<Analytics>())?.phoneClicks).toBe(phone + 1);
    clock.advance(24 * 60 * 60 * 1000);
    try {
      await from('203.0.113.60');
      const days = (await numbers(julie.cookie)).json<Analytics>().days;
      expect(days.at(-1)?.views).toBe(1);
    } finally {
      clock.advance(-24 * 60 * 60 * 1000);
    }
  });

  it('refuses an unknown event (400) and an activity that is not public (404)', async () => {
    expect((await event(cave, { event: 'purchase' })).statusCode).toBe(400);
    expect((await event(hidden, { event: 'view' })).statusCode).toBe(404);
    expect((await event(999_999, { event: 'view' })).statusCode).toBe(404);
  });
});

describe('GET /api/provider/analytics', () => {
  it('gives every day of the last 30, the totals per activity, bookings and the conversion', async () => {
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: { activityId: cave, customerName: 'Gast', customerEmail: 'gast@example.com', bookingDate: '2026-12-01' },
      remoteAddress: '198.51.100.77',
    });
    expect(booked.statusCode).toBe(201);
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: `/api/provider/bookings/${booked.json<{ id: number }>().id}/confirm`,
      headers: { cookie: julie.cookie, ...sameOrigin },
    });
    expect(confirm.statusCode).toBe(200);

    const a = (await numbers(julie.cookie)).json<Analytics>();
    expect(a.from).toBe('2026-10-24');
    expect(a.to).toBe('2026-11-22');
    expect(a.days).toHaveLength(30);
    expect(a.days.at(-1)).toMatchObject({ date: '2026-11-22', bookingRequests: 1, confirmedBookings: 1 });
    expect(a.days[0]).toMatchObject({ views: 0, bookingRequests: 0 });
    const c = caveOf(a);
    expect(c).toMatchObject({ bookingRequests: 1, confirmedBookings: 1 });
    expect(c?.conversion).toBeCloseTo(1 / (c?.views ?? 1));
    expect(a.activities.find((x) => x.activityId === walk)).toMatchObject({ views: 0, conversion: null });
  });

  it('shows a provider only their own activities; checks the period', async () => {
    const theirs = (await numbers(other.cookie)).json<Analytics>();
    expect(theirs.activities).toEqual([]);
    expect((await numbers(julie.cookie, '?from=2026-11-30&to=2026-11-01')).statusCode).toBe(400);
    expect((await numbers(julie.cookie, '?from=2024-01-01&to=2026-11-01')).statusCode).toBe(400);
    expect((await numbers(julie.cookie, '?from=2026-11-22&to=2026-11-22')).json<Analytics>().days).toHaveLength(1);
  });

  it('holds the period to 366 days when only `from` is given, on the page and in the CSV (docs/provider-workspace.md#numbers)', async () => {
    // Up to today (the 22nd): the 22nd a year before is day 366, the 21st day 367.
    const year = await numbers(julie.cookie, '?from=2025-11-22');
    expect(year.statusCode).toBe(200);
    expect(year.json<Analytics>().days).toHaveLength(366);
    for (const url of ['/api/provider/analytics', '/api/provider/analytics.csv']) {
      for (const from of ['2025-11-21', '1800-01-01']) {
        const res = await ctx.app.inject({ url: `${url}?from=${from}`, headers: { cookie: julie.cookie } });
        expect(res.statusCode, `${url}?from=${from}`).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          details: [{ path: 'from', message: 'the period is at most 366 days' }],
        });
      }
    }
    // Only `to`: the 30 days before it, whatever day it is.
    const only = (await numbers(julie.cookie, '?to=2024-02-29')).json<Analytics>();
    expect([only.from, only.to, only.days.length]).toEqual(['2024-01-31', '2024-02-29', 30]);
  });
});

describe('CSV exports', () => {
  it('gives the numbers a row per activity and day', async () => {
    const res = await ctx.app.inject({ url: '/api/provider/analytics.csv', headers: { cookie: julie.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'date,activityId,activity,views,favourites,websiteClicks,phoneClicks,directionsClicks,bookingRequests,confirmedBookings',
    );
    expect(lines.some((l) => l.startsWith(`2026-11-22,${cave},Cave,`))).toBe(true);
  });

  it('gives the bookings, with a name that looks like a formula made harmless', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        activityId: cave,
        customerName: '=HYPERLINK("x")',
        customerEmail: 'f@example.com',
        bookingDate: '2026-12-02',
      },
      remoteAddress: '198.51.100.78',
    });
    const res = await ctx.app.inject({ url: '/api/provider/bookings.csv', headers: { cookie: julie.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')[0]).toBe(
      'id,activity,date,people,totalEUR,status,name,email,phone,notes,language,createdAt',
    );
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    const theirs = await ctx.app.inject({ url: '/api/provider/bookings.csv', headers: { cookie: other.cookie } });
    expect(theirs.body.trim().split('\r\n')).toHaveLength(1);
  });
});

describe('rate limits', () => {
  it.each(['/api/provider/analytics', '/api/provider/analytics.csv', '/api/provider/bookings.csv'])(
    '%s answers 30 a minute per address, then 429',
    async (url) => {
      const remoteAddress = `198.18.0.${url.length}`;
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        statuses.push((await ctx.app.inject({ url, headers: { cookie: julie.cookie }, remoteAddress })).statusCode);
      }
      expect(statuses.slice(0, 30)).toEqual(Array.from({ length: 30 }, () => 200));
      expect(statuses[30]).toBe(429);
      const refused = await ctx.app.inject({ url, headers: { cookie: julie.cookie }, remoteAddress });
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      // Another address is not held back.
      expect((await ctx.app.inject({ url, headers: { cookie: julie.cookie } })).statusCode).toBe(200);
    },
  );
});
