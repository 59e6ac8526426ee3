import type { Page } from '@playwright/test';
import { escapeRegExp, expect, openInApp, test } from './fixtures';

/**
 * Names come from providers: whatever markup they hold is shown as text on
 * every map, never built into the page (docs/security.md). The pages are opened
 * in the app (openInApp) so that the browser reads the renamed activities; the
 * server-rendered HTML is checked in src/server/modules/pages/rendering.test.ts.
 */
const MARKUP = '<img src=x data-injected="1"><b>Vet</b> & <i>co</i>';

/** Every activity the API answers, and every marker of the maps, is renamed to MARKUP plus its id. */
async function renameEverything(page: Page) {
  await page.route(
    (url) =>
      url.pathname.startsWith('/api/activities') &&
      !url.pathname.endsWith('/tags') &&
      !url.pathname.endsWith('/reviews'),
    async (route) => {
      // Only the reads: the counts the detail page sends (POST .../events) go through as they are.
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { id: number; name: string } | { id: number; name: string }[];
      const rename = (a: { id: number; name: string }) => ({ ...a, name: `${MARKUP} ${a.id}` });
      await route.fulfill({ response, json: Array.isArray(body) ? body.map(rename) : rename(body) });
    },
  );
  // The maps' markers come with their names from the server's clusters (docs/api.md#the-map).
  await page.route(
    (url) => url.pathname === '/api/map',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { markers: { id: number; name: string }[] };
      const markers = body.markers.map((a) => ({ ...a, name: `${MARKUP} ${a.id}` }));
      await route.fulfill({ response, json: { ...body, markers } });
    },
  );
}

/** Hovers the first single marker of `map` and checks its tooltip shows the markup as text. */
async function expectTooltipAsText(page: Page, map: ReturnType<Page['getByRole']>) {
  const marker = map.getByRole('button', { name: / op de kaart$/ }).first();
  await expect(marker).toBeVisible({ timeout: 20_000 });
  await marker.hover();
  const tooltip = page.getByRole('tooltip').filter({ hasText: MARKUP });
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText('<img src=x data-injected="1"><b>Vet</b>');
  await expect(page.locator('[data-injected]')).toHaveCount(0);
  await expect(tooltip.locator('b, i, img')).toHaveCount(0);
}

test.describe('activity names full of markup', () => {
  // A map may still ask for a view as the test ends: its handler's fetch then meets a closed page,
  // which is no failure of the page under test.
  test.afterEach(async ({ page }) => {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('are text in the tooltips of the map page', async ({ page }) => {
    await renameEverything(page);
    await openInApp(page, '/kaart');
    await expectTooltipAsText(page, page.getByRole('region', { name: 'Kaart van de activiteiten' }));
  });

  test('are text in the tooltips of the map beside the results, and in the cards', async ({ page }) => {
    await renameEverything(page);
    await openInApp(page, '/');
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 3, name: new RegExp(`^${escapeRegExp(MARKUP)}`) }).first(),
    ).toBeVisible({ timeout: 20_000 });
    await expectTooltipAsText(page, main.getByRole('region', { name: 'Kaart van de activiteiten' }));
  });

  test('are text on the detail page and its map', async ({ page }) => {
    await renameEverything(page);
    await openInApp(page, '/activity/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${MARKUP} 1`, { timeout: 20_000 });
    await expect(page.getByRole('region', { name: `Kaart met de ligging van ${MARKUP} 1` })).toBeVisible();
    await expect(page.locator('[data-injected]')).toHaveCount(0);
  });
});

test('no public page breaks the Content Security Policy, not even to probe it', async ({ page }) => {
  // Zod probed eval in the browser: each page with a form reported a violation (lib/zod-browser.ts).
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
    );
  });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('CSP violation')) violations.push(message.text());
  });
  for (const path of ['/', '/activity/3', '/kaart', '/favorieten']) {
    await page.goto(path);
    await expect(page.locator('html[data-ready]')).toBeAttached();
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});
