import type { Locator, Page } from '@playwright/test';
import {
  apiActivity,
  expect,
  openOverview,
  overview,
  QUILLAN,
  test,
  toastRegion,
  visit,
  withoutShareSheet,
  selectMarker,
} from './fixtures';
import { E2E } from './support/ports';

/** Issue 4: maps, live weather and the visitor's location, against stand-ins (or with the services down). */

const TOTAL = 36;

/** Every marker on a map: single markers ("... op de kaart") and clusters ("9 activiteiten, inzoomen"). */
async function markersOn(map: Locator) {
  await expect(map.getByRole('button', { name: / op de kaart$|activiteiten?, inzoomen$/ }).first()).toBeVisible();
  const singles = await map.getByRole('button', { name: / op de kaart$/ }).count();
  const clusters = await map.getByRole('button', { name: /activiteiten?, inzoomen$/ }).allInnerTexts();
  // A cluster's accessible name is "9 activiteiten, inzoomen": its first word is the count.
  const names = await map
    .getByRole('button', { name: /activiteiten?, inzoomen$/ })
    .evaluateAll((els) => els.map((el) => el.querySelector('[aria-hidden="true"]')?.textContent ?? '0'));
  const clustered = names.reduce((sum, n) => sum + Number(n), 0);
  return { singles, clusters: clusters.length, total: singles + clustered };
}

/**
 * Zooms out to the widest view: Leaflet ignores a zoom click while the previous zoom still animates,
 * so each click waits for the map to settle before the next one.
 */
