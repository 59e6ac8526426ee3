import { createHmac } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { demoLogin, expect, expectNoSeriousA11yViolations, openInApp, test, toastRegion, visit } from './fixtures';
import { chooseFirstBookableDay } from './support/booking';
import { firstOpenStart } from './support/availability';
import { E2E } from './support/ports';

/** Issue 9: a guest books and gets a mail, the provider confirms, a review shows once an admin approves it. */

const RAFTING = 14;
/** The Sieur d'Arques tasting, open all year (the demo's Lena Weber went 12 days ago). */
const TASTING = 27;
const mailDir = path.join(E2E.dataDir(E2E.appPort), 'mail');
const unique = (what: string) => `${what}-${Date.now()}-${Math.floor(Math.random() * 1000)}`;

/** The text of the newest mail to `address` the app wrote (no SMTP in the e2e run: .eml files). */
async function mailTo(address: string): Promise<string | null> {
  let files: string[] = [];
  try {
    files = (await readdir(mailDir)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return null;
  }
  for (const file of files.reverse()) {
    const parsed = await simpleParser(await readFile(path.join(mailDir, file)));
    const to = parsed.to && 'text' in parsed.to ? parsed.to.text : '';
    if (to === address) return `${parsed.subject}\n${parsed.text ?? ''}`;
  }
  return null;
}

/** Books the rafting for a guest through the API, as the dialog does: its first day and slot with room. */
async function bookAsGuest(page: Page, customerName: string) {
  const { date, slot } = await firstOpenStart(page.request, RAFTING, { people: 2 });
  const res = await page.request.post('/api/bookings', {
    data: {
      activityId: RAFTING,
      customerName,
      customerEmail: `${customerName.toLowerCase()}@example.com`,
      numberOfPeople: 2,
      bookingDate: date,
      slot,
    },
  });
  expect(res.status()).toBe(201);
}

test.describe('booking', () => {
  test('a guest books in the dialog: required fields, the live total, success, and the mail’s cancel link works', async ({
    page,
  }) => {
    // A price for this activity (the seeded one is unknown), to see the total follow the number of people.
    await page.route(`**/api/activities/${RAFTING}?*`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), price: 25 } });
    });
    await openInApp(page, `/activity/${RAFTING}`);
    const open = page.getByRole('button', { name: 'Nu boeken' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: /boeken$/ });
    await expect(dialog).toBeVisible();
    // Choosing a day comes first: the calendar has the focus.
    await expect(dialog.locator('[data-day][tabindex="0"]')).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    // Nothing filled in: the spec's message, and the fields to fix are marked.
    await dialog.getByRole('button', { name: 'Boekingsaanvraag versturen' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Ontbrekende velden');
    await expect(dialog.getByRole('alert')).toContainText('Vul alle verplichte velden in.');
    await expect(dialog.getByLabel('Naam (verplicht)')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Vul je naam in.')).toBeVisible();

    const email = `${unique('gast')}@example.com`;
    await dialog.getByLabel('Naam (verplicht)').fill('Sanne Visser');
    await dialog.getByLabel('E-mail (verplicht)').fill(email);
    await dialog.getByLabel('Telefoon').fill('+31 6 12345678');
    const total = dialog.locator('output');
    await expect(total).toHaveText(/€\s?25/);
    await chooseFirstBookableDay(dialog);
    await dialog.getByLabel('Aantal personen').selectOption('3');
    await expect(total).toHaveText(/€\s?75/);
    await dialog.getByLabel('Opmerkingen').fill('Twee kinderen van 9 en 11.');
    await dialog.getByRole('button', { name: 'Boekingsaanvraag versturen' }).click();

    await expect(toastRegion(page)).toContainText('Boeking gelukt!');
    await expect(toastRegion(page)).toContainText('We nemen zo snel mogelijk contact met je op.');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    // The guest's mail, in Dutch, with the link to cancel.
    await expect.poll(() => mailTo(email), { timeout: 15_000 }).toContain('Je boekingsaanvraag voor');
    const mail = (await mailTo(email)) ?? '';
    const link = new RegExp(`${E2E.appUrl}/boekingen/\\d+/annuleren\\?token=[\\w-]+`).exec(mail)?.[0];
    expect(link).toBeDefined();
    await page.goto(link ?? '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Je boeking annuleren' })).toBeVisible();
    await expect(page.getByText('Wacht op bevestiging')).toBeVisible();
    await page.getByRole('button', { name: 'Boeking annuleren' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Je boeking is geannuleerd' })).toBeVisible();
    await expect.poll(() => mailTo(email), { timeout: 15_000 }).toContain('Geannuleerd:');
  });

  test('the overview’s Book button opens the dialog, Escape closes it', async ({ page }) => {
    await page.goto('/?bookable=true');
    const main = page.getByRole('main');
    const book = main.getByRole('link', { name: /boeken$/ }).first();
    await expect(book).toBeVisible({ timeout: 20_000 });
    await book.click();
    const dialog = page.getByRole('dialog', { name: /boeken$/ });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Nu boeken' })).toBeFocused();
  });

  test('the provider confirms a booking on their bookings page', async ({ page }) => {
    const guest = unique('Margot').replaceAll('-', '');
    await bookAsGuest(page, guest);
    await demoLogin(page, 'provider', E2E.appUrl);
    await visit(page, '/provider/bookings');
    const main = page.getByRole('main');
    await expect(main.getByRole('tab', { name: /Te beantwoorden/ })).toHaveAttribute('aria-selected', 'true');
    const confirm = main.getByRole('button', { name: new RegExp(`^Bevestig de boeking van ${guest} op `) });
    await expect(confirm).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await confirm.click();
    await expect(toastRegion(page)).toContainText('Boeking bevestigd');
    await expect(confirm).toBeHidden();
    await main.getByRole('tab', { name: /Bevestigd/ }).click();
    await expect(main.getByText(guest, { exact: true })).toBeVisible();
    await expect.poll(() => mailTo(`${guest.toLowerCase()}@example.com`), { timeout: 15_000 }).toContain('Bevestigd:');
  });
});

