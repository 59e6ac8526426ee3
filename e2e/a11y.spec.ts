import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  FAVOURITES_KEY,
  openFilters,
  openOverview,
  overview,
  reload,
  test,
  toastRegion,
  visit,
  selectMarker,
} from './fixtures';

/**
 * axe-core on every screen; serious and critical violations fail.
 * The cookie banner is checked in consent.spec.ts.
 */

/** Waits until the idle-loaded parts (toast region) are in, so axe sees the whole page. */
async function settled(page: Page) {
  await expect(toastRegion(page)).toBeAttached();
}

/**
 * Waits for what is sliding or fading in (a dialog, its overlay) to end: mid-way, its text is
 * still faint, and axe would count that as too little contrast. Endless animations (the
 * placeholders' pulse) are not waited for; one that is cancelled (its element re-rendered) ends
 * too, and whatever started meanwhile is waited for in the next round.
 */
async function animationsDone(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const running = document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .filter((animation) => animation.playState === 'running');
        await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
        return running.length;
      }),
    )
    .toBe(0);
}

// axe-core needs several seconds of CPU on a large page: more time than the default for these tests.
test.describe.configure({ timeout: 60_000 });
// The screens as most visitors see them, with their transitions and animations (the other specs run
// with reduced motion: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

test.describe('accessibility (desktop 1366 px)', () => {
  test('overview: grid and list view', async ({ page }) => {
    await openOverview(page);
    await settled(page);
    await test.step('grid', () => expectNoSeriousA11yViolations(page));

    await page.getByRole('button', { name: 'Lijstweergave' }).click();
    await expect(page.getByRole('button', { name: 'Lijstweergave' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('main').getByText('Reserveren nodig').first()).toBeVisible();
    await test.step('list', () => expectNoSeriousA11yViolations(page));
  });

  test('overview: the open filter dialog', async ({ page }) => {
    await openOverview(page);
    await openFilters(page);
    await animationsDone(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('detail page of a bookable, sponsored activity', async ({ page }) => {
    await visit(page, '/activity/14');
    await expect(page.getByRole('list', { name: 'Reviews' })).toBeVisible();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('detail page of a market', async ({ page }) => {
    await visit(page, '/activity/1');
    await expect(page.getByRole('list', { name: 'Reviews' })).toBeVisible();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('/favorieten without and with items', async ({ page }) => {
    await visit(page, '/favorieten');
    await expect(page.getByRole('heading', { name: 'Nog geen favorieten' })).toBeVisible();
    await settled(page);
    await test.step('empty', () => expectNoSeriousA11yViolations(page));

    await page.evaluate((key) => localStorage.setItem(key, '[14,1,29]'), FAVOURITES_KEY);
    await reload(page);
    await expect(overview.cards(page)).toHaveCount(3);
    await settled(page);
    await test.step('with items', () => expectNoSeriousA11yViolations(page));
  });

  test('/landing', async ({ page }) => {
    await visit(page, '/landing');
    await expect(page.getByRole('heading', { level: 1, name: 'Limoux, zoals de Limouxins het kennen' })).toBeVisible();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('/kaart', async ({ page }) => {
    await visit(page, '/kaart');
    await expect(page.getByRole('heading', { level: 1, name: 'Kaart' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'In de buurt' }).getByRole('definition').first()).toHaveText(/^\d+$/);
    await settled(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('404 page', async ({ page }) => {
    await visit(page, '/does-not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeVisible();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('accessibility (mobile 390 x 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('overview with the bottom navigation, and the filter dialog as a bottom sheet', async ({ page }) => {
    await openOverview(page);
    await expect(page.getByRole('navigation', { name: 'Hoofdnavigatie' })).toBeVisible();
    await settled(page);
    await test.step('overview', () => expectNoSeriousA11yViolations(page));

    await openFilters(page);
    await animationsDone(page);
    await test.step('filter dialog', () => expectNoSeriousA11yViolations(page));
  });

  test('detail page with its booking bar', async ({ page }) => {
    await visit(page, '/activity/14');
    await expect(page.getByRole('main').getByRole('button', { name: 'Nu boeken' })).toBeInViewport();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
  });

  test("/kaart with a marker's card", async ({ page }) => {
    await visit(page, '/kaart');
    const marker = page
      .getByRole('region', { name: 'Kaart van de activiteiten' })
      .getByRole('button', { name: / op de kaart$/ })
      .first();
    await selectMarker(marker, () =>
      expect(page.getByRole('article', { name: /^Geselecteerd: / })).toBeVisible({ timeout: 3_000 }),
    );
    await settled(page);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('reduced motion (prefers-reduced-motion: reduce)', () => {
  test.use({ reducedMotion: 'reduce' });

  test('nothing keeps moving: a placeholder pulses once, a transition ends at once', async ({ page }) => {
    await openOverview(page);
    await settled(page);
    const timing = await page.evaluate(() => {
      const placeholder = document.createElement('span');
      placeholder.className = 'animate-pulse transition-colors duration-500';
      document.body.append(placeholder);
      const style = getComputedStyle(placeholder);
      const result = {
        iterations: style.animationIterationCount,
        animation: style.animationDuration,
        transition: style.transitionDuration,
      };
      placeholder.remove();
      return result;
    });
    expect(timing).toEqual({ iterations: '1', animation: '1e-05s', transition: '1e-05s' });
    await expect
      .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length))
      .toBe(0);
  });
});
