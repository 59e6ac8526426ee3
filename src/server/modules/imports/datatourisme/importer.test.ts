import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_AREA } from '../../../../domain/geo.js';
import { activities, activitySources, activityTranslations, importRuns, photos } from '../../../db/schema/index.js';
import { fixedClock } from '../../../deps.js';
import { useTestApp } from '../../../test/test-app.js';
import { writeFluxFolder, writeFluxZip } from './flux-writer.js';
import { runImport } from './importer.js';
import { fetchPhoto } from './photo-fetch.js';
import { localSource } from './source.js';
import { farAway, market, testObject } from './test-objects.js';

const clock = fixedClock('2026-11-26T10:00:00Z');
const ctx = useTestApp(() => ({ deps: { clock } }));
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dl-import-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const view = (n: number, extra: Record<string, unknown> = {}) =>
  testObject(
    {
      uuid: `7c1e2d3f-0000-4000-8000-${String(n).padStart(12, '0')}`,
      types: ['PointOfView', 'PointOfInterest', 'PlaceOfInterest'],
      names: { fr: `Point de vue ${n}`, en: `Viewpoint ${n}` },
      descriptions: { fr: `Une vue sur la vallée de l’Aude, numéro ${n}.` },
      latitude: String(43 + n / 1000),
      longitude: '2.2',
    },
    extra,
  );

async function importFolder(name: string, objects: Record<string, unknown>[], dryRun = false) {
  const folder = path.join(dir, name);
  await writeFluxFolder(folder, objects);
  return runImport({ db: ctx.db, clock, area: DEFAULT_SERVICE_AREA }, await localSource(folder), { dryRun });
}

async function publicActivity(sourceId: string, lng = 'nl') {
  const [source] = await ctx.db.select().from(activitySources).where(eq(activitySources.sourceId, sourceId));
  if (!source) return { statusCode: 404, activityId: null, body: null };
  const res = await ctx.app.inject({ method: 'GET', url: `/api/activities/${source.activityId}?lng=${lng}` });
  return { statusCode: res.statusCode, activityId: source.activityId, body: res.json() as Record<string, unknown> };
}