async function zoomOutFully(zoomOut: Locator) {
  await expect(async () => {
    if (await zoomOut.isEnabled()) await zoomOut.click();
    await expect(zoomOut).toBeDisabled({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

const mapRegion = (page: Page) => page.getByRole('region', { name: 'Kaart van de activiteiten' });

test.describe('the map page', () => {
  test('shows every seeded activity as a marker or in a cluster, with the list for keyboard users', async ({
    page,
  }) => {
    await page.goto('/kaart');
    await expect(page.getByRole('heading', { level: 2, name: `${TOTAL} activiteiten op de kaart` })).toBeVisible();
    // The server sends what the view shows (docs/api.md#the-map): from the widest view, every activity.
    await expect.poll(async () => (await markersOn(mapRegion(page))).singles).toBeGreaterThan(0);
    const zoomOut = page.getByRole('button', { name: 'Uitzoomen', exact: true });
    await zoomOutFully(zoomOut);
    // Markers are added as the map settles: count until every activity is there.
    await expect.poll(async () => (await markersOn(mapRegion(page))).total).toBe(TOTAL);
    await page.getByText('Alle activiteiten als lijst').click();
    await expect(page.getByRole('main').getByRole('button', { pressed: false }).filter({ hasText: 'km' })).toHaveCount(
      TOTAL,
    );
    // The stats and weather cards sit beside the map, and two nearby towns are named.
    await expect(page.getByRole('region', { name: 'In de buurt' })).toContainText('5');
    await expect(page.getByText(/^In de buurt: .+ \(.+ km\) en .+ \(.+ km\)$/)).toBeVisible();
  });

  test('hover shows a tooltip; a click selects (highlight, tooltip, detail card); close deselects', async ({
    page,
  }) => {
    await page.goto('/kaart');
    const map = mapRegion(page);
    const marker = map.getByRole('button', { name: / op de kaart$/ }).first();
    const name = ((await marker.getAttribute('aria-label')) ?? '').replace(/ op de kaart$/, '');
    await marker.hover();
    await expect(page.getByRole('tooltip', { name })).toBeVisible();

    await marker.click();
    const card = page.getByRole('article', { name: `Geselecteerd: ${name}` });
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Bekijk details' })).toHaveAttribute('href', /^\/activity\/\d+$/);
    await expect(card).toContainText(/\d,\d/);
    await expect(map.getByRole('button', { name: `${name} op de kaart` })).toHaveAttribute('aria-pressed', 'true');
    // One tooltip, kept open while selected (not a second one beside the hover tooltip).
    await expect(page.getByRole('tooltip', { name })).toHaveCount(1);
    await expect(page.getByRole('tooltip', { name })).toBeVisible();

    await card.getByRole('button', { name: 'Sluiten' }).click();
    await expect(card).toBeHidden();
    const deselected = map.getByRole('button', { name: `${name} op de kaart` });
    await expect(deselected).toHaveAttribute('aria-pressed', 'false');
    // Deselected, the tooltip is a hover tooltip again.
    await expect(page.getByRole('tooltip', { name })).toHaveCount(0);
    await deselected.hover();
    await expect(page.getByRole('tooltip', { name })).toBeVisible();
  });

  test('keyboard users select a marker with Enter, and open the detail page from the card', async ({ page }) => {
    await page.goto('/kaart');
    const marker = mapRegion(page)
      .getByRole('button', { name: / op de kaart$/ })
      .first();
    const name = ((await marker.getAttribute('aria-label')) ?? '').replace(/ op de kaart$/, '');
    await marker.focus();
    await page.keyboard.press('Enter');
    const card = page.getByRole('article', { name: `Geselecteerd: ${name}` });
    await expect(card).toBeVisible();
    await card.getByRole('link', { name: 'Bekijk details' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('zoom in splits clusters, zoom out stops at the widest view, re-center clears the selection', async ({
    page,
  }) => {
    await page.goto('/kaart');
    const map = mapRegion(page);
    // From the widest view, where every activity is drawn: the first view depends on the frame's
    // size as the page settles (counted too early, it once had fewer activities than a closer view).
    const zoomIn = page.getByRole('button', { name: 'Inzoomen', exact: true });
    const zoomOut = page.getByRole('button', { name: 'Uitzoomen', exact: true });
    await zoomOutFully(zoomOut);
    await expect.poll(async () => (await markersOn(map)).total).toBe(TOTAL);
    const start = await markersOn(map);
    // Closer in, more of what the frame shows stands alone (what left the frame is not drawn). Leaflet
    // ignores a click while the last zoom still animates (the zoom out above may still be running), so
    // each click is followed by a look at the markers before the next one.
    await expect(async () => {
      if (await zoomIn.isEnabled()) await zoomIn.click();
      await expect
        .poll(
          async () => {
            const now = await markersOn(map);
            return now.singles / now.total;
          },
          { timeout: 2_000 },
        )
        .toBeGreaterThan(start.singles / start.total);
    }).toPass({ timeout: 20_000 });
    // Markers that left their clusters are buttons that say they are not selected, like the others.
    const markers = map.getByRole('button', { name: / op de kaart$/ });
    await expect(markers.first()).toBeVisible();
    expect(await markers.evaluateAll((all) => all.map((m) => m.getAttribute('aria-pressed')))).not.toContain(null);
    await zoomOutFully(zoomOut);

    await page.getByText('Alle activiteiten als lijst').click();
    await page.getByRole('button', { name: /^Markt van Quillan/ }).click();
    const card = page.getByRole('article', { name: 'Geselecteerd: Markt van Quillan' });
    await expect(card).toBeVisible();
    await page.getByRole('button', { name: 'Terug naar Limoux' }).click();
    await expect(card).toBeHidden();
    await expect(zoomOut).toBeEnabled();
  });

  test('a cluster zooms in when clicked and splits; a marker that came out of it opens its card', async ({ page }) => {
    await page.goto('/kaart');
    const map = mapRegion(page);
    const clusters = map.getByRole('button', { name: /activiteiten?, inzoomen$/ });
    await expect(clusters.first()).toBeVisible();
    // The largest cluster: its count, and what the server says of the view once the map has zoomed in on it.
    const counts = await clusters.evaluateAll((els) =>
      els.map((el) => Number(el.querySelector('[aria-hidden="true"]')?.textContent ?? '0')),
    );
    const largest = Math.max(...counts);
    await clusters.nth(counts.indexOf(largest)).click();
    // Zoomed in: the cluster is gone, split into smaller clusters and markers.
    await expect
      .poll(async () =>
        Math.max(
          0,
          ...(await clusters.evaluateAll((els) =>
            els.map((el) => Number(el.querySelector('[aria-hidden="true"]')?.textContent ?? '0')),
          )),
        ),
      )
      .toBeLessThan(largest);
    // The view asked for reaches past the frame (whole tiles): the marker nearest the centre is in sight.
    const markers = map.getByRole('button', { name: / op de kaart$/ });
    await expect(markers.first()).toBeAttached();
    const nearest = await markers.evaluateAll((all) => {
      const frame = all[0]?.closest('.dl-map')?.getBoundingClientRect();
      if (!frame) return 0;
      const away = (el: Element) => {
        const box = el.getBoundingClientRect();
        return Math.hypot(box.x - frame.x - frame.width / 2, box.y - frame.y - frame.height / 2);
      };
      return all.reduce((best, el, i) => (away(el) < away(all[best] as Element) ? i : best), 0);
    });
    const marker = markers.nth(nearest);
    const name = ((await marker.getAttribute('aria-label')) ?? '').replace(/ op de kaart$/, '');
    await selectMarker(marker, () => expect(marker).toHaveAttribute('aria-pressed', 'true', { timeout: 3_000 }));
    const card = page.getByRole('article', { name: `Geselecteerd: ${name}` });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: 'Bekijk details' })).toHaveAttribute('href', /^\/activity\/\d+$/);
  });

  test('says so when the places cannot be loaded, and shows them after a try again', async ({ page }) => {
    await page.route('**/api/map?**', (route) => route.fulfill({ status: 503, body: '{}' }));
    await page.goto('/kaart');
    const map = mapRegion(page).locator('..');
    const alert = map.getByRole('alert');
    await expect(alert).toContainText('De plekken op de kaart konden niet worden geladen.', { timeout: 20_000 });
    await page.unroute('**/api/map?**');
    await alert.getByRole('button', { name: 'Opnieuw proberen' }).click();
    await expect(alert).toBeHidden();
    await expect.poll(async () => (await markersOn(mapRegion(page))).total).toBeGreaterThan(0);
  });

  test('follows the category: markets only', async ({ page }) => {
    await page.goto('/kaart?category=markten');
    await expect(page.getByRole('heading', { level: 2, name: '5 activiteiten op de kaart' })).toBeVisible();
    await expect.poll(async () => (await markersOn(mapRegion(page))).total).toBe(5);
  });
});

test.describe('the map page on a sharp phone screen (390 x 844, 2 device pixels per px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const TILE_ORIGIN = 'https://tile.openstreetmap.org';
  // One grey pixel: the tile server's answer, from loopback.
  const TILE = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWO4efkIAAT5AnGpbwkqAAAAAElFTkSuQmCC',
    'base64',
  );
  const serveTiles = (page: Page) =>
    page.route(`${TILE_ORIGIN}/**`, (route) => route.fulfill({ contentType: 'image/png', body: TILE }));
  const rects = (images: Locator) =>
    images.evaluateAll((elements) =>
      elements.map((element) => {
        const { left, top, width } = element.getBoundingClientRect();
        return { src: (element as HTMLImageElement).src, left, top, width };
      }),
    );

  test('the server draws the tiles, and Leaflet draws the same sharp ones in their places', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Without scripts: the page's own HTML carries the map's tiles, 128 px each from zoom 11.
    const still = await browser.newPage({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
    });
    await serveTiles(still);
    await still.goto(`${baseURL}/kaart`);
    const preview = await rects(still.locator('[data-map-preview] img'));
    await still.close();
    expect(preview.length).toBeGreaterThan(20);
    for (const tile of preview) expect(tile.src).toMatch(new RegExp(`^${TILE_ORIGIN}/11/\\d+/\\d+\\.png$`));

    await serveTiles(page);
    await page.goto('/kaart');
    const leaflet = mapRegion(page).locator('img.leaflet-tile-loaded');
    await expect(leaflet.first()).toBeVisible();
    // Once Leaflet's tiles are in, the preview is gone (it would not follow the map when it moves).
    await expect(page.locator('[data-map-preview]')).toHaveCount(0);
    const drawn = await rects(leaflet);
    expect(drawn.length).toBeGreaterThan(4);
    for (const tile of drawn) {
      // Leaflet asks for the very tiles the preview showed, from the browser's cache, at the same place.
      const same = preview.find((p) => p.src === tile.src);
      expect(same, tile.src).toBeDefined();
      expect(tile.width).toBe(128);
      expect(Math.abs(tile.left - (same?.left ?? Number.NaN))).toBeLessThanOrEqual(1);
      expect(Math.abs(tile.top - (same?.top ?? Number.NaN))).toBeLessThanOrEqual(1);
    }
  });
});

test.describe('the overview side map', () => {
  test('shows every match (not only the page loaded) and follows a category filter; a marker highlights its card', async ({
    page,
  }) => {
    await openOverview(page);
    await expect(overview.cards(page)).toHaveCount(12);
    const side = page.getByRole('complementary', { name: 'Kaart van de resultaten' });
    const map = side.getByRole('region', { name: 'Kaart van de activiteiten' });
    await expect.poll(async () => (await markersOn(map)).total).toBe(TOTAL);

    await overview.categoryBar(page).getByRole('link', { name: 'Markten' }).click();
    await expect(overview.resultCount(page, 5)).toBeVisible();
    await expect.poll(async () => (await markersOn(map)).total).toBe(5);

    const marker = map.getByRole('button', { name: / op de kaart$/ }).first();
    const name = ((await marker.getAttribute('aria-label')) ?? '').replace(/ op de kaart$/, '');
    await selectMarker(marker, () => expect(marker).toHaveAttribute('aria-pressed', 'true', { timeout: 3_000 }));
    await expect(overview.cards(page).filter({ hasText: name })).toBeVisible();
  });
});

test.describe('the detail page map', () => {
  test('shows a small map centred on the activity', async ({ page }) => {
    await page.goto('/activity/1');
    const name = await page.getByRole('heading', { level: 1 }).innerText();
    await expect(page.getByRole('region', { name: `Kaart met de ligging van ${name}` })).toBeVisible();
  });

  test.describe('on a phone (390 x 844)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('loads Leaflet only when the visitor scrolls towards the map', async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto('/activity/1');
      const name = await page.getByRole('heading', { level: 1 }).innerText();
      const map = page.getByRole('region', { name: `Kaart met de ligging van ${name}` });
      // The page is running, and the map's frame far below: no map and none of its scripts yet.
      await expect(page.getByRole('button', { name: /Delen/ })).toBeVisible();
      await expect(map).toHaveCount(0);
      expect(scripts.filter((path) => /leaflet|location-map/.test(path))).toEqual([]);

      await page.getByRole('heading', { level: 2, name: 'Locatie' }).scrollIntoViewIfNeeded();
      await expect(map).toBeVisible();
      expect(scripts.some((path) => /location-map/.test(path))).toBe(true);
    });
  });
});

