import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingActivity, ProviderActivity } from '../../../domain/provider-activities.js';
import { activities, activityRevisions, bookings } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createActivity, createUser } from '../../test/factories.js';
import { activityBody, createProvider } from '../../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { decideActivity, queueEntry } from '../../test/moderation.js';
import { useTestApp } from '../../test/test-app.js';
import { endExpiredSponsorships } from '../sponsorships/service.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'dl-provider-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

const clock = fixedClock('2026-11-22T10:00:00Z');
const ctx = useTestApp(() => ({ env: { DATA_DIR: dataDir }, deps: { clock } }));

let julie: Awaited<ReturnType<typeof createProvider>>;
let other: Awaited<ReturnType<typeof createProvider>>;
let pendingProvider: Awaited<ReturnType<typeof createProvider>>;
let adminCookie: string;
let visitorCookie: string;

beforeAll(async () => {
  julie = await createProvider(ctx.db, { name: 'Domaine Julie' });
  other = await createProvider(ctx.db, { name: 'Autre' });
  pendingProvider = await createProvider(ctx.db, { approved: false, name: 'Nouveau' });
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

describe('creating an activity', () => {
  it('waits for approval: 201 with the activity, not public, in the admin queue with nothing public beside it', async () => {
    const created = await createOwn();
    expect(created).toMatchObject({
      name: 'Visite de cave',
      price: 12.5,
      state: 'pending',
      isApproved: false,
      pendingChanges: false,
      translations: { nl: { name: 'Kelderbezoek' } },
    });
    expect((await publicDetail(created.id)).statusCode).toBe(404);
    const queue = await send(admin(), 'GET', '/api/admin/activities/pending');
    const entry = queue.json<PendingActivity[]>().find((p) => p.activityId === created.id);
    expect(entry).toMatchObject({ current: null, proposed: { name: 'Visite de cave' }, providerName: 'Domaine Julie' });
  });

  it('is published by an admin’s approval, with its translations; the public API falls back to the original', async () => {
    const created = await createOwn();
    expect((await decideActivity(ctx.app, adminCookie, created.id)).statusCode).toBe(204);
    const nl = (await publicDetail(created.id, 'nl')).json<{ name: string; price: number }>();
    expect(nl).toMatchObject({ name: 'Kelderbezoek', price: 12.5 });
    expect((await publicDetail(created.id, 'de')).json<{ name: string }>().name).toBe('Visite de cave');
    const own = (await send(julie, 'GET', `/api/provider/activities/${created.id}`)).json<ProviderActivity>();
    expect(own).toMatchObject({ state: 'published', review: { status: 'approved' } });
    // Found by its words in the list, too.
    const list = await ctx.app.inject({ url: '/api/activities?search=kelderbezoek&lng=nl' });
    expect(list.json<{ id: number }[]>().map((a) => a.id)).toContain(created.id);
  });

  it('is refused with a reason the provider reads; nothing is published', async () => {
    const created = await createOwn();
    const entry = await queueEntry(ctx.app, adminCookie, created.id);
    const shown = { revisionId: entry?.revisionId, contentHash: entry?.contentHash };
    const missing = await send(admin(), 'POST', `/api/admin/activities/${created.id}/reject`, {
      ...shown,
      reason: ' ',
    });
    expect(missing.statusCode).toBe(400);
    const res = await decideActivity(ctx.app, adminCookie, created.id, { reject: 'Foto ontbreekt' });
    expect(res.statusCode).toBe(204);
    const own = (await send(julie, 'GET', `/api/provider/activities/${created.id}`)).json<ProviderActivity>();
    expect(own).toMatchObject({ state: 'rejected', review: { status: 'rejected', reason: 'Foto ontbreekt' } });
    expect((await publicDetail(created.id)).statusCode).toBe(404);
    // Deciding again: nothing waits.
    expect((await send(admin(), 'POST', `/api/admin/activities/${created.id}/approve`, shown)).json()).toMatchObject({
      code: 'NOTHING_PENDING',
    });
    // Saving it again sends it for approval once more.
    const again = await send(julie, 'PATCH', `/api/provider/activities/${created.id}`, { description: 'Avec photo.' });
    expect(again.json<ProviderActivity>().state).toBe('pending');
  });

  it('names each wrong field and writes nothing', async () => {
    const before = (await ctx.db.select({ n: count() }).from(activities))[0]?.n;
    const res = await send(julie, 'POST', '/api/provider/activities', {
      ...valid(),
      name: ' ',
      category: 'casino',
      price: -1,
      website: 'javascript:alert(1)',
      contactEmail: 'not-an-address',
      translations: { xx: { name: 'a', description: 'b' } },
      extra: true,
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json<{ details: { path: string }[] }>().details.map((d) => d.path);
    for (const field of ['name', 'category', 'price', 'website', 'contactEmail', 'translations']) {
      expect(
        paths.some((p) => p.startsWith(field)),
        field,
      ).toBe(true);
    }
    const far = await send(julie, 'POST', '/api/provider/activities', valid({ latitude: 48.85, longitude: 2.35 }));
    expect(far.statusCode).toBe(400);
    expect(far.json()).toMatchObject({ code: 'OUTSIDE_SERVICE_AREA', details: [{ path: 'latitude' }] });
    expect((await ctx.db.select({ n: count() }).from(activities))[0]?.n).toBe(before);
  });

  it('keeps price empty as unknown and 0 as free', async () => {
    const unknown = await createOwn(julie, { price: null });
    const free = await createOwn(julie, { price: 0 });
    expect([unknown.price, free.price]).toEqual([null, 0]);
  });

  it('by a provider who waits for approval is a draft: saved, never sent to the admins', async () => {
    const draft = await createOwn(pendingProvider);
    expect(draft.state).toBe('draft');
    const edited = await send(pendingProvider, 'PATCH', `/api/provider/activities/${draft.id}`, {
      name: 'Nouveau nom',
    });
    expect(edited.json<ProviderActivity>()).toMatchObject({ state: 'draft', name: 'Nouveau nom' });
    const waiting = await ctx.db
      .select({ n: count() })
      .from(activityRevisions)
      .where(eq(activityRevisions.activityId, draft.id));
    expect(waiting[0]?.n).toBe(0);
  });
});

describe('changing a published activity', () => {
  let id: number;
  beforeAll(async () => {
    id = (await createOwn()).id;
    await decideActivity(ctx.app, adminCookie, id);
  });

  it('keeps the published text until the change is approved; price and weekly hours change at once', async () => {
    const res = await send(julie, 'PATCH', `/api/provider/activities/${id}`, {
      name: 'Grande visite de cave',
      price: 15,
      weeklyHours: [{ days: [6], opens: '10:00', closes: '12:00' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ProviderActivity>()).toMatchObject({
      name: 'Grande visite de cave',
      state: 'published',
      pendingChanges: true,
      price: 15,
    });
    const before = (await publicDetail(id)).json<{ name: string; price: number; weeklyHours: unknown[] }>();
    expect(before).toMatchObject({ name: 'Visite de cave', price: 15, weeklyHours: [{ days: [6] }] });

    const queue = (await send(admin(), 'GET', '/api/admin/activities/pending')).json<PendingActivity[]>();
    expect(queue.find((p) => p.activityId === id)).toMatchObject({
      current: { name: 'Visite de cave' },
      proposed: { name: 'Grande visite de cave' },
    });
    await decideActivity(ctx.app, adminCookie, id);
    expect((await publicDetail(id)).json<{ name: string }>().name).toBe('Grande visite de cave');
  });

  it('sets indoors, outdoors or both at once, back to unknown with null, and refuses anything else', async () => {
    const created = await createOwn(julie, { setting: 'indoor' });
    expect(created.setting).toBe('indoor');
    expect((await createOwn()).setting).toBeNull();
    const res = await send(julie, 'PATCH', `/api/provider/activities/${id}`, { setting: 'both' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProviderActivity>().setting).toBe('both');
    // No approval needed: public at once (docs/when.md#indoors-and-outdoors).
    expect((await publicDetail(id)).json<{ setting: string | null }>().setting).toBe('both');
    for (const wrong of ['inside', 1, '']) {
      const refused = await send(julie, 'PATCH', `/api/provider/activities/${id}`, { setting: wrong });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('setting');
    }
    expect((await publicDetail(id)).json<{ setting: string | null }>().setting).toBe('both');
    await send(julie, 'PATCH', `/api/provider/activities/${id}`, { setting: null });
    expect((await publicDetail(id)).json<{ setting: string | null }>().setting).toBeNull();
  });

  it('keeps free-text hours, market days, contact and website for approval like the text', async () => {
    const asked = {
      openingHours: 'tous les jours, appelez le 06 00 00 00 00',
      marketDays: 'le samedi : voir https://ailleurs.example.com',
      contactPhone: '+33 6 99 99 99 99',
      contactEmail: 'autre@example.com',
      website: 'https://ailleurs.example.com',
    };
    const published = {
      openingHours: 'di-za 10:00-18:00',
      marketDays: null,
      contactPhone: '+33 4 68 00 00 00',
      contactEmail: 'cave@example.com',
      website: 'https://cave.example.com',
    };
    const res = await send(julie, 'PATCH', `/api/provider/activities/${id}`, asked);
    expect(res.statusCode, res.body).toBe(200);
    // The provider sees what they asked, waiting; the public (and JSON-LD's sameAs) what was approved.
    expect(res.json<ProviderActivity>()).toMatchObject({ ...asked, pendingChanges: true });
    expect((await publicDetail(id)).json()).toMatchObject(published);

    const entry = await queueEntry(ctx.app, adminCookie, id);
    expect(entry).toMatchObject({ current: published, proposed: asked });
    expect((await decideActivity(ctx.app, adminCookie, id)).statusCode).toBe(204);
    expect((await publicDetail(id)).json()).toMatchObject(asked);
    expect((await send(julie, 'GET', `/api/provider/activities/${id}`)).json<ProviderActivity>()).toMatchObject({
      ...asked,
      pendingChanges: false,
    });
  });

  it('drops a seeded translation’s own hours once the original hours change, so every language shows what was approved', async () => {
    const seeded = await createActivity(ctx.db, {
      providerId: julie.provider.id,
      openingHours: 'mar-sam 10h-18h',
      translations: { nl: { name: 'Kelder', description: 'Een kelder', openingHours: 'di-za 10-18 uur' } },
    });
    expect((await publicDetail(seeded, 'nl')).json()).toMatchObject({ openingHours: 'di-za 10-18 uur' });
    await send(julie, 'PATCH', `/api/provider/activities/${seeded}`, { openingHours: 'tous les jours 9h-19h' });
    expect((await publicDetail(seeded, 'nl')).json()).toMatchObject({ openingHours: 'di-za 10-18 uur' });
    await decideActivity(ctx.app, adminCookie, seeded);
    expect((await publicDetail(seeded, 'nl')).json()).toMatchObject({ openingHours: 'tous les jours 9h-19h' });
  });

  it('withdraws a change that is undone before approval', async () => {
    await send(julie, 'PATCH', `/api/provider/activities/${id}`, { city: 'Alet-les-Bains' });
    const undone = await send(julie, 'PATCH', `/api/provider/activities/${id}`, { city: 'Limoux' });
    expect(undone.json<ProviderActivity>().pendingChanges).toBe(false);
  });

  it('pauses and resumes: a paused activity leaves the public guide', async () => {
    const paused = await send(julie, 'PATCH', `/api/provider/activities/${id}`, { isActive: false });
    expect(paused.json<ProviderActivity>()).toMatchObject({ isActive: false, pendingChanges: false });
    expect((await publicDetail(id)).statusCode).toBe(404);
    await send(julie, 'PATCH', `/api/provider/activities/${id}`, { isActive: true });
    expect((await publicDetail(id)).statusCode).toBe(200);
  });
});

describe('limits, websites and translated place and hours (docs/provider-workspace.md#fields)', () => {
  const activityCount = async () => (await ctx.db.select({ n: count() }).from(activities))[0]?.n;
  type Problem = { code: string; details: { path: string; message: string }[] };

  it('refuses a name over 200 characters with a 400 on the name: nothing cut, nothing written', async () => {
    const before = await activityCount();
    const long = `${'Visite des caves de Limoux '.repeat(7)}et dégustation`.slice(0, 201);
    expect(long).toHaveLength(201);
    const res = await send(julie, 'POST', '/api/provider/activities', valid({ name: long }));
    expect(res.statusCode).toBe(400);
    expect(res.json<Problem>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'name', message: 'name must be at most 200 characters' }],
    });
    expect(await activityCount()).toBe(before);

    // Changing one to an over-long name (or translation) changes nothing either.
    const own = await createOwn();
    for (const body of [{ name: long }, { translations: { nl: { name: long, description: 'Een kelder.' } } }]) {
      const patch = await send(julie, 'PATCH', `/api/provider/activities/${own.id}`, body);
      expect(patch.statusCode).toBe(400);
      expect(patch.json<Problem>().details[0]?.path).toMatch(/^(name|translations\.nl\.name)$/);
    }
    const [row] = await ctx.db.select({ name: activities.name }).from(activities).where(eq(activities.id, own.id));
    expect(row?.name).toBe('Visite de cave');
    const again = (await send(julie, 'GET', `/api/provider/activities/${own.id}`)).json<ProviderActivity>();
    expect(again.translations.nl?.name).toBe('Kelderbezoek');
  });

  it('takes a name of exactly 200 characters whole, also one whose sort key spells out longer (ß, æ)', async () => {
    const exact = 'a'.repeat(200);
    expect((await createOwn(julie, { name: exact })).name).toBe(exact);
    const spelledOut = 'ß'.repeat(100) + 'æ'.repeat(100);
    const created = await createOwn(julie, {
      name: spelledOut,
      translations: { de: { name: spelledOut, description: 'Straße.' } },
    });
    expect(created.name).toBe(spelledOut);
    expect(created.translations.de?.name).toBe(spelledOut);
  });

  it('refuses over-long descriptions, places, hours and market days, in the original and in a translation', async () => {
    const before = await activityCount();
    const res = await send(
      julie,
      'POST',
      '/api/provider/activities',
      valid({
        description: 'd'.repeat(5001),
        location: 'l'.repeat(201),
        openingHours: 'h'.repeat(1001),
        marketDays: 'm'.repeat(1001),
        translations: {
          es: {
            name: 'Visita',
            description: 'Una hora.',
            location: 'l'.repeat(201),
            openingHours: 'h'.repeat(1001),
            marketDays: 'm'.repeat(1001),
          },
        },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json<Problem>()
        .details.map((d) => d.path)
        .sort(),
    ).toEqual([
      'description',
      'location',
      'marketDays',
      'openingHours',
      'translations.es.location',
      'translations.es.marketDays',
      'translations.es.openingHours',
    ]);
    expect(await activityCount()).toBe(before);
  });

  it('stores a website typed without a scheme with https://; refuses what is still no web address', async () => {
    for (const [typed, stored] of [
      ['www.cave-du-sieur.fr', 'https://www.cave-du-sieur.fr'],
      [' cave-du-sieur.fr/visites ', 'https://cave-du-sieur.fr/visites'],
      ['http://cave-du-sieur.fr', 'http://cave-du-sieur.fr'],
    ]) {
      expect((await createOwn(julie, { website: typed })).website).toBe(stored);
    }
    const own = await createOwn();
    const patched = await send(julie, 'PATCH', `/api/provider/activities/${own.id}`, { website: 'www.sieur.fr' });
    expect(patched.json<ProviderActivity>().website).toBe('https://www.sieur.fr');
    const before = await activityCount();
    for (const website of ['javascript:alert(1)', 'mailto:cave@example.com', 'cave du sieur', 'localhost:3000']) {
      const res = await send(julie, 'POST', '/api/provider/activities', valid({ website }));
      expect(res.statusCode, website).toBe(400);
      expect(res.json<Problem>().details, website).toEqual([
        { path: 'website', message: 'website must be a web address (http or https)' },
      ]);
    }
    expect(await activityCount()).toBe(before);
  });

  it('saves a language’s place, opening hours and market days; the public API gives them in that language', async () => {
    const es = {
      name: 'Visita de bodega',
      description: 'Una hora en las bodegas.',
      location: 'Bodega del Señor',
      openingHours: 'de martes a sábado, de 10:00 a 18:00',
      marketDays: 'viernes por la mañana',
    };
    const created = await createOwn(julie, {
      marketDays: 'vendredi matin',
      translations: { es, nl: { name: 'Kelderbezoek', description: 'Een uur in de kelders.' } },
    });
    expect(created.translations).toEqual({
      es,
      nl: {
        name: 'Kelderbezoek',
        description: 'Een uur in de kelders.',
        location: null,
        openingHours: null,
        marketDays: null,
      },
    });
    // The admin is shown them before approving.
    expect((await queueEntry(ctx.app, adminCookie, created.id))?.proposed.translations.es).toEqual(es);
    await decideActivity(ctx.app, adminCookie, created.id);
    expect((await publicDetail(created.id, 'es')).json()).toMatchObject({
      name: es.name,
      location: es.location,
      openingHours: es.openingHours,
      marketDays: es.marketDays,
    });
    // In a language without them: the original's.
    expect((await publicDetail(created.id, 'fr')).json()).toMatchObject({
      location: 'Cave du Sieur',
      openingHours: 'di-za 10:00-18:00',
      marketDays: 'vendredi matin',
    });
    const list = await ctx.app.inject({
      url: `/api/activities?lng=es&search=${encodeURIComponent('bodega del señor')}`,
    });
    expect(list.json<{ id: number; location: string }[]>().find((a) => a.id === created.id)?.location).toBe(
      es.location,
    );

    // Left out, they stay; given empty, they go (the original is shown); a new original drops the old translation.
    const kept = await send(julie, 'PATCH', `/api/provider/activities/${created.id}`, {
      translations: { es: { name: es.name, description: 'Una hora y media.' } },
    });
    expect(kept.json<ProviderActivity>().translations.es).toEqual({ ...es, description: 'Una hora y media.' });
    const emptied = await send(julie, 'PATCH', `/api/provider/activities/${created.id}`, {
      translations: { es: { ...es, marketDays: '' } },
    });
    expect(emptied.json<ProviderActivity>().translations.es).toMatchObject({ marketDays: null, location: es.location });
    const renewed = await send(julie, 'PATCH', `/api/provider/activities/${created.id}`, {
      openingHours: 'tous les jours 9h-19h',
    });
    expect(renewed.json<ProviderActivity>().translations.es).toMatchObject({
      openingHours: null,
      location: es.location,
      marketDays: null,
    });
    await decideActivity(ctx.app, adminCookie, created.id);
    expect((await publicDetail(created.id, 'es')).json()).toMatchObject({
      location: es.location,
      openingHours: 'tous les jours 9h-19h',
      marketDays: 'vendredi matin',
    });
  });
});

describe('an event’s dates (docs/product.md#event-dates)', () => {
  const festival = (overrides: Record<string, unknown> = {}) =>
    valid({ category: 'feesten', eventStart: '2027-04-24', eventEnd: '2027-05-01', ...overrides });

  it('are kept, and public once the festival is approved', async () => {
    const created = await createOwn(julie, { category: 'feesten', eventStart: '2027-04-24', eventEnd: '2027-05-01' });
    expect(created).toMatchObject({ eventStart: '2027-04-24', eventEnd: '2027-05-01' });
    const oneDay = await createOwn(julie, { category: 'feesten', eventStart: '2027-07-14' });
    expect(oneDay).toMatchObject({ eventStart: '2027-07-14', eventEnd: null });
    await decideActivity(ctx.app, adminCookie, created.id);
    expect((await publicDetail(created.id)).json()).toMatchObject({ eventStart: '2027-04-24', eventEnd: '2027-05-01' });
    expect((await createOwn()).eventStart).toBeNull();
  });

  it('are refused, each with the field to fix, when they are not days, out of order, too long or over; nothing is written', async () => {
    const before = (await ctx.db.select({ n: count() }).from(activities))[0]?.n;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ eventStart: '2027-02-30' }, 'eventStart', 'must be a date (YYYY-MM-DD)'],
      [{ eventEnd: '1 May' }, 'eventEnd', 'must be a date (YYYY-MM-DD)'],
      [{ eventStart: null }, 'eventStart', 'is required with a last day'],
      [{ eventEnd: '2027-04-23' }, 'eventEnd', 'must not be before the first day'],
      [{ eventStart: '2027-01-01', eventEnd: '2027-07-03' }, 'eventEnd', 'must be within 183 days of the first day'],
      // Today is 2026-11-22 in Limoux.
      [{ eventStart: '2026-11-20', eventEnd: '2026-11-21' }, 'eventEnd', 'must be today or later'],
      [{ eventStart: '2026-11-21', eventEnd: null }, 'eventStart', 'must be today or later'],
    ];
    for (const [overrides, path, message] of cases) {
      const res = await send(julie, 'POST', '/api/provider/activities', festival(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json<{ details: { path: string; message: string }[] }>().details).toContainEqual({
        path,
        message: `${path} ${message}`,
      });
    }
    expect((await ctx.db.select({ n: count() }).from(activities))[0]?.n).toBe(before);
    // Half a year exactly, and an edition that ends today, are fine.
    await createOwn(julie, { category: 'feesten', eventStart: '2027-01-01', eventEnd: '2027-07-02' });
    await createOwn(julie, { category: 'feesten', eventStart: '2026-11-01', eventEnd: '2026-11-22' });
  });

  it('change at once; a change of one day is checked with the other; past dates do not block other changes', async () => {
    const { id } = await createOwn(julie, { category: 'feesten', eventStart: '2027-04-24', eventEnd: '2027-05-01' });
    await decideActivity(ctx.app, adminCookie, id);
    const moved = await send(julie, 'PATCH', `/api/provider/activities/${id}`, { eventEnd: '2027-05-02' });
    expect(moved.json<ProviderActivity>()).toMatchObject({ eventEnd: '2027-05-02', pendingChanges: false });
    expect((await publicDetail(id)).json()).toMatchObject({ eventEnd: '2027-05-02' });

    const backwards = await send(julie, 'PATCH', `/api/provider/activities/${id}`, { eventStart: '2027-05-03' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      details: [{ path: 'eventEnd', message: 'eventEnd must not be before the first day' }],
    });
    const startless = await send(admin(), 'PATCH', `/api/admin/activities/${id}`, { eventStart: null });
    expect(startless.statusCode).toBe(400);
    expect((await publicDetail(id)).json()).toMatchObject({ eventStart: '2027-04-24', eventEnd: '2027-05-02' });

    clock.set('2027-06-01T10:00:00Z');
    try {
      const price = await send(julie, 'PATCH', `/api/provider/activities/${id}`, { price: 8 });
      expect(price.statusCode, price.body).toBe(200);
      const again = await send(julie, 'PATCH', `/api/provider/activities/${id}`, { eventStart: '2027-04-25' });
      expect(again.json()).toMatchObject({
        message: 'Invalid body: eventEnd must be today or later',
        details: [{ path: 'eventEnd', message: 'eventEnd must be today or later' }],
      });
      const next = await send(julie, 'PATCH', `/api/provider/activities/${id}`, {
        eventStart: '2028-04-22',
        eventEnd: '2028-05-01',
      });
      expect(next.json<ProviderActivity>()).toMatchObject({ eventStart: '2028-04-22', eventEnd: '2028-05-01' });
      const none = await send(julie, 'PATCH', `/api/provider/activities/${id}`, { eventStart: null, eventEnd: null });
      expect(none.json<ProviderActivity>()).toMatchObject({ eventStart: null, eventEnd: null });
    } finally {
      clock.set('2026-11-22T10:00:00Z');
    }
  });
});

describe('weekly hours (docs/product.md#weekly-hours)', () => {
  const summer = { days: [7, 1, 1], opens: '10:00', closes: '13:00', seasonStart: '07-01', seasonEnd: '08-31' };
  const week = [{ days: [1, 2, 3, 4, 5], opens: '14:00', closes: '18:00' }, summer];

  it('are kept with days once and in order, public once approved, and [] when none were given', async () => {
    const created = await createOwn(julie, { weeklyHours: week });
    expect(created.weeklyHours).toEqual([
      { days: [1, 2, 3, 4, 5], opens: '14:00', closes: '18:00', seasonStart: null, seasonEnd: null },
      { ...summer, days: [1, 7] },
    ]);
    await decideActivity(ctx.app, adminCookie, created.id);
    expect((await publicDetail(created.id)).json()).toMatchObject({ weeklyHours: created.weeklyHours });
    expect((await createOwn()).weeklyHours).toEqual([]);
  });

  it('are refused, each with the row and field to fix; nothing is written', async () => {
    const before = (await ctx.db.select({ n: count() }).from(activities))[0]?.n;
    const row = (overrides: Record<string, unknown>) => ({ days: [6], opens: '10:00', closes: '12:00', ...overrides });
    const cases: [unknown, string, string][] = [
      [[row({ days: [] })], 'weeklyHours.0.days', 'must have at least one day'],
      [[row({ days: [8] })], 'weeklyHours.0.days.0', 'must be weekdays 1 (Monday) to 7 (Sunday)'],
      [[row({ opens: '9:00' })], 'weeklyHours.0.opens', 'must be a time (HH:MM)'],
      [[row({ closes: '24:30' })], 'weeklyHours.0.closes', 'must be a time (HH:MM, 24:00 for midnight)'],
      [[row({ closes: '10:00' })], 'weeklyHours.0.closes', 'must be after the opening time'],
      [[row({ seasonStart: '03-25' })], 'weeklyHours.0.seasonEnd', 'is required with the other day of the season'],
      [
        [row({ seasonStart: '02-29', seasonEnd: '03-31' })],
        'weeklyHours.0.seasonStart',
        'must be a day of the year (MM-DD) that every year has',
      ],
      [
        [row({}), row({ opens: '11:00', closes: '14:00' })],
        'weeklyHours.1.opens',
        'must not overlap row 1 on the same day',
      ],
      [[row({ extra: true })], 'weeklyHours.0.extra', 'is not a known field'],
      [
        Array.from({ length: 15 }, (_, i) =>
          row({ days: [(i % 7) + 1], opens: `0${Math.floor(i / 7)}:00`, closes: `0${Math.floor(i / 7)}:30` }),
        ),
        'weeklyHours',
        'must have at most 14 rows',
      ],
      ['Fri 9-5', 'weeklyHours', 'must be a list of opening hours'],
    ];
    for (const [weeklyHours, path, message] of cases) {
      const res = await send(julie, 'POST', '/api/provider/activities', valid({ weeklyHours }));
      expect(res.statusCode, JSON.stringify(weeklyHours)).toBe(400);
      expect(res.json<{ details: { path: string; message: string }[] }>().details).toContainEqual({
        path,
        message: `${path} ${message}`,
      });
    }
    expect((await ctx.db.select({ n: count() }).from(activities))[0]?.n).toBe(before);
  });

  it('change at once and all together, for the provider and the admin; a bad week changes nothing', async () => {
    const { id } = await createOwn(julie, { weeklyHours: week });
    await decideActivity(ctx.app, adminCookie, id);
    const winter = [{ days: [6, 7], opens: '10:00', closes: '17:00', seasonStart: '11-01', seasonEnd: '03-31' }];
    const changed = await send(julie, 'PATCH', `/api/provider/activities/${id}`, { weeklyHours: winter });
    expect(changed.json<ProviderActivity>()).toMatchObject({
      pendingChanges: false,
      weeklyHours: [{ seasonEnd: '03-31' }],
    });
    expect((await publicDetail(id)).json<{ weeklyHours: unknown[] }>().weeklyHours).toHaveLength(1);

    const bad = await send(admin(), 'PATCH', `/api/admin/activities/${id}`, {
      weeklyHours: [...winter, { ...winter[0], opens: '16:00', closes: '18:00' }],
    });
    expect(bad.statusCode).toBe(400);
    expect((await publicDetail(id)).json()).toMatchObject({ weeklyHours: [{ opens: '10:00', closes: '17:00' }] });

    const cleared = await send(admin(), 'PATCH', `/api/admin/activities/${id}`, { weeklyHours: [] });
    expect(cleared.statusCode, cleared.body).toBe(204);
    expect((await publicDetail(id)).json()).toMatchObject({ weeklyHours: [] });
  });
});

describe('whose activity it is', () => {
  it('another provider gets 404 for every route; a visitor 403; anonymous 401', async () => {
    const mine = await createOwn();
    for (const [method, url, payload] of [
      ['GET', `/api/provider/activities/${mine.id}`],
      ['PATCH', `/api/provider/activities/${mine.id}`, { name: 'Pris' }],
      ['DELETE', `/api/provider/activities/${mine.id}`],
    ] as const) {
      expect((await send(other, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
      expect((await send({ cookie: visitorCookie }, method, url, payload)).statusCode).toBe(403);
      expect((await send(null, method, url, payload)).statusCode).toBe(401);
    }
    expect(
      (await send(other, 'GET', '/api/provider/activities')).json<{ id: number }[]>().map((a) => a.id),
    ).not.toContain(mine.id);
    expect((await send(julie, 'GET', `/api/provider/activities/${mine.id}`)).json<ProviderActivity>().name).toBe(
      'Visite de cave',
    );
  });

  it('an admin has no activities of their own to add to (403) but edits any at once and sponsors it by hand', async () => {
    expect((await send(admin(), 'POST', '/api/provider/activities', valid())).json()).toMatchObject({
      code: 'NOT_A_PROVIDER',
    });
    const id = await createActivity(ctx.db, { providerId: julie.provider.id });
    const res = await send(admin(), 'PATCH', `/api/admin/activities/${id}`, {
      name: 'Corrigé par l’admin',
      sponsorLevel: 2,
      sponsoredUntil: '2026-12-31',
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await publicDetail(id)).json()).toMatchObject({
      name: 'Corrigé par l’admin',
      sponsorLevel: 2,
      isSponsored: true,
    });
    const past = await send(admin(), 'PATCH', `/api/admin/activities/${id}`, {
      sponsorLevel: 1,
      sponsoredUntil: '2026-01-01',
    });
    expect(past.statusCode).toBe(400);

    // The day after the last day, the sponsorship ends by itself.
    clock.set('2027-01-01T10:00:00Z');
    try {
      expect(await endExpiredSponsorships(ctx.app.deps)).toBeGreaterThan(0);
    } finally {
      clock.set('2026-11-22T10:00:00Z');
    }
    expect((await publicDetail(id)).json()).toMatchObject({ sponsorLevel: 0, isSponsored: false });
  });
});

describe('deleting an activity', () => {
  it('works without bookings, and is refused (409) with bookings', async () => {
    const lonely = await createOwn();
    expect((await send(julie, 'DELETE', `/api/provider/activities/${lonely.id}`)).statusCode).toBe(204);
    expect((await send(julie, 'GET', `/api/provider/activities/${lonely.id}`)).statusCode).toBe(404);

    const booked = await createOwn();
    await ctx.db.insert(bookings).values({
      activityId: booked.id,
      customerName: 'Gast',
      customerEmail: 'gast@example.com',
      numberOfPeople: 1,
      bookingDate: '2026-12-01',
      totalAmountCents: 0,
      language: 'nl',
    });
    const listed = await send(julie, 'GET', `/api/provider/activities/${booked.id}`);
    expect(listed.json<ProviderActivity>().bookingCount).toBe(1);
    const refused = await send(julie, 'DELETE', `/api/provider/activities/${booked.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ACTIVITY_HAS_BOOKINGS' });
  });
});

describe('the photo', () => {
  const upload = (who: Who, id: number, file: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') => {
    const boundary = '----dlboundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/provider/activities/${id}/image`,
      payload: body,
      headers: { ...sameOrigin, cookie: who.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };
  const uploads = async () => (await readdir(path.join(dataDir, 'uploads')).catch(() => [])).sort();

  it('is stored as WebP in three widths, without its metadata, and shown to its provider before approval', async () => {
    const { id } = await createOwn();
    // A 4000 x 3000 photo with a camera make and GPS-like EXIF, as a phone takes it.
    const photo = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: { r: 40, g: 120, b: 200 } },
    })
      .jpeg({ quality: 90 })
      .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Secret Model' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(julie, id, photo);
    expect(res.statusCode, res.body).toBe(200);
    const { imageUrl } = res.json<ProviderActivity>();
    // Not approved yet: its provider sees it at the /api address (docs/provider-workspace.md#photos).
    expect(imageUrl).toMatch(/^\/api\/uploads\/[a-z0-9-]+\.webp$/);
    const key = /\/uploads\/(.+)\.webp$/.exec(imageUrl ?? '')?.[1];
    for (const width of [400, 800, 1600]) {
      const served = await ctx.app.inject({
        url: `/api/uploads/${key}-${width}.webp`,
        headers: { cookie: julie.cookie },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('private, no-store');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
      expect(meta.exif).toBeUndefined();
    }
  });

  it('refuses a file that is not an image (415) whatever its name, and a too-large one (413); nothing is kept', async () => {
    const { id } = await createOwn();
    const before = await uploads();
    const fake = await upload(julie, id, Buffer.from('%PDF-1.4 not a photo'), 'holiday.jpg');
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect((await upload(julie, id, gif, 'x.png', 'image/png')).statusCode).toBe(415);
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    const tooLarge = await upload(julie, id, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await uploads()).toEqual(before);
    expect((await send(julie, 'GET', `/api/provider/activities/${id}`)).json<ProviderActivity>().imageUrl).toBeNull();
  });

  it('of someone else’s activity is refused before it is read', async () => {
    const { id } = await createOwn();
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(other, id, png, 'x.png', 'image/png')).statusCode).toBe(404);
    expect((await stat(path.join(dataDir, 'uploads')).catch(() => null))?.isDirectory() ?? true).toBe(true);
  });
});