test.describe('reviews', () => {
  test('a guest’s review shows with its stars once an admin has approved it', async ({ page, browser }) => {
    const name = unique('Femke').replaceAll('-', '');
    await visit(page, '/activity/3');
    const form = page.getByRole('form', { name: 'Schrijf een review' });
    await expect(form).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // The spec's messages for what is missing.
    await form.getByRole('button', { name: 'Review versturen' }).click();
    await expect(form.getByText('Geef een rating van 1 tot 5 sterren.')).toBeVisible();
    // Stars by keyboard: into the group, then the arrow keys.
    await form.getByRole('radio', { name: '1 ster' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(form.getByRole('radio', { name: '4 sterren' })).toBeChecked();
    await form.getByRole('button', { name: 'Review versturen' }).click();
    await expect(form.getByText('Schrijf een korte review.')).toBeVisible();
    await form.getByLabel('Je review').fill('Prachtige plek, vroeg gaan is de moeite waard.');
    await form.getByRole('button', { name: 'Review versturen' }).click();
    await expect(form.getByText('Vul je naam en email in om een review achter te laten.')).toBeVisible();
    await form.getByLabel('Naam', { exact: true }).fill(name);
    await form.getByLabel('E-mail').fill(`${name.toLowerCase()}@example.com`);
    await form.getByRole('button', { name: 'Review versturen' }).click();
    await expect(toastRegion(page)).toContainText('Review ingediend');
    await expect(page.getByText('Bedankt voor je review.')).toBeVisible();
    const reviews = page.getByRole('list', { name: 'Reviews' });
    await expect(reviews.getByText(name)).toHaveCount(0);

    // The admin approves it in the Reviews tab.
    const admin = await browser.newContext({ locale: 'nl-NL' });
    await admin.addInitScript(() => localStorage.setItem('discoverlocal-cookie-consent', 'declined'));
    const adminPage = await admin.newPage();
    await demoLogin(adminPage, 'admin', E2E.appUrl);
    await visit(adminPage, '/admin');
    await adminPage.getByRole('tab', { name: /Reviews/ }).click();
    const approve = adminPage.getByRole('button', { name: `Keur de review van ${name} goed` });
    await expect(approve).toBeVisible();
    await expectNoSeriousA11yViolations(adminPage);
    await approve.click();
    await expect(toastRegion(adminPage)).toContainText('Review goedgekeurd');
    await admin.close();

    await page.reload();
    const item = page.getByRole('listitem').filter({ hasText: name });
    await expect(item).toBeVisible();
    await expect(item.getByRole('img', { name: '4 sterren' })).toBeVisible();
    await expect(item).toContainText('Prachtige plek');
  });

  test('a guest who comes by the review invitation’s link writes a review that shows “Verified booking”', async ({
    page,
    browser,
  }) => {
    // Lena W. went to the Sieur d'Arques tasting 12 days ago (the demo content); her invitation's link, as the mail makes it.
    const admin = await browser.newContext({ locale: 'nl-NL' });
    const adminPage = await admin.newPage();
    await demoLogin(adminPage, 'admin', E2E.appUrl);
    const listed = await adminPage.request.get('/api/provider/bookings?status=confirmed&limit=100');
    const lena = ((await listed.json()) as { id: number; customerName: string }[]).find(
      (b) => b.customerName === 'Lena Weber',
    );
    expect(lena).toBeDefined();
    const id = lena?.id ?? 0;
    const token = `${id}.${createHmac('sha256', E2E.sessionSecret).update(`review-invitation:${id}`).digest('base64url')}`;

    await page.goto(`/activity/${TASTING}?lng=en&token=${token}#write-review`);
    const form = page.getByRole('form', { name: 'Write a review' });
    await expect(form).toContainText('your review of your booking on');
    await expect(form).toContainText('will carry the label “Verified booking”');
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Lena Weber');
    await expect(form.getByLabel('E-mail')).toHaveCount(0);
    await expect(form).toContainText('We use the e-mail address of your booking; it is never shown.');
    await expect(form).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('review-link.png'), fullPage: false });

    await form.getByRole('radio', { name: '5 stars' }).focus();
    await page.keyboard.press('Space');
    await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await form.getByLabel('Your review').fill('A friendly guide, and the Blanquette straight from the cellar.');
    await form.getByRole('button', { name: 'Send review' }).click();
    await expect(page.getByText('It will carry the label “Verified booking”.')).toBeVisible();

    // Approved, it shows with its badge; the link now says the booking has its review.
    const pending = await adminPage.request.get('/api/admin/reviews/pending?limit=100');
    const review = ((await pending.json()) as { id: number; authorName: string }[]).find(
      (r) => r.authorName === 'Lena Weber',
    );
    const approved = await adminPage.request.patch(`/api/admin/reviews/${review?.id ?? 0}/approval`, {
      data: { isApproved: 1 },
      headers: { origin: E2E.appUrl },
    });
    expect(approved.ok()).toBe(true);
    await admin.close();
    await page.reload();
    const item = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').filter({ hasText: 'Lena W' });
    await expect(item).toContainText('Verified booking');
    await expect(page.getByRole('status').filter({ hasText: 'already has its review' })).toBeVisible();
  });
});
