import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '../../../domain/activities.js';
import { REVIEW_PAGE_SIZE } from '../../../domain/review-rules.js';
import { type App, buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { seedDemo } from '../../db/seed/demo.js';
import { createActivity, createReview } from '../../test/factories.js';
import { INDEX_HTML } from '../../test/index-html.js';
import { testConfig } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-db.js';

/**
 * Server-rendered pages as a crawler or a slow phone gets them, before any script runs
 * (docs/rendering.md): the content in the page's language, the page state that hydration starts
 * from, the statuses, and the empty shell when the renderer fails. The renderer is the client's
 * own entry (src/client/entry-server.tsx), loaded the way the server loads the built one.
 */
const CLIENT = path.resolve(import.meta.dirname, '../../../client');
const ENTRY = path.join(CLIENT, 'entry-server.tsx');
/** The web client's texts, as the expected words (read, not imported: the server never imports the client). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const texts = (language: string, namespace: string): any =>
  JSON.parse(readFileSync(path.join(CLIENT, 'i18n', 'locales', language, `${namespace}.json`), 'utf8'));
const activitiesNl = texts('nl', 'activities');
const activitiesDe = texts('de', 'activities');
const commonNl = texts('nl', 'common');
const detailFr = texts('fr', 'detail');
const detailNl = texts('nl', 'detail');
let app: App;
let failing: App;
let database: Database;
let dir: string;
let hiddenId: number;
let markupId: number;
/** A provider's name full of markup (docs/security.md): text on the page, never markup. */
const MARKUP = '<img src=x data-injected="1"><b>Vet</b> & <i>co</i>';

/** A built client: index.html, and beside it the renderer module the server loads. */
async function builtClient(name: string, renderer: string) {
  const clientDir = path.join(dir, name, 'client');
  await mkdir(path.join(clientDir, 'assets'), { recursive: true });
  await mkdir(path.join(dir, name, 'ssr'));
  await writeFile(path.join(clientDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(dir, name, 'ssr', 'entry-server.js'), renderer);
  // Vite's manifest: the entry, the script that loads it after the first paint, and one route.
  await mkdir(path.join(clientDir, '.vite'));
  await writeFile(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', imports: ['_framework.js'] },
      '_framework.js': { file: 'assets/framework-abc.js' },
      'boot.ts': { file: 'assets/boot-abc.js' },
      'app/routes/overview.tsx': { file: 'assets/overview-abc.js', imports: ['_framework.js'] },
    }),
  );
  return clientDir;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dl-rendering-'));
  database = await createTestDatabase();
  await seedDemo(database.db, new Date(), { accounts: false });
  hiddenId = await createActivity(database.db, { name: 'Not yet approved', isApproved: false });
  markupId = await createActivity(database.db, { name: MARKUP, description: `${MARKUP} described` });
  const config = testConfig({ PUBLIC_URL: 'https://guide.example' });
  const real = await builtClient('real', `export { renderer } from ${JSON.stringify(ENTRY)};\n`);
  app = await buildApp({ config: { ...config, clientDir: real }, database, consistentReads: true });
  const broken = await builtClient(
    'broken',
    `export const renderer = { connect() {}, render: async () => { throw new Error('renderer down'); } };\n`,
  );
  failing = await buildApp({ config: { ...config, clientDir: broken }, database, consistentReads: true });
  await Promise.all([app.ready(), failing.ready()]);
});

