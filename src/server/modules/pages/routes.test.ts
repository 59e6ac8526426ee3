import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Activity } from '../../../domain/activities.js';
import { todayInParis } from '../../../domain/dates.js';
import { LANGUAGES } from '../../../domain/languages.js';
import { type App, buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { seedDemo } from '../../db/seed/demo.js';
import { createActivity } from '../../test/factories.js';
import { INDEX_HTML } from '../../test/index-html.js';
import { testConfig } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-db.js';

/**
 * The pages as a crawler or a chat app's link preview fetches them, without a browser
 * (docs/seo.md): status, head in the visitor's language, JSON-LD checked against schema.org's
 * types, the sitemap, robots.txt and the preview pictures.
 */
const PUBLIC_URL = 'https://guide.example';
let app: App;
let database: Database;
let clientDir: string;
let activities: Activity[];
let hiddenId: number;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'dl-pages-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'index.html'), INDEX_HTML);
  database = await createTestDatabase();
  await seedDemo(database.db, new Date(), { accounts: false });
  hiddenId = await createActivity(database.db, { name: 'Not yet approved', isApproved: false });
  app = await buildApp({ config: { ...testConfig({ PUBLIC_URL }), clientDir }, database, consistentReads: true });
  await app.ready();
  activities = (await app.inject({ url: '/api/activities?limit=100' })).json<Activity[]>();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(clientDir, { recursive: true, force: true });
});

/** A page as a crawler fetches it: no cookie, `Accept: *\/*` unless told otherwise. */
const fetchPage = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: '*/*', ...headers } });

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const alternatesOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
  );
const jsonLdOf = (html: string) =>
  [...head(html).matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );

// schema.org's types as rich results need them: required properties present, values well-formed.
const url = z.url({ protocol: /^https$/ });
const postalAddress = z.object({
  '@type': z.literal('PostalAddress'),
  addressLocality: z.string().min(1),
  addressCountry: z.string().length(2),
  streetAddress: z.string().min(1).optional(),
});
const geo = z.object({
  '@type': z.literal('GeoCoordinates'),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
const aggregateRating = z.object({
  '@type': z.literal('AggregateRating'),
  ratingValue: z.number().min(1).max(5),
  reviewCount: z.number().int().positive(),
  bestRating: z.literal(5),
  worstRating: z.literal(1),
});
const offer = z.object({
  '@type': z.literal('Offer'),
  price: z.string().regex(/^\d+\.\d{2}$/),
  priceCurrency: z.literal('EUR'),
  url,
  availability: z.literal('https://schema.org/InStock'),
});
/** What an attraction and its event both carry. */
const described = {
  '@context': z.literal('https://schema.org'),
  '@id': url,
  name: z.string().min(1),
  description: z.string().min(1),
  url,
  image: z.array(url).min(1),
  inLanguage: z.enum(LANGUAGES),
  isAccessibleForFree: z.boolean(),
  offers: offer.optional(),
};
const time = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/);
const openingHours = z
  .object({
    '@type': z.literal('OpeningHoursSpecification'),
    dayOfWeek: z
      .array(
        z.enum(
          ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
            (d) => `https://schema.org/${d}`,
          ),
        ),
      )
      .min(1),
    opens: time,
    closes: time,
    validFrom: z.iso.date().optional(),
    validThrough: z.iso.date().optional(),
  })
  .refine((spec) => spec.opens < spec.closes, 'closes after it opens')
  .refine((spec) => (spec.validFrom === undefined) === (spec.validThrough === undefined), 'a whole season or none')
  .refine((spec) => spec.validFrom === undefined || spec.validFrom < (spec.validThrough ?? ''), 'a season in order');
