import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  LANGUAGES,
  pageHeading,
  test,
  text,
  toastRegion,
  visit,
} from './fixtures';
import { firstOpenStart } from './support/availability';
import { loginAtProvider, newPerson } from './support/identity';
import { mailsTo } from './support/mails';
import { E2E } from './support/ports';

/** Issue 34: the privacy page, download my data, delete my account, the guest's mailed link. */

const RAFTING = 14;
const SECTIONS = ['controller.title', 'kept.title', 'who.title', 'processors.title', 'rights.title'];
const unique = (what: string) => `${what}${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** The operator's name the page must show: the console's setting, through /api/config. */
async function operatorName(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get('/api/config')).json()) as { privacy: { operatorName: string } };
  return config.privacy.operatorName;
}

/** Books the rafting's first open start under `email`, as the booking dialog does. */
async function book(page: Page, customerName: string, customerEmail: string) {
  const { date, slot } = await firstOpenStart(page.request, RAFTING);
  const res = await page.request.post('/api/bookings', {
    headers: { origin: E2E.appUrl },
    data: { activityId: RAFTING, customerName, customerEmail, numberOfPeople: 1, bookingDate: date, slot },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The downloaded data file, parsed. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(download.suggestedFilename()).toMatch(/^discoverlocal-data-\d{4}-\d{2}-\d{2}\.json$/);
  return JSON.parse(await readFile(await download.path(), 'utf8')) as {
    format: string;
    email: string;
    account: Record<string, unknown> | null;
    bookings: Record<string, unknown>[];
  };
}

test.describe('the privacy page', () => {
  for (const lng of LANGUAGES) {
    test(`in ${lng}: its sections, the operator's name, axe clean`, async ({ page }) => {
      const operator = await operatorName(page.request);
      await visit(page, `/privacy?lng=${lng}`);
      await expect(pageHeading(page)).toHaveText(text(lng, 'privacy', 'title'));
      await expect(page).toHaveTitle(`${text(lng, 'privacy', 'title')} · DiscoverLocal Limoux`);
      const main = page.getByRole('main');
      for (const key of SECTIONS)
        await expect(main.getByRole('heading', { level: 2, name: text(lng, 'privacy', key) })).toBeVisible();
      await expect(main.getByText(operator, { exact: true })).toBeVisible();
      await expect(main.getByRole('link', { name: E2E.contactEmail }).first()).toHaveAttribute(
        'href',
        `mailto:${E2E.contactEmail}`,
      );
      await expect(main.getByRole('link', { name: /CNIL/ })).toHaveAttribute('href', 'https://www.cnil.fr');
      // Not logged in: the guest's form.
      await expect(main.getByLabel(text(lng, 'privacy', 'request.label'))).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('comes with its text before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: E2E.appUrl });
    const page = await context.newPage();
    await page.goto('/privacy?lng=de');
    await expect(page.getByRole('heading', { level: 1, name: 'Datenschutz und Ihre Daten' })).toBeVisible();
    await expect(page.getByRole('main').getByText(await operatorName(page.request), { exact: true })).toBeVisible();
    await context.close();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test('reads in one column, axe clean', async ({ page }, testInfo) => {
      await visit(page, '/privacy');
      await expect(pageHeading(page)).toHaveText('Privacy en je gegevens');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath('privacy-phone.png'), fullPage: true });
    });
  });

  test('the footer leads to it', async ({ page }, testInfo) => {
    await visit(page, '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy en je gegevens' }).click();
    await expect(page).toHaveURL(`${E2E.appUrl}/privacy`);
    await expect(pageHeading(page)).toHaveText('Privacy en je gegevens');
    await page.screenshot({ path: testInfo.outputPath('privacy-desktop.png'), fullPage: true });
  });

  test.describe('before a cookie choice', () => {
    test.use({ consent: null });
    test('the cookie banner leads to it', async ({ page }) => {
      await visit(page, '/');
      const banner = page.getByRole('region', { name: 'Alleen noodzakelijke cookies' });
      await banner.getByRole('link', { name: 'Meer over privacy' }).click({ timeout: 20_000 });
      await expect(page).toHaveURL(`${E2E.appUrl}/privacy`);
      await expect(pageHeading(page)).toHaveText('Privacy en je gegevens');
    });
  });
});

