import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, openOverview, overview, test } from './fixtures';
import { E2E } from './support/ports';

/** Issue 3: the footer, with the provider plans, the configured contact and the category links. */

const footer = (page: Page) => page.getByRole('contentinfo');

test('shows the three plans with signup links, the configured contact and the category links', async ({ page }) => {
  await openOverview(page);
  await footer(page).scrollIntoViewIfNeeded();
  await expect(footer(page).getByRole('heading', { name: 'Voor aanbieders' })).toBeVisible();
  // Anonymous: each plan leads to login, and back to the sponsorship page after it.
  for (const plan of ['Basis', 'Premium', 'TOP']) {
    await expect(footer(page).getByRole('link', { name: `Aanmelden voor ${plan}` })).toHaveAttribute(
      'href',
      '/api/login?returnTo=%2Fprovider%2Fsponsorship',
    );
  }
  const contact = footer(page).getByRole('region', { name: 'Contact' });
  await expect(contact.getByRole('link', { name: E2E.contactEmail })).toHaveAttribute(
    'href',
    `mailto:${E2E.contactEmail}`,
  );
  await expect(contact.getByRole('link', { name: E2E.contactPhone })).toHaveAttribute('href', 'tel:+33468001122');

  await footer(page)
    .getByRole('navigation', { name: 'Alle categorieën' })
    .getByRole('link', { name: 'Markten' })
    .click();
  await expect(page).toHaveURL(`${E2E.appUrl}/?category=markten`);
  await expect(overview.resultCount(page, 5)).toBeVisible();
});

test('scrolled to the end, the header lying over the dark footer keeps its contrast', async ({ page }) => {
  await openOverview(page);
  // The sticky header over the footer (its "Local" was 4.1:1 there through a 90 % white): scrolled
  // again until it is, as the overview's results may still grow.
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        const header = document.querySelector('header')?.getBoundingClientRect();
        const footer = document.querySelector('footer')?.getBoundingClientRect();
        return Boolean(header && footer && footer.top < header.bottom);
      }),
    )
    .toBe(true);
  await expectNoSeriousA11yViolations(page);
});

test('logged-out visitors find the page for providers from the header and the footer', async ({ page }) => {
  await openOverview(page);
  await page.getByRole('banner').getByRole('link', { name: 'Voor aanbieders' }).click();
  await expect(page).toHaveURL(`${E2E.appUrl}/landing`);
  await expect(page.getByRole('heading', { level: 1, name: 'Limoux, zoals de Limouxins het kennen' })).toBeVisible();
  await openOverview(page);
  await footer(page).getByRole('link', { name: 'Meer over DiscoverLocal voor aanbieders' }).click();
  await expect(page).toHaveURL(`${E2E.appUrl}/landing`);
});

test.describe('without a configured contact', () => {
  test.use({ baseURL: E2E.offlineUrl });
  test('the footer shows no contact block rather than a made-up one', async ({ page }) => {
    await openOverview(page);
    await footer(page).scrollIntoViewIfNeeded();
    await expect(footer(page).getByRole('navigation', { name: 'Alle categorieën' })).toBeVisible();
    await expect(footer(page).getByRole('heading', { name: 'Contact' })).toHaveCount(0);
    await expect(footer(page).locator('a[href^="mailto:"], a[href^="tel:"]')).toHaveCount(0);
  });
});
