import type { Browser, Page } from '@playwright/test';
import { demoLogin, expect, expectNoSeriousA11yViolations, PAGE_LOAD, test, toastRegion } from './fixtures';
import { E2E } from './support/ports';

/**
 * Issue 28, item 7: the site settings in the admin console (docs/site-settings.md). On the payments
 * server, which has no contact configured and whose footer no other spec reads; the settings go
 * back to the environment's defaults at the end.
 */
test.use({ baseURL: E2E.paymentsUrl });
// One after the other in one worker: the reset at the end must not fall in the middle of the other test.
test.describe.configure({ mode: 'serial' });

const ORIGIN = E2E.paymentsUrl;
const CONTACT = { email: 'bureau@limoux.test', phone: '+33 4 68 31 11 82' };

const settingsForm = (page: Page) => page.getByRole('form', { name: 'Instellingen van de site' });

/** Saves the form and waits for the server's answer. */
async function save(page: Page) {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/admin/settings') && response.request().method() === 'PATCH',
  );
  await settingsForm(page).getByRole('button', { name: 'Instellingen opslaan' }).click();
  expect((await saved).status()).toBe(200);
  await expect(toastRegion(page)).toContainText('Instellingen opgeslagen');
}

async function openSettings(page: Page) {
  await demoLogin(page, 'admin', ORIGIN);
  await page.goto('/admin/settings');
  await expect(page.getByRole('tab', { name: 'Instellingen' })).toHaveAttribute('aria-selected', 'true', PAGE_LOAD);
  await expect(settingsForm(page)).toBeVisible();
}

/** A visitor who never came before: a browser of their own, no cookies, nothing cached. */
async function freshVisitor(browser: Browser) {
  const context = await browser.newContext({ baseURL: ORIGIN, locale: 'nl-NL', serviceWorkers: 'block' });
  await context.addInitScript(() => localStorage.setItem('discoverlocal-cookie-consent', 'declined'));
  const page = await context.newPage();
  await page.goto('/landing');
  await page.locator('html[data-ready]').waitFor({ state: 'attached', ...PAGE_LOAD });
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  return { context, footer };
}

test.afterAll(async ({ browser }) => {
  // Back to the environment's defaults, whatever happened above.
  const context = await browser.newContext({ baseURL: ORIGIN });
  const page = await context.newPage();
  await demoLogin(page, 'admin', ORIGIN);
  const reset = await page.request.patch(`${ORIGIN}/api/admin/settings`, {
    headers: { origin: ORIGIN },
    data: { contactEmail: null, contactPhone: null, senderName: null, teamInbox: null },
  });
  expect(reset.ok()).toBe(true);
  await context.close();
});

test('an admin sets the contact e-mail and phone; a new visitor’s footer shows them, no restart', async ({
  page,
  browser,
}) => {
  // Before: this server has no contact configured, and the footer shows none.
  const before = await freshVisitor(browser);
  await expect(before.footer.getByRole('navigation', { name: 'Alle categorieën' })).toBeVisible();
  await expect(before.footer.getByRole('region', { name: 'Contact' })).toHaveCount(0);
  await before.context.close();

  await openSettings(page);
  const form = settingsForm(page);
  const email = form.getByRole('textbox', { name: 'Contact-e-mailadres' });
  await expect(email).toBeDisabled();
  await expect(email).toHaveAccessibleDescription(/De configuratie van de server geeft geen standaard: geen\./);
  await expectNoSeriousA11yViolations(page);

  // A wrong address is shown at its field, and nothing is saved.
  await form.getByRole('checkbox', { name: 'Standaard gebruiken voor Contact-e-mailadres' }).click();
  await email.fill('bureau@');
  await form.getByRole('button', { name: 'Instellingen opslaan' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription(/Vul een geldig e-mailadres in, of laat het veld leeg\./);
  await expectNoSeriousA11yViolations(page);

  await email.fill(CONTACT.email);
  await form.getByRole('checkbox', { name: 'Standaard gebruiken voor Contacttelefoon' }).click();
  await form.getByRole('textbox', { name: 'Contacttelefoon' }).fill(CONTACT.phone);
  await save(page);
  await expect(email).toHaveAttribute('aria-invalid', 'false');
  await page.screenshot({ path: 'test-results/site-settings-saved.png', fullPage: true });

  // The same server, not restarted: a visitor's first page load shows the new contact.
  const after = await freshVisitor(browser);
  const contact = after.footer.getByRole('region', { name: 'Contact' });
  await expect(contact.getByRole('link', { name: CONTACT.email })).toHaveAttribute('href', `mailto:${CONTACT.email}`);
  await expect(contact.getByRole('link', { name: CONTACT.phone })).toHaveAttribute('href', 'tel:+33468311182');
  await after.context.close();

  // Cleared again: the phone shows no more.
  await page.reload();
  await expect(settingsForm(page)).toBeVisible(PAGE_LOAD);
  await settingsForm(page).getByRole('textbox', { name: 'Contacttelefoon' }).fill('');
  await save(page);
  const cleared = await freshVisitor(browser);
  await expect(cleared.footer.getByRole('region', { name: 'Contact' }).getByRole('link')).toHaveCount(1);
  await expect(cleared.footer.getByRole('link', { name: CONTACT.email })).toBeVisible();
  await cleared.context.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('the settings fit the screen and pass axe', async ({ page }) => {
    await openSettings(page);
    await settingsForm(page).getByRole('button', { name: 'Instellingen opslaan' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/site-settings-phone.png', fullPage: true });
  });
});
