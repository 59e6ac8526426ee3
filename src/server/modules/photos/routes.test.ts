import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '../../../domain/activities.js';
import { imageSources, PHOTO_QUOTA } from '../../../domain/images.js';
import type { PendingActivity, ProviderActivity } from '../../../domain/provider-activities.js';
import { type App, buildApp } from '../../app.js';
import { type Database, MIGRATIONS_DIR } from '../../db/client.js';
import { activities, activityRevisions, photos } from '../../db/schema/index.js';
import { seedDemo } from '../../db/seed/demo.js';
import { createActivity, createUser } from '../../test/factories.js';
import { INDEX_HTML } from '../../test/index-html.js';
import { createProvider } from '../../test/providers.js';
import { decideActivity } from '../../test/moderation.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { testConfig } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-db.js';

/**
 * Uploaded photos through HTTP (docs/provider-workspace.md#photos): every image address an answer
 * or a page head gives answers with the picture; a photo waiting for approval is its provider's and
 * the admins' only; photos nothing uses are deleted; the per-account quota.
 */
const PUBLIC_URL = 'http://localhost:5000';
let app: App;
let database: Database;
let dataDir: string;
let clientDir: string;
let julie: Awaited<ReturnType<typeof createProvider>>;
let other: Awaited<ReturnType<typeof createProvider>>;
let newcomer: Awaited<ReturnType<typeof createProvider>>;
let adminCookie: string;
let visitorCookie: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dl-photos-'));
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'dl-photos-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'index.html'), INDEX_HTML);
  database = await createTestDatabase();
  await seedDemo(database.db, new Date(), { accounts: false });
  app = await buildApp({
    config: { ...testConfig({ PUBLIC_URL, DATA_DIR: dataDir }), clientDir },
    database,
    consistentReads: true,
  });
  await app.ready();
  julie = await createProvider(database.db, { name: 'Domaine Julie' });
  other = await createProvider(database.db, { name: 'Autre' });
  newcomer = await createProvider(database.db, { approved: false, name: 'Nouveau' });
  adminCookie = await sessionCookieFor(
    database.db,
    (await createUser(database.db, { role: 'admin', isApproved: true })).id,
  );
  visitorCookie = await sessionCookieFor(database.db, (await createUser(database.db)).id);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(clientDir, { recursive: true, force: true });
});

type Who = { cookie: string } | null;
const admin = () => ({ cookie: adminCookie });
const visitor = () => ({ cookie: visitorCookie });

const send = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { ...(who ? { cookie: who.cookie } : {}), ...sameOrigin } });

