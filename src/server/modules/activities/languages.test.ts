import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '../../../domain/activities.js';
import { type App, buildApp } from '../../app.js';
import type { Db, Database } from '../../db/client.js';
import { createActivity } from '../../test/factories.js';
import { getJson } from '../../test/http.js';
import { INDEX_HTML } from '../../test/index-html.js';
import { testConfig } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-db.js';

/** The API and the pages (with a web client, so that the detail page has its head). */
const ctx = {} as { app: App; db: Db; database: Database; clientDir: string };
beforeAll(async () => {
  ctx.clientDir = await mkdtemp(path.join(os.tmpdir(), 'dl-languages-'));
  await writeFile(path.join(ctx.clientDir, 'index.html'), INDEX_HTML);
  ctx.database = await createTestDatabase();
  ctx.db = ctx.database.db;
  ctx.app = await buildApp({
    config: { ...testConfig(), clientDir: ctx.clientDir },
    database: ctx.database,
    consistentReads: true,
  });
  await ctx.app.ready();
});
afterAll(async () => {
  await ctx.app?.close();
  await ctx.database?.close();
  await rm(ctx.clientDir, { recursive: true, force: true });
});

/**
 * A provider's activity written in Dutch with English, French and German translations: each text
 * field in the language asked for, else English, else the original (docs/product.md#activity-text-in-five-languages).
 */
let market: number;
/** Written in Dutch; its English translation has no place and no opening hours. */
let view: number;

beforeAll(async () => {
  market = await createActivity(ctx.db, {
    language: 'nl',
    name: 'Boerenmarkt Limoux',
    description: 'Streekproducten op het plein.',
    location: 'Place de la République',
    openingHours: 'Vrijdag 8-12 uur',
    marketDays: 'Vrijdagochtend',
    category: 'markten',
    translations: {
      en: {
        name: 'Limoux farmers market',
        description: 'Local produce on the square.',
        location: 'Republic square',
        openingHours: 'Friday 8 am-noon',
        marketDays: 'Friday morning',
      },
      fr: {
        name: 'Marché paysan de Limoux',
        description: 'Produits du terroir sur la place.',
        location: 'Place de la République',
        openingHours: 'Vendredi 8h-12h',
        marketDays: 'Vendredi matin',
      },
      de: {
        name: 'Bauernmarkt Limoux',
        description: 'Regionale Produkte auf dem Platz.',
        location: 'Platz der Republik',
        openingHours: 'Freitag 8-12 Uhr',
        marketDays: 'Freitagvormittag',
      },
    },
  });
  view = await createActivity(ctx.db, {
    language: 'nl',
    name: 'Uitzicht op de Aude',
    description: 'Een bankje boven de rivier.',
    location: 'Pont Neuf',
    openingHours: 'Altijd open',
    category: 'viewpoints',
    translations: {
      en: { name: 'View of the Aude', description: 'A bench above the river.' },
      fr: { name: "Vue sur l'Aude", description: '', openingHours: 'Toujours ouvert' },
    },
  });
});

const text = ({ name, description, location, openingHours, marketDays, language, languages }: Activity) => ({
  name,
  description,
  location,
  openingHours,
  marketDays,
  language,
  languages,
});
const everyField = (language: string) => ({
  name: language,
  description: language,
  location: language,
  openingHours: language,
  marketDays: language,
});

describe('the language of each text field', () => {
  it('gives a Spanish visitor the English text, and says so field by field', async () => {
    const res = await getJson<Activity>(ctx.app, `/api/activities/${market}?lng=es`);
    expect(res.status, res.text).toBe(200);
    expect(text(res.body)).toEqual({
      name: 'Limoux farmers market',
      description: 'Local produce on the square.',
      location: 'Republic square',
      openingHours: 'Friday 8 am-noon',
      marketDays: 'Friday morning',
      language: 'en',
      languages: everyField('en'),
    });
    const listed = await getJson<Activity[]>(ctx.app, '/api/activities?lng=es&category=markten');
    expect(listed.body.map(text)).toContainEqual(text(res.body));
  });

  it.each([
    ['fr', 'Marché paysan de Limoux', 'Vendredi matin'],
    ['de', 'Bauernmarkt Limoux', 'Freitagvormittag'],
    ['en', 'Limoux farmers market', 'Friday morning'],
    ['nl', 'Boerenmarkt Limoux', 'Vrijdagochtend'],
  ])('gives the %s text where it exists', async (lng, name, marketDays) => {
    const res = await getJson<Activity>(ctx.app, `/api/activities/${market}?lng=${lng}`);
    expect(res.body).toMatchObject({ name, marketDays, language: lng, languages: everyField(lng) });
  });

  it('falls back to the original for a field English lacks too', async () => {
    const es = await getJson<Activity>(ctx.app, `/api/activities/${view}?lng=es`);
    expect(text(es.body)).toEqual({
      name: 'View of the Aude',
      description: 'A bench above the river.',
      location: 'Pont Neuf',
      openingHours: 'Altijd open',
      marketDays: null,
      language: 'en',
      languages: { name: 'en', description: 'en', location: 'nl', openingHours: 'nl', marketDays: null },
    });
    // A blank French description is no description: English stands in for it.
    const fr = await getJson<Activity>(ctx.app, `/api/activities/${view}?lng=fr`);
    expect(text(fr.body)).toEqual({
      name: "Vue sur l'Aude",
      description: 'A bench above the river.',
      location: 'Pont Neuf',
      openingHours: 'Toujours ouvert',
      marketDays: null,
      language: 'fr',
      languages: { name: 'fr', description: 'en', location: 'nl', openingHours: 'fr', marketDays: null },
    });
  });

  it('renders the detail page, its meta tags and JSON-LD in the same texts', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/activity/${market}`,
      headers: { 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="es"');
    expect(res.body).toContain('<title>Limoux farmers market · DiscoverLocal Limoux</title>');
    expect(res.body).toContain('<meta name="description" content="Local produce on the square."');
    const ld = [...res.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
    );
    expect(ld.find((item) => String(item['@id']).endsWith('#activity'))).toMatchObject({
      name: 'Limoux farmers market',
      description: 'Local produce on the square.',
      inLanguage: 'en',
    });
  });
});