afterAll(async () => {
  await app?.close();
  await failing?.close();
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

const fetchPage = (url: string, headers: Record<string, string> = {}, server = app) =>
  server.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** The HTML React rendered into #root. */
const rootOf = (html: string) => {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="page-state">');
  return html.slice(start, end < 0 ? html.indexOf('</body>') : end);
};
/** The visible text of some HTML, tags and entities aside. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

interface PageState {
  language: string;
  resources: Record<string, unknown>;
  queries: { queries: { queryKey: unknown[]; state: { status: string; data?: unknown; error?: unknown } }[] };
}
const stateOf = (html: string): PageState => {
  const found = /<script type="application\/json" id="page-state">([^<]*)<\/script>/.exec(html);
  if (!found?.[1]) throw new Error('the page has no page state');
  return JSON.parse(found[1]) as PageState;
};
const h1Of = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(rootOf(html))?.[1];

describe('a public page arrives rendered', () => {
  it('/ carries the overview and its first page of activities, in Dutch by default, with the state to hydrate from', async () => {
    const response = await fetchPage('/');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<html lang="nl"');
    expect(h1Of(html)).toBe(activitiesNl.hero.title);
    const firstPage = (await app.inject({ url: '/api/activities?weatherDay=today&lng=nl&limit=12&offset=0' })).json<
      Activity[]
    >();
    expect(firstPage).toHaveLength(12);
    const text = textOf(rootOf(html));
    for (const activity of firstPage) expect(text).toContain(activity.name);
    expect(text).toContain(commonNl.header.search);

    const state = stateOf(html);
    expect(state.language).toBe('nl');
    expect(Object.keys(state.resources)).toEqual(expect.arrayContaining(['common', 'activities']));
    // Only what the page used: not the admin's or the provider's texts.
    expect(Object.keys(state.resources)).not.toContain('admin');
    const list = state.queries.queries.find((query) => query.queryKey[0] === 'activities');
    // Ordered by today's forecast, as the browser asks it (docs/when.md#weather-suggestions).
    expect(list?.queryKey).toEqual(['activities', 'list', { weatherDay: 'today', lng: 'nl' }]);
    expect((list?.state.data as { pages: { items: Activity[] }[] }).pages[0]?.items.map((a) => a.id)).toEqual(
      firstPage.map((a) => a.id),
    );
    // Nothing personal is rendered or sent: the session is the browser's to ask.
    expect(state.queries.queries.some((query) => query.queryKey[0] === 'auth')).toBe(false);
  });

  it('runs no inline script: the page state and JSON-LD are data, every script has a source (the CSP)', async () => {
    for (const url of ['/', '/kaart', '/favorieten', '/landing', '/nope']) {
      const html = (await fetchPage(url)).body;
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? '');
      expect(scripts.length, url).toBeGreaterThan(0);
      for (const attributes of scripts) expect(attributes, url).toMatch(/src="|type="application\/(ld\+)?json"/);
    }
  });

  it('follows ?lng=, then the cookie, then Accept-Language', async () => {
    const [activity] = (await app.inject({ url: '/api/activities?lng=fr&limit=1' })).json<Activity[]>();
    if (!activity) throw new Error('no activity seeded');
    const fr = (await fetchPage(`/activity/${activity.id}?lng=fr`, { cookie: 'i18next=de' })).body;
    expect(fr).toContain('<html lang="fr"');
    expect(h1Of(fr)).toBe(activity.name.replace(/'/g, '&#x27;').replace(/&(?!#x27;)/g, '&amp;'));
    expect(textOf(rootOf(fr))).toContain(activity.description);
    expect(stateOf(fr).language).toBe('fr');
    expect(Object.keys(stateOf(fr).resources)).toContain('detail');

    const cookie = (await fetchPage('/', { cookie: 'i18next=de', 'accept-language': 'es' })).body;
    expect(h1Of(cookie)).toBe(activitiesDe.hero.title);
    const accepted = (await fetchPage('/', { 'accept-language': 'de-CH, en;q=0.5' })).body;
    expect(h1Of(accepted)).toBe(activitiesDe.hero.title);
  });

  it('/kaart carries its counts and the list of activities; the map itself waits for the browser', async () => {
    const html = (await fetchPage('/kaart')).body;
    const stats = (await app.inject({ url: '/api/stats' })).json<Record<string, number>>();
    const root = rootOf(html);
    expect(h1Of(html)).toBe(activitiesNl.map.title);
    expect(textOf(root)).toContain(`${activitiesNl.stats.markets} ${stats.markets}`);
    const all = (await app.inject({ url: '/api/activities?lng=nl&limit=100' })).json<Activity[]>();
    for (const activity of all) expect(textOf(root)).toContain(activity.name);
    expect(root).not.toContain('leaflet-container');
  });

  it('an unknown path and an activity that is not public answer 404 with their page rendered', async () => {
    const unknown = await fetchPage('/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(h1Of(unknown.body)).toBe(commonNl.notFound.title);

    const hidden = await fetchPage(`/activity/${hiddenId}?lng=fr`);
    expect(hidden.statusCode).toBe(404);
    expect(h1Of(hidden.body)).toBe(detailFr.notFound.title);
    // The error travels with the page, so the browser shows the same "not found" when it hydrates.
    const detail = stateOf(hidden.body).queries.queries.find((query) => query.queryKey[0] === 'activities');
    expect(detail?.state).toMatchObject({ status: 'error', error: { apiError: true, status: 404 } });
  });

  it("an activity's page carries the first page of its reviews, says how many there are, and offers the next", async () => {
    const id = await createActivity(database.db, { name: 'Druk bezocht' });
    for (let i = 1; i <= REVIEW_PAGE_SIZE + 2; i++) {
      await createReview(database.db, id, {
        rating: 4,
        comment: `Gastenboek ${i}`,
        createdAt: new Date(Date.UTC(2025, 0, i)),
      });
    }
    const html = (await fetchPage(`/activity/${id}`)).body;
    const text = textOf(rootOf(html));
    // Newest first: the last two written are on the first page, the first two are not.
    const total = REVIEW_PAGE_SIZE + 2;
    for (let i = 3; i <= total; i++) expect(text).toContain(`Gastenboek ${i}`);
    expect(text).not.toContain('Gastenboek 2 ');
    expect(text).not.toContain('Gastenboek 1 ');
    expect(text).toContain(`${REVIEW_PAGE_SIZE} van ${total} reviews getoond`);
    expect(rootOf(html)).toMatch(new RegExp(`<button[^>]*>${detailNl.reviews.more}</button>`));
    const reviews = stateOf(html).queries.queries.find((query) => query.queryKey[0] === 'reviews');
    expect(reviews?.queryKey).toEqual(['reviews', 'activity', id, { limit: REVIEW_PAGE_SIZE }]);
    const pages = (reviews?.state.data as { pages: { items: unknown[]; total: number }[] }).pages;
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ total, offset: 0 });
    expect(pages[0]?.items).toHaveLength(REVIEW_PAGE_SIZE);
  });

  it('renders a name full of markup as text, in the body and in the page state', async () => {
    const html = (await fetchPage(`/activity/${markupId}`)).body;
    expect(h1Of(html)).toBe(
      '&lt;img src=x data-injected=&quot;1&quot;&gt;&lt;b&gt;Vet&lt;/b&gt; &amp; &lt;i&gt;co&lt;/i&gt;',
    );
    expect(html).not.toContain('data-injected="1"');
    expect(html).not.toContain('<b>Vet</b>');
    const detail = stateOf(html).queries.queries.find((query) => query.queryKey[0] === 'activities');
    expect((detail?.state.data as Activity).name).toBe(MARKUP);
  });

  it('leaves the private pages to the browser', async () => {
    const html = (await fetchPage('/admin')).body;
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('page-state');
    // Nothing to paint first: the app's entry loads at once.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).not.toContain('app-module');
  });

  it('asks for one small script first, which loads the app once the page is painted (docs/rendering.md#paint-first)', async () => {
    const html = (await fetchPage('/')).body;
    expect([...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1])).toEqual(['/assets/boot-abc.js']);
    expect([...html.matchAll(/<meta name="app-module" content="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/assets/index-abc.js',
      // What the entry imports is preloaded by the built index.html (none in this one), not again here.
      '/assets/overview-abc.js',
    ]);
    expect(html).not.toContain('modulepreload');
  });

  it('sends the empty shell, with the status the page deserves, when the renderer fails', async () => {
    const ok = await fetchPage('/', {}, failing);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('<div id="root"></div>');
    expect(ok.body).not.toContain('page-state');
    expect(ok.body).toContain('</html>');
    const missing = await fetchPage('/nope', {}, failing);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"></div>');
  });
});