let uploads = 0;
/** Uploads `file` as the activity's photo, each from an address of its own (the upload limit is per address). */
function upload(who: Who, id: number, file: Buffer) {
  const boundary = '----dlphotos';
  uploads += 1;
  return app.inject({
    method: 'POST',
    url: `/api/provider/activities/${id}/image`,
    remoteAddress: `10.0.${Math.floor(uploads / 250)}.${uploads % 250}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: {
      ...sameOrigin,
      ...(who ? { cookie: who.cookie } : {}),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}

let shade = 0;
/** A photo as a phone takes it (a new colour each time, so no two are alike). */
function photo(width = 640, height = 480) {
  shade = (shade + 37) % 256;
  return sharp({ create: { width, height, channels: 3, background: { r: shade, g: 120, b: 200 } } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function uploaded(who: Who, id: number, width?: number, height?: number): Promise<ProviderActivity> {
  const res = await upload(who, id, await photo(width, height));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProviderActivity>();
}

async function createOwn(who: Who, name = 'Visite de cave'): Promise<number> {
  const res = await send(who, 'POST', '/api/provider/activities', {
    name,
    description: 'Une heure dans les caves, dégustation de blanquette.',
    language: 'fr',
    category: 'uitjes' as const,
    city: 'Limoux',
    latitude: 43.05,
    longitude: 2.22,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ProviderActivity>().id;
}

async function decide(id: number, approve: boolean) {
  const res = await decideActivity(app, adminCookie, id, approve ? 'approve' : { reject: 'Not this one' });
  expect(res.statusCode, res.body).toBe(204);
}

const keyOf = (imageUrl: string | null | undefined) => /\/uploads\/([0-9a-f-]{36})\.webp$/.exec(imageUrl ?? '')?.[1];
const filesOf = async (key: string) => (await readdir(path.join(dataDir, 'uploads'))).filter((f) => f.startsWith(key));
const rowOf = async (key: string) => (await database.db.select().from(photos).where(eq(photos.key, key)))[0];

/** Every address `src` and `srcset` name. */
const sourcesOf = (imageUrl: string | null) => {
  const sources = imageSources(imageUrl);
  if (!sources) return [];
  return [sources.src, ...(sources.srcSet?.split(', ').map((entry) => entry.split(' ')[0] ?? '') ?? [])];
};

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
/** The picture addresses of a page's head: og:image, twitter:image and every JSON-LD image. */
async function pageImages(pagePath: string): Promise<string[]> {
  const res = await app.inject({ url: pagePath, headers: { accept: 'text/html' } });
  expect(res.statusCode, pagePath).toBe(200);
  const head = res.body.slice(0, res.body.indexOf('</head>'));
  const lds = [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as { image?: string[] },
  );
  return [meta(head, 'og:image') ?? '', meta(head, 'twitter:image') ?? '', ...lds.flatMap((ld) => ld.image ?? [])];
}

/** Fetches a picture as `who` and checks it is one: 200, an image type, and pixels that decode. */
async function fetchPicture(address: string, who: Who = null) {
  const url = new URL(address, PUBLIC_URL);
  expect(url.origin, address).toBe(PUBLIC_URL);
  const res = await app.inject({ url: url.pathname, headers: who ? { cookie: who.cookie } : {} });
  expect(res.statusCode, `${address}: ${res.body.slice(0, 200)}`).toBe(200);
  expect(res.headers['content-type'], address).toMatch(/^image\/(webp|jpeg|png|svg\+xml)/);
  const picture = await sharp(res.rawPayload).metadata();
  expect(picture.width, address).toBeGreaterThan(0);
  return { res, picture };
}

describe('every image address the API and the pages give', () => {
  it('answers 200 with the picture: the seeded drawings and an uploaded photo, in every answer and page head', async () => {
    const id = await createOwn(julie, 'Cave photographiée');
    const saved = await uploaded(julie, id, 2400, 1600);
    const key = keyOf(saved.imageUrl) ?? '';
    await decide(id, true);

    // Who got which address: the public answers and pages, the provider's and the admin's.
    const addresses = new Map<string, Who>();
    const add = (list: string[], who: Who = null) => list.forEach((a) => addresses.set(a, who));
    add([saved.imageUrl ?? '', ...sourcesOf(saved.imageUrl)], julie);
    const listed = (await app.inject({ url: '/api/activities?limit=100' })).json<Activity[]>();
    expect(listed.map((a) => a.id)).toContain(id);
    for (const activity of listed) {
      add([activity.imageUrl ?? '', ...sourcesOf(activity.imageUrl)].filter(Boolean));
      add(await pageImages(`/activity/${activity.id}`));
    }
    const detail = (await app.inject({ url: `/api/activities/${id}?lng=en` })).json<Activity>();
    add([detail.imageUrl ?? '', ...sourcesOf(detail.imageUrl)]);
    add(await pageImages('/'));
    const own = (await send(julie, 'GET', '/api/provider/activities')).json<ProviderActivity[]>();
    for (const activity of own) add([activity.imageUrl ?? '', ...sourcesOf(activity.imageUrl)].filter(Boolean), julie);
    const edited = (await send(admin(), 'GET', `/api/admin/activities/${id}`)).json<ProviderActivity>();
    add([edited.imageUrl ?? '', ...sourcesOf(edited.imageUrl)], admin());

    for (const [address, who] of addresses) {
      const { res, picture } = await fetchPicture(address, who);
      if (address.endsWith(`/uploads/${key}.webp`)) expect(picture).toMatchObject({ format: 'webp', width: 1600 });
      if (address.endsWith('-share.jpg')) {
        // Link previews get a JPEG, which every chat app shows, at the size Open Graph asks for.
        expect(picture).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
        expect(res.headers['content-type']).toBe('image/jpeg');
      }
      // The public addresses are kept a year by any cache; the /api one (the upload's answer) by none.
      if (new URL(address, PUBLIC_URL).pathname.startsWith('/uploads/')) {
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      if (address.startsWith('/api/uploads/')) expect(res.headers['cache-control']).toBe('private, no-store');
    }

    // The uploaded photo's addresses are among them: the stored one, each width, and the preview JPEG.
    expect(detail.imageUrl).toBe(`/uploads/${key}.webp`);
    expect(addresses.has(`/uploads/${key}.webp`)).toBe(true);
    expect(addresses.has(`${PUBLIC_URL}/uploads/${key}-share.jpg`)).toBe(true);
    for (const width of [400, 800, 1600]) expect(addresses.has(`/uploads/${key}-${width}.webp`)).toBe(true);
    // And the seeded drawings' (SVG on the pages, PNG in link previews).
    expect([...addresses.keys()].some((a) => /^\/images\/activities\/.+\.svg$/.test(a))).toBe(true);
    expect([...addresses.keys()].some((a) => /\/images\/share\/.+\.png$/.test(a))).toBe(true);
  });

  it('answers a photo’s address again with 304 when the browser has it', async () => {
    const id = await createOwn(julie);
    const key = keyOf((await uploaded(julie, id)).imageUrl) ?? '';
    await decide(id, true);
    const first = await app.inject({ url: `/uploads/${key}-800.webp` });
    expect(first.statusCode).toBe(200);
    const again = await app.inject({
      url: `/uploads/${key}-800.webp`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await app.inject({ method: 'HEAD', url: `/uploads/${key}.webp` })).statusCode).toBe(200);
  });

  it('answers 404 for anything else under /uploads', async () => {
    for (const url of [
      '/uploads/none-400.webp',
      '/uploads/00000000-0000-4000-8000-000000000000.webp',
      '/uploads/00000000-0000-4000-8000-000000000000-500.webp',
      '/uploads/..%2Fpglite',
      '/api/uploads/00000000-0000-4000-8000-000000000000-share.jpg',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

/** The addresses of a photo, public form. */
const publicAddresses = (key: string) => [
  `/uploads/${key}.webp`,
  ...[400, 800, 1600].map((w) => `/uploads/${key}-${w}.webp`),
  `/uploads/${key}-share.jpg`,
];

/** Checks who gets a photo that waits for approval: its provider and admins at /api/uploads, nobody at /uploads. */
async function expectPrivate(key: string, owner: Who) {
  for (const address of publicAddresses(key)) {
    for (const who of [null, visitor(), owner, admin()]) {
      const res = await app.inject({ url: address, headers: who ? { cookie: who.cookie } : {} });
      expect(res.statusCode, address).toBe(404);
      expect(res.headers['cache-control'], address).toBe('no-store');
    }
    const privateAddress = `/api${address}`;
    for (const who of [owner, admin()]) {
      const { res } = await fetchPicture(privateAddress, who);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    for (const who of [null, visitor(), other]) {
      const res = await app.inject({ url: privateAddress, headers: who ? { cookie: who.cookie } : {} });
      expect(res.statusCode, `${privateAddress} as ${who ? 'someone' : 'anonymous'}`).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  }
}

describe('a photo that waits for approval', () => {
  it('of a draft is its provider’s and the admins’ only, at the /api address the workspace gives', async () => {
    const id = await createOwn(newcomer);
    const saved = await uploaded(newcomer, id);
    const key = keyOf(saved.imageUrl) ?? '';
    expect(saved.imageUrl).toBe(`/api/uploads/${key}.webp`);
    for (const address of sourcesOf(saved.imageUrl)) await fetchPicture(address, newcomer);
    await expectPrivate(key, newcomer);
  });

  it('of a new activity and of a change is its provider’s and the admins’ only until approved, then everyone’s', async () => {
    const id = await createOwn(julie);
    const first = keyOf((await uploaded(julie, id)).imageUrl) ?? '';
    await expectPrivate(first, julie);
    const queued = (await send(admin(), 'GET', '/api/admin/activities/pending?limit=100')).json<PendingActivity[]>();
    const entry = queued.find((item) => item.activityId === id);
    expect(entry?.proposed.imageUrl).toBe(`/api/uploads/${first}.webp`);
    for (const address of sourcesOf(entry?.proposed.imageUrl ?? null)) await fetchPicture(address, admin());

    await decide(id, true);
    for (const address of publicAddresses(first)) await fetchPicture(address);
    const published = (await send(julie, 'GET', `/api/provider/activities/${id}`)).json<ProviderActivity>();
    expect(published.imageUrl).toBe(`/uploads/${first}.webp`);

    // A new photo of the published activity waits: the public keeps the first.
    const changed = await uploaded(julie, id);
    const second = keyOf(changed.imageUrl) ?? '';
    expect(changed.imageUrl).toBe(`/api/uploads/${second}.webp`);
    await expectPrivate(second, julie);
    const pending = (await send(admin(), 'GET', '/api/admin/activities/pending?limit=100')).json<PendingActivity[]>();
    const change = pending.find((item) => item.activityId === id);
    expect(change?.current?.imageUrl).toBe(`/uploads/${first}.webp`);
    expect(change?.proposed.imageUrl).toBe(`/api/uploads/${second}.webp`);
    expect(await pageImages(`/activity/${id}`)).toContain(`${PUBLIC_URL}/uploads/${first}-share.jpg`);
    for (const address of publicAddresses(first)) await fetchPicture(address);

    // Approved: the second is everyone's at the public address, and the first is gone.
    await decide(id, true);
    for (const address of publicAddresses(second)) await fetchPicture(address);
    expect(await pageImages(`/activity/${id}`)).toContain(`${PUBLIC_URL}/uploads/${second}-share.jpg`);
    for (const address of publicAddresses(first)) expect((await app.inject({ url: address })).statusCode).toBe(404);
    expect(await filesOf(first)).toEqual([]);
    expect(await rowOf(first)).toBeUndefined();
  });
});

describe('photos nothing uses any more', () => {
  it('are deleted: one replaced in a waiting change, a rejected change’s, and a deleted activity’s', async () => {
    const id = await createOwn(julie);
    const published = keyOf((await uploaded(julie, id)).imageUrl) ?? '';
    await decide(id, true);

    const replaced = keyOf((await uploaded(julie, id)).imageUrl) ?? '';
    expect(await filesOf(replaced)).not.toEqual([]);
    const newer = keyOf((await uploaded(julie, id)).imageUrl) ?? '';
    expect(await filesOf(replaced)).toEqual([]);
    expect(await rowOf(replaced)).toBeUndefined();
    expect(await filesOf(newer)).toHaveLength(4);

    await decide(id, false);
    expect(await filesOf(newer)).toEqual([]);
    expect(await rowOf(newer)).toBeUndefined();
    // The published photo stays, public.
    expect(await filesOf(published)).toHaveLength(4);
    for (const address of publicAddresses(published)) await fetchPicture(address);

    expect((await send(julie, 'DELETE', `/api/provider/activities/${id}`)).statusCode).toBe(204);
    expect(await filesOf(published)).toEqual([]);
    expect(await rowOf(published)).toBeUndefined();
  });

  it('does not include the photo of a rejected draft, which the draft still shows to its provider', async () => {
    const id = await createOwn(julie);
    const key = keyOf((await uploaded(julie, id)).imageUrl) ?? '';
    await decide(id, false);
    expect(await filesOf(key)).not.toEqual([]);
    const draft = (await send(julie, 'GET', `/api/provider/activities/${id}`)).json<ProviderActivity>();
    expect(draft).toMatchObject({ state: 'rejected', imageUrl: `/api/uploads/${key}.webp` });
    await expectPrivate(key, julie);
  });
});

describe('the quota of a provider account', () => {
  /** Gives `who` `n` more photos in use, `bytes` each, each on an activity of their own (two statements). */
  async function fill(who: Awaited<ReturnType<typeof createProvider>>, n: number, bytes: number) {
    const keys = Array.from({ length: n }, () => randomUUID());
    const rows = await database.db
      .insert(activities)
      .values(
        keys.map((key, i) => ({
          name: `Rempli ${i}`,
          description: 'Une activité pour remplir le quota.',
          category: 'uitjes' as const,
          city: 'Limoux',
          latitude: 43.05,
          longitude: 2.22,
          sortName: `rempli ${i}`,
          providerId: who.provider.id,
          imageUrl: `/uploads/${key}.webp`,
        })),
      )
      .returning({ id: activities.id });
    await database.db
      .insert(photos)
      .values(keys.map((key, i) => ({ key, providerId: who.provider.id, activityId: rows[i]?.id, bytes })));
  }
  const stored = async () => (await readdir(path.join(dataDir, 'uploads'))).sort();

  it(`refuses a photo beyond ${PHOTO_QUOTA.photos} photos in use with 409 PHOTO_QUOTA_REACHED, keeping nothing; a replacement is let through`, async () => {
    const full = await createProvider(database.db, { name: 'Plein' });
    const id = await createOwn(full);
    await fill(full, PHOTO_QUOTA.photos - 1, 1000);
    const first = keyOf((await uploaded(full, id)).imageUrl) ?? '';

    const before = await stored();
    const otherId = await createOwn(full);
    const refused = await upload(full, otherId, await photo());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PHOTO_QUOTA_REACHED' });
    expect(await stored()).toEqual(before);
    expect(
      (await send(full, 'GET', `/api/provider/activities/${otherId}`)).json<ProviderActivity>().imageUrl,
    ).toBeNull();
    const inUse = async () =>
      (await database.db.select({ n: count() }).from(photos).where(eq(photos.providerId, full.provider.id)))[0]?.n;
    expect(await inUse()).toBe(PHOTO_QUOTA.photos);

    // Replacing a photo keeps the count where it is: the replaced one no longer counts, and goes.
    const second = keyOf((await uploaded(full, id)).imageUrl) ?? '';
    expect(await rowOf(first)).toBeUndefined();
    expect(await filesOf(first)).toEqual([]);
    expect(await filesOf(second)).toHaveLength(4);
    expect(await inUse()).toBe(PHOTO_QUOTA.photos);
    // Another account is not held back by it.
    await uploaded(julie, await createOwn(julie));
  });

  it(`refuses a photo beyond ${PHOTO_QUOTA.bytes / 1024 / 1024} MB of photos in use`, async () => {
    const heavy = await createProvider(database.db, { name: 'Lourd' });
    const id = await createOwn(heavy);
    // Ten bytes of room: any photo is larger.
    await fill(heavy, 3, Math.floor((PHOTO_QUOTA.bytes - 10) / 3));
    const refused = await upload(heavy, id, await photo());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PHOTO_QUOTA_REACHED' });
  });
});

describe('a photo uploaded before photos were recorded', () => {
  it('is recorded by the migration and keeps answering at the address its activity stores; its preview is made when asked for', async () => {
    const dir = path.join(dataDir, 'uploads');
    await mkdir(dir, { recursive: true });
    // Two photos as uploads wrote them before: three widths, no preview JPEG, no row.
    const [published, waiting] = [randomUUID(), randomUUID()];
    for (const key of [published, waiting]) {
      const original = await photo(2000, 1500);
      for (const width of [400, 800, 1600]) {
        await writeFile(
          path.join(dir, `${key}-${width}.webp`),
          await sharp(original).resize({ width }).webp().toBuffer(),
        );
      }
    }
    const id = await createActivity(database.db, {
      providerId: julie.provider.id,
      imageUrl: `/uploads/${published}.webp`,
    });
    await database.db.insert(activityRevisions).values({
      activityId: id,
      content: {
        name: 'Ancienne cave',
        description: 'Une cave.',
        language: 'fr',
        translations: {},
        category: 'uitjes' as const,
        location: null,
        address: null,
        city: 'Limoux',
        latitude: 43.05,
        longitude: 2.22,
        imageUrl: `/uploads/${waiting}.webp`,
      },
    });

    // The migration's last statement records the photos of before it (its number may change; its name does not).
    const migration = (await readdir(MIGRATIONS_DIR)).find((file) => /^\d+_photos\.sql$/.test(file)) ?? '';
    const statements = (await readFile(path.join(MIGRATIONS_DIR, migration), 'utf8')).split('--> statement-breakpoint');
    await database.db.execute(sql.raw(statements.at(-1) ?? ''));
    expect(await rowOf(published)).toMatchObject({ providerId: julie.provider.id, activityId: id, bytes: null });
    expect(await rowOf(waiting)).toMatchObject({ providerId: julie.provider.id, activityId: id, bytes: null });

    const detail = (await app.inject({ url: `/api/activities/${id}` })).json<Activity>();
    expect(detail.imageUrl).toBe(`/uploads/${published}.webp`);
    expect((await fetchPicture(detail.imageUrl ?? '')).picture).toMatchObject({ format: 'webp', width: 1600 });
    const images = await pageImages(`/activity/${id}`);
    expect(images).toContain(`${PUBLIC_URL}/uploads/${published}-share.jpg`);
    for (const image of images) {
      expect((await fetchPicture(image)).picture).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    }
    // The waiting one is its provider's only, like any photo waiting for approval.
    await expectPrivate(waiting, julie);
  });
});
