import { count, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityAuditEntry, AdminActivity, AdminActivityListItem } from '../../../domain/admin-activities.js';
import type { ProviderActivity } from '../../../domain/provider-activities.js';
import { activities, activityAudit, activityRevisions, outbox } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createActivity, createUser } from '../../test/factories.js';
import { decideActivity, queueEntry } from '../../test/moderation.js';
import { activityBody, createProvider } from '../../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';

const clock = fixedClock('2026-11-22T10:00:00Z');
const ctx = useTestApp(() => ({ deps: { clock } }));

let julie: Awaited<ReturnType<typeof createProvider>>;
let adminCookie: string;
let visitorCookie: string;

beforeAll(async () => {
  julie = await createProvider(ctx.db, { name: 'Domaine Julie' });
  adminCookie = await sessionCookieFor(ctx.db, (await createUser(ctx.db, { role: 'admin', isApproved: true })).id);
  visitorCookie = await sessionCookieFor(ctx.db, (await createUser(ctx.db)).id);
});

const valid = activityBody;

type Who = { cookie: string };
const send = (who: Who | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    payload,
    headers: { ...(who ? { cookie: who.cookie } : {}), ...sameOrigin },
  });
const admin = () => ({ cookie: adminCookie });

async function createOwn(who: Who = julie, overrides: Record<string, unknown> = {}) {
  const res = await send(who, 'POST', '/api/provider/activities', valid(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ProviderActivity>();
}
const publicDetail = (id: number, lng = 'fr') => ctx.app.inject({ url: `/api/activities/${id}?lng=${lng}` });

describe('a decision names the request the admin was shown (docs/moderation.md#activities)', () => {
  const decide = (id: number, action: 'approve' | 'reject', payload?: object) =>
    send(admin(), 'POST', `/api/admin/activities/${id}/${action}`, payload);

  it('is refused (409 REVISION_CHANGED) when the request changed since; nothing is decided and the queue shows the new one', async () => {
    const { id } = await createOwn();
    await decideActivity(ctx.app, adminCookie, id);
    await send(julie, 'PATCH', `/api/provider/activities/${id}`, { description: 'Première demande.' });
    const shown = await queueEntry(ctx.app, adminCookie, id);
    if (!shown) throw new Error('nothing waits');
    // The provider saves again while the admin reads: the same request, rewritten.
    await send(julie, 'PATCH', `/api/provider/activities/${id}`, { description: 'Changée après coup.' });
    const named = { revisionId: shown.revisionId, contentHash: shown.contentHash };
    for (const [action, payload] of [
      ['approve', named],
      ['reject', { ...named, reason: 'Trop court' }],
    ] as const) {
      const res = await decide(id, action, payload);
      expect(res.statusCode, action).toBe(409);
      expect(res.json(), action).toMatchObject({ code: 'REVISION_CHANGED' });
    }
    expect((await publicDetail(id)).json()).toMatchObject({ description: valid().description });
    const now = await queueEntry(ctx.app, adminCookie, id);
    if (!now) throw new Error('nothing waits');
    expect(now).toMatchObject({ revisionId: shown.revisionId, proposed: { description: 'Changée après coup.' } });
    expect(now.contentHash).not.toBe(shown.contentHash);
    // Another request's id with this one's hash is refused too.
    const otherId = await decide(id, 'approve', { revisionId: now.revisionId + 1, contentHash: now.contentHash });
    expect(otherId.json()).toMatchObject({ code: 'REVISION_CHANGED' });
    // What the admin was shown last is what they publish.
    expect((await decide(id, 'approve', { revisionId: now.revisionId, contentHash: now.contentHash })).statusCode).toBe(
      204,
    );
    expect((await publicDetail(id)).json()).toMatchObject({ description: 'Changée après coup.' });
  });

  it('needs the request’s id and hash: a 400 naming each, and nothing decided', async () => {
    const { id } = await createOwn();
    const none = await decide(id, 'approve', {});
    expect(none.statusCode).toBe(400);
    const paths = none.json<{ details: { path: string }[] }>().details.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['revisionId', 'contentHash']));
    const bad = await decide(id, 'reject', { revisionId: 1, contentHash: 'abc', reason: 'Non' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ details: { path: string }[] }>().details.map((d) => d.path)).toEqual(['contentHash']);
    expect(await queueEntry(ctx.app, adminCookie, id)).toBeDefined();
  });

  it('reads a request saved before hours, contact and website were reviewed as leaving them as they are', async () => {
    const { id } = await createOwn();
    await decideActivity(ctx.app, adminCookie, id);
    // A request as the app stored it before: text, place and photo only.
    const { name: _n, translations, language, category, location, address, city, latitude, longitude } = valid();
    await ctx.db.insert(activityRevisions).values({
      activityId: id,
      submittedBy: julie.user.id,
      content: {
        name: 'Ancienne demande',
        description: valid().description,
        language: language as 'fr',
        translations: translations as { nl: { name: string; description: string } },
        category: category as 'uitjes',
        location,
        address,
        city,
        latitude,
        longitude,
        imageUrl: null,
      },
    });
    const asIs = {
      openingHours: 'di-za 10:00-18:00',
      marketDays: null,
      contactPhone: '+33 4 68 00 00 00',
      contactEmail: 'cave@example.com',
      website: 'https://cave.example.com',
    };
    expect(await queueEntry(ctx.app, adminCookie, id)).toMatchObject({
      proposed: { name: 'Ancienne demande', ...asIs },
    });
    const own = await send(julie, 'GET', `/api/provider/activities/${id}`);
    expect(own.json<ProviderActivity>()).toMatchObject({ name: 'Ancienne demande', pendingChanges: true, ...asIs });
    expect((await decideActivity(ctx.app, adminCookie, id)).statusCode).toBe(204);
    expect((await publicDetail(id)).json()).toMatchObject({ name: 'Ancienne demande', ...asIs });
    const [decided] = await ctx.db
      .select()
      .from(activityRevisions)
      .where(eq(activityRevisions.activityId, id))
      .orderBy(desc(activityRevisions.id))
      .limit(1);
    // The decided request keeps what was approved, whole.
    expect(decided?.content).toMatchObject({ name: 'Ancienne demande', ...asIs });
  });
});

