import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSponsorshipRequest, OwnSponsorship, SponsorshipRequest } from '../../../domain/sponsorships.js';
import { activities, outbox, sponsorshipRequests, sponsorships, users } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createActivity, createUser } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';
import { endExpiredSponsorships } from './service.js';

/**
 * Sponsorship asked for and set by hand, without Stripe (docs/sponsorship.md#asking-for-a-plan):
 * the provider's request, the admin's queue, grant and refusal, and the notices each sends.
 */
const clock = fixedClock('2026-11-22T10:00:00Z');
const ctx = useTestApp(() => ({ deps: { clock } }));

let julie: Awaited<ReturnType<typeof createProvider>>;
let other: Awaited<ReturnType<typeof createProvider>>;
let pendingProvider: Awaited<ReturnType<typeof createProvider>>;
let adminCookie: string;
let adminEmail: string;
let visitorCookie: string;

beforeAll(async () => {
  julie = await createProvider(ctx.db, { name: 'Domaine Julie' });
  // Julie last used the site in French: her notices are in French (docs/mail.md#language).
  await ctx.db.update(users).set({ language: 'fr' }).where(eq(users.id, julie.user.id));
  other = await createProvider(ctx.db, { name: 'Autre' });
  pendingProvider = await createProvider(ctx.db, { approved: false, name: 'Nouveau' });
  const admin = await createUser(ctx.db, { role: 'admin', isApproved: true, language: 'en' });
  adminEmail = admin.email ?? '';
  adminCookie = await sessionCookieFor(ctx.db, admin.id);
  visitorCookie = await sessionCookieFor(ctx.db, (await createUser(ctx.db)).id);
});
beforeEach(() => clock.set('2026-11-22T10:00:00Z'));

const post = (cookie: string | null, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { ...(cookie ? { cookie } : {}), ...sameOrigin } });
const get = (cookie: string | null, url: string) => ctx.app.inject({ url, headers: cookie ? { cookie } : {} });
const ask = (cookie: string | null, activityId: number, payload: object = { plan: 'premium' }) =>
  post(cookie, `/api/provider/activities/${activityId}/sponsorship-request`, payload);

const ownActivity = (overrides: Parameters<typeof createActivity>[1] = {}) =>
  createActivity(ctx.db, { providerId: julie.provider.id, ...overrides });

const levelOf = async (id: number) => {
  const [row] = await ctx.db
    .select({ level: activities.sponsorLevel, sponsored: activities.isSponsored, until: activities.sponsoredUntil })
    .from(activities)
    .where(eq(activities.id, id));
  return row;
};

/** The mails queued for an address, oldest first: subject and text. */
const mailsTo = async (to: string) => {
  const rows = await ctx.db.select().from(outbox).orderBy(outbox.id);
  return rows
    .map((row) => row.payload as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to);
};
const julieEmail = () => julie.user.email ?? '';

const requestsOf = async (activityId: number) =>
  ctx.db.select().from(sponsorshipRequests).where(eq(sponsorshipRequests.activityId, activityId));

