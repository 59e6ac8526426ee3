import type { Page } from '@playwright/test';
import { demoLogin, expect, expectNoSeriousA11yViolations, PAGE_LOAD, test, toastRegion, visit } from './fixtures';
import { firstOpenStart } from './support/availability';
import { E2E } from './support/ports';

/**
 * Issue 34, the console's part (docs/privacy.md#erasure-on-request, docs/site-settings.md): an admin
 * erases a guest's address and sees what was done and the record; a past booking's guest becomes
 * "former guest" in the bookings inbox; the privacy settings reach /api/config. On the app server
 * with a set clock: its demo content (Ruben K.'s past rafting and his review) is dated by that clock,
 * and no spec that reads reviews or the privacy page runs there. The settings go back to their
 * defaults at the end.
 */
test.use({ baseURL: E2E.clockUrl });
// One after the other in one worker: the reset at the end must not fall in the middle of the other tests.
test.describe.configure({ mode: 'serial' });

const ORIGIN = E2E.clockUrl;
const RAFTING = 14;
/** The demo's guest who went rafting before the clock's day and reviewed it (src/server/db/seed/demo.ts). */
const RUBEN = 'ruben.k@example.com';
/** The demo admin, who erases. */
const ADMIN_NAME = /Claire/;

const main = (page: Page) => page.getByRole('main');
const eraseRegion = (page: Page) => main(page).getByRole('region', { name: 'Een e-mailadres wissen' });
const record = (page: Page) => main(page).getByRole('table', { name: 'Wissingen, nieuwste eerst' });

async function openPrivacyTab(page: Page) {
  await demoLogin(page, 'admin', ORIGIN);
  await visit(page, '/admin/privacy');
  await expect(main(page).getByRole('tab', { name: 'Privacy' })).toHaveAttribute('aria-selected', 'true', PAGE_LOAD);
  await expect(eraseRegion(page)).toBeVisible();
}

/** Erases `email` through the form and its confirmation; answers the erasure's status code. */
async function erase(page: Page, email: string) {
  const region = eraseRegion(page);
  await region.getByRole('textbox', { name: 'E-mailadres' }).fill(email);
  await region.getByRole('button', { name: 'Wissen…' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Alles van ${email} wissen?` });
  await expect(dialog).toBeVisible();
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/admin/erasures') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Alles wissen' }).click();
  const status = (await answered).status();
  await expect(dialog).toBeHidden();
  return status;
}

test.afterAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL: ORIGIN });
  const page = await context.newPage();
  await demoLogin(page, 'admin', ORIGIN);
  const reset = await page.request.patch(`${ORIGIN}/api/admin/settings`, {
    headers: { origin: ORIGIN },
    data: { operatorName: null, retentionMonths: null },
  });
  expect(reset.ok()).toBe(true);
  await context.close();
});

test('an admin erases a guest’s address: a confirmation first, then the counts, and the record names the admin', async ({
  page,
}, testInfo) => {
  // A guest books the rafting through the API, as the dialog does, on a day after the server's clock.
  const email = `wissen-${Date.now()}@example.com`;
  const { date, slot } = await firstOpenStart(page.request, RAFTING, { people: 2, from: '2027-07-12' });
  const booked = await page.request.post('/api/bookings', {
    headers: { origin: ORIGIN },
    data: {
      activityId: RAFTING,
      customerName: 'Wies Wissen',
      customerEmail: email,
      numberOfPeople: 2,
      bookingDate: date,
      slot,
    },
  });
  expect(booked.status()).toBe(201);

  await openPrivacyTab(page);
  await expectNoSeriousA11yViolations(page);
  // The record as it was (empty, or its rows with the header's).
  await expect(record(page).or(main(page).getByText('Er is nog niets gewist.'))).toBeVisible();
  const before = await record(page).getByRole('row').count();

  // A wrong address is said at its field; nothing is asked or sent.
  const field = eraseRegion(page).getByRole('textbox', { name: 'E-mailadres' });
  await field.fill('wies@');
  await eraseRegion(page).getByRole('button', { name: 'Wissen…' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expect(field).toHaveAccessibleDescription(/Vul een geldig e-mailadres in\./);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // The confirmation says what will happen; cancelling changes nothing.
  await field.fill(email);
  await eraseRegion(page).getByRole('button', { name: 'Wissen…' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Alles van ${email} wissen?` });
  await expect(dialog).toContainText('Boekingen die nog komen, blijven tot hun dag bewaard voor hun aanbieder');
  await expect(dialog.getByRole('button', { name: 'Annuleren' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('privacy-admin-confirm.png') });
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(dialog).toBeHidden();

  expect(await erase(page, email)).toBe(200);
  const status = eraseRegion(page).getByRole('status');
  await expect(status).toContainText(`Gewist: alles van ${email}.`);
  await expect(status).toContainText('1 komende boeking blijft tot haar dag bewaard voor de aanbieder');
  await expect(field).toHaveValue('');

  // The record: a new line on top, on request, by the admin, today; never the address.
  await expect(record(page).getByRole('row')).toHaveCount(before === 0 ? 2 : before + 1);
  const first = record(page).getByRole('row').nth(1);
  await expect(first.getByRole('cell').nth(0)).toHaveText('Op verzoek');
  await expect(first.getByRole('cell').nth(1)).toHaveText(ADMIN_NAME);
  await expect(record(page)).not.toContainText(email);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('privacy-admin-tab.png'), fullPage: true });

  // The booking to come stays for its provider, with the guest's details, until its day.
  const inbox = await page.request.get(`/api/admin/bookings?activityId=${RAFTING}&from=${date}&to=${date}&limit=100`);
  const kept = ((await inbox.json()) as { customerEmail: string }[]).filter((b) => b.customerEmail === email);
  expect(kept).toHaveLength(1);
});