/** The mails waiting in the outbox for an address (docs/mail.md#notices). */
async function mailsTo(email: string | null) {
  const rows = await ctx.db.select().from(outbox).orderBy(outbox.id);
  return rows.map((r) => r.payload as { to: string; subject: string; text: string }).filter((m) => m.to === email);
}
const auditRows = (activityId: number) =>
  ctx.db.select().from(activityAudit).where(eq(activityAudit.activityId, activityId)).orderBy(activityAudit.id);

describe('every activity (docs/moderation.md#every-activity)', () => {
  let ids: Record<'published' | 'paused' | 'draft' | 'pending' | 'rejected' | 'sponsored', number>;
  beforeAll(async () => {
    const tag = 'Zoekbaar';
    ids = {
      published: await createActivity(ctx.db, { name: `${tag} gepubliceerd`, category: 'markten' }),
      paused: await createActivity(ctx.db, { name: `${tag} gepauzeerd`, isActive: false }),
      draft: await createActivity(ctx.db, { name: `${tag} concept`, isApproved: false, providerId: julie.provider.id }),
      pending: (await createOwn(julie, { name: `${tag} wachtend` })).id,
      rejected: (await createOwn(julie, { name: `${tag} geweigerd` })).id,
      sponsored: await createActivity(ctx.db, { name: `${tag} gesponsord`, sponsorLevel: 2, isSponsored: true }),
    };
    await decideActivity(ctx.app, adminCookie, ids.rejected, { reject: 'Geen foto' });
  });
  const listed = async (query: string) => {
    const res = await send(admin(), 'GET', `/api/admin/activities?search=zoekbaar&limit=200&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminActivityListItem[]>();
  };

  it('lists them all whatever their state, each with its status, by name; the search finds a word of the name', async () => {
    const all = await listed('');
    const status = Object.fromEntries(all.map((a) => [a.id, a.status]));
    expect(status).toEqual({
      [ids.published]: 'published',
      [ids.paused]: 'paused',
      [ids.draft]: 'draft',
      [ids.pending]: 'pending',
      [ids.rejected]: 'rejected',
      [ids.sponsored]: 'published',
    });
    expect(all.map((a) => a.name)).toEqual([...all.map((a) => a.name)].sort());
    expect((await listed('')).find((a) => a.id === ids.draft)).toMatchObject({
      providerId: julie.provider.id,
      providerName: 'Domaine Julie',
    });
    // Accents and case do not matter.
    const accented = await send(
      admin(),
      'GET',
      `/api/admin/activities?search=${encodeURIComponent('ZOEKBAAR géweigerd')}`,
    );
    expect(accented.json<AdminActivityListItem[]>().map((a) => a.id)).toEqual([ids.rejected]);
  });

  it('filters by status, category, provider (or none) and sponsorship', async () => {
    for (const status of ['published', 'paused', 'draft', 'pending', 'rejected'] as const) {
      const found = await listed(`status=${status}`);
      expect(found.length, status).toBeGreaterThan(0);
      expect(
        found.every((a) => a.status === status),
        status,
      ).toBe(true);
    }
    expect((await listed('category=markten')).map((a) => a.id)).toEqual([ids.published]);
    expect((await listed(`provider=${julie.provider.id}`)).map((a) => a.id).sort()).toEqual(
      [ids.draft, ids.pending, ids.rejected].sort(),
    );
    expect((await listed('provider=none')).every((a) => a.providerId === null)).toBe(true);
    expect((await listed('sponsored=yes')).map((a) => a.id)).toEqual([ids.sponsored]);
    expect((await listed('sponsored=no')).map((a) => a.id)).not.toContain(ids.sponsored);
  });

  it('comes in pages with the total in X-Total-Count', async () => {
    const res = await send(admin(), 'GET', '/api/admin/activities?search=zoekbaar&limit=2&offset=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('6');
    expect(res.json<unknown[]>()).toHaveLength(2);
  });

  it('refuses a bad filter with a 400 naming it', async () => {
    for (const [query, path] of [
      ['status=gone', 'status'],
      ['category=zoo', 'category'],
      ['provider=someone', 'provider'],
      // Above what a PostgreSQL integer holds: a clear 400, not a failed query (found by the generated inputs).
      ['provider=3000000000', 'provider'],
      ['sponsored=maybe', 'sponsored'],
      ['limit=0', 'limit'],
      ['colour=red', ''],
    ] as const) {
      const res = await send(admin(), 'GET', `/api/admin/activities?${query}`);
      expect(res.statusCode, query).toBe(400);
      if (path)
        expect(
          res.json<{ details: { path: string }[] }>().details.map((d) => d.path),
          query,
        ).toContain(path);
    }
  });

  it('is the admins’ only: a provider 403, a visitor 403, anonymous 401', async () => {
    expect((await send(julie, 'GET', '/api/admin/activities')).statusCode).toBe(403);
    expect((await send({ cookie: visitorCookie }, 'GET', '/api/admin/activities')).statusCode).toBe(403);
    expect((await send(null, 'GET', '/api/admin/activities')).statusCode).toBe(401);
    expect((await send(julie, 'POST', '/api/admin/activities', valid())).statusCode).toBe(403);
  });
});

describe('a listing the team makes itself', () => {
  it('is published at once, the guide’s own, with its creation in the audit', async () => {
    const res = await send(admin(), 'POST', '/api/admin/activities', valid({ name: 'Fête de la musique' }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<AdminActivity>();
    expect(created).toMatchObject({ status: 'published', providerId: null, providerName: null, state: 'published' });
    expect((await publicDetail(created.id)).json()).toMatchObject({ name: 'Fête de la musique', price: 12.5 });
    const audit = await send(admin(), 'GET', `/api/admin/activities/${created.id}/audit`);
    expect(audit.headers['x-total-count']).toBe('1');
    expect(audit.json<ActivityAuditEntry[]>()[0]).toMatchObject({
      action: 'create',
      actorName: expect.stringMatching(/^First\d+ Last\d+$/),
      changes: { name: 'Fête de la musique', translations: ['nl'] },
    });
  });

  it('names each wrong field and writes nothing; a position outside the area is refused too', async () => {
    const before = await ctx.db.select({ n: count() }).from(activities);
    const bad = await send(admin(), 'POST', '/api/admin/activities', valid({ name: '', latitude: 'north' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ details: { path: string }[] }>().details.map((d) => d.path)).toEqual(
      expect.arrayContaining(['name', 'latitude']),
    );
    const far = await send(admin(), 'POST', '/api/admin/activities', valid({ latitude: 48.85, longitude: 2.35 }));
    expect(far.statusCode).toBe(400);
    expect(await ctx.db.select({ n: count() }).from(activities)).toEqual(before);
  });
});

describe('pausing, publishing and unpublishing', () => {
  it('take an activity out of the guide and back, each in the audit; unknown ids are 404', async () => {
    const id = await createActivity(ctx.db, { providerId: julie.provider.id });
    const act = (action: string) => send(admin(), 'POST', `/api/admin/activities/${id}/${action}`);
    expect((await act('pause')).json()).toMatchObject({ status: 'paused', isActive: false });
    expect((await publicDetail(id)).statusCode).toBe(404);
    expect((await act('publish')).json()).toMatchObject({ status: 'published', isActive: true });
    expect((await publicDetail(id)).statusCode).toBe(200);
    expect((await act('unpublish')).json()).toMatchObject({ status: 'draft', isApproved: false });
    expect((await publicDetail(id)).statusCode).toBe(404);
    // The provider sees a draft they can send again.
    expect((await send(julie, 'GET', `/api/provider/activities/${id}`)).json()).toMatchObject({ state: 'draft' });
    expect((await auditRows(id)).map((r) => r.action)).toEqual(['pause', 'publish', 'unpublish']);
    for (const action of ['pause', 'publish', 'unpublish', 'audit']) {
      const method = action === 'audit' ? 'GET' : 'POST';
      expect((await send(admin(), method, `/api/admin/activities/999999/${action}`)).statusCode, action).toBe(404);
    }
    expect((await send(admin(), 'GET', '/api/admin/activities/999999')).statusCode).toBe(404);
  });

  it('records an edit with its changed fields; a refused edit records nothing', async () => {
    const id = await createActivity(ctx.db);
    const ok = await send(admin(), 'PATCH', `/api/admin/activities/${id}`, { name: 'Nieuwe naam', price: 4 });
    expect(ok.statusCode, ok.body).toBe(204);
    const bad = await send(admin(), 'PATCH', `/api/admin/activities/${id}`, {
      eventStart: '2026-12-10',
      eventEnd: '2026-12-01',
    });
    expect(bad.statusCode).toBe(400);
    const rows = await auditRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'edit', changes: { name: 'Nieuwe naam', price: 4 } });
    expect((await send(admin(), 'GET', `/api/admin/activities/${id}`)).json()).toMatchObject({
      status: 'published',
      name: 'Nieuwe naam',
    });
  });
});

describe('the console edits the same fields as the provider’s form (docs/provider-workspace.md#fields)', () => {
  it('shows a seeded listing’s translated place and hours, and saves them at once; an over-long name changes nothing', async () => {
    const id = await createActivity(ctx.db, {
      name: 'Marché de Limoux',
      location: 'Place de la République',
      marketDays: 'le vendredi matin',
      translations: {
        de: { name: 'Markt von Limoux', description: 'Ein Markt.', location: 'Platz der Republik' },
      },
    });
    const shown = (await send(admin(), 'GET', `/api/admin/activities/${id}`)).json<AdminActivity>();
    expect(shown.translations.de).toMatchObject({ location: 'Platz der Republik', marketDays: null });

    const de = {
      name: 'Markt von Limoux',
      description: 'Ein Markt.',
      location: 'Platz der Republik',
      openingHours: null,
      marketDays: 'freitags vormittags',
    };
    const res = await send(admin(), 'PATCH', `/api/admin/activities/${id}`, {
      translations: { de },
      website: 'www.limoux.fr',
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await publicDetail(id, 'de')).json()).toMatchObject({
      location: 'Platz der Republik',
      marketDays: 'freitags vormittags',
      website: 'https://www.limoux.fr',
    });

    const long = await send(admin(), 'PATCH', `/api/admin/activities/${id}`, { name: 'M'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'name' }] });
    expect((await publicDetail(id, 'fr')).json()).toMatchObject({ name: 'Marché de Limoux' });
  });
});

describe('assigning a listing (docs/moderation.md#every-activity)', () => {
  it('gives it to an approved provider, who is mailed and finds it in their workspace; null gives it back', async () => {
    const mine = await createProvider(ctx.db, { name: 'Office du vin' });
    const id = await createActivity(ctx.db, { name: 'Brass Festival' });
    const assign = (providerId: number | null) =>
      send(admin(), 'POST', `/api/admin/activities/${id}/provider`, { providerId });
    const res = await assign(mine.provider.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ providerId: mine.provider.id, providerName: 'Office du vin' });
    expect((await send(mine, 'GET', '/api/provider/activities')).json<{ id: number }[]>().map((a) => a.id)).toEqual([
      id,
    ]);
    const mails = await mailsTo(mine.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('Brass Festival');
    // Assigning it again to the same provider changes nothing and mails nobody.
    await assign(mine.provider.id);
    expect(await mailsTo(mine.user.email)).toHaveLength(1);
    expect((await assign(null)).json()).toMatchObject({ providerId: null, providerName: null });
    expect((await send(mine, 'GET', '/api/provider/activities')).json()).toEqual([]);
    expect((await auditRows(id)).map((r) => [r.action, r.changes.providerId])).toEqual([
      ['assign', mine.provider.id],
      ['assign', null],
    ]);
  });

  it('refuses a provider who is not approved (409 PROVIDER_NOT_APPROVED), an unknown one (404) and a bad body (400); nothing changes', async () => {
    const id = await createActivity(ctx.db);
    const waiting = await createProvider(ctx.db, { approved: false, name: 'Pas encore' });
    const refused = await send(admin(), 'POST', `/api/admin/activities/${id}/provider`, {
      providerId: waiting.provider.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PROVIDER_NOT_APPROVED' });
    const unknown = await send(admin(), 'POST', `/api/admin/activities/${id}/provider`, { providerId: 999999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'PROVIDER_NOT_FOUND' });
    for (const body of [{}, { providerId: 'julie' }, { providerId: 0 }]) {
      expect((await send(admin(), 'POST', `/api/admin/activities/${id}/provider`, body)).statusCode).toBe(400);
    }
    expect(
      (await send(admin(), 'POST', '/api/admin/activities/999999/provider', { providerId: null })).statusCode,
    ).toBe(404);
    expect((await send(admin(), 'GET', `/api/admin/activities/${id}`)).json()).toMatchObject({ providerId: null });
    expect(await auditRows(id)).toEqual([]);
    expect(await mailsTo(waiting.user.email)).toEqual([]);
  });
});

describe('a decision is mailed to the provider and recorded', () => {
  it('approval: the provider is told, in their language, and the audit names it', async () => {
    const { id } = await createOwn(julie, { name: 'Dégustation' });
    const before = (await mailsTo(julie.user.email)).length;
    expect((await decideActivity(ctx.app, adminCookie, id)).statusCode).toBe(204);
    const mails = await mailsTo(julie.user.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.subject).toBe('“Dégustation” staat in de gids');
    expect((await auditRows(id)).map((r) => r.action)).toEqual(['approve']);
  });

  it('rejection: the reason is mailed and shown in the workspace', async () => {
    const { id } = await createOwn(julie, { name: 'Balade' });
    expect((await decideActivity(ctx.app, adminCookie, id, { reject: 'Le lieu manque' })).statusCode).toBe(204);
    const mail = (await mailsTo(julie.user.email)).at(-1);
    expect(mail?.subject).toBe('“Balade” is niet goedgekeurd');
    expect(mail?.text).toContain('Le lieu manque');
    expect((await send(julie, 'GET', `/api/provider/activities/${id}`)).json()).toMatchObject({
      state: 'rejected',
      review: { status: 'rejected', reason: 'Le lieu manque' },
    });
    expect((await auditRows(id)).map((r) => [r.action, r.changes.reason])).toEqual([['reject', 'Le lieu manque']]);
  });
});
