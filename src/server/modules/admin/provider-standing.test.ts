import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../../domain/bookings.js';
import { queryRows } from '../../db/client.js';
import { fixedClock } from '../../deps.js';
import { cancelToken } from '../bookings/service.js';
import { createActivity, createUser } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';

/**
 * A provider whose application is rejected, at first or later, or whose account an admin makes
 * something else than a provider (docs/permissions.md#rejected-and-demoted-providers): their
 * activities leave the guide, their edits are refused, no guest's details reach them, and their
 * open bookings fall to the team. Approved (or made a provider) again, they are back.
 */
const TEAM = 'team@discoverlocal.test';
const ctx = useTestApp(() => ({
  env: { CONTACT_EMAIL: TEAM },
  deps: { clock: fixedClock('2026-11-22T10:00:00Z') },
}));

let adminCookie: string;
beforeAll(async () => {
  adminCookie = await sessionCookieFor(ctx.db, (await createUser(ctx.db, { role: 'admin', isApproved: true })).id);
});

type Who = { cookie: string } | null;
const send = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { ...(who ? { cookie: who.cookie } : {}), ...sameOrigin } });
const admin = () => ({ cookie: adminCookie });

let addresses = 0;
async function book(activityId: number, customerEmail: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: `198.51.100.${++addresses}`,
    payload: {
      activityId,
      customerName: 'Sanne Visser',
      customerEmail,
      customerPhone: '+31 6 12345678',
      bookingDate: '2026-12-05',
      language: 'nl',
    },
  });
  return res;
}

/** Whom the queued mails go to (the outbox is written in the change's transaction). */
async function mailsTo(address: string): Promise<string[]> {
  const rows = await queryRows<{ subject: string }>(
    ctx.db,
    sql`select payload->>'subject' as subject from outbox where payload->>'to' = ${address} order by id`,
  );
  return rows.map((r) => r.subject);
}

/** An approved provider with a published, bookable activity, a pending and a confirmed booking. */
async function listedProvider(name: string) {
  const provider = await createProvider(ctx.db, { name });
  const activityId = await createActivity(ctx.db, {
    providerId: provider.provider.id,
    bookingRequired: true,
    name: `Atelier de ${name}`,
  });
  const pending = (await book(activityId, `pending-${activityId}@example.com`)).json<Booking>();
  const confirmed = (await book(activityId, `confirmed-${activityId}@example.com`)).json<Booking>();
  const confirm = await send(provider, 'POST', `/api/provider/bookings/${confirmed.id}/confirm`);
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { ...provider, activityId, pending, confirmed };
}

const isPublic = async (activityId: number) => {
  const detail = await ctx.app.inject({ url: `/api/activities/${activityId}` });
  const list = await ctx.app.inject({ url: '/api/activities?limit=100' });
  const listed = list.json<{ id: number }[]>().some((a) => a.id === activityId);
  expect(listed, 'the list and the detail agree').toBe(detail.statusCode === 200);
  return detail.statusCode === 200;
};

const draft = {
  name: 'Brouillon',
  description: 'x',
  language: 'fr',
  category: 'sport',
  city: 'Limoux',
  latitude: 43.05,
  longitude: 2.22,
};