test('a past booking’s guest, erased on request, is "former guest" in the bookings inbox; their review is gone', async ({
  page,
}) => {
  await openPrivacyTab(page);
  expect(await erase(page, RUBEN)).toBe(200);
  const status = eraseRegion(page).getByRole('status');
  await expect(status).toContainText('1 voorbije boeking geanonimiseerd');
  await expect(status).toContainText(/\d+ reviews? verwijderd/);

  await visit(page, '/admin/bookings');
  await main(page).getByLabel('Status', { exact: true }).selectOption('');
  await main(page).getByLabel('Activiteit', { exact: true }).selectOption(String(RAFTING));
  await expect(main(page).getByText('Voormalige gast').first()).toBeVisible(PAGE_LOAD);
  await expect(main(page).getByText('Ruben K.')).toHaveCount(0);
  await expect(main(page).getByRole('link', { name: RUBEN })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the privacy page’s operator name and the retention period are settings; /api/config follows at once', async ({
  page,
}) => {
  await demoLogin(page, 'admin', ORIGIN);
  await visit(page, '/admin/settings');
  const form = main(page).getByRole('form', { name: 'Instellingen van de site' });
  await expect(form).toBeVisible(PAGE_LOAD);
  const operator = form.getByRole('textbox', { name: 'Naam van de beheerder' });
  const months = form.getByRole('spinbutton', { name: 'Gegevens van gasten bewaren (maanden)' });
  await expect(months).toHaveValue('24');
  await expect(months).toBeDisabled();
  await expect(months).toHaveAccessibleDescription(
    /Zoveel maanden na de geboekte dag worden de gegevens van gasten gewist/,
  );

  await form.getByRole('checkbox', { name: 'Standaard gebruiken voor Naam van de beheerder' }).click();
  await operator.fill('Office de Tourisme du Limouxin');
  await form.getByRole('checkbox', { name: 'Standaard gebruiken voor Gegevens van gasten bewaren (maanden)' }).click();
  // Out of range first: said at the field, nothing saved.
  await months.fill('121');
  await form.getByRole('button', { name: 'Instellingen opslaan' }).click();
  await expect(months).toHaveAttribute('aria-invalid', 'true');
  await expect(months).toBeFocused();
  await expect(months).toHaveAccessibleDescription(/Vul een heel aantal maanden in, van 1 tot 120\./);
  await expectNoSeriousA11yViolations(page);

  await months.fill('36');
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/admin/settings') && response.request().method() === 'PATCH',
  );
  await form.getByRole('button', { name: 'Instellingen opslaan' }).click();
  expect((await saved).status()).toBe(200);
  await expect(toastRegion(page)).toContainText('Instellingen opgeslagen');

  const config = await page.request.get('/api/config');
  expect(((await config.json()) as { privacy: unknown }).privacy).toEqual({
    operatorName: 'Office de Tourisme du Limouxin',
    retentionMonths: 36,
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('the privacy tab and its confirmation fit the screen and pass axe', async ({ page }, testInfo) => {
    // At least one line in the record, whatever ran before: its table must fit the phone too.
    await demoLogin(page, 'admin', ORIGIN);
    const erased = await page.request.post(`${ORIGIN}/api/admin/erasures`, {
      headers: { origin: ORIGIN },
      data: { email: 'telefoon@example.com' },
    });
    expect(erased.status()).toBe(200);
    await openPrivacyTab(page);
    await expect(record(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('privacy-admin-phone.png'), fullPage: true });

    await eraseRegion(page).getByRole('textbox', { name: 'E-mailadres' }).fill('niemand@example.com');
    await eraseRegion(page).getByRole('button', { name: 'Wissen…' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('privacy-admin-phone-confirm.png') });
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog).toBeHidden();
  });
});