test.describe('weather, with the stand-in up', () => {
  test('the header and the map page show the weather near Limoux', async ({ page }) => {
    await page.goto('/kaart');
    const box = page.getByRole('region', { name: 'Weer in Limoux' });
    await expect(box).toContainText('14°');
    await expect(box).toContainText('Bewolkt');
    await expect(box).not.toContainText('niet beschikbaar');
    const card = page.getByRole('region', { name: 'Het weer vandaag' });
    await expect(card).toContainText('14°');
    await expect(card).toContainText('71%');
    await expect(card).toContainText('9,7 km/u');
    await expect(card).toContainText('24,1 km');
    await expect(card).toContainText('Weergegevens: Open-Meteo.com');
  });
});

test.describe('location', () => {
  test.describe('granted', () => {
    test.use({ geolocation: QUILLAN, permissions: ['geolocation'] });

    test('shows the town, and every distance and the distance sort follow the position', async ({ page }) => {
      await openOverview(page);
      // Before: measured from Limoux, the first unsponsored activity is the Limoux market.
      await expect(overview.cards(page).nth(3)).toHaveText('Markt van Limoux');
      await page.getByRole('button', { name: 'Mijn locatie gebruiken' }).click();
      await expect(page.getByText('Quillan, Frankrijk')).toBeVisible();
      await expect(overview.cards(page).nth(3)).toHaveText('Markt van Quillan');
      await expect(page.getByRole('main').getByText('0,3 km').first()).toBeVisible();
      // Kept for the session: other screens measure from here too.
      await page.goto('/activity/1');
      await expect(page.getByText(/km hiervandaan/)).not.toHaveText('0,0 km hiervandaan');
    });
  });

  test.describe('denied', () => {
    test('shows the spec message and the default city', async ({ page }) => {
      await openOverview(page);
      await page.getByRole('button', { name: 'Mijn locatie gebruiken' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'Toegang tot locatie geweigerd. Controleer je browserinstellingen.',
      );
      await expect(page.getByText('Limoux, Frankrijk')).toBeVisible();
      await expect(overview.cards(page).nth(3)).toHaveText('Markt van Limoux');
    });
  });
});

test.describe('with the outside services down', () => {
  test.use({ baseURL: E2E.offlineUrl });

  test('the weather says it is unavailable, with no made-up numbers (docs/outside-services.md#weather)', async ({
    page,
  }) => {
    await page.goto('/kaart');
    const box = page.getByRole('region', { name: 'Weer in Limoux' });
    await expect(box).toContainText('Weer niet beschikbaar');
    await expect(box).not.toContainText('°');
    const card = page.getByRole('region', { name: 'Het weer vandaag' });
    await expect(card.getByRole('status')).toContainText(
      'Weer niet beschikbaar' + 'De weerdienst is nu niet bereikbaar. Probeer het later opnieuw.',
    );
    await expect(card).not.toContainText('22°');
    await expect(card).not.toContainText(/\d/);
    // Trying again asks again, and says the same.
    const asked = page.waitForResponse((response) => response.url().includes('/api/weather'));
    await card.getByRole('button', { name: 'Opnieuw proberen' }).click();
    expect((await asked).status()).toBe(503);
    await expect(card.getByRole('status')).toContainText('Weer niet beschikbaar');
    await expect(card).not.toContainText(/\d/);
  });

  test('in English too, one language throughout', async ({ page }) => {
    await page.goto('/kaart?lng=en');
    await expect(page.getByRole('region', { name: 'Weather in Limoux' })).toContainText('Weather unavailable');
    const card = page.getByRole('region', { name: "Today's weather" });
    await expect(card.getByRole('status')).toHaveText(
      'Weather unavailable' + 'The weather service cannot be reached right now. Please try again later.',
    );
    await expect(card).not.toContainText(/\d/);
  });

  test.describe('reverse lookup failing', () => {
    test.use({ geolocation: QUILLAN, permissions: ['geolocation'] });
    test('shows the raw coordinates, and distances still follow', async ({ page }) => {
      await openOverview(page);
      await page.getByRole('button', { name: 'Mijn locatie gebruiken' }).click();
      await expect(page.getByText('42,8756°, 2,1856°')).toBeVisible();
      await expect(overview.cards(page).nth(3)).toHaveText('Markt van Quillan');
    });
  });
});

/** Whether the element drawn on top at the middle of what the screen shows of `over` is part of a Leaflet map. */
async function mapOnTopAt(page: Page, over: Locator): Promise<boolean> {
  await over.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  return over.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    if (bottom <= top) throw new Error('not on the screen');
    const onTop = document.elementFromPoint(box.left + box.width / 2, (top + bottom) / 2);
    return Boolean(onTop?.closest('.leaflet-container'));
  });
}

