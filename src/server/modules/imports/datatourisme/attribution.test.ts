import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityDetail } from '../../../../domain/activities.js';
import { DEFAULT_SERVICE_AREA } from '../../../../domain/geo.js';
import { type App, buildApp } from '../../../app.js';
import type { Database } from '../../../db/client.js';
import { activities, activitySources, activityTranslations } from '../../../db/schema/index.js';
import { fixedClock } from '../../../deps.js';
import { createActivity } from '../../../test/factories.js';
import { INDEX_HTML } from '../../../test/index-html.js';
import { testConfig } from '../../../test/test-app.js';
import { createTestDatabase } from '../../../test/test-db.js';
import { writeFluxFolder } from './flux-writer.js';
import { runImport } from './importer.js';
import { localSource } from './source.js';
import { market, testObject } from './test-objects.js';

/**
 * An imported activity credits its source as the Licence Ouverte asks (docs/datatourisme.md#attribution):
 * in its API answer, on its server-rendered page and in its JSON-LD, while the guide's own listings
 * carry none. The page is rendered by the client's own entry, as in pages/rendering.test.ts.
 */
const clock = fixedClock('2026-11-26T10:00:00Z');
const ENTRY = path.resolve(import.meta.dirname, '../../../../client/entry-server.tsx');
let dir: string;
let database: Database;
let app: App;
let photo: Buffer;

/** A viewpoint whose English description and German name a translation service wrote, with a credited photo. */
const viewpoint = (extra: Record<string, unknown> = {}) =>
  testObject(
    {
      uuid: '9a8b7c6d-3333-4e5f-8a9b-0000000view',
      types: ['PointOfView', 'PlaceOfInterest', 'PointOfInterest'],
      names: { fr: 'Belvédère de test', en: 'Test viewpoint', de: 'Testaussicht' },
      descriptions: { fr: 'Une vue sur la vallée.', en: 'A view over the valley.' },
      latitude: '43.07',
      longitude: '2.21',
    },
    {
      hasTranslatedProperty: [
        { 'rdf:language': 'en', 'rdf:predicate': 'shortDescription' },
        { 'rdf:language': 'de', 'rdf:predicate': 'rdfs:label' },
      ],
      hasMainRepresentation: [
        {
          'ebucore:hasRelatedResource': [{ 'ebucore:locator': ['https://images.example/belvedere.jpg'] }],
          'ebucore:hasAnnotation': [{ credits: ['Studio Test'], 'ebucore:isCoveredBy': 'CC BY 4.0' }],
        },
      ],
      ...extra,
    },
  );

async function importObjects(name: string, objects: Record<string, unknown>[]) {
  const folder = path.join(dir, name);
  await writeFluxFolder(folder, objects);
  return runImport(
    {
      db: database.db,
      clock,
      area: DEFAULT_SERVICE_AREA,
      photos: { uploadsDir: path.join(dir, 'uploads'), fetch: async () => photo, release: async () => {} },
    },
    await localSource(folder),
  );
}

async function activityIdOf(object: Record<string, unknown>): Promise<number> {
  const [row] = await database.db
    .select({ id: activitySources.activityId })
    .from(activitySources)
    .where(eq(activitySources.sourceId, String(object['@id'])));
  if (!row) throw new Error('not imported');
  return row.id;
}

const detail = async (id: number, lng: string) => {
  const res = await app.inject({ url: `/api/activities/${id}?lng=${lng}` });
  expect(res.statusCode).toBe(200);
  return res.json<ActivityDetail>();
};
/**
 * The server-rendered page. Unlike the API's reads, a page does not wait for the read model
 * (consistentReads covers the API only): the import wrote straight into the database, so the test
 * lets the read model catch up first.
 */
const page = async (id: number, lng: string) => {
  await app.deps.catalog.sync();
  return app.inject({ url: `/activity/${id}?lng=${lng}`, headers: { accept: 'text/html' } });
};
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );
/** The visible text of the HTML React rendered, tags and the usual entities aside. */
const textOf = (html: string) =>
  html
    .slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="page-state">'))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/ ([,.)])/g, '$1');

