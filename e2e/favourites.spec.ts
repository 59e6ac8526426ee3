import type { Page } from '@playwright/test';
import {
  apiActivity,
  expect,
  FAVOURITES_KEY,
  favouritesLink,
  openOverview,
  overview,
  reload,
  test,
  visit,
} from './fixtures';

const storedFavourites = (page: Page) => page.evaluate((key) => localStorage.getItem(key), FAVOURITES_KEY);

test.describe('favourites', () => {
  test('the heart saves a favourite that survives a reload and is listed on /favorieten', async ({ page, request }) => {
    const market = await apiActivity(request, 1);
    await openOverview(page);
    await expect(favouritesLink(page, 0)).toBeVisible();
    await expect(favouritesLink(page, 0)).toHaveText('');

    const add = page.getByRole('button', { name: `${market.name} bewaren als favoriet` });
    await expect(add).toHaveAttribute('aria-pressed', 'false');
    await add.click();

    const remove = page.getByRole('button', { name: `${market.name} verwijderen uit favorieten` });
    await expect(remove).toHaveAttribute('aria-pressed', 'true');
    await expect(favouritesLink(page, 1)).toBeVisible();
    await expect(favouritesLink(page, 1)).toHaveText('1');
    expect(JSON.parse((await storedFavourites(page)) ?? 'null')).toEqual([1]);
    // The heart does not open the card.
    await expect(page).toHaveURL('/');

    await reload(page);
    await expect(favouritesLink(page, 1)).toHaveText('1');
    await expect(remove).toHaveAttribute('aria-pressed', 'true');

    await favouritesLink(page, 1).click();
    await expect(page).toHaveURL('/favorieten');
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn favorieten' })).toBeVisible();
    await expect(page.getByText('1 opgeslagen activiteit', { exact: true })).toBeVisible();
    await expect(overview.cards(page)).toHaveText([market.name]);

    // A card on the favourites page opens the activity.
    await overview.cards(page).getByRole('link', { name: market.name }).click();
    await expect(page).toHaveURL('/activity/1');
    await expect(page.getByRole('button', { name: `${market.name} verwijderen uit favorieten` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('storage holds a JSON array of ids; unfavouriting on /favorieten removes the card', async ({
    page,
    request,
  }) => {
    const [rafting, market] = await Promise.all([apiActivity(request, 14), apiActivity(request, 1)]);
    await openOverview(page);
    await page.getByRole('button', { name: `${rafting.name} bewaren als favoriet` }).click();
    await page.getByRole('button', { name: `${market.name} bewaren als favoriet` }).click();
    await expect(favouritesLink(page, 2)).toHaveText('2');
    expect(JSON.parse((await storedFavourites(page)) ?? 'null')).toEqual([14, 1]);

    await favouritesLink(page, 2).click();
    await expect(page.getByText('2 opgeslagen activiteiten', { exact: true })).toBeVisible();
    await expect(overview.cards(page)).toHaveText([rafting.name, market.name]);

    await page.getByRole('button', { name: `${rafting.name} verwijderen uit favorieten` }).click();
    await expect(overview.cards(page)).toHaveText([market.name]);
    await expect(page.getByText('1 opgeslagen activiteit', { exact: true })).toBeVisible();
    await expect(favouritesLink(page, 1)).toBeVisible();
    expect(JSON.parse((await storedFavourites(page)) ?? 'null')).toEqual([1]);

    await page.getByRole('button', { name: `${market.name} verwijderen uit favorieten` }).click();
    await expect(page.getByRole('heading', { name: 'Nog geen favorieten' })).toBeVisible();
    await expect(favouritesLink(page, 0)).toBeVisible();
    expect(await storedFavourites(page)).toBeNull();
  });

  test('"Alles wissen" empties the list, shows the empty state and offers an undo', async ({ page, request }) => {
    const [rafting, market] = await Promise.all([apiActivity(request, 14), apiActivity(request, 1)]);
    await visit(page, '/');
    await page.evaluate((key) => localStorage.setItem(key, '[14,1]'), FAVOURITES_KEY);
    await visit(page, '/favorieten');
    await expect(overview.cards(page)).toHaveText([rafting.name, market.name]);
    await expect(favouritesLink(page, 2)).toBeVisible();

    await page.getByRole('button', { name: 'Alles wissen' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'Nog geen favorieten' })).toBeVisible();
    await expect(page.getByText('0 opgeslagen activiteiten', { exact: true })).toBeVisible();
    await expect(overview.cards(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Alles wissen' })).toHaveCount(0);
    await expect(favouritesLink(page, 0)).toBeVisible();
    expect(await storedFavourites(page)).toBeNull();
    await expect(page.getByText('Favorieten gewist', { exact: true })).toBeVisible();

    // "Ongedaan maken" in the toast brings them back.
    await page.getByRole('button', { name: 'Ongedaan maken' }).click();
    await expect(overview.cards(page)).toHaveText([rafting.name, market.name]);
    expect(JSON.parse((await storedFavourites(page)) ?? 'null')).toEqual([14, 1]);

    // And the empty state's button leads to the overview.
    await page.getByRole('button', { name: 'Alles wissen' }).click();
    await page.getByRole('main').getByRole('link', { name: 'Activiteiten ontdekken' }).click();
    await expect(page).toHaveURL('/');
  });

  test('a corrupt stored value is removed and the app starts with no favourites', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await visit(page, '/landing');
    await page.evaluate((key) => localStorage.setItem(key, 'not json'), FAVOURITES_KEY);

    await visit(page, '/favorieten');

    await expect(page.getByRole('heading', { name: 'Nog geen favorieten' })).toBeVisible();
    await expect(favouritesLink(page, 0)).toBeVisible();
    expect(await storedFavourites(page)).toBeNull();
    expect(warnings.some((w) => w.includes('Fout bij het lezen van opgeslagen favorieten'))).toBe(true);
  });
});
