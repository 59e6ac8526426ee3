import type { Locator, Page } from '@playwright/test';
import { apiActivity, expect, openOverview, overview, PAGE_LOAD, test, visit } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'Hoofdnavigatie' });

/** Where an element is on the screen now (it must be shown). */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not shown');
  return { top: found.y, bottom: found.y + found.height, height: found.height };
}

/** The top of the bottom navigation: what lies lower is under it. */
const navTop = async (page: Page) => (await box(bottomNav(page))).top;
/** The bottom of the page's header, which stays at the top. */
const headerBottom = async (page: Page) => (await box(page.getByRole('banner'))).bottom;

/** The first card's picture on the overview (decorative: no name of its own). */
const firstCardPicture = (page: Page) => page.getByRole('main').getByRole('article').first().locator('img').first();

/** Whether a point of the element is the topmost thing there (nothing covers it). */
const onTop = (locator: Locator) =>
  locator.evaluate((element) => {
    const { left, top, width, height } = element.getBoundingClientRect();
    const hit = document.elementFromPoint(left + width / 2, top + height / 2);
    return hit !== null && element.contains(hit);
  });

/**
 * The map page with a marker selected; the card of the selected marker. The marker clicked is one
 * wholly inside the map's frame and on top there: on a phone the map starts on Limoux, and markers
 * farther away (the first in the page's order may be one) lie outside the frame, clipped.
 */
async function selectMarker(page: Page) {
  await page.goto('/kaart');
  const map = page.getByRole('region', { name: 'Kaart van de activiteiten' });
  const markers = map.getByRole('button', { name: / op de kaart$/ });
  await expect(markers.first()).toBeAttached();
  await map.scrollIntoViewIfNeeded();
  const inside = () =>
    markers.evaluateAll((all) => {
      const frame = all[0]?.closest('.dl-map')?.getBoundingClientRect();
      if (!frame) return -1;
      return all.findIndex((marker) => {
        const { left, right, top, bottom } = marker.getBoundingClientRect();
        if (left < frame.left || right > frame.right || top < frame.top || bottom > frame.bottom) return false;
        const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
        return hit !== null && marker.contains(hit);
      });
    });
  await expect.poll(inside, { message: 'a marker wholly inside the map' }).toBeGreaterThanOrEqual(0);
  const marker = markers.nth(await inside());
  const name = ((await marker.getAttribute('aria-label')) ?? '').replace(/ op de kaart$/, '');
  await marker.click();
  const card = page.getByRole('article', { name: `Geselecteerd: ${name}` });
  await expect(card).toBeVisible();
  return card;
}

/**
 * Each title of the overview's cards or rows is at most two lines high, and the longest name shown
 * (more than two lines written out) is cut: its text is taller than what shows. Its link still
 * carries the whole name, as its name and its title.
 */
async function expectTitlesClamped(page: Page) {
  const titles = overview.cards(page);
  await expect(titles.first()).toBeVisible(PAGE_LOAD);
  const heights = await titles.evaluateAll((all) =>
    all.map((title) => ({
      shown: title.clientHeight,
      written: title.scrollHeight,
      line: parseFloat(getComputedStyle(title).lineHeight),
      name: title.textContent ?? '',
    })),
  );
  expect(heights.length).toBeGreaterThan(0);
  const longest = heights.map((title) => title.name).reduce((a, b) => (b.length > a.length ? b : a));
  for (const title of heights) expect(title.shown, title.name).toBeLessThanOrEqual(2 * title.line + 1);
  const cut = heights.find((title) => title.name === longest);
  expect(cut?.written, `${longest} runs past two lines`).toBeGreaterThan((cut?.shown ?? 0) + 1);
  const link = titles.filter({ hasText: longest }).getByRole('link', { name: longest, exact: true });
  await expect(link).toHaveAttribute('title', longest);
}