describe('importing a flux (docs/datatourisme.md#identity-and-sync)', () => {
  it('a dry run reports what an import would do, and writes nothing but the run', async () => {
    const report = await importFolder('dry', [market(), view(1), farAway()], true);
    expect(report).toMatchObject({ dryRun: true, read: 3, created: 2, updated: 0, unchanged: 0, unpublished: 0 });
    expect(report.skipped).toEqual({
      out_of_area: { count: 1, ids: ['https://data.datatourisme.fr/10/5d7e9f10-1111-4c2d-8e3f-000000000002'] },
    });
    expect(await ctx.db.select().from(activitySources)).toEqual([]);
    const runs = await ctx.db.select().from(importRuns);
    expect(runs.map((r) => [r.dryRun, r.status])).toEqual([[true, 'done']]);
  });

  it('creates each object once, public at once in every language it has; the same flux again changes nothing', async () => {
    const first = await importFolder('one', [market(), view(1), view(2), farAway()]);
    expect(first).toMatchObject({ created: 3, updated: 0, unchanged: 0, unpublished: 0, failure: null });
    const again = await importFolder('one-again', [market(), view(1), view(2), farAway()]);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 3, unpublished: 0 });
    expect(await ctx.db.$count(activitySources)).toBe(3);

    const shown = await publicActivity(String(market()['@id']), 'en');
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toMatchObject({ name: 'Limoux market', category: 'markten', city: 'Limoux' });
    const french = await publicActivity(String(market()['@id']), 'fr');
    expect(french.body).toMatchObject({ name: 'Marché de Limoux', language: 'fr' });
  });

  it('updates a changed object, and keeps the fields an admin changed here', async () => {
    const { activityId } = await publicActivity(String(view(1)['@id']));
    if (activityId === null) throw new Error('not imported');
    await ctx.db.update(activities).set({ name: 'Le belvédère de l’office' }).where(eq(activities.id, activityId));
    const changed = view(1, {
      'rdfs:label': { fr: ['Point de vue renommé'], en: ['Renamed viewpoint'] },
      hasContact: [{ 'schema:telephone': ['04 68 31 11 82'] }],
    });
    const report = await importFolder('changed', [market(), changed, view(2)]);
    expect(report).toMatchObject({ created: 0, updated: 1, unchanged: 2, keptLocalEdits: { name: 1 } });
    const [row] = await ctx.db.select().from(activities).where(eq(activities.id, activityId));
    expect(row).toMatchObject({ name: 'Le belvédère de l’office', contactPhone: '04 68 31 11 82' });
    const [english] = await ctx.db
      .select()
      .from(activityTranslations)
      .where(eq(activityTranslations.activityId, activityId));
    expect(english).toMatchObject({ language: 'en', name: 'Renamed viewpoint' });

    // The next change of the name in the flux still leaves the admin's name.
    const again = await importFolder('changed-again', [
      market(),
      view(1, { 'rdfs:label': { fr: ['Encore un autre nom'] } }),
      view(2),
    ]);
    expect(again.keptLocalEdits).toEqual({ name: 1 });
    const [still] = await ctx.db.select().from(activities).where(eq(activities.id, activityId));
    expect(still?.name).toBe('Le belvédère de l’office');
  });

  it('unpublishes an object a new snapshot no longer has, never deletes it, and puts it back when it returns', async () => {
    const gone = await importFolder('without-2', [
      market(),
      view(1, { 'rdfs:label': { fr: ['Encore un autre nom'] } }),
    ]);
    expect(gone).toMatchObject({ unpublished: 1, created: 0 });
    const missing = await publicActivity(String(view(2)['@id']));
    expect(missing.statusCode).toBe(404);
    expect(await ctx.db.$count(activitySources)).toBe(3);

    const back = await importFolder('with-2', [
      market(),
      view(1, { 'rdfs:label': { fr: ['Encore un autre nom'] } }),
      view(2),
    ]);
    expect(back).toMatchObject({ republished: 1, unpublished: 0, created: 0 });
    expect((await publicActivity(String(view(2)['@id']))).statusCode).toBe(200);
  });

  it('counts an unreadable object and goes on; a file that is not a ZIP stops the run and unpublishes nothing', async () => {
    const zip = path.join(dir, 'broken.zip');
    await writeFluxZip(
      zip,
      [market(), view(1, { 'rdfs:label': { fr: ['Encore un autre nom'] } }), view(2), view(3)],
      [{ name: 'objects/0/00/10-broken.json', bytes: Buffer.from('{ not json') }],
    );
    const report = await runImport({ db: ctx.db, clock, area: DEFAULT_SERVICE_AREA }, await localSource(zip));
    expect(report).toMatchObject({ created: 1, unchanged: 3, failure: null });
    expect(report.skipped.unreadable).toEqual({ count: 1, ids: ['0/00/10-broken.json'] });

    const notZip = path.join(dir, 'not.zip');
    await rm(notZip, { force: true });
    await import('node:fs/promises').then((fs) => fs.writeFile(notZip, 'not a zip'));
    const failed = await runImport({ db: ctx.db, clock, area: DEFAULT_SERVICE_AREA }, await localSource(notZip));
    expect(failed.failure).toBeTruthy();
    expect(failed.unpublished).toBe(0);
    expect(await ctx.db.$count(activities, eq(activities.isActive, false))).toBe(0);
    const [run] = await ctx.db
      .select()
      .from(importRuns)
      .orderBy(importRuns.id)
      .limit(1)
      .offset((await ctx.db.$count(importRuns)) - 1);
    expect(run?.status).toBe('failed');
  });
});

