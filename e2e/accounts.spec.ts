import type { Page } from '@playwright/test';
import { demoLogin, expect, test } from './fixtures';
import { loginAtProvider, newPerson } from './support/identity';
import { E2E } from './support/ports';

/** Issue 5: real login through the identity provider stand-in, role selection, the admin panel and tag moderation. */

async function demoAdmin(page: Page) {
  await page.goto('/login');
  await page.getByRole('button', { name: /Demo als beheerder/ }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
}

test('a first login leads to role selection; a provider needs a company; the admin approves; the pending note goes', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const login = `jeanne${Date.now()}`;
  const provider = await newPerson(browser);
  await loginAtProvider(provider.page, login);
  await expect(provider.page).toHaveURL(/\/role-selection$/);
  await expect(provider.page.getByRole('heading', { level: 1, name: 'Welkom bij DiscoverLocal' })).toBeVisible();

  await provider.page.getByText('Aanbieder', { exact: true }).click();
  const submit = provider.page.getByRole('button', { name: 'Account aanmaken' });
  await expect(submit).toBeDisabled();
  await provider.page.getByLabel('Bedrijfsnaam').fill('   ');
  await expect(submit).toBeDisabled();
  await provider.page.getByLabel('Bedrijfsnaam').fill('Caves du Razès');
  await provider.page.getByLabel('Telefoon').fill('+33 4 68 31 00 00');
  await provider.page.getByLabel('Adres').fill('Limoux');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(provider.page.getByRole('heading', { name: 'Bedankt voor je aanmelding!' })).toBeVisible();
  await expect(provider.page.getByText(/binnen 48 uur/)).toBeVisible();

  const name = login.charAt(0).toUpperCase() + login.slice(1);
  await provider.page.getByRole('button', { name: `Accountmenu van ${name} Test` }).click();
  await expect(provider.page.getByRole('menu')).toContainText('Activiteitenaanbieder');
  await expect(provider.page.getByRole('menu')).toContainText('wacht op goedkeuring');
  await provider.page.keyboard.press('Escape');

  const admin = await newPerson(browser);
  await demoAdmin(admin.page);
  const row = admin.page.getByRole('listitem').filter({ hasText: `${name} Test` });
  await expect(row).toContainText('Caves du Razès');
  await row.getByRole('button', { name: `${name} Test goedkeuren` }).click();
  await expect(admin.page.getByText('Aanbieder goedgekeurd', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);

  await provider.page.reload();
  await provider.page.getByRole('button', { name: `Accountmenu van ${name} Test` }).click();
  await expect(provider.page.getByRole('menu')).not.toContainText('wacht op goedkeuring');
  await provider.page.getByRole('menuitem', { name: 'Mijn activiteiten' }).click();
  await expect(provider.page.getByRole('heading', { level: 1, name: 'Mijn activiteiten' })).toBeVisible();
  await provider.context.close();
  await admin.context.close();
});

test('a returning user logs straight in, and logs out', async ({ browser }) => {
  test.setTimeout(60_000);
  const person = await newPerson(browser);
  const login = `returning${Date.now()}`;
  await loginAtProvider(person.page, login);
  await person.page.getByText('Bezoeker', { exact: true }).click();
  await person.page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(person.page).toHaveURL(`${E2E.appUrl}/`);

  // A link cannot log anyone out (only a POST from our own pages does).
  await person.page.goto('/api/logout');
  await person.page.goto('/');
  await expect(person.page.getByRole('button', { name: /Accountmenu/ })).toBeVisible();
  await person.page.getByRole('button', { name: /Accountmenu/ }).click();
  await person.page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await expect(person.page.getByRole('link', { name: 'Inloggen' }).first()).toBeVisible();
  await loginAtProvider(person.page, login);
  await expect(person.page).toHaveURL(`${E2E.appUrl}/`);
  const name = login.charAt(0).toUpperCase() + login.slice(1);
  await person.page.getByRole('button', { name: `Accountmenu van ${name} Test` }).click();
  await expect(person.page.getByRole('menu')).toContainText('Bezoeker');
  await person.page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await expect(person.page.getByRole('button', { name: /Accountmenu/ })).toHaveCount(0);
  await person.context.close();
});

test('the admin changes a user role', async ({ page }) => {
  await demoAdmin(page);
  await page.getByRole('tab', { name: /Alle gebruikers/ }).click();
  const select = page.getByRole('combobox', { name: 'Rol van pending.provider@discoverlocal.test' });
  await expect(select).toHaveValue('provider');
  await select.selectOption({ label: 'Bezoeker' });
  // It asks first, and says what the change does (issue 28, item 8).
  const confirm = page.getByRole('dialog', { name: /Bezoeker maken\?$/ });
  await expect(confirm).toContainText('Ze zijn geen aanbieder meer');
  await confirm.getByRole('button', { name: 'Bezoeker maken' }).click();
  await expect(page.getByText('Rol bijgewerkt', { exact: true })).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: /Alle gebruikers/ }).click();
  await expect(page.getByRole('combobox', { name: 'Rol van pending.provider@discoverlocal.test' })).toHaveValue(
    'visitor',
  );
});