const attraction = z.object({
  ...described,
  '@type': z.tuple([z.literal('TouristAttraction'), z.literal('LocalBusiness')]),
  address: postalAddress,
  geo,
  telephone: z.string().optional(),
  sameAs: z.array(z.url()).optional(),
  aggregateRating: aggregateRating.optional(),
  openingHoursSpecification: z.array(openingHours).min(1).optional(),
});
const isoDay = z.iso.date();
const event = z.object({
  ...described,
  '@type': z.literal('Event'),
  startDate: isoDay,
  endDate: isoDay,
  eventStatus: z.literal('https://schema.org/EventScheduled'),
  eventAttendanceMode: z.literal('https://schema.org/OfflineEventAttendanceMode'),
  location: z.object({ '@type': z.literal('Place'), name: z.string().min(1), address: postalAddress, geo }),
});
const breadcrumbs = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z
    .array(z.object({ '@type': z.literal('ListItem'), position: z.number().int(), name: z.string().min(1), item: url }))
    .min(2)
    .refine((items) => items.every((item, index) => item.position === index + 1), 'positions must be 1, 2, 3...'),
});
const website = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('WebSite'),
  name: z.string().min(1),
  url,
  potentialAction: z.object({
    '@type': z.literal('SearchAction'),
    target: z.object({ '@type': z.literal('EntryPoint'), urlTemplate: z.string().includes('{search_term_string}') }),
    'query-input': z.literal('required name=search_term_string'),
  }),
});