test.describe('layering (docs/seo.md#layering): dialogs and toasts are drawn above a map', () => {
  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    /**
     * Brings the small map of the detail page fully into view, once Leaflet has drawn it: its bottom
     * at the screen's (under the toasts), or in the middle (clear of the bottom navigation and the
     * booking bar, docs/product.md#the-detail-page).
     */
    async function smallMapInView(page: Page, name: string, block: 'end' | 'center' = 'end'): Promise<Locator> {
      // The map loads as its frame comes near the screen; then its bottom is brought to the screen's.
      await page
        .getByRole('region', { name: 'Locatie' })
        .evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await expect(
        page.getByRole('region', { name: `Kaart met de ligging van ${name}` }).locator('.leaflet-marker-icon'),
      ).toBeVisible();
      // Not by role: an open dialog hides the rest of the page from the accessibility tree.
      const map = page.locator('.leaflet-container');
      await map.evaluate((element, where) => element.scrollIntoView({ block: where }), block);
      return map;
    }

    test('the booking dialog covers the small map of the detail page', async ({ page, request }) => {
      const activity = await apiActivity(request, 14);
      await visit(page, '/activity/14');
      const map = await smallMapInView(page, activity.name, 'center');
      expect(await mapOnTopAt(page, map)).toBe(true);
      // Opened where it is, without scrolling the map away as a click by pointer would.
      await page.getByRole('button', { name: 'Nu boeken' }).dispatchEvent('click');
      await expect(page.getByRole('dialog', { name: /boeken$/ })).toBeVisible();
      expect(await mapOnTopAt(page, map)).toBe(false);
    });

    test('a toast lies above the small map of the detail page', async ({ page, request, context, baseURL }) => {
      await withoutShareSheet(page, context, baseURL);
      const activity = await apiActivity(request, 28);
      await visit(page, '/activity/28');
      await page.getByRole('button', { name: 'Delen' }).click();
      const toast = toastRegion(page).getByRole('listitem').filter({ hasText: 'Link gekopieerd naar klembord!' });
      await expect(toast).toBeVisible();
      // Focus in the notifications keeps the toast open (F8) while the map is brought under it.
      await page.keyboard.press('F8');
      const map = await smallMapInView(page, activity.name);
      const mapBox = await map.boundingBox();
      const toastBox = await toast.boundingBox();
      if (!mapBox || !toastBox) throw new Error('nothing to hit-test');
      // The toast's middle is over the map: what is drawn there is the toast.
      expect(toastBox.y + toastBox.height / 2).toBeGreaterThan(mapBox.y);
      expect(toastBox.y + toastBox.height / 2).toBeLessThan(mapBox.y + mapBox.height);
      expect(await mapOnTopAt(page, toast)).toBe(false);
      await expect(toast).toBeVisible();
    });
  });
});