test('the last admin cannot demote themselves, and the panel says so', async ({ page }) => {
  await demoAdmin(page);
  await page.getByRole('tab', { name: /Alle gebruikers/ }).click();
  await page.getByRole('combobox', { name: 'Rol van admin@discoverlocal.test' }).selectOption({ label: 'Bezoeker' });
  const confirm = page.getByRole('dialog', { name: /Bezoeker maken\?$/ });
  await expect(confirm).toContainText('Ze verliezen het beheerpaneel');
  await confirm.getByRole('button', { name: 'Bezoeker maken' }).click();
  await expect(page.getByText('Kon gebruikersrol niet wijzigen.', { exact: true })).toBeVisible();
  await expect(page.getByText(/laatste beheerder kan niet worden gedegradeerd/).first()).toBeVisible();
});

test('tags moderation in each tab, including approving a rejected tag after all', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: /Demo als beheerder/ }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Tags beheren' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tags beheren' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Tags' });

  // Pending tags: approve one, reject another.
  await page.getByRole('button', { name: 'Tag honden-toegestaan goedkeuren' }).click();
  await expect(page.getByText('Tag goedgekeurd', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Tag rolstoeltoegankelijk afwijzen' }).click();
  await expect(page.getByText('Tag afgewezen', { exact: true })).toBeVisible();
  await expect(page.getByText('Geen tags in afwachting.')).toBeVisible();

  // Pending activity tags.
  await tabs.getByRole('tab', { name: /Activiteitstags in afwachting/ }).click();
  await page.getByRole('button', { name: /^Tag familie bij .+ goedkeuren$/ }).click();
  await expect(page.getByText('Tag goedgekeurd', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Tag familie bij .+ goedkeuren$/ })).toHaveCount(0);

  // Rejected: 'Alsnog goedkeuren'.
  await tabs.getByRole('tab', { name: /Afgewezen/ }).click();
  await expect(page.getByRole('tabpanel')).toContainText('#instagrammable');
  await expect(page.getByRole('tabpanel')).toContainText('#rolstoeltoegankelijk');
  await page.getByRole('button', { name: 'Tag instagrammable alsnog goedkeuren' }).click();
  await expect(page.getByText('Tag goedgekeurd', { exact: true })).toBeVisible();
  await expect(page.getByRole('tabpanel')).not.toContainText('#instagrammable');

  // Approved: both newly approved tags are there.
  await tabs.getByRole('tab', { name: /Goedgekeurd/ }).click();
  await expect(page.getByRole('tabpanel')).toContainText('#instagrammable');
  await expect(page.getByRole('tabpanel')).toContainText('#honden-toegestaan');
});

test('a visitor is sent away from the admin pages, and the API refuses them too', async ({ page }) => {
  await page.goto('/');
  await demoLogin(page, 'visitor', E2E.appUrl);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();
  await page.goto('/admin/tags');
  await expect(page.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
  await page.getByRole('link', { name: 'Terug naar het overzicht' }).click();
  await expect(page).toHaveURL(`${E2E.appUrl}/`);
});

test('an anonymous visitor at /admin is asked to log in', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Log eerst in' })).toBeVisible();
  // After logging in, the visitor comes back to the page they asked for.
  await expect(page.getByRole('main').getByRole('link', { name: 'Inloggen' })).toHaveAttribute(
    'href',
    '/api/login?returnTo=%2Fadmin',
  );
});

test('the demo portal offers admin, provider, visitor and the real login', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /Demo als beheerder/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Rondkijken als bezoeker/ })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Inloggen met je account' })).toHaveAttribute('href', '/api/login');
  await page.getByRole('button', { name: /Demo als aanbieder/ }).click();
  await expect(page).toHaveURL(`${E2E.appUrl}/`);
  await expect(page.getByText('Inloggen gelukt', { exact: true })).toBeVisible();
});