describe('a provider asks for a plan', () => {
  it('opens a request for their published activity, tells the team, and shows it on their page', async () => {
    const id = await ownActivity({ name: 'Cave Julie' });
    const before = (await mailsTo(adminEmail)).length;
    const res = await ask(julie.cookie, id, { plan: 'premium', message: '  Pour la saison  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<SponsorshipRequest>()).toMatchObject({
      activityId: id,
      plan: 'premium',
      message: 'Pour la saison',
      status: 'open',
      until: null,
      reason: null,
      createdAt: '2026-11-22T10:00:00.000Z',
    });

    // No team inbox is set in the tests: every admin account is told, in its own language.
    const mails = await mailsTo(adminEmail);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.subject).toBe('Sponsorship request: Premium for Cave Julie');
    expect(mails.at(-1)?.text).toContain('Domaine Julie asks for the Premium plan for the activity Cave Julie.');
    expect(mails.at(-1)?.text).toContain('Pour la saison');
    expect(mails.at(-1)?.text).toContain('http://localhost:5000/admin/sponsorships');

    const own = (await get(julie.cookie, '/api/provider/sponsorships')).json<OwnSponsorship[]>();
    expect(own.find((item) => item.activityId === id)?.request).toMatchObject({ status: 'open', plan: 'premium' });
    // Asking changes nothing in the guide.
    expect(await levelOf(id)).toMatchObject({ level: 0, sponsored: false });
  });

  it('keeps one open request per activity (409), and a message is optional', async () => {
    const id = await ownActivity();
    expect((await ask(julie.cookie, id, { plan: 'top' })).statusCode).toBe(201);
    const mails = (await mailsTo(adminEmail)).length;
    const again = await ask(julie.cookie, id, { plan: 'premium', message: 'Finalement Premium' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SPONSORSHIP_REQUEST_OPEN' });
    expect(await requestsOf(id)).toHaveLength(1);
    expect(await mailsTo(adminEmail)).toHaveLength(mails);
  });

  it('refuses what is not theirs, not public, already paid for, or badly asked, and changes nothing', async () => {
    const mine = await ownActivity();
    const theirs = await createActivity(ctx.db, { providerId: other.provider.id });
    const paused = await ownActivity({ isActive: false });
    const unpublished = await ownActivity({ isApproved: false });
    const paid = await ownActivity();
    await ctx.db.insert(sponsorships).values({
      activityId: paid,
      userId: julie.user.id,
      plan: 'top',
      stripeSubscriptionId: `sub_paid_${paid}`,
      stripeCustomerId: 'cus_julie',
      status: 'active',
      live: true,
      amountCents: 1499,
    });
    const mails = (await ctx.db.select().from(outbox)).length;

    expect((await ask(julie.cookie, theirs)).statusCode).toBe(404);
    expect((await ask(julie.cookie, 999_999)).statusCode).toBe(404);
    expect((await ask(julie.cookie, paused)).json()).toMatchObject({ code: 'ACTIVITY_NOT_PUBLIC' });
    expect((await ask(julie.cookie, unpublished)).json()).toMatchObject({ code: 'ACTIVITY_NOT_PUBLIC' });
    expect((await ask(julie.cookie, paid)).json()).toMatchObject({ code: 'SPONSORSHIP_PAID' });
    for (const body of [{ plan: 'gold' }, {}, { plan: 'top', message: 'x'.repeat(1001) }, { plan: 'top', extra: 1 }]) {
      const res = await ask(julie.cookie, mine, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await ask(pendingProvider.cookie, mine)).statusCode).toBe(403);
    expect((await ask(visitorCookie, mine)).statusCode).toBe(403);
    expect((await ask(adminCookie, mine)).json()).toMatchObject({ code: 'NOT_A_PROVIDER' });
    expect((await ask(null, mine)).statusCode).toBe(401);
    expect((await ask(other.cookie, mine)).statusCode).toBe(404);

    for (const id of [mine, theirs, paused, unpublished, paid]) expect(await requestsOf(id)).toHaveLength(0);
    expect(await ctx.db.select().from(outbox)).toHaveLength(mails);
  });
});

describe('the admin answers requests', () => {
  it('lists them in pages, filtered by status, only for admins', async () => {
    const ids = [await ownActivity(), await ownActivity(), await ownActivity()];
    for (const id of ids) expect((await ask(julie.cookie, id)).statusCode).toBe(201);

    const first = await get(adminCookie, '/api/admin/sponsorship-requests?status=open&limit=2');
    expect(first.statusCode).toBe(200);
    const total = Number(first.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(first.headers.link).toContain('offset=2');
    const page = first.json<AdminSponsorshipRequest[]>();
    expect(page).toHaveLength(2);
    expect(page.every((r) => r.status === 'open')).toBe(true);
    expect(page[0]).toMatchObject({ providerName: 'Domaine Julie', sponsorLevel: 0, paidSponsorship: false });

    const all = await get(adminCookie, `/api/admin/sponsorship-requests?status=open&limit=200`);
    expect(all.json<AdminSponsorshipRequest[]>().map((r) => r.activityId)).toEqual(expect.arrayContaining(ids));
    expect((await get(adminCookie, '/api/admin/sponsorship-requests?status=granted')).statusCode).toBe(200);
    expect((await get(adminCookie, '/api/admin/sponsorship-requests?status=maybe')).statusCode).toBe(400);
    expect((await get(adminCookie, '/api/admin/sponsorship-requests?limit=0')).statusCode).toBe(400);
    expect((await get(julie.cookie, '/api/admin/sponsorship-requests')).statusCode).toBe(403);
    expect((await get(null, '/api/admin/sponsorship-requests')).statusCode).toBe(401);
  });

  it('grants one with a last day: the level is set by hand, the provider is told in their language', async () => {
    const id = await ownActivity({ name: 'Cave à bulles' });
    const requestId = (await ask(julie.cookie, id, { plan: 'top' })).json<SponsorshipRequest>().id;
    const url = `/api/admin/sponsorship-requests/${requestId}/grant`;
    const mails = (await mailsTo(julieEmail())).length;

    // A last day in the past, or no date: 400, nothing changes.
    for (const body of [{ until: '2026-11-21' }, {}, { until: '22/12/2026' }]) {
      const res = await post(adminCookie, url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await post(julie.cookie, url, { until: '2026-12-31' })).statusCode).toBe(403);
    expect(await levelOf(id)).toMatchObject({ level: 0, until: null });
    expect(await mailsTo(julieEmail())).toHaveLength(mails);

    const res = await post(adminCookie, url, { until: '2026-12-31' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SponsorshipRequest>()).toMatchObject({ status: 'granted', until: '2026-12-31' });
    expect(await levelOf(id)).toEqual({ level: 3, sponsored: true, until: '2026-12-31' });
    const [mail] = (await mailsTo(julieEmail())).slice(mails);
    expect(mail?.subject).toBe('Cave à bulles est maintenant sponsorisée : TOP');
    expect(mail?.text).toContain('Dernier jour : jeudi 31 décembre 2026');
    expect(mail?.text).toContain('http://localhost:5000/provider/sponsorship');

    // Answered once: a second answer is a 409, an unknown request a 404.
    expect((await post(adminCookie, url, { until: '2027-01-31' })).json()).toMatchObject({
      code: 'SPONSORSHIP_REQUEST_DECIDED',
    });
    expect(
      (await post(adminCookie, `/api/admin/sponsorship-requests/${requestId}/refuse`, { reason: 'Non' })).statusCode,
    ).toBe(409);
    expect(
      (await post(adminCookie, '/api/admin/sponsorship-requests/999999/grant', { until: '2026-12-31' })).json(),
    ).toMatchObject({ code: 'SPONSORSHIP_REQUEST_NOT_FOUND' });
    expect(await levelOf(id)).toMatchObject({ level: 3, until: '2026-12-31' });

    // The public sees the badge at once.
    expect((await get(null, `/api/activities/${id}`)).json()).toMatchObject({ sponsorLevel: 3, isSponsored: true });
  });

  it('refuses to grant while a paid sponsorship runs (409), the request stays open and nobody is mailed', async () => {
    const id = await ownActivity();
    const requestId = (await ask(julie.cookie, id)).json<SponsorshipRequest>().id;
    await ctx.db.insert(sponsorships).values({
      activityId: id,
      userId: julie.user.id,
      plan: 'top',
      stripeSubscriptionId: `sub_later_${id}`,
      stripeCustomerId: 'cus_julie',
      status: 'active',
      live: true,
      amountCents: 1499,
    });
    const mails = (await ctx.db.select().from(outbox)).length;
    const res = await post(adminCookie, `/api/admin/sponsorship-requests/${requestId}/grant`, { until: '2026-12-31' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SPONSORSHIP_PAID' });
    expect((await requestsOf(id))[0]).toMatchObject({ status: 'open', until: null });
    expect(await ctx.db.select().from(outbox)).toHaveLength(mails);
  });

  it('refuses one with a reason the provider reads on their page and in a mail; then they may ask again', async () => {
    const id = await ownActivity({ name: 'Rando Julie' });
    const requestId = (await ask(julie.cookie, id)).json<SponsorshipRequest>().id;
    const url = `/api/admin/sponsorship-requests/${requestId}/refuse`;
    expect((await post(adminCookie, url, { reason: '   ' })).statusCode).toBe(400);
    expect((await post(adminCookie, url, {})).statusCode).toBe(400);
    expect((await requestsOf(id))[0]?.status).toBe('open');

    const mails = (await mailsTo(julieEmail())).length;
    const res = await post(adminCookie, url, { reason: 'Complet pour décembre' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SponsorshipRequest>()).toMatchObject({ status: 'refused', reason: 'Complet pour décembre' });
    const [mail] = (await mailsTo(julieEmail())).slice(mails);
    expect(mail?.subject).toBe('Votre demande de sponsoring pour Rando Julie');
    expect(mail?.text).toContain('Motif : Complet pour décembre');
    expect(await levelOf(id)).toMatchObject({ level: 0 });

    const own = (await get(julie.cookie, '/api/provider/sponsorships')).json<OwnSponsorship[]>();
    expect(own.find((item) => item.activityId === id)?.request).toMatchObject({
      status: 'refused',
      reason: 'Complet pour décembre',
    });
    expect((await ask(julie.cookie, id, { plan: 'top' })).statusCode).toBe(201);
  });
});

describe('a level set by hand', () => {
  it('tells the provider when an admin changes or ends it', async () => {
    const id = await ownActivity({ name: 'Atelier Julie' });
    const patch = (payload: object) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/activities/${id}`,
        payload,
        headers: { cookie: adminCookie, ...sameOrigin },
      });
    const mails = (await mailsTo(julieEmail())).length;
    expect((await patch({ sponsorLevel: 2, sponsoredUntil: '2026-12-15' })).statusCode).toBe(204);
    expect((await patch({ sponsorLevel: 2, sponsoredUntil: '2026-12-15' })).statusCode).toBe(204);
    expect((await patch({ sponsorLevel: 3 })).statusCode).toBe(204);
    expect((await patch({ sponsorLevel: 0 })).statusCode).toBe(204);
    // A change of other fields says nothing.
    expect((await patch({ price: 9 })).statusCode).toBe(204);
    const subjects = (await mailsTo(julieEmail())).slice(mails).map((m) => m.subject);
    expect(subjects).toEqual([
      'Atelier Julie est maintenant sponsorisée : Premium',
      'Le sponsoring de votre activité Atelier Julie a changé',
      'Le sponsoring de votre activité Atelier Julie est terminé',
    ]);
  });

  it('lapses the day after its last day, once, and the provider is told', async () => {
    const id = await ownActivity({ name: 'Vignes Julie' });
    const requestId = (await ask(julie.cookie, id)).json<SponsorshipRequest>().id;
    await post(adminCookie, `/api/admin/sponsorship-requests/${requestId}/grant`, { until: '2026-11-30' });
    const mails = (await mailsTo(julieEmail())).length;

    clock.set('2026-11-30T22:30:00Z'); // still the 30th in Limoux
    await endExpiredSponsorships(ctx.app.deps);
    expect(await levelOf(id)).toMatchObject({ level: 2, until: '2026-11-30' });

    clock.set('2026-11-30T23:30:00Z'); // the 1st of December in Limoux
    expect(await endExpiredSponsorships(ctx.app.deps)).toBeGreaterThanOrEqual(1);
    expect(await levelOf(id)).toEqual({ level: 0, sponsored: false, until: null });
    expect(await endExpiredSponsorships(ctx.app.deps)).toBe(0);
    const after = (await mailsTo(julieEmail())).slice(mails);
    expect(after.map((m) => m.subject)).toEqual(['Le sponsoring de votre activité Vignes Julie est terminé']);
    expect(after[0]?.text).toContain('Le sponsoring Premium de votre activité Vignes Julie est terminé');
  });
});
