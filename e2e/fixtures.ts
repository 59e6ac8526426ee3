import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

export { expect };

/**
 * A console error of a request to a host outside loopback, which the browser resolves to nothing in these
 * tests (`--host-resolver-rules` in playwright.config.ts): the map's tiles. Not the app's failure.
 */
export const OUTSIDE_UNRESOLVED = /net::ERR_NAME_NOT_RESOLVED/;

/** `text` as a regular expression matches it, every character taken literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const CONSENT_KEY = 'discoverlocal-cookie-consent';
export const FAVOURITES_KEY = 'discoverlocal-favorites';
export const LANGUAGE_KEY = 'i18nextLng';
export const LANGUAGE_COOKIE = 'i18next';
export const TOTAL_ACTIVITIES = 36;
export const PAGE_SIZE = 12;
/** A position in Quillan, 25 km south of Limoux: the geolocation the location tests give the browser. */
export const QUILLAN = { latitude: 42.8756, longitude: 2.1856 };

export type Language = 'nl' | 'en' | 'fr' | 'de' | 'es';
export const LANGUAGES: Language[] = ['nl', 'en', 'fr', 'de', 'es'];
export const NATIVE_NAMES: Record<Language, string> = {
  nl: 'Nederlands',
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
};

type Consent = 'accepted' | 'declined';

/**
 * `consent` (default 'declined') is written into localStorage before every
 * page script runs, unless a choice is already stored, so the cookie banner
 * never covers controls. `test.use({ consent: null })` leaves storage alone.
 */
export const test = base.extend<{ consent: Consent | null }>({
  consent: ['declined', { option: true }],
  // Nothing reaches past loopback: the browser resolves no other host (playwright.config.ts).
  page: async ({ page, consent, baseURL, javaScriptEnabled }, use) => {
    const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
    if (consent) {
      await page.addInitScript(
        ([key, value]) => {
          if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
        },
        [CONSENT_KEY, consent] as const,
      );
    }
    // A server-rendered page shows before it answers clicks: like a person, a test waits until the app is
    // running (`<html data-ready>`, docs/rendering.md) before it acts on a page of the app.
    for (const name of ['goto', 'reload'] as const) {
      const original = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
      Object.assign(page, {
        [name]: async (...args: unknown[]) => {
          const response = await original(...args);
          const url = new URL(page.url());
          const html = (response?.headers()['content-type'] ?? 'text/html').startsWith('text/html');
          if (javaScriptEnabled && url.origin === origin && !url.pathname.startsWith('/api/') && html)
            await page.locator('html[data-ready]').waitFor({ state: 'attached', ...PAGE_LOAD });
          return response;
        },
      });
    }
    // The Content Security Policy must never block anything the app does.
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        violations.push(message.text());
    });
    await use(page);
    expect(violations, 'Content Security Policy violations').toEqual([]);
  },
});

type Namespace = 'common' | 'activities' | 'detail' | 'favourites' | 'landing' | 'privacy';

/** A text of the client's locale files, e.g. `text('en', 'activities', 'hero.title')`. */
export function text(lng: Language, ns: Namespace, key: string): string {
  const file = new URL(`../src/client/i18n/locales/${lng}/${ns}.json`, import.meta.url);
  let value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`No text ${lng}/${ns}:${key}`);
  return value;
}

export interface ApiActivity {
  id: number;
  name: string;
  description: string;
  category: string;
  price: number | null;
  rating: number;
  bookingRequired: boolean;
  address: string | null;
  city: string;
  tags: string[];
  sponsorLevel: number;
  eventStart: string | null;
  weeklyHours: {
    days: number[];
    opens: string;
    closes: string;
    seasonStart: string | null;
    seasonEnd: string | null;
  }[];
  eventEnd: string | null;
}

