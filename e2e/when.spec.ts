import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, openOverview, overview, PAGE_LOAD, test } from './fixtures';
import { E2E } from './support/ports';

/**
 * What's on when (docs/when.md#in-the-guide), on the app server whose clock starts on Friday 9 July
 * 2027 at 10:00 in Limoux (CLOCK_START): its demo content is dated by that clock, so the Festival de
 * Carcassonne's edition is the whole of July 2027 and the weekend is 10 and 11 July. The browser's
 * clock is set to the same moment.
 */
test.use({ baseURL: E2E.clockUrl });

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(new Date(E2E.clockStart));
});

const FESTIVAL = 'Festival van Carcassonne';
const SUNDAY_MARKET = 'Zondagsmarkt van Espéraza';

const whenGroup = (page: Page) => page.getByRole('main').getByRole('group', { name: 'Wanneer' });
const card = (page: Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name }) });

test('"this weekend" on a fixed clock shows the festival among the matches and the Sunday market after them', async ({
  page,
}) => {
  await openOverview(page);
  await whenGroup(page).getByRole('button', { name: 'Dit weekend' }).click();
  await expect(page).toHaveURL(/\?when=weekend$/);
  await expect(whenGroup(page).getByRole('button', { name: 'Dit weekend' })).toHaveAttribute('aria-pressed', 'true');

  // The festival's edition covers the weekend: a match, so among the first cards, saying it is on.
  await expect(card(page, FESTIVAL)).toContainText('Nu aan de gang, tot en met 31 juli', PAGE_LOAD);
  // The results say that activities without set times follow the matches.
  await expect(page.getByText(/passen, daarna \d+ zonder vaste tijden: check de tijden/)).toBeVisible();

  // The markets this weekend, the when filter kept: the Sunday market. While its days are free text
  // only, it comes after the matches as "check times"; with weekly rows for its Sunday morning it is a
  // match, and on this Friday its card says it is closed today.
  await overview.categoryBar(page).getByRole('link', { name: 'Markten' }).click();
  await expect(page).toHaveURL(/category=markten/);
  await expect(page).toHaveURL(/when=weekend/);
  await expect(card(page, SUNDAY_MARKET)).toContainText(/Check de tijden|Vandaag gesloten/, PAGE_LOAD);
  await expectNoSeriousA11yViolations(page);
});

test('open now, and a chosen date, from the keyboard, kept in the URL', async ({ page }) => {
  await openOverview(page, '/?category=feesten');
  // Open now at 10:00 on 9 July: the festival (held all day, its edition without hours).
  const openNow = whenGroup(page).getByRole('button', { name: 'Nu open' });
  await openNow.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/openNow=true/);
  await expect(openNow).toHaveAttribute('aria-pressed', 'true');
  await expect(card(page, FESTIVAL)).toBeVisible(PAGE_LOAD);
  await expect(card(page, 'Embrasement de la Cité')).toHaveCount(0);
  await openNow.press('Enter');
  await expect(page).not.toHaveURL(/openNow/);

  // A chosen day: 14 July, the Embrasement.
  await whenGroup(page).getByRole('button', { name: 'Kies een datum' }).click();
  const date = whenGroup(page).getByLabel('Datum');
  await expect(date).toHaveValue('2027-07-09');
  await date.fill('2027-07-14');
  await expect(page).toHaveURL(/when=2027-07-14/);
  await expect(card(page, 'Embrasement de la Cité')).toBeVisible(PAGE_LOAD);
  await expectNoSeriousA11yViolations(page);

  // The detail page says the festival is on.
  await card(page, FESTIVAL).getByRole('link', { name: FESTIVAL, exact: true }).click();
  await expect(page.getByRole('main').getByText('Nu aan de gang, tot en met 31 juli')).toBeVisible(PAGE_LOAD);
});

test('the map takes the when filter too', async ({ page }) => {
  await page.goto('/kaart?when=weekend&category=feesten');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(PAGE_LOAD);
  await expect(whenGroup(page).getByRole('button', { name: 'Dit weekend' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByText('Alle activiteiten als lijst').click();
  const list = page.getByRole('main').locator('details ul');
  await expect(list.getByRole('button', { name: new RegExp(FESTIVAL) })).toBeVisible(PAGE_LOAD);
  // Before its edition on 14 July, the Embrasement is not on this weekend.
  await expect(list.getByRole('button', { name: /Embrasement/ })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the When buttons wrap within the screen and work by touch', async ({ page }) => {
    await openOverview(page);
    const weekend = whenGroup(page).getByRole('button', { name: 'Dit weekend' });
    await expect(weekend).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await weekend.tap();
    await expect(page).toHaveURL(/when=weekend/);
    await expect(card(page, FESTIVAL)).toBeVisible(PAGE_LOAD);
  });
});
