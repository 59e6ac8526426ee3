import type { BrowserContext, Page } from '@playwright/test';
import {
  CONSENT_KEY,
  expect,
  expectNoSeriousA11yViolations,
  type Language,
  LANGUAGE_COOKIE,
  openOverview,
  PAGE_LOAD,
  reload,
  test,
  text,
  toastRegion,
} from './fixtures';

// These tests start with nothing stored.
test.use({ consent: null });

const banner = (page: Page) => page.getByRole('region', { name: 'Alleen noodzakelijke cookies' });
const storedConsent = (page: Page) => page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY);
const languageCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === LANGUAGE_COOKIE);

/** The banner shows 2 s after load (docs/product.md#cookie-consent). */
const BANNER_DELAY_MS = 2000;

/**
 * The banner is mounted with the toast region once the browser is idle; from
 * then it shows after 2 s. Waiting that long proves it does not come.
 */
async function expectNoBanner(page: Page, lng: Language) {
  await expect(toastRegion(page, lng)).toBeAttached();
  await page.waitForTimeout(BANNER_DELAY_MS + 300);
  await expect(banner(page)).toHaveCount(0);
}

test.describe('cookie banner', () => {
  test('appears about 2 s after load when nothing is stored', async ({ page }) => {
    const start = Date.now();
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(PAGE_LOAD);
    // 2 s after load, plus the time a loaded machine takes to fetch the banner's deferred chunk.
    await expect(banner(page).getByRole('heading', { level: 2, name: 'Alleen noodzakelijke cookies' })).toBeVisible({
      timeout: 15_000,
    });
    expect(Date.now() - start).toBeGreaterThanOrEqual(BANNER_DELAY_MS);
    await expect(banner(page)).toContainText('We gebruiken alleen een cookie om je taalkeuze te onthouden.');
    expect(await storedConsent(page)).toBeNull();
    // The banner is accessible (axe: no serious or critical violations on the page with it).
    await expectNoSeriousA11yViolations(page);
  });

  test('"Accepteren" stores accepted; the banner stays away after a reload; the language goes in a cookie', async ({
    page,
    context,
  }) => {
    await openOverview(page);
    await banner(page).getByRole('button', { name: 'Accepteren' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await storedConsent(page)).toBe('accepted');
    // Accepting keeps the current language in the cookie.
    expect((await languageCookie(context))?.value).toBe('nl');

    await page.getByRole('combobox', { name: 'Taal' }).selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect.poll(async () => (await languageCookie(context))?.value).toBe('en');

    await reload(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await storedConsent(page)).toBe('accepted');
    await expectNoBanner(page, 'en');
  });

  test('"Weigeren" stores declined, and switching language then writes no cookie', async ({ page, context }) => {
    await openOverview(page);
    await banner(page).getByRole('button', { name: 'Weigeren' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await storedConsent(page)).toBe('declined');

    await page.getByRole('combobox', { name: 'Taal' }).selectOption('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // The choice is kept on the device, just not in a cookie.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('de');
    expect(await languageCookie(context)).toBeUndefined();

    await reload(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await languageCookie(context)).toBeUndefined();
    await expectNoBanner(page, 'de');
  });

  test('declining removes a language cookie written earlier', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: LANGUAGE_COOKIE, value: 'es', url: baseURL ?? '' }]);
    await openOverview(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const spanishBanner = page.getByRole('region', { name: text('es', 'common', 'cookies.title') });
    await spanishBanner.getByRole('button', { name: text('es', 'common', 'cookies.decline') }).click();
    await expect(spanishBanner).toHaveCount(0);
    expect(await storedConsent(page)).toBe('declined');
    await expect.poll(async () => languageCookie(context)).toBeUndefined();
  });

  test('on the map page the banner is above the map: nothing of the map covers it, and it takes clicks', async ({
    page,
  }) => {
    await page.goto('/kaart');
    await expect(page.getByRole('region', { name: 'Kaart van de activiteiten' })).toBeVisible(PAGE_LOAD);
    const accept = banner(page).getByRole('button', { name: 'Accepteren' });
    await expect(accept).toBeVisible({ timeout: 15_000 });
    // The banner slides in: hit-test where it comes to rest, not where it passes.
    await banner(page).evaluate((element) =>
      Promise.all(element.getAnimations().map((animation) => animation.finished)),
    );
    // The top element at the middle of each button is the button itself, not a map pane or control.
    for (const button of [accept, banner(page).getByRole('button', { name: 'Weigeren' })]) {
      const box = await button.boundingBox();
      if (!box) throw new Error('the button has no box');
      const onTop = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.closest('button')?.textContent ?? '',
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(onTop).toBe(await button.textContent());
    }
    await accept.click();
    await expect(banner(page)).toHaveCount(0);
    expect(await storedConsent(page)).toBe('accepted');
  });
});