test.describe('mobile bottom navigation (390 x 844)', () => {
  test('shows Home, Zoeken, Kaart, Agenda and Favorieten and marks the current route', async ({ page }) => {
    await openOverview(page);
    const nav = bottomNav(page);
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('listitem')).toHaveCount(5);
    const home = nav.getByRole('link', { name: 'Home' });
    const search = nav.getByRole('button', { name: 'Zoeken' });
    const map = nav.getByRole('link', { name: 'Kaart' });
    const agenda = nav.getByRole('link', { name: 'Agenda' });
    const favourites = nav.getByRole('link', { name: 'Favorieten' });
    for (const item of [home, search, map, agenda, favourites]) await expect(item).toBeVisible();
    await expect(home).toHaveAttribute('aria-current', 'page');
    await expect(map).not.toHaveAttribute('aria-current', 'page');

    await map.click();
    await expect(page).toHaveURL('/kaart');
    await expect(page.getByRole('heading', { level: 1, name: 'Kaart' })).toBeVisible();
    await expect(map).toHaveAttribute('aria-current', 'page');
    await expect(home).not.toHaveAttribute('aria-current', 'page');

    await favourites.click();
    await expect(page).toHaveURL('/favorieten');
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn favorieten' })).toBeVisible();
    await expect(favourites).toHaveAttribute('aria-current', 'page');
    await expect(map).not.toHaveAttribute('aria-current', 'page');

    await home.click();
    await expect(page).toHaveURL('/');
    await expect(home).toHaveAttribute('aria-current', 'page');
    await expect(favourites).not.toHaveAttribute('aria-current', 'page');
  });

  test('"Zoeken" from /favorieten goes to / and focuses the search box', async ({ page }) => {
    await visit(page, '/favorieten');
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn favorieten' })).toBeVisible();
    await bottomNav(page).getByRole('button', { name: 'Zoeken' }).click();
    await expect(page).toHaveURL('/');
    // Once the overview is there, focus follows within a second (spec: 100 ms, smooth scroll, 300 ms).
    await expect(overview.searchBox(page)).toBeVisible(PAGE_LOAD);
    await expect(overview.searchBox(page)).toBeFocused({ timeout: 2500 });
  });

  test('"Zoeken" still focuses the search box when the overview code arrives late (slow connection)', async ({
    page,
  }) => {
    // The overview's code takes 800 ms to arrive, longer than the spec's 100 + 300 ms focus delays.
    await page.route(/\/assets\/overview-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await visit(page, '/favorieten');
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn favorieten' })).toBeVisible();
    await bottomNav(page).getByRole('button', { name: 'Zoeken' }).click();
    await expect(overview.searchBox(page)).toBeVisible(PAGE_LOAD);
    await expect(page).toHaveURL('/');
    await expect(overview.searchBox(page)).toBeFocused({ timeout: 2500 });
  });

  test('"Zoeken" on the overview scrolls back up and focuses the search box', async ({ page }) => {
    await openOverview(page);
    await page.getByText('12 van 36 getoond').scrollIntoViewIfNeeded();
    await expect(overview.searchBox(page)).not.toBeInViewport();
    await bottomNav(page).getByRole('button', { name: 'Zoeken' }).click();
    await expect(overview.searchBox(page)).toBeFocused({ timeout: 2500 });
    await expect(overview.searchBox(page)).toBeInViewport();
  });

  test('the "Best beoordeeld" chip is hidden below 768 px, the others are shown', async ({ page }) => {
    await openOverview(page);
    const bar = overview.categoryBar(page);
    await expect(bar.getByRole('link', { name: 'Alle' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Markten' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Best beoordeeld' })).toBeHidden();
  });

  test('the bottom bar is hidden on a wide screen (1366 px)', async ({ page }) => {
    await openOverview(page);
    await expect(bottomNav(page)).toBeVisible();
    await page.setViewportSize({ width: 1366, height: 768 });
    await expect(bottomNav(page)).toBeHidden();
    await expect(overview.categoryBar(page).getByRole('link', { name: 'Best beoordeeld' })).toBeVisible();
  });
});