let viewpointId: number;
let marketId: number;
let ownId: number;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dl-attribution-'));
  photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#7a9c5a' } })
    .jpeg()
    .toBuffer();
  // A built client: index.html, Vite's manifest, and beside it the renderer module the server loads.
  const clientDir = path.join(dir, 'client');
  await mkdir(path.join(clientDir, '.vite'), { recursive: true });
  await mkdir(path.join(dir, 'ssr'));
  await writeFile(path.join(clientDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(dir, 'ssr', 'entry-server.js'), `export { renderer } from ${JSON.stringify(ENTRY)};\n`);
  await writeFile(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/index-abc.js' } }),
  );
  database = await createTestDatabase();
  const config = { ...testConfig({ PUBLIC_URL: 'https://guide.example' }), clientDir };
  app = await buildApp({ config, database, consistentReads: true, clock });
  await app.ready();
  ownId = await createActivity(database.db, { name: 'Marché du guide', description: 'Écrit ici.' });
  const report = await importObjects('flux', [viewpoint(), market({ hasBeenCreatedBy: [] })]);
  expect(report).toMatchObject({ created: 2, photoFailures: { count: 0 } });
  viewpointId = await activityIdOf(viewpoint());
  marketId = await activityIdOf(market());
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the API answer of an imported activity (docs/api.md#activities)', () => {
  it('carries its source: author, publisher, the producer’s day, the photo’s credits and the machine-translated fields', async () => {
    const shown = await detail(viewpointId, 'en');
    expect(shown.source).toEqual({
      name: 'DATAtourisme',
      creator: 'Office de test',
      publisher: 'Agence de test',
      updatedAt: '2026-10-01',
      photoCredits: 'Studio Test',
      photoLicence: 'CC BY 4.0',
      machineTranslated: [
        { language: 'de', field: 'name' },
        { language: 'en', field: 'description' },
      ],
    });
    expect(shown.imageUrl).toMatch(/^\/uploads\//);
    const withoutAuthor = await detail(marketId, 'nl');
    expect(withoutAuthor.source).toMatchObject({ creator: null, photoCredits: null, machineTranslated: [] });
  });

  it('is null for the guide’s own listings, and no list carries it', async () => {
    expect((await detail(ownId, 'nl')).source).toBeNull();
    const list = await app.inject({ url: '/api/activities?limit=100' });
    const items = list.json<Record<string, unknown>[]>();
    expect(items).toHaveLength(3);
    expect(items.every((item) => !('source' in item))).toBe(true);
  });

  it('follows a change of the source row at once (the read model is told, docs/read-model.md#keeping-it-current)', async () => {
    await database.db
      .update(activitySources)
      .set({ creator: 'Office renommé', lastUpdate: '2026-11-02T08:00:00+01:00' })
      .where(eq(activitySources.activityId, viewpointId));
    expect((await detail(viewpointId, 'nl')).source).toMatchObject({
      creator: 'Office renommé',
      updatedAt: '2026-11-02',
    });
  });

  it('no longer marks a text rewritten here as machine-translated, nor credits a photo replaced here', async () => {
    await database.db
      .update(activityTranslations)
      .set({ description: 'A view over the valley, as our team describes it.' })
      .where(and(eq(activityTranslations.activityId, viewpointId), eq(activityTranslations.language, 'en')));
    await database.db
      .update(activities)
      .set({ imageUrl: '/images/activities/viewpoints-1.svg' })
      .where(eq(activities.id, viewpointId));
    expect((await detail(viewpointId, 'en')).source).toMatchObject({
      machineTranslated: [{ language: 'de', field: 'name' }],
      photoCredits: null,
      photoLicence: null,
    });
  });
});

describe('the page of an imported activity, as the server sends it (docs/seo.md#structured-data)', () => {
  it('credits its source, the licence and the photo, and marks the machine-translated text, in the page’s language', async () => {
    const other = await createActivityWithImportedPhoto();
    const res = await page(other, 'de');
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain(
      'Quelle: Office de test, über DATAtourisme ( öffnet in einem neuen Tab), aktualisiert am 1. Oktober 2026. ' +
        'Lizenz: Licence Ouverte / Etalab 2.0 ( öffnet in einem neuen Tab).',
    );
    expect(text).toContain('Foto: © Studio Test · CC BY 4.0');
    // The German name and the English description standing in for a German one were written by a translation service.
    expect(text.match(/maschinell übersetzt/g)).toHaveLength(2);
    // In English the name is the producer's own: only the description is marked.
    expect(textOf((await page(other, 'en')).body).match(/machine-translated/g)).toHaveLength(1);
    expect(res.body).toContain('href="https://www.datatourisme.fr"');
    expect(res.body).toContain('href="https://www.etalab.gouv.fr/licence-ouverte-open-licence"');
  });

  it('says where its description comes from in its JSON-LD, with the photo’s credits and licence', async () => {
    const other = await activityIdOf(viewpoint({ '@id': 'https://data.datatourisme.fr/10/second-viewpoint' }));
    const [ld] = jsonLdOf((await page(other, 'fr')).body);
    expect(ld).toMatchObject({
      '@type': ['TouristAttraction', 'LocalBusiness'],
      isBasedOn: {
        '@type': 'Dataset',
        name: 'DATAtourisme',
        url: 'https://www.datatourisme.fr',
        creator: { '@type': 'Organization', name: 'Office de test' },
        publisher: { '@type': 'Organization', name: 'Agence de test' },
        dateModified: '2026-10-01',
        license: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence',
      },
      image: [
        {
          '@type': 'ImageObject',
          contentUrl: expect.stringMatching(/^https:\/\/guide\.example\/uploads\/.+-share\.jpg$/),
          creditText: 'Studio Test',
          copyrightNotice: '© Studio Test',
          license: { '@type': 'CreativeWork', name: 'CC BY 4.0' },
        },
      ],
    });
  });

  it('the guide’s own listing has no source, in its page nor in its JSON-LD', async () => {
    const res = await page(ownId, 'nl');
    const text = textOf(res.body);
    expect(text).not.toContain('Bron:');
    const [ld] = jsonLdOf(res.body);
    expect(ld).not.toHaveProperty('isBasedOn');
    expect(ld?.image).toEqual([expect.any(String)]);
  });
});

/** A second imported viewpoint, its photo as imported. */
async function createActivityWithImportedPhoto(): Promise<number> {
  const second = viewpoint({ '@id': 'https://data.datatourisme.fr/10/second-viewpoint' });
  await importObjects('second', [viewpoint(), market({ hasBeenCreatedBy: [] }), second]);
  return activityIdOf(second);
}
