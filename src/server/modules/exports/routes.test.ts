import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_AREA } from '../../../domain/geo.js';
import { activitySources } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createActivity, createUser } from '../../test/factories.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';
import { writeFluxFolder } from '../imports/datatourisme/flux-writer.js';
import { runImport } from '../imports/datatourisme/importer.js';
import { localSource } from '../imports/datatourisme/source.js';
import { market } from '../imports/datatourisme/test-objects.js';

/** The open-data exports through HTTP (docs/api.md#open-data-exports), on both databases. */
const clock = fixedClock('2026-11-26T10:00:00Z');
const ctx = useTestApp(() => ({ deps: { clock } }));
let dir: string;
let ownId: number;
let hiddenId: number;
let importedId: number;
let admin: string;

/** A minimal RFC 4180 reader: the test's own, to check the writer's quoting. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dl-export-'));
  ownId = await createActivity(ctx.db, {
    name: 'Randonnée "Les Crêtes", Limoux',
    description: 'Une marche\nsur deux lignes, avec des "guillemets".',
    language: 'fr',
    category: 'uitjes',
    latitude: 43.06,
    longitude: 2.21,
    price: 12.5,
    contactPhone: '+33 4 68 31 11 82',
    translations: {
      nl: { name: 'Wandeling over de kammen', description: 'Een wandeling.' },
      en: { name: '=HYPERLINK("x")', description: 'A walk.' },
    },
  });
  hiddenId = await createActivity(ctx.db, { name: 'Pas encore publiée', isActive: false });
  await writeFluxFolder(path.join(dir, 'flux'), [market()]);
  const report = await runImport(
    { db: ctx.db, clock, area: DEFAULT_SERVICE_AREA },
    await localSource(path.join(dir, 'flux')),
  );
  expect(report.created).toBe(1);
  const [source] = await ctx.db.select().from(activitySources);
  importedId = source?.activityId as number;
  const user = await createUser(ctx.db, { role: 'admin' });
  admin = await sessionCookieFor(ctx.db, user.id);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('GET /api/export/activities.geojson', () => {
  it('gives every public activity with its names and descriptions per language, the licence and the source', async () => {
    const res = await get('/api/export/activities.geojson');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="discoverlocal-activities.geojson"');
    expect(res.headers['link']).toBe('<https://www.etalab.gouv.fr/licence-ouverte-open-licence/>; rel="license"');
    const body = res.json() as {
      license: unknown;
      features: { id: number; geometry: unknown; properties: Record<string, unknown> }[];
    };
    expect(body.license).toEqual({
      name: 'Licence Ouverte / Etalab 2.0',
      url: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
    });
    expect(body.features.map((f) => f.id).sort()).toEqual([ownId, importedId].sort());
    expect(body.features.map((f) => f.id)).not.toContain(hiddenId);
    const own = body.features.find((f) => f.id === ownId);
    expect(own?.geometry).toEqual({ type: 'Point', coordinates: [2.21, 43.06] });
    expect(own?.properties).toMatchObject({
      url: `http://localhost:5000/activity/${ownId}`,
      category: 'uitjes',
      originalLanguage: 'fr',
      name: { fr: 'Randonnée "Les Crêtes", Limoux', nl: 'Wandeling over de kammen', en: '=HYPERLINK("x")' },
      description: { fr: 'Une marche\nsur deux lignes, avec des "guillemets".', nl: 'Een wandeling.', en: 'A walk.' },
      price: 12.5,
      contactPhone: '+33 4 68 31 11 82',
      source: null,
    });
    const imported = body.features.find((f) => f.id === importedId);
    expect(imported?.properties).toMatchObject({
      category: 'markten',
      name: { fr: 'Marché de Limoux', en: 'Limoux market', de: 'Markt in Limoux' },
      source: {
        name: 'DATAtourisme',
        creator: 'Office de test',
        publisher: 'Agence de test',
        lastUpdate: '2026-10-01T09:00:00',
        credit: 'Source: Office de test, via DATAtourisme, updated 2026-10-01',
      },
    });
  });

  it('answers 304 to the ETag it gave, and a new ETag once the catalogue changes', async () => {
    const first = await get('/api/export/activities.geojson');
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await get('/api/export/activities.geojson', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['etag']).toBe(etag);

    const added = await createActivity(ctx.db, { name: 'Nouvelle activité' });
    const changed = await get('/api/export/activities.geojson', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['etag']).not.toBe(etag);
    expect((changed.json() as { features: { id: number }[] }).features.map((f) => f.id)).toContain(added);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/activities/${added}`,
      headers: { cookie: admin, ...sameOrigin },
    });
  });
});

describe('GET /api/export/activities.csv', () => {
  it('is RFC 4180 with a UTF-8 BOM: a column per language, quoted fields, formulas neutralised, the licence and the source', async () => {
    const res = await get('/api/export/activities.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toBe('attachment; filename="discoverlocal-activities.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header?.slice(0, 9)).toEqual([
      'id',
      'url',
      'category',
      'original_language',
      'name_nl',
      'name_en',
      'name_fr',
      'name_de',
      'name_es',
    ]);
    const record = (id: number) => {
      const row = rows.find((r) => r[0] === String(id)) as string[];
      return Object.fromEntries((header as string[]).map((column, i) => [column, row[i]]));
    };
    expect(record(ownId)).toMatchObject({
      name_fr: 'Randonnée "Les Crêtes", Limoux',
      name_nl: 'Wandeling over de kammen',
      name_en: '\'=HYPERLINK("x")',
      name_de: '',
      description_fr: 'Une marche\nsur deux lignes, avec des "guillemets".',
      price_eur: '12.50',
      phone: '+33 4 68 31 11 82',
      source: '',
      licence: 'Licence Ouverte / Etalab 2.0',
      licence_url: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
    });
    expect(record(importedId)).toMatchObject({
      name_de: 'Markt in Limoux',
      source: 'Source: Office de test, via DATAtourisme, updated 2026-10-01',
      source_creator: 'Office de test',
      source_updated: '2026-10-01T09:00:00',
    });
    expect(rows.every((row) => row.length === header?.length)).toBe(true);

    // Compressed for a client that takes it, the same bytes once unpacked.
    const gzipped = await get('/api/export/activities.csv', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).equals(res.rawPayload)).toBe(true);
  });
});

describe('GET /api/export/activities.jsonld', () => {
  it('is schema.org with language-tagged names and descriptions, the licence and what an imported one is based on', async () => {
    const res = await get('/api/export/activities.jsonld');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    const body = res.json() as { '@context': string; '@graph': Record<string, unknown>[] };
    expect(body['@context']).toBe('https://schema.org');
    expect(body['@graph'][0]).toMatchObject({
      '@type': 'Dataset',
      license: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
    });
    const own = body['@graph'].find((n) => n['@id'] === `http://localhost:5000/activity/${ownId}#activity`);
    expect(own).toMatchObject({
      '@type': ['TouristAttraction', 'LocalBusiness'],
      url: `http://localhost:5000/activity/${ownId}`,
      geo: { '@type': 'GeoCoordinates', latitude: 43.06, longitude: 2.21 },
      offers: { '@type': 'Offer', price: '12.50', priceCurrency: 'EUR' },
      telephone: '+33 4 68 31 11 82',
      license: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
    });
    expect(own?.['name']).toEqual(
      expect.arrayContaining([
        { '@language': 'fr', '@value': 'Randonnée "Les Crêtes", Limoux' },
        { '@language': 'nl', '@value': 'Wandeling over de kammen' },
      ]),
    );
    expect(own?.['@context']).toBeUndefined();
    expect(own?.['isBasedOn']).toBeUndefined();
    const imported = body['@graph'].find((n) => n['@id'] === `http://localhost:5000/activity/${importedId}#activity`);
    expect(imported).toMatchObject({
      creditText: 'Source: Office de test, via DATAtourisme, updated 2026-10-01',
      isBasedOn: {
        '@type': 'Dataset',
        name: 'DATAtourisme',
        creator: { '@type': 'Organization', name: 'Office de test' },
        dateModified: '2026-10-01T09:00:00',
      },
    });
  });
});

describe('the licence (a site setting, docs/site-settings.md)', () => {
  it('is the one the admin sets, in every export, at once', async () => {
    const before = await get('/api/export/activities.csv');
    const set = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: { cookie: admin, ...sameOrigin },
      payload: { dataLicence: 'CC BY 4.0', dataLicenceUrl: 'https://creativecommons.org/licenses/by/4.0/' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ dataLicence: { value: 'CC BY 4.0', isDefault: false } });
    const after = await get('/api/export/activities.csv', { 'if-none-match': before.headers['etag'] as string });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(',CC BY 4.0,https://creativecommons.org/licenses/by/4.0/\r\n');
    const geojson = await get('/api/export/activities.geojson');
    expect(geojson.json()).toMatchObject({ license: { name: 'CC BY 4.0' } });
    expect(geojson.headers['link']).toBe('<https://creativecommons.org/licenses/by/4.0/>; rel="license"');

    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: { cookie: admin, ...sameOrigin },
      payload: { dataLicence: 'A\nB', dataLicenceUrl: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { code: string; details: { path: string }[] }).details.map((d) => d.path).sort()).toEqual([
      'dataLicence',
      'dataLicenceUrl',
    ]);
    const reset = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: { cookie: admin, ...sameOrigin },
      payload: { dataLicence: null, dataLicenceUrl: null },
    });
    expect(reset.json()).toMatchObject({ dataLicence: { value: 'Licence Ouverte / Etalab 2.0', isDefault: true } });
  });
});