describe('the head of each public page, before any script runs', () => {
  it('gives / its title, description, canonical address, language alternates, link preview and WebSite with a search', async () => {
    const res = await fetchPage('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-language']).toBe('nl');
    const html = res.body;
    expect(html).toContain('<html lang="nl"');
    expect(titleOf(html)).toBe('DiscoverLocal Limoux · Ontdek het beste van Limoux');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(meta(html, 'description')).toMatch(/^Markten onder de arcaden/);
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/`);
    expect(alternatesOf(html)).toEqual({
      nl: `${PUBLIC_URL}/?lng=nl`,
      en: `${PUBLIC_URL}/?lng=en`,
      fr: `${PUBLIC_URL}/?lng=fr`,
      de: `${PUBLIC_URL}/?lng=de`,
      es: `${PUBLIC_URL}/?lng=es`,
      'x-default': `${PUBLIC_URL}/`,
    });
    expect(meta(html, 'og:title')).toBe(titleOf(html));
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/images/share/site.png`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'robots')).toBeUndefined();
    const [ld, ...rest] = jsonLdOf(html);
    expect(rest).toEqual([]);
    website.parse(ld);
    // The app itself is still there.
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('src="/assets/index-abc.js"');
  });

  it.each([
    ['?lng=fr', {}, 'fr', 'Découvrez le meilleur de Limoux'],
    ['', { cookie: 'i18next=de' }, 'de', 'Entdecken Sie das Beste von Limoux'],
    ['', { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' }, 'es', 'Descubre lo mejor de Limoux'],
    ['', { 'accept-language': 'ja, en-GB;q=0.7, fr;q=0.6' }, 'en', 'Discover the best of Limoux'],
    ['?lng=xx', { cookie: 'i18next=zz', 'accept-language': 'ja' }, 'nl', 'Ontdek het beste van Limoux'],
  ])(
    'speaks the language of ?lng=, then the cookie, then Accept-Language, then Dutch (%s %j)',
    async (query, headers, language, title) => {
      const html = (await fetchPage(`/${query}`, headers)).body;
      expect(html).toContain(`<html lang="${language}"`);
      expect(titleOf(html)).toContain(title);
      expect(meta(html, 'og:locale')).toMatch(new RegExp(`^${language}_`));
      // The canonical address names the language only when the request did.
      expect(canonicalOf(html)).toBe(query === '?lng=fr' ? `${PUBLIC_URL}/?lng=fr` : `${PUBLIC_URL}/`);
    },
  );

  it('gives an activity its name, text, picture and structured data: attraction, rating, price, breadcrumbs', async () => {
    const rated = activities.find((a) => a.reviewCount > 0 && a.price !== null && a.price > 0);
    if (!rated) throw new Error('the demo content has no rated activity with a price');
    const res = await fetchPage(`/activity/${rated.id}?lng=en`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const english = (await app.inject({ url: `/api/activities/${rated.id}?lng=en` })).json<Activity>();
    expect(titleOf(html)).toBe(`${english.name.replace(/&/g, '&amp;').replace(/'/g, '&#39;')} · DiscoverLocal Limoux`);
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/activity/${rated.id}?lng=en`);
    expect(meta(html, 'description')?.length).toBeLessThanOrEqual(161);
    const image = meta(html, 'og:image') ?? '';
    expect(image).toMatch(new RegExp(`^${PUBLIC_URL}/images/share/[a-z]+-\\d\\.png$`));
    expect(meta(html, 'twitter:image')).toBe(image);
    const [ld, trail] = jsonLdOf(html);
    const parsed = attraction.parse(ld);
    expect(parsed).toMatchObject({ name: english.name, inLanguage: 'en', image: [image] });
    expect(parsed.aggregateRating).toMatchObject({ ratingValue: english.rating, reviewCount: english.reviewCount });
    expect(parsed.offers?.price).toBe(english.price?.toFixed(2));
    expect(parsed.geo).toMatchObject({ latitude: english.latitude, longitude: english.longitude });
    const crumbs = breadcrumbs.parse(trail).itemListElement;
    expect(crumbs.map((c) => c.name)).toEqual(['Home', expect.any(String), english.name]);
    expect(crumbs.at(-1)?.item).toBe(`${PUBLIC_URL}/activity/${rated.id}?lng=en`);
  });

  it('leaves out the rating and the offer where there are none', async () => {
    const plain = activities.find((a) => a.reviewCount === 0 && a.price === null);
    if (!plain) throw new Error('the demo content has no activity without reviews and price');
    const [ld] = jsonLdOf((await fetchPage(`/activity/${plain.id}`)).body);
    const parsed = attraction.parse(ld);
    expect(parsed.aggregateRating).toBeUndefined();
    expect(parsed.offers).toBeUndefined();
  });

  it('gives a festival with dates to come an Event at its place, and none once they have passed', async () => {
    // The demo's Embrasement de la Cité is every 14 July, one evening (docs/product.md#event-dates).
    const fireworks = activities.find((a) => a.eventStart?.endsWith('-07-14') && a.eventEnd === null);
    if (!fireworks) throw new Error('the demo content has no festival with dates');
    expect(fireworks.eventStart?.slice(5)).toBe('07-14');
    const lds = jsonLdOf((await fetchPage(`/activity/${fireworks.id}?lng=de`)).body);
    expect(lds.map((ld) => ld['@type'])).toEqual([['TouristAttraction', 'LocalBusiness'], 'BreadcrumbList', 'Event']);
    const parsed = event.parse(lds[2]);
    expect(parsed).toMatchObject({
      startDate: fireworks.eventStart,
      endDate: fireworks.eventStart,
      inLanguage: 'de',
      isAccessibleForFree: true,
      location: { address: { addressLocality: 'Carcassonne' } },
    });
    expect(parsed.offers?.price).toBe('0.00');

    const over = await createActivity(database.db, {
      name: 'Fête passée',
      category: 'feesten',
      eventStart: '2020-06-20',
      eventEnd: '2020-06-21',
    });
    // Written straight into the database: the read model takes it in now, not at its next notice.
    await app.deps.catalog.sync();
    const past = jsonLdOf((await fetchPage(`/activity/${over}`)).body);
    expect(past.map((ld) => ld['@type'])).toEqual([['TouristAttraction', 'LocalBusiness'], 'BreadcrumbList']);
  });

  it("gives structured hours as OpeningHoursSpecification, a season's for its days to come, never two at once; free text gives none", async () => {
    // The demo's Alet abbey: 25 March to 31 October, and July and August with hours of their own
    // that replace the others there (docs/product.md#weekly-hours).
    // (The markets have rows too, all year round: docs/when.md#market-days.)
    const abbey = activities.find((a) => a.category !== 'markten' && a.weeklyHours.length > 0);
    if (!abbey) throw new Error('the demo content has no activity with structured hours');
    const [ld] = jsonLdOf((await fetchPage(`/activity/${abbey.id}`)).body);
    const specs = attraction.parse(ld).openingHoursSpecification ?? [];
    const today = todayInParis(new Date());
    const dated = specs.map((spec) => ({ ...spec, from: spec.validFrom ?? '', to: spec.validThrough ?? '' }));
    for (const spec of dated) {
      expect(spec.to >= today && spec.from <= spec.to, JSON.stringify(spec)).toBe(true);
    }
    // Summer: each of its two rows once, for its run.
    const summer = dated.filter((spec) => spec.from.endsWith('-07-01'));
    expect(summer.map((spec) => [spec.opens, spec.closes, spec.to.slice(5), spec.dayOfWeek.length])).toEqual([
      ['10:00', '13:00', '08-31', 7],
      ['14:00', '19:00', '08-31', 7],
    ]);
    // The long season's rows (weekdays 14:00-18:00) never on a day of July or August.
    const weekdays = dated.filter((spec) => spec.closes === '18:00' && spec.dayOfWeek.length === 5);
    expect(weekdays.length).toBeGreaterThan(0);
    for (const spec of weekdays) {
      expect(spec.to.slice(5) <= '06-30' || spec.from.slice(5) >= '09-01', JSON.stringify(spec)).toBe(true);
    }
    // No day has two sets of hours that overlap in time.
    for (const [i, a] of dated.entries()) {
      for (const b of dated.slice(i + 1)) {
        const sameDay = a.dayOfWeek.some((day) => b.dayOfWeek.includes(day));
        const sameDates = a.from <= b.to && b.from <= a.to;
        const sameTime = a.opens < b.closes && b.opens < a.closes;
        expect(sameDay && sameDates && sameTime, `${JSON.stringify(a)} and ${JSON.stringify(b)}`).toBe(false);
      }
    }

    const allYear = await createActivity(database.db, {
      name: 'Cave ouverte',
      weeklyHours: [{ days: [4], opens: '18:00', closes: '24:00', seasonStart: null, seasonEnd: null }],
    });
    await app.deps.catalog.sync();
    const [cellar] = jsonLdOf((await fetchPage(`/activity/${allYear}`)).body);
    expect(attraction.parse(cellar).openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Thursday'],
        opens: '18:00',
        closes: '23:59:59',
      },
    ]);

    const freeText = activities.find((a) => a.weeklyHours.length === 0 && a.openingHours !== null);
    const [plain] = jsonLdOf((await fetchPage(`/activity/${freeText?.id}`)).body);
    expect(attraction.parse(plain).openingHoursSpecification).toBeUndefined();
  });

  it('keeps text from closing the script or the attributes it is written into', async () => {
    const id = await createActivity(database.db, {
      name: 'Bal "du" <samedi> </script><script>alert(1)</script>',
      description: 'Tout le monde & ses amis',
    });
    await app.deps.catalog.sync();
    const html = (await fetchPage(`/activity/${id}?lng=fr`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<samedi>');
    expect(meta(html, 'og:title')).toBe(
      'Bal &quot;du&quot; &lt;samedi&gt; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; · DiscoverLocal Limoux',
    );
    expect(attraction.parse(jsonLdOf(html)[0]).name).toBe('Bal "du" <samedi> </script><script>alert(1)</script>');
  });

  it("keeps `$'`, `$&` and `$`` in a provider's text as text: the template stays whole (docs/security.md)", async () => {
    // String.replace reads these in a replacement string as the text after, of and before the match.
    const name = "Tarot $' à 5 $& le $` soir $$";
    const description = "Prix: 5$ $' par table, $` et $& compris";
    const id = await createActivity(database.db, { name, description });
    await app.deps.catalog.sync();
    const html = (await fetchPage(`/activity/${id}?lng=fr`)).body;
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(html.indexOf('<div id="root">')).toBeGreaterThan(html.indexOf('</head>'));
    expect(html.match(/<html lang=/g)).toHaveLength(1);
    expect(titleOf(html)).toBe(`Tarot $&#39; à 5 $&amp; le $\` soir $$ · DiscoverLocal Limoux`);
    const [ld] = jsonLdOf(html);
    expect(attraction.parse(ld).name).toBe(name);
    expect(ld?.description).toBe(description);
  });

  it.each([
    ['/kaart', 'Kaart van de activiteiten · DiscoverLocal Limoux', true],
    ['/agenda', 'Agenda: markten en evenementen · DiscoverLocal Limoux', true],
    ['/landing', 'Limoux, zoals de Limouxins het kennen · DiscoverLocal Limoux', true],
    ['/privacy', 'Privacy en je gegevens · DiscoverLocal Limoux', true],
    ['/favorieten', 'Mijn favorieten · DiscoverLocal Limoux', false],
  ])('gives %s its own head and breadcrumbs', async (page, title, indexed) => {
    const res = await fetchPage(page);
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe(title);
    expect(canonicalOf(res.body)).toBe(`${PUBLIC_URL}${page}`);
    expect(meta(res.body, 'robots')).toBe(indexed ? undefined : 'noindex');
    breadcrumbs.parse(jsonLdOf(res.body)[0]);
  });
});

describe('statuses', () => {
  it.each([
    ['an unknown path', '/no-such-page'],
    ['a path below a page', '/kaart/extra'],
    ['an activity that does not exist', '/activity/999999'],
    ['an activity id past any row', '/activity/99999999999'],
  ])('answers %s with 404 and the app, which shows its 404 page', async (_what, url) => {
    const res = await fetchPage(url, { accept: 'text/html' });
    expect(res.statusCode).toBe(404);
    expect(titleOf(res.body)).toBe('Pagina niet gevonden · DiscoverLocal Limoux');
    expect(meta(res.body, 'robots')).toBe('noindex');
    expect(canonicalOf(res.body)).toBeUndefined();
    expect(jsonLdOf(res.body)).toEqual([]);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('answers an activity that is not public (not approved, or hidden) with 404', async () => {
    expect((await fetchPage(`/activity/${hiddenId}`)).statusCode).toBe(404);
  });

  it('serves the app pages of accounts, providers and admins, kept out of search engines', async () => {
    for (const page of [
      '/login',
      '/admin',
      '/admin/tags',
      '/provider/activities/4',
      '/boekingen',
      '/privacy/data/abc-123_x',
    ]) {
      const res = await fetchPage(page);
      expect(res.statusCode, page).toBe(200);
      expect(meta(res.body, 'robots'), page).toBe('noindex');
    }
  });

  it('lets no cache keep a private page or one whose address carries a token; the public pages are kept and revalidated', async () => {
    for (const page of [
      '/login',
      '/admin',
      '/provider/bookings',
      '/boekingen',
      '/boekingen/12/annuleren?token=secret-of-the-mail',
      '/privacy/data/abcdefghijklmnopqrstuvwxyz012345',
      '/activity/1?token=x',
      '/?code=abc&state=def',
    ]) {
      expect((await fetchPage(page)).headers['cache-control'], page).toBe('no-store');
    }
    for (const page of ['/', '/activity/1', '/kaart', '/favorieten', '/landing?lng=fr', '/privacy']) {
      expect((await fetchPage(page)).headers['cache-control'], page).toBe('no-cache');
    }
  });

  it('keeps JSON 404s for the API, for missing files and for JSON clients', async () => {
    for (const [url, accept] of [
      ['/api/nothing', 'text/html'],
      ['/assets/missing.js', '*/*'],
      ['/no-such-page', 'application/json'],
    ] as const) {
      const res = await app.inject({ url, headers: { accept } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
  });
});

describe('crawlers and link previews', () => {
  it('lists every public activity in the sitemap in five languages, with alternates and the last change', async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const publicIds = [...new Set([...activities.map((a) => a.id)])];
    for (const id of publicIds) {
      for (const language of LANGUAGES) expect(locs).toContain(`${PUBLIC_URL}/activity/${id}?lng=${language}`);
    }
    expect(locs.some((loc) => loc?.includes(`/activity/${hiddenId}?`))).toBe(false);
    expect(locs).toContain(`${PUBLIC_URL}/kaart?lng=de`);
    expect(locs.some((loc) => loc?.includes('/favorieten'))).toBe(false);
    // Every <url> has six alternates (five languages and x-default), and an activity its lastmod.
    const urls = xml.match(/<url>.*?<\/url>/g) ?? [];
    expect(urls.length).toBe(locs.length);
    for (const entry of urls) expect(entry.match(/<xhtml:link rel="alternate"/g)).toHaveLength(6);
    const first = urls.find((u) => u.includes(`/activity/${publicIds[0]}?lng=nl`)) ?? '';
    expect(first).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/lastmod>/);
  });

  it('points crawlers to the sitemap and away from the API and private pages', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /admin');
    // A mailed data link's token is a secret: no crawler follows it (docs/privacy.md#download-my-data).
    expect(res.body).toContain('Disallow: /privacy/data/');
  });

  it('serves an activity artwork as a 1200 x 630 PNG for link previews, and 404 for anything else', async () => {
    for (const file of ['markten-1.png', 'site.png']) {
      const res = await app.inject({ url: `/images/share/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const { width, height, format } = await sharp(res.rawPayload).metadata();
      expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
    }
    expect((await app.inject({ url: '/images/share/nothing-9.png' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/images/share/..%2Fsecret.png' })).statusCode).toBe(400);
  });
});
