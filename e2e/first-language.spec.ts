import type { Page, Response } from '@playwright/test';
import { apiActivity, CONSENT_KEY, expect, type Language, LANGUAGE_COOKIE, NATIVE_NAMES, test, text } from './fixtures';

/**
 * The right language from the first byte (docs/rendering.md#languages): the server picks the
 * language as the client does, so a visitor with a French, German, Spanish or English browser gets
 * every public page in it, and no text changes once the app runs. The server and the client pick the
 * language by one rule for every page, so the pages and the languages are paired rather than
 * crossed: every page is opened in two of the four languages, and each language opens half of the
 * pages, one the app draws among them (`pagesFor`). Declining cookies and the service worker's
 * pages (offline too) take the language the same way whatever it is, so each of the two is tried in
 * two of the four (`also`). This keeps the suite within CI's 20 minutes (docs/testing.md).
 */
const BROWSERS: { language: Exclude<Language, 'nl'>; locale: string; also: 'declining' | 'offline' }[] = [
  { language: 'fr', locale: 'fr-FR', also: 'offline' },
  { language: 'de', locale: 'de-DE', also: 'declining' },
  { language: 'es', locale: 'es-ES', also: 'offline' },
  { language: 'en', locale: 'en-GB', also: 'declining' },
];

/** The pages a visitor may open: those the server renders, the app's own (drawn by the browser) and a 404. */
const RENDERED = ['/', '/kaart', '/agenda', '/activity/1', '/favorieten', '/landing', '/bestaat-niet'];
const DRAWN = ['/login', '/provider/apply'];

/** The pages the `index`th browser language opens: every other page, the even ones or the odd ones. */
const pagesFor = (index: number) => [...RENDERED, ...DRAWN].filter((_, page) => (page + index) % 2 === 0);

/**
 * Before any script of the page: what the HTML painted (its h1 and language), and every value
 * `<html lang>` takes after, so that a switch after hydration shows.
 */
async function watchLanguage(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { languagesSeen: seen });
    new MutationObserver((records) => {
      for (const record of records)
        if (record.target === document.documentElement) seen.push(document.documentElement.lang);
    }).observe(document, { attributes: true, attributeFilter: ['lang'], subtree: true });
    document.addEventListener('DOMContentLoaded', () =>
      Object.assign(window, {
        firstPaint: {
          lang: document.documentElement.lang,
          h1: document.querySelector('main h1')?.textContent ?? null,
        },
      }),
    );
  });
}

const languageSelect = (page: Page, lng: Language) =>
  page.getByRole('banner').getByRole('combobox', { name: text(lng, 'common', 'header.language') });

/**
 * The page just opened is in `lng` as the server sent it and stays in it: its HTML, the first
 * paint and the running app, with no other value of `<html lang>` in between. The app's shell,
 * which the service worker answers offline for a page it has not kept in that language, paints
 * nothing: the app draws it.
 */
async function expectInLanguage(
  page: Page,
  response: Response | null,
  lng: Language,
  rendered: boolean,
  shell = false,
) {
  const where = page.url();
  expect(response, where).not.toBeNull();
  const html = (await response?.text()) ?? '';
  if (shell) expect(html, where).toContain('<div id="root"></div>');
  else expect(html, where).toContain(`<html lang="${lng}"`);
  if (rendered) expect(html, where).toContain(`aria-label="${text(lng, 'common', 'header.language')}"`);
  // Whatever the app would still do once it runs (a kept language, a late answer) has had its time.
  await page.waitForLoadState('networkidle');
  await expect(languageSelect(page, lng)).toHaveValue(lng);
  const { firstPaint, languagesSeen } = await page.evaluate(() => {
    const seen = window as unknown as { firstPaint?: { lang: string; h1: string | null }; languagesSeen: string[] };
    return { firstPaint: seen.firstPaint, languagesSeen: seen.languagesSeen };
  });
  if (!shell) expect(firstPaint?.lang, where).toBe(lng);
  expect(
    languagesSeen.filter((seen) => seen !== lng),
    where,
  ).toEqual([]);
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  if (rendered) {
    expect(firstPaint?.h1, where).toBeTruthy();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(firstPaint?.h1 ?? '');
  }
}

for (const [index, { language, locale, also }] of BROWSERS.entries()) {
  test.describe(`a browser in ${NATIVE_NAMES[language]}`, () => {
    test.use({ locale });

    test.describe('without a cookie', () => {
      // Nothing chosen yet: the cookie banner is still to be answered.
      test.use({ consent: null });

      test('its public pages come in its language and stay in it', async ({ page, request, context }) => {
        await watchLanguage(page);
        const market = await apiActivity(request, 1, language);
        for (const path of pagesFor(index)) {
          const response = await page.goto(path);
          await expectInLanguage(page, response, language, RENDERED.includes(path));
        }
        // The detail page's own text too, not only the interface.
        await page.goto('/activity/1');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(market.name);
        expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(LANGUAGE_COOKIE);
      });

      if (also === 'declining')
        test('declining cookies in the banner changes no language', async ({ page, context }) => {
          await watchLanguage(page);
          await page.goto('/');
          await page.getByRole('button', { name: text(language, 'common', 'cookies.decline') }).click();
          expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBe('declined');
          for (const path of ['/', '/kaart', '/activity/1', '/landing']) {
            const response = await page.goto(path);
            await expectInLanguage(page, response, language, true);
          }
          expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(LANGUAGE_COOKIE);
        });
    });

    if (also === 'offline')
      test.describe('with the service worker', () => {
        test.use({ serviceWorkers: 'allow' });

        test('its pages, offline too, stay in the language; a language chosen then survives a reload', async ({
          page,
          context,
        }) => {
          await watchLanguage(page);
          await page.goto('/');
          await page.evaluate(async () => {
            await navigator.serviceWorker.ready;
          });
          await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

          // The second visit goes through the service worker.
          for (const path of ['/', '/kaart', '/activity/1']) {
            const response = await page.goto(path);
            expect(response?.fromServiceWorker(), path).toBe(true);
            await expectInLanguage(page, response, language, true);
          }
          await context.setOffline(true);
          for (const path of ['/', '/kaart']) {
            const response = await page.goto(path);
            await expectInLanguage(page, response, language, true);
          }
          await context.setOffline(false);

          // A language chosen without a cookie (declined) comes back with the page, from its first paint.
          const chosen: Language = language === 'es' ? 'de' : 'es';
          await page.goto('/kaart');
          await languageSelect(page, language).selectOption({ label: NATIVE_NAMES[chosen] });
          await expect(page.locator('html')).toHaveAttribute('lang', chosen);
          const response = await page.reload();
          await expectInLanguage(page, response, chosen, true);
          await context.setOffline(true);
          const offline = await page.reload();
          await expectInLanguage(page, offline, chosen, true);
          // The overview was kept in the browser's language: the shell answers, and the app draws it.
          const shell = await page.goto('/');
          await expectInLanguage(page, shell, chosen, false, true);
          await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
            text(chosen, 'activities', 'hero.title'),
          );
          await context.setOffline(false);
        });
      });
  });
}