test.describe('a phone shows activities first (390 x 844)', () => {
  test("the first card's picture is on the first screen of /, above the bottom navigation", async ({ page }) => {
    await openOverview(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const picture = await box(firstCardPicture(page));
    expect(picture.height).toBeGreaterThan(100);
    expect(picture.top).toBeGreaterThanOrEqual(await headerBottom(page));
    expect(picture.bottom).toBeLessThanOrEqual(await navTop(page));
    // The search and "use my position" are still on that screen.
    await expect(overview.searchBox(page)).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Mijn locatie gebruiken' })).toBeInViewport();
  });

  test('on a detail page "Nu boeken" is at hand at first, beside the reviews and at the end, covering nothing', async ({
    page,
    request,
  }) => {
    const activity = await apiActivity(request, 14);
    expect(activity.bookingRequired).toBe(true);
    await visit(page, '/activity/14');
    // One button on a phone: the bar's (the price box shows its own from the large breakpoint).
    const book = page.getByRole('main').getByRole('button', { name: 'Nu boeken' });
    await expect(book).toHaveCount(1);
    const inView = async () => {
      await expect(book).toBeInViewport({ ratio: 1 });
      expect((await box(book)).bottom).toBeLessThanOrEqual(await navTop(page));
      expect(await onTop(book)).toBe(true);
    };
    await inView();

    await page.getByRole('heading', { level: 2, name: 'Gastenboek en reviews' }).scrollIntoViewIfNeeded();
    await inView();
    await page.getByRole('button', { name: 'Review versturen' }).scrollIntoViewIfNeeded();
    await inView();

    // At the end of the page the bar rests below the content: the last links are not under it.
    const more = page.getByRole('navigation', { name: 'Meer ontdekken' });
    const lastLink = more.getByRole('link').last();
    await lastLink.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    expect(await onTop(lastLink)).toBe(true);
    expect((await box(lastLink)).bottom).toBeLessThanOrEqual((await box(book)).top);

    // It opens the booking dialog, and focus comes back to it.
    await book.click();
    const dialog = page.getByRole('dialog', { name: `${activity.name} boeken` });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(book).toBeFocused();
  });

  test('opened with ?book=1 (the overview\'s "Boeken"), the dialog gives focus to the bar\'s button', async ({
    page,
  }) => {
    await page.goto('/activity/14?book=1');
    const dialog = page.getByRole('dialog', { name: /boeken$/ });
    await expect(dialog).toBeVisible(PAGE_LOAD);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('main').getByRole('button', { name: 'Nu boeken' })).toBeFocused();
    await expect(page).toHaveURL('/activity/14');
  });

  test("on /kaart the selected marker's card lies wholly above the bottom navigation", async ({ page }) => {
    const card = await selectMarker(page);
    await expect(card).toBeInViewport({ ratio: 1 });
    const shown = await box(card);
    expect(shown.bottom).toBeLessThanOrEqual(await navTop(page));
    expect(shown.top).toBeGreaterThanOrEqual(await headerBottom(page));
    await expect(card.getByRole('link', { name: 'Bekijk details' })).toBeVisible();
  });

  test('long names stop after two lines in the list rows, the whole name kept', async ({ page }) => {
    await openOverview(page, '/?view=list');
    await expectTitlesClamped(page);
  });
});

test.describe('a small phone (320 x 640, the width WCAG 1.4.10 reflow asks for)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the first card's picture shows on the first screen of /, at least half of it", async ({ page }) => {
    await openOverview(page);
    const picture = await box(firstCardPicture(page));
    expect(picture.top).toBeGreaterThanOrEqual(await headerBottom(page));
    expect((await navTop(page)) - picture.top).toBeGreaterThanOrEqual(picture.height / 2);
  });

  test('long names stop after two lines on the cards, the whole name kept', async ({ page }) => {
    await openOverview(page);
    await expectTitlesClamped(page);
  });

  test('"Nu boeken" and the map\'s card are above the bottom navigation', async ({ page }) => {
    await visit(page, '/activity/14');
    const book = page.getByRole('main').getByRole('button', { name: 'Nu boeken' });
    await expect(book).toBeInViewport({ ratio: 1 });
    expect((await box(book)).bottom).toBeLessThanOrEqual(await navTop(page));

    const card = await selectMarker(page);
    await expect(card).toBeInViewport({ ratio: 1 });
    expect((await box(card)).bottom).toBeLessThanOrEqual(await navTop(page));
  });

  test('no public page scrolls sideways, and the header shows the whole name of the language', async ({ page }) => {
    for (const path of ['/', '/activity/3', '/kaart', '/agenda', '/favorieten', '/landing']) {
      await visit(page, path);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        `${path} is wider than the screen by`,
      ).toBeLessThanOrEqual(0);
    }
    // A select clips its text without a sign: the name must fit between the globe and the arrow.
    const select = page.getByRole('banner').getByRole('combobox', { name: 'Taal' });
    await expect(select).toHaveValue('nl');
    const { name, room } = await select.evaluate((element: HTMLSelectElement) => {
      const style = getComputedStyle(element);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) throw new Error('no canvas');
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = element.options[element.selectedIndex]?.text ?? '';
      return {
        name: context.measureText(text).width,
        room: element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      };
    });
    expect(name).toBeGreaterThan(0);
    expect(name).toBeLessThanOrEqual(room);
  });
});