describe('photos (docs/datatourisme.md#photos)', () => {
  const served = new Map<string, Buffer>();
  const asked: string[] = [];
  let server: Server;
  let base = '';
  beforeAll(async () => {
    served.set(
      '/cave.jpg',
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a33' } })
        .jpeg()
        .toBuffer(),
    );
    served.set('/not-an-image.jpg', Buffer.from('<html>'));
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      const body = served.get(req.url ?? '');
      res.writeHead(body ? 200 : 404, { 'content-type': 'image/jpeg' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const cellar = (photo: string, extra: Record<string, unknown> = {}) =>
    testObject(
      {
        uuid: '3e9a1f70-2222-4a5b-9c8d-00000000c0ve',
        types: ['WineCellar', 'TastingProvider', 'Store', 'PointOfInterest'],
        names: { fr: 'Cave de test' },
        latitude: '43.06',
        longitude: '2.22',
      },
      {
        hasMainRepresentation: [
          {
            'ebucore:hasRelatedResource': [{ 'ebucore:locator': [`${base}${photo}`] }],
            'ebucore:hasAnnotation': [{ credits: ['Studio Test'], 'ebucore:isCoveredBy': 'CC BY 4.0' }],
          },
        ],
        ...extra,
      },
    );

  const importWithPhotos = async (name: string, objects: Record<string, unknown>[]) => {
    const folder = path.join(dir, name);
    await writeFluxFolder(folder, objects);
    const uploadsDir = path.join(dir, 'uploads');
    return runImport(
      {
        db: ctx.db,
        clock,
        area: DEFAULT_SERVICE_AREA,
        photos: { uploadsDir, fetch: (url) => fetchPhoto(url, { allowPrivate: true }), release: async () => {} },
      },
      await localSource(folder),
    );
  };

  it('fetches the main photo once through the upload pipeline, keeps its credits and licence', async () => {
    const report = await importWithPhotos('photo', [cellar('/cave.jpg')]);
    expect(report).toMatchObject({ created: 1, photoFailures: { count: 0 } });
    const [source] = await ctx.db
      .select()
      .from(activitySources)
      .where(eq(activitySources.sourceId, String(cellar('/cave.jpg')['@id'])));
    expect(source?.photo).toEqual({
      url: `${base}/cave.jpg`,
      credits: 'Studio Test',
      licence: 'CC BY 4.0',
      skipped: null,
    });
    const [row] = await ctx.db
      .select()
      .from(activities)
      .where(eq(activities.id, source?.activityId ?? 0));
    expect(row?.imageUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect(await ctx.db.$count(photos, eq(photos.activityId, source?.activityId ?? 0))).toBe(1);

    asked.length = 0;
    const again = await importWithPhotos('photo-again', [cellar('/cave.jpg')]);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect(asked).toEqual([]);
  });

  it('counts a photo that is missing or not an image, and writes the activity all the same', async () => {
    const report = await importWithPhotos('photo-bad', [
      cellar('/gone.jpg', { 'rdfs:label': { fr: ['Cave de test, nouveau nom'] } }),
    ]);
    expect(report).toMatchObject({ updated: 1, photoFailures: { count: 1 } });
    const broken = await importWithPhotos('photo-bad-2', [
      cellar('/not-an-image.jpg', { 'rdfs:label': { fr: ['Cave de test'] } }),
    ]);
    expect(broken).toMatchObject({ updated: 1, photoFailures: { count: 1 } });
    // The photo made before stays.
    const [source] = await ctx.db
      .select()
      .from(activitySources)
      .where(eq(activitySources.sourceId, String(cellar('/x')['@id'])));
    const [row] = await ctx.db
      .select()
      .from(activities)
      .where(eq(activities.id, source?.activityId ?? 0));
    expect(row?.imageUrl).toMatch(/^\/uploads\//);
  });

  it('refuses a photo address on this machine or the local network unless told otherwise', async () => {
    await expect(fetchPhoto(`${base}/cave.jpg`)).rejects.toThrow(/not on the internet/);
    await expect(fetchPhoto('http://10.1.2.3/x.jpg')).rejects.toThrow(/not on the internet/);
    await expect(fetchPhoto('ftp://example.org/x.jpg')).rejects.toThrow(/http/);
  });
});