/** The activities the API answers for a query (all of them, not one page) and its X-Total-Count. */
export async function apiActivities(request: APIRequestContext, query: Record<string, string | number> = {}) {
  const params = new URLSearchParams({
    limit: '100',
    ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  const response = await request.get(`/api/activities?${params.toString()}`);
  expect(response.ok()).toBe(true);
  const items = (await response.json()) as ApiActivity[];
  return { items, names: items.map((a) => a.name), total: Number(response.headers()['x-total-count']) };
}

export async function apiActivity(request: APIRequestContext, id: number, lng: Language = 'nl') {
  const response = await request.get(`/api/activities/${id}?lng=${lng}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiActivity;
}

/** The overview's parts. */
export const overview = {
  /** The category chips of the overview (the footer has a second "Categorieën" nav). */
  categoryBar: (page: Page) => page.getByRole('main').getByRole('navigation', { name: 'Categorieën' }),
  /** One heading (level 3) per activity card or list item shown. */
  cards: (page: Page) => page.getByRole('main').getByRole('heading', { level: 3 }),
  resultCount: (page: Page, count: number) =>
    page.getByRole('heading', { level: 2, name: count === 1 ? '1 activiteit' : `${count} activiteiten`, exact: true }),
  searchBox: (page: Page) => page.getByLabel('Zoek activiteiten'),
  filtersButton: (page: Page) => page.getByRole('button', { name: /^Filters( \(filters actief\))?$/ }),
  filterDialog: (page: Page) => page.getByRole('dialog', { name: 'Filters' }),
};

/**
 * How long a screen may take to load and render. Generous: the suite runs on
 * 2 CPUs that may be busy with other work, and the first load of a worker
 * also warms up the server.
 */
export const PAGE_LOAD = { timeout: 20_000 };

/** The h1 every screen has once it has rendered (the detail page: once its activity has loaded). */
export const pageHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

/** Opens a path and waits until its screen has rendered. */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(pageHeading(page)).toBeVisible(PAGE_LOAD);
}

/** Reloads the page and waits until its screen has rendered again. */
export async function reload(page: Page) {
  await page.reload();
  await expect(pageHeading(page)).toBeVisible(PAGE_LOAD);
}

/**
 * Opens `path` inside the running app, coming from another page, as a click on a link would: the
 * browser then reads the page's data itself, where `page.route` can change it. A page loaded whole
 * comes with the server's reads (docs/rendering.md), which no route in the browser sees.
 */
export async function openInApp(page: Page, path: string) {
  await page.goto('/landing');
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
  await expect(pageHeading(page)).toBeVisible(PAGE_LOAD);
}

/** Opens the overview and waits for the first page of results. */
export async function openOverview(page: Page, path = '/') {
  await page.goto(path);
  await expect(overview.cards(page).first()).toBeVisible(PAGE_LOAD);
}

export async function openFilters(page: Page) {
  await overview.filtersButton(page).click();
  const dialog = overview.filterDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function applyFilters(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Toepassen' }).click();
  await expect(dialog).toBeHidden();
}

/** The favourites link of the header; its name carries the count. */
export const favouritesLink = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('link', { name: `Favorieten, ${count} opgeslagen` });

/** A browser without a share sheet: "Delen" copies the link to the clipboard, which the page may use. */
export async function withoutShareSheet(page: Page, context: BrowserContext, origin: string | undefined) {
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
}

/** The notifications (toast) region, named in the page's language; F8 moves focus into it. */
export const toastRegion = (page: Page, lng: Language = 'nl') =>
  page.getByRole('region', { name: text(lng, 'common', 'toast.region').replace('{hotkey}', 'F8'), exact: true });

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { html: string }[];
}

/**
 * Clicks a map marker until `selected` holds: Leaflet lets a click made while the map still moves
 * (its first fit, or the zoom to filtered markers) go, as seen on a loaded machine; a visitor clicks
 * again, and so does a test.
 */
export async function selectMarker(marker: Locator, selected: () => Promise<void>) {
  await expect(async () => {
    await marker.click();
    await selected();
  }).toPass();
}

/** Runs axe-core on the page and fails on serious or critical violations, listing them. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Colours are checked as they end: a button caught halfway through its hover or focus transition
  // has a contrast it never shows at rest. Endless animations (skeletons, spinners) are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  // axe.run in the page itself ("legacy mode"): the default runs it in parts and finishes in a blank
  // page it opens for each check, which doubled the cost (measured on the overview: 3.2 against 1.6 s;
  // the same rules pass and the same violations are found). The app has no frames of other origins,
  // which only the default reaches.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const serious = (results.violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.html.slice(0, 200)) }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/**
 * Logs the page's browser context in with a demo account (as the demo portal
 * does), from `origin`: the server the test runs against.
 */
export async function demoLogin(page: Page, account: 'admin' | 'provider' | 'visitor', origin: string) {
  const login = await page.request.post(`${origin}/api/demo/login/${account}`, { headers: { origin } });
  expect(login.ok()).toBe(true);
}