/** Everything that gives a provider their guests' details, and what they may change. */
async function expectShutOut(who: { cookie: string }, activityId: number, bookingId: number) {
  for (const url of ['/api/provider/bookings', '/api/provider/bookings.csv']) {
    expect((await send(who, 'GET', url)).statusCode, url).toBe(403);
  }
  for (const action of ['confirm', 'decline']) {
    expect((await send(who, 'POST', `/api/provider/bookings/${bookingId}/${action}`)).statusCode, action).toBe(403);
  }
  const changes = [
    ['PATCH', `/api/provider/activities/${activityId}`, { price: 1 }],
    ['PATCH', `/api/provider/activities/${activityId}`, { isActive: false }],
    ['DELETE', `/api/provider/activities/${activityId}`],
    ['POST', `/api/provider/activities/${activityId}/image`],
    ['POST', '/api/provider/activities', draft],
  ] as const;
  for (const [method, url, payload] of changes) {
    const res = await send(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}`).toBe(403);
  }
}

describe('a provider whose application is rejected after it was approved', () => {
  it('leaves the guide at once, changes nothing, hears of no guest, and their open bookings fall to the team', async () => {
    const julie = await listedProvider('Julie');
    expect(await isPublic(julie.activityId)).toBe(true);
    const providerMailsBefore = await mailsTo(julie.user.email ?? '');
    expect(providerMailsBefore.length).toBeGreaterThan(0);

    const rejected = await send(admin(), 'POST', `/api/admin/providers/${julie.provider.id}/reject`);
    expect(rejected.json()).toEqual({ id: julie.provider.id, status: 'rejected' });

    expect(await isPublic(julie.activityId)).toBe(false);
    // Nothing public is left to book, review or count.
    expect((await book(julie.activityId, 'late@example.com')).json()).toMatchObject({ code: 'ACTIVITY_NOT_FOUND' });
    const review = await ctx.app.inject({
      method: 'POST',
      url: `/api/activities/${julie.activityId}/reviews`,
      payload: { rating: 5, comment: 'Super', guestName: 'Sanne', guestEmail: 'sanne@example.com' },
    });
    expect(review.statusCode).toBe(404);

    await expectShutOut(julie, julie.activityId, julie.pending.id);
    // A rejected provider's own attempts say why (the form shows it).
    expect(
      (await send(julie, 'PATCH', `/api/provider/activities/${julie.activityId}`, { price: 3 })).json(),
    ).toMatchObject({ code: 'PROVIDER_REJECTED' });
    // Still theirs to read: the state of their activities.
    expect((await send(julie, 'GET', `/api/provider/activities/${julie.activityId}`)).statusCode).toBe(200);

    // Their guests keep their bookings; a cancellation tells the team, not the provider.
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${julie.confirmed.id}/cancel`,
      payload: { token: cancelToken(ctx.app.deps.secret, julie.confirmed.id) },
    });
    expect(cancel.json()).toMatchObject({ status: 'cancelled' });
    // They hear of the decision (docs/mail.md#notices), and of no guest.
    expect(await mailsTo(julie.user.email ?? '')).toEqual([
      ...providerMailsBefore,
      'Je aanmelding als aanbieder op DiscoverLocal',
    ]);
    expect((await mailsTo(TEAM)).some((subject) => subject.includes(`Atelier de Julie`))).toBe(true);
    // The team answers the booking that still waits.
    const declined = await send(admin(), 'POST', `/api/provider/bookings/${julie.pending.id}/decline`, {
      message: 'Dit aanbod staat niet meer op DiscoverLocal.',
    });
    expect(declined.json()).toMatchObject({ status: 'declined' });
  });

  it('is back with their activities and bookings once approved again', async () => {
    const marc = await listedProvider('Marc');
    await send(admin(), 'POST', `/api/admin/providers/${marc.provider.id}/reject`);
    expect(await isPublic(marc.activityId)).toBe(false);
    await send(admin(), 'POST', `/api/admin/providers/${marc.provider.id}/approve`);
    expect(await isPublic(marc.activityId)).toBe(true);
    const own = await send(marc, 'GET', '/api/provider/bookings');
    expect(own.json<Booking[]>().map((b) => b.id)).toEqual(
      expect.arrayContaining([marc.pending.id, marc.confirmed.id]),
    );
    expect((await send(marc, 'PATCH', `/api/provider/activities/${marc.activityId}`, { price: 4 })).statusCode).toBe(
      200,
    );
  });

  it('whose application was never approved prepares no drafts either', async () => {
    const applicant = await createProvider(ctx.db, { approved: false, name: 'Nina' });
    await send(admin(), 'POST', `/api/admin/providers/${applicant.provider.id}/reject`);
    const created = await send(applicant, 'POST', '/api/provider/activities', draft);
    expect(created.json()).toMatchObject({ code: 'PROVIDER_REJECTED' });
  });
});

describe('a provider an admin makes a visitor', () => {
  it('leaves the guide at once, hears of no guest, and comes back when made a provider again', async () => {
    const paul = await listedProvider('Paul');
    const providerMailsBefore = await mailsTo(paul.user.email ?? '');
    const demoted = await send(admin(), 'POST', `/api/admin/users/${paul.user.id}/role`, { role: 'visitor' });
    expect(demoted.statusCode).toBe(200);
    expect(await isPublic(paul.activityId)).toBe(false);
    for (const url of ['/api/provider/bookings', '/api/provider/bookings.csv', '/api/provider/activities']) {
      expect((await send(paul, 'GET', url)).statusCode, url).toBe(403);
    }
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${paul.pending.id}/cancel`,
      payload: { token: cancelToken(ctx.app.deps.secret, paul.pending.id) },
    });
    expect(cancel.json()).toMatchObject({ status: 'cancelled' });
    expect(await mailsTo(paul.user.email ?? '')).toEqual(providerMailsBefore);
    expect((await mailsTo(TEAM)).some((subject) => subject.includes('Atelier de Paul'))).toBe(true);

    await send(admin(), 'POST', `/api/admin/users/${paul.user.id}/role`, { role: 'provider' });
    expect(await isPublic(paul.activityId)).toBe(true);
    expect((await send(paul, 'GET', '/api/provider/bookings')).statusCode).toBe(200);
  });

  it('made an admin, no longer runs activities in the guide', async () => {
    const lea = await listedProvider('Léa');
    await send(admin(), 'POST', `/api/admin/users/${lea.user.id}/role`, { role: 'admin' });
    expect(await isPublic(lea.activityId)).toBe(false);
  });
});
