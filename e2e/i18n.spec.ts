import type { Page } from '@playwright/test';
import {
  type ApiActivity,
  apiActivity,
  expect,
  type Language,
  LANGUAGE_KEY,
  LANGUAGES,
  NATIVE_NAMES,
  openOverview,
  overview,
  reload,
  test,
  text,
  visit,
} from './fixtures';

const OTHER_LANGUAGES: Exclude<Language, 'nl'>[] = ['en', 'fr', 'de', 'es'];

/** The language select of the header; its label is in the current language. */
const languageSelect = (page: Page, lng: Language) =>
  page.getByRole('banner').getByRole('combobox', { name: text(lng, 'common', 'header.language') });

test.describe('languages', () => {
  test('the language select switches interface, activity texts and <html lang> to each language', async ({
    page,
    request,
  }) => {
    const market = Object.fromEntries(
      await Promise.all(LANGUAGES.map(async (lng) => [lng, await apiActivity(request, 1, lng)] as const)),
    ) as Record<Language, ApiActivity>;
    // The API really has other texts per language, so the check below means something.
    expect(new Set(Object.values(market).map((a) => a.name)).size).toBe(5);

    await openOverview(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ontdek het beste van Limoux');
    await expect(overview.cards(page).filter({ hasText: market.nl.name })).toHaveCount(1);
    await expect(languageSelect(page, 'nl')).toHaveValue('nl');

    let current: Language = 'nl';
    for (const lng of OTHER_LANGUAGES) {
      await languageSelect(page, current).selectOption({ label: NATIVE_NAMES[lng] });
      current = lng;
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lng, 'activities', 'hero.title'));
      await expect(page.getByLabel(text(lng, 'activities', 'search.label'))).toBeVisible();
      await expect(languageSelect(page, lng)).toHaveValue(lng);
      // Activity content comes back from the API in the chosen language.
      await expect(overview.cards(page).getByText(market[lng].name, { exact: true })).toBeVisible();
      await expect(page.getByRole('main').getByText(market[lng].description, { exact: true })).toBeVisible();
      await expect(overview.cards(page).getByText(market.nl.name, { exact: true })).toHaveCount(0);
      expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe(lng);
    }

    // The detail page follows the language too.
    await overview.cards(page).getByRole('link', { name: market.es.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(market.es.name);
    await expect(page.getByRole('heading', { level: 2, name: text('es', 'detail', 'reviews.title') })).toBeVisible();
  });

  test('the chosen language survives a reload', async ({ page, request }) => {
    const french = await apiActivity(request, 1, 'fr');
    await openOverview(page);
    await languageSelect(page, 'nl').selectOption('fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('fr', 'activities', 'hero.title'));

    await reload(page);

    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('fr', 'activities', 'hero.title'));
    await expect(languageSelect(page, 'fr')).toHaveValue('fr');
    await expect(overview.cards(page).getByText(french.name, { exact: true })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe('fr');
  });

  test('?lng=de in the URL wins over the stored language', async ({ page, request }) => {
    const german = await apiActivity(request, 1, 'de');
    await visit(page, '/landing');
    await page.evaluate((key) => localStorage.setItem(key, 'fr'), LANGUAGE_KEY);

    await openOverview(page, '/?lng=de');

    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('de', 'activities', 'hero.title'));
    await expect(languageSelect(page, 'de')).toHaveValue('de');
    await expect(overview.cards(page).getByText(german.name, { exact: true })).toBeVisible();
    await expect(
      page.getByRole('heading', {
        level: 2,
        name: text('de', 'activities', 'results.count_other').replace('{{count}}', '36'),
      }),
    ).toBeVisible();

    // Without the parameter (and no cookie), the page is in the language the server picks, the
    // browser's, and stays in it: the language kept on the device does not switch it after the first
    // paint (docs/rendering.md#languages).
    await visit(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nl', 'activities', 'hero.title'));
    await expect(languageSelect(page, 'nl')).toHaveValue('nl');
  });

  test('the browser language is used when nothing is chosen', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'en-GB', baseURL });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('discoverlocal-cookie-consent', 'declined'));
    await visit(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'activities', 'hero.title'));
    await context.close();
  });
});
