import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProviderActivity } from '../../../domain/provider-activities.js';
import { activityRevisions } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createUser } from '../../test/factories.js';
import { decideActivity, queueEntry } from '../../test/moderation.js';
import { createProvider } from '../../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';

const clock = fixedClock('2026-11-22T10:00:00Z');
const ctx = useTestApp(() => ({ deps: { clock } }));

let julie: Awaited<ReturnType<typeof createProvider>>;
let adminCookie: string;

beforeAll(async () => {
  julie = await createProvider(ctx.db, { name: 'Domaine Julie' });
  adminCookie = await sessionCookieFor(ctx.db, (await createUser(ctx.db, { role: 'admin', isApproved: true })).id);
});

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Visite de cave',
  description: 'Une heure dans les caves, dégustation de blanquette.',
  language: 'fr',
  translations: { nl: { name: 'Kelderbezoek', description: 'Een uur in de kelders.' } },
  category: 'uitjes',
  location: 'Cave du Sieur',
  address: '1 avenue de la Gare',
  city: 'Limoux',
  latitude: 43.05,
  longitude: 2.22,
  price: 12.5,
  openingHours: 'di-za 10:00-18:00',
  contactPhone: '+33 4 68 00 00 00',
  contactEmail: 'cave@example.com',
  website: 'https://cave.example.com',
  bookingRequired: true,
  ...overrides,
});

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
