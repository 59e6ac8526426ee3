import type { Page } from '@playwright/test';
import { expect, openOverview, overview, test } from './fixtures';
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