test('a guest asks for a link by mail and downloads their data once; the second time the link is used', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `${unique('ines')}@example.com`;
  await book(page, 'Ines Privé', email);

  await visit(page, '/privacy');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByRole('button', { name: 'Mail me een link naar mijn gegevens' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Als we iets onder dit adres bewaren' })).toBeVisible();

  let link = '';
  await expect(async () => {
    const found = (await mailsTo(E2E.appPort, email))
      .map((mail) => /\/privacy\/data\/[\w-]+/.exec(mail.text)?.[0])
      .find(Boolean);
    expect(found, 'the mail with the link').toBeTruthy();
    link = found ?? '';
  }).toPass({ timeout: 30_000 });

  // A mail scanner opens the link: that spends nothing.
  expect((await page.request.get(link)).status()).toBe(200);
  await page.goto(link);
  await expect(pageHeading(page)).toHaveText('Je gegevens downloaden');
  const data = await downloaded(page, () => page.getByRole('button', { name: 'Mijn gegevens downloaden' }).click());
  expect(data.email).toBe(email);
  expect(data.account).toBeNull();
  expect(JSON.stringify(data.bookings)).toContain('Ines Privé');
  await expect(page.getByText(/Deze link is nu gebruikt/)).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Mijn gegevens downloaden' }).click();
  await expect(page.getByRole('alert')).toContainText('Deze link naar je gegevens is al gebruikt');
  await page.getByRole('link', { name: 'Naar de privacypagina' }).click();
  await expect(page).toHaveURL(`${E2E.appUrl}/privacy`);
});

test('a visitor downloads their data, deletes their account keeping their reviews, and logs in again as a new account', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const login = unique('privacy');
  const email = `${login}@example.com`;
  const { context, page } = await newPerson(browser);
  const chooseVisitor = async () => {
    await expect(page).toHaveURL(/\/role-selection$/);
    await page.getByText('Bezoeker', { exact: true }).click();
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect(page).toHaveURL(`${E2E.appUrl}/`);
  };
  await loginAtProvider(page, login);
  await chooseVisitor();
  // Booked while logged in, for someone else's address: the booking is tied to the account, not to its
  // address. (A booking still to come under the account's own address stays with the provider until its
  // day, and "my bookings" lists bookings by address too: the new account would see it.)
  await book(page, 'Privacy Tester', `${login}-friend@example.com`);

  await page.getByRole('button', { name: /Accountmenu/ }).click();
  await page.getByRole('menuitem', { name: 'Privacy en mijn gegevens' }).click();
  await expect(page).toHaveURL(`${E2E.appUrl}/privacy`);
  const data = await downloaded(page, () => page.getByRole('button', { name: 'Mijn gegevens downloaden' }).click());
  expect(data.email).toBe(email);
  expect(data.account).not.toBeNull();
  expect(JSON.stringify(data.bookings)).toContain('Privacy Tester');

  await page.getByRole('button', { name: 'Mijn account verwijderen' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Je account verwijderen?' });
  await expect(dialog.getByRole('radio', { name: 'Laten staan als "voormalige gast"' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('delete-dialog.png') });
  await dialog.getByRole('button', { name: 'Account definitief verwijderen' }).click();
  await expect(page).toHaveURL(`${E2E.appUrl}/`);
  await expect(toastRegion(page)).toContainText('Je account is verwijderd.');
  await expect(page.getByRole('button', { name: /Accountmenu/ })).toHaveCount(0);
  // The session ended on the server too.
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: unknown };
  expect(session.user).toBeNull();

  // The same person logs in again: a new account, with nothing of the old one.
  await loginAtProvider(page, login);
  await chooseVisitor();
  await visit(page, '/boekingen');
  await expect(page.getByText('Je hebt nog geen boekingen.')).toBeVisible();
  await context.close();
});
