import type { Locator, Page } from '@playwright/test';
import {
  apiActivities,
  apiActivity,
  expect,
  FAVOURITES_KEY,
  OUTSIDE_UNRESOLVED,
  overview,
  PAGE_LOAD,
  QUILLAN,
  test,
  text,
} from './fixtures';

/**
 * Map tiles come from outside, which these tests block on purpose, as they block the service worker
 * (playwright.config.ts): neither is the app's doing.
 */
const NOT_OURS = new RegExp(`${OUTSIDE_UNRESOLVED.source}|Service Worker registration blocked by Playwright`);

/** The errors and warnings a page logs, and its uncaught errors, from now on. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type()) && !NOT_OURS.test(message.text()))
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Whether React has hydrated `element`: React marks each element it has hydrated with its own
 * `__reactFiber$…` key (docs/rendering.md#results-later).
 */
function hydrated(element: Locator): Promise<boolean> {
  return element.evaluate((found) => Object.keys(found).some((key) => key.startsWith('__reactFiber$')));
}

/** The overview's results chunk (docs/rendering.md#results-later), which the tests below hold back. */
const RESULTS_CHUNK = /\/assets\/overview-results-[\w-]+\.js$/;

/** Holds the results' chunk back until the returned function is called. */
async function holdResults(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(RESULTS_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Server-rendered pages in a real browser (docs/rendering.md): readable before any script runs,
 * hydrated without a warning, and the browser does not ask again for what the page brought.
 */
test.describe('server-rendered pages', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the overview, an activity and the map are there to read', async ({ page, request }) => {
      const market = await apiActivity(request, 1, 'nl');
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nl', 'activities', 'hero.title'));
      await expect(overview.cards(page)).toHaveCount(12);
      await expect(page.getByRole('link', { name: market.name, exact: true })).toBeVisible();

      await page.goto('/activity/1?lng=fr');
      const french = await apiActivity(request, 1, 'fr');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(french.name);
      await expect(page.getByText(french.description)).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: text('fr', 'detail', 'reviews.title') })).toBeVisible();

      await page.goto('/kaart');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nl', 'activities', 'map.title'));
    });
  });

  test('a festival shows its next edition before any script runs, and keeps it through hydration without a warning', async ({
    page,
    request,
    browser,
  }) => {
    // The demo's Embrasement de la Cité: every 14 July, one evening (docs/product.md#event-dates).
    const fireworks = (await apiActivities(request, { category: 'feesten' })).items.find(
      (a) => a.eventStart?.endsWith('-07-14') && a.eventEnd === null,
    );
    if (!fireworks?.eventStart) throw new Error('the demo content has no festival with dates');
    const day = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${fireworks.eventStart}T00:00:00Z`),
    );
    expect(day).toMatch(/^14 juli 20\d\d$/);

    const withoutScripts = await browser.newContext({ javaScriptEnabled: false, locale: 'nl-NL' });
    const plain = await withoutScripts.newPage();
    await plain.goto(`/activity/${fireworks.id}`);
    const box = plain.getByRole('region', { name: 'Prijs' });
    await expect(box).toContainText(`Volgende editie${day}`);
    await withoutScripts.close();

    const problems = consoleProblems(page);
    await page.goto(`/activity/${fireworks.id}?lng=de`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: 'Preis' })).toContainText(
      `Nächste Ausgabe${new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${fireworks.eventStart}T00:00:00Z`))}`,
    );
    expect(problems).toEqual([]);
  });

  test('an attraction shows its weekly hours by season before any script runs, and keeps them through hydration', async ({
    page,
    request,
    browser,
  }) => {
    // The demo's Alet abbey: 25 March to 31 October, with July and August hours (docs/product.md#weekly-hours).
    const abbey = (await apiActivities(request, { category: 'uitjes' })).items.find((a) => a.weeklyHours.length > 0);
    if (!abbey) throw new Error('the demo content has no activity with weekly hours');
    const hours = (p: Page) => p.getByRole('definition').filter({ hasText: '14:00' });

    const withoutScripts = await browser.newContext({ javaScriptEnabled: false, locale: 'nl-NL' });
    const plain = await withoutScripts.newPage();
    await plain.goto(`/activity/${abbey.id}`);
    await expect(hours(plain)).toContainText('25 maart – 31 oktoberma–vr 14:00–18:00za, zo 10:00–12:00');
    await expect(hours(plain)).toContainText('1 juli – 31 augustusDagelijks 10:00–13:00');
    await withoutScripts.close();

    const problems = consoleProblems(page);
    await page.goto(`/activity/${abbey.id}?lng=fr`);
    await page.waitForLoadState('networkidle');
    await expect(hours(page)).toContainText('25 mars – 31 octobrelun.–ven. 14:00–18:00sam., dim. 10:00–12:00');
    await expect(hours(page)).toContainText('1 juillet – 31 aoûtTous les jours 10:00–13:00Tous les jours 14:00–19:00');
    expect(problems).toEqual([]);
  });

  for (const path of ['/', '/activity/3', '/kaart', '/favorieten', '/landing', '/?category=markten&lng=de']) {
    test(`${path} hydrates without a warning, and the app does not fetch again what the page brought`, async ({
      page,
    }) => {
      const problems = consoleProblems(page);
      const reads: string[] = [];
      // A page with reads of its own brings the client configuration with them (app/prefetch.ts).
      const brought = ['/favorieten', '/landing'].includes(path)
        ? /^\/api\/(activities(\/\d+(\/reviews)?)?|tags|stats)$/
        : /^\/api\/(activities(\/\d+(\/reviews)?)?|tags|stats|config)$/;
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (brought.test(url.pathname) && request.method() === 'GET') reads.push(`${url.pathname}${url.search}`);
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      // The maps ask for their view's clusters (/api/map), which the server cannot know: not a read again.
      expect(reads).toEqual([]);
    });
  }

  test('every script a page loads asks V8 to compile it at once, off the main thread', async ({ page }) => {
    // docs/rendering.md#compile-hints: the hint counts only on a script's first line.
    const scripts: Promise<{ url: string; head: string }>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js') && response.request().resourceType() === 'script')
        scripts.push(response.text().then((body) => ({ url: response.url(), head: body.split('\n', 1)[0] ?? '' })));
    });
    await page.goto('/activity/3');
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(3);
    for (const { url, head } of loaded) expect(head, url).toBe('//# allFunctionsCalledOnLoad');
  });

  test('a worker loads the locale data while the page starts, and then ends', async ({ page }) => {
    // docs/rendering.md#locale-data: the Content Security Policy lets it start, and it does not linger.
    const problems: string[] = [];
    page.on('console', (message) => {
      // The side map's tiles may start loading before the page is ready on a slow machine.
      if (message.type() === 'error' && !NOT_OURS.test(message.text())) problems.push(message.text());
    });
    const ended = new Promise<string>((resolve) => {
      page.on('worker', (worker) => worker.on('close', () => resolve(worker.url())));
    });
    await page.goto('/');
    expect(await ended).toMatch(/^blob:/);
    await expect(page.locator('html[data-ready]')).toBeAttached();
    expect(problems).toEqual([]);
  });

  test('a shared activity link previews with its name, text and picture, as a chat app reads it', async ({
    request,
    page,
  }) => {
    const activity = await apiActivity(request, 3, 'nl');
    // A chat app fetches the page without running it.
    const html = await (await request.get('/activity/3', { headers: { accept: 'text/html' } })).text();
    const meta = (key: string) =>
      new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&#39;/g, "'");
    expect(meta('og:title')).toBe(`${activity.name} · DiscoverLocal Limoux`);
    expect(meta('og:type')).toBe('article');
    expect(activity.description.startsWith(meta('og:description')?.replace(/…$/, '') ?? '-')).toBe(true);
    expect(meta('twitter:card')).toBe('summary_large_image');
    const image = meta('og:image') ?? '';
    const picture = await request.get(new URL(image).pathname);
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/png');

    // In the browser the tab says the same, and keeps saying it once the app runs.
    await page.goto('/activity/3');
    await expect(page).toHaveTitle(`${activity.name} · DiscoverLocal Limoux`);
    await page
      .getByRole('link', { name: /DiscoverLocal/ })
      .first()
      .click();
    await expect(page).toHaveTitle(/^DiscoverLocal Limoux · /);
    // Back on the activity, the app titles it again: the server's title stood for the first visit only.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: activity.name })).toBeVisible();
    await expect(page).toHaveTitle(`${activity.name} · DiscoverLocal Limoux`);
  });

  test('a card rendered by the server answers at once: its heart saves the favourite', async ({ page }) => {
    await page.goto('/');
    const name = await overview.cards(page).first().textContent();
    await page.getByRole('button', { name: `${name} bewaren als favoriet` }).click();
    await expect(page.getByRole('button', { name: `${name} verwijderen uit favorieten` })).toBeVisible();
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), FAVOURITES_KEY)).toMatch(/^\[\d+\]$/);
  });

  test('the overview answers before its results are hydrated; they hydrate when their code comes, without a warning', async ({
    page,
    request,
  }) => {
    const problems = consoleProblems(page);
    const release = await holdResults(page);
    const loading = page.goto('/');
    await page.locator('[data-results]').waitFor(PAGE_LOAD);

    // The rest of the page is hydrated and answers: the search box suggests.
    await expect.poll(() => hydrated(page.locator('header').first()), PAGE_LOAD).toBe(true);
    await overview.searchBox(page).fill('rando');
    await expect(page.getByRole('listbox', { name: 'Zoeksuggesties' }).getByRole('option').first()).toBeVisible();
    // The cards are the server's, not hydrated, and the page does not say it is ready.
    await expect(overview.cards(page)).toHaveCount(12);
    expect(await hydrated(page.locator('[data-results]'))).toBe(false);
    expect(await page.locator('html[data-ready]').count()).toBe(0);
    // A search sent now changes the address at once; the results still hydrate with the address the
    // server rendered, then follow it.
    await overview.searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\?q=rando$/);
    await expect(overview.cards(page)).toHaveCount(12);

    release();
    await loading;
    expect(await hydrated(page.locator('[data-results]'))).toBe(true);
    const found = await apiActivities(request, { search: 'rando', lng: 'nl' });
    expect(found.total).toBeLessThan(12);
    await expect(overview.resultCount(page, found.total)).toBeVisible();
    await expect(overview.cards(page)).toHaveCount(found.total);
    const name = await overview.cards(page).first().textContent();
    await page.getByRole('button', { name: `${name} bewaren als favoriet` }).click();
    await expect(page.getByRole('button', { name: `${name} verwijderen uit favorieten` })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('"use my position" before the results are hydrated: the card answers at once, the results hydrate as rendered, then follow the position', async ({
    page,
  }) => {
    // docs/rendering.md#results-later: the position is a provider's update, a transition, which must not
    // make React draw the dehydrated results again from scratch or warn of a mismatch.
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation(QUILLAN);
    const problems = consoleProblems(page);
    const release = await holdResults(page);
    const loading = page.goto('/');
    const useMine = page.getByRole('button', { name: 'Mijn locatie gebruiken' });
    await expect.poll(() => hydrated(useMine), PAGE_LOAD).toBe(true);
    await useMine.click();
    // The card answers at once; the position itself waits for the results (a transition).
    await expect(page.getByText('Locatie bepalen…')).toBeVisible();
    await expect(useMine).toBeDisabled();
    // Measured from Limoux, the first unsponsored activity is the Limoux market; the server's cards stay.
    await expect(overview.cards(page).nth(3)).toHaveText('Markt van Limoux');
    expect(await hydrated(page.locator('[data-results]'))).toBe(false);

    release();
    await loading;
    await expect(page.getByText('Quillan, Frankrijk')).toBeVisible();
    await expect(overview.cards(page).nth(3)).toHaveText('Markt van Quillan');
    expect(await hydrated(page.locator('[data-results]'))).toBe(true);
    expect(problems).toEqual([]);
  });

  test('leaving the overview before its results are hydrated still ends with a page that says it is ready', async ({
    page,
  }) => {
    // docs/rendering.md#results-later: the results never come, but the next page must answer.
    await page.route(RESULTS_CHUNK, () => new Promise<void>(() => {}));
    const problems = consoleProblems(page);
    void page.goto('/').catch(() => undefined);
    await page.locator('[data-results]').waitFor(PAGE_LOAD);
    await expect.poll(() => hydrated(page.locator('header').first()), PAGE_LOAD).toBe(true);
    // A link of the app, followed in the page, not loaded again from the server (the mark stays).
    await page.evaluate(() => document.body.setAttribute('data-same-page', ''));
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Favorieten/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: text('nl', 'favourites', 'title') })).toBeVisible();
    await expect(page.locator('body[data-same-page]')).toBeAttached();
    await expect(page.locator('html[data-ready]')).toBeAttached();
    expect(problems).toEqual([]);
  });

  test('results whose code fails to load say so where they would be, with a reload; the rest of the page stays', async ({
    page,
  }) => {
    await page.route(RESULTS_CHUNK, (route) => route.abort());
    await page.goto('/');
    const alert = page.getByRole('alert').filter({ hasText: text('nl', 'activities', 'results.error') });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: text('nl', 'activities', 'hero.title') })).toBeVisible();
    await page.unroute(RESULTS_CHUNK);
    await alert.getByRole('button', { name: text('nl', 'activities', 'results.retry') }).click();
    await expect(overview.cards(page)).toHaveCount(12, PAGE_LOAD);
  });

  test('favourites kept on the device show once the page is hydrated', async ({ page }) => {
    await page.goto('/landing');
    await page.evaluate((key) => localStorage.setItem(key, '[3]'), FAVOURITES_KEY);
    await page.goto('/favorieten');
    await expect(page.getByText(text('nl', 'favourites', 'count_one').replace('{{count}}', '1'))).toBeVisible(
      PAGE_LOAD,
    );
    await expect(page.getByRole('article')).toHaveCount(1);
  });
});
