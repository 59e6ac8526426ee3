import { demoLogin, expect, expectNoSeriousA11yViolations, openInApp, test, toastRegion, visit } from './fixtures';
import { mailsTo as mailsOf, writtenMails } from './support/mails';
import { chooseFirstBookableDay } from './support/booking';
import { E2E } from './support/ports';

/**
 * Issue 28, the bookings inbox (docs/product.md#bookings-inbox): a guest books the seeded Limoux
 * Brass Festival, which has no provider, and is told the team answers; an admin confirms it in the
 * inbox; the guest's confirmation mail names the team.
 */

const mails = () => writtenMails(E2E.appPort);

const mailsTo = (address: string) => mailsOf(E2E.appPort, address);

test.describe('the bookings inbox', () => {
  test('a guest books the Brass Festival, the team answers: the dialog says so, an admin confirms, the mail names the team', async ({
    page,
  }, testInfo) => {
    const found = await page.request.get('/api/activities?search=brass&lng=nl');
    const festival = ((await found.json()) as { id: number; name: string }[]).find((a) =>
      a.name.includes('Brass Festival'),
    );
    expect(festival).toBeDefined();
    const id = festival?.id ?? 0;
    const guest = `Brass${Date.now()}`;
    const email = `${guest.toLowerCase()}@example.com`;

    // The guest reads who answers before and in the dialog (inside the running app: a server-rendered
    // button answers only once the page is hydrated).
    await openInApp(page, `/activity/${id}`);
    const price = page.getByRole('main').getByRole('region', { name: 'Prijs' });
    await expect(price).toContainText('Stuur een boekingsaanvraag; het DiscoverLocal-team bevestigt die per e-mail.');
    await price.getByRole('button', { name: 'Nu boeken' }).click();
    const dialog = page.getByRole('dialog', { name: /boeken$/ });
    await expect(dialog).toHaveAccessibleDescription(/Het DiscoverLocal-team beantwoordt je aanvraag/);
    await dialog.getByLabel('Naam (verplicht)').fill(guest);
    await dialog.getByLabel('E-mail (verplicht)').fill(email);
    await chooseFirstBookableDay(dialog);
    await dialog.getByRole('button', { name: 'Boekingsaanvraag versturen' }).click();
    await expect(toastRegion(page)).toContainText('Boeking gelukt!');
    await expect
      .poll(async () => (await mailsTo(email)).map((m) => m.text).join('\n'), { timeout: 15_000 })
      .toContain('Het DiscoverLocal-team bevestigt die zo snel mogelijk');
    // The team's inbox (CONTACT_EMAIL here) hears of it, with a link to the admins' inbox.
    await expect
      .poll(async () => (await mailsTo(E2E.contactEmail)).find((m) => m.text.includes(email))?.text ?? '', {
        timeout: 15_000,
      })
      .toContain(`${E2E.appUrl}/admin/bookings`);

    // An admin finds it in the inbox, among the team's bookings, and confirms it.
    await demoLogin(page, 'admin', E2E.appUrl);
    await visit(page, '/admin/bookings');
    const main = page.getByRole('main');
    await expect(main.getByRole('tab', { name: /Boekingen/ })).toHaveAttribute('aria-selected', 'true');
    await main.getByLabel('Beantwoord door').selectOption('none');
    const confirm = main.getByRole('button', { name: new RegExp(`^Bevestig de boeking van ${guest} op `) });
    await expect(confirm).toBeVisible();
    await expect(main.getByText('Beantwoord door het team').first()).toBeVisible();
    await expect(main.getByRole('link', { name: 'Deze boekingen downloaden als CSV' })).toHaveAttribute(
      'href',
      '/api/admin/bookings.csv?status=pending&provider=none',
    );
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('admin-bookings-inbox.png'), fullPage: true });
    await confirm.click();
    await expect(toastRegion(page)).toContainText('Boeking bevestigd');
    await expect(confirm).toBeHidden();
    await main.getByLabel('Status').selectOption('confirmed');
    await expect(main.getByText(guest, { exact: true })).toBeVisible();

    // The guest's confirmation names the team.
    await expect
      .poll(async () => (await mailsTo(email)).map((m) => m.subject).join('\n'), { timeout: 15_000 })
      .toContain('Bevestigd: Limoux Brass Festival');
    const confirmed = (await mailsTo(email)).find((m) => m.subject.startsWith('Bevestigd:'));
    expect(confirmed?.text).toContain('Goed nieuws: het DiscoverLocal-team heeft je boeking bevestigd.');

    // What the run wrote about this booking (the closing note lists them).
    const written = (await mails()).filter((m) => m.to === email || m.text.includes(email));
    for (const m of written) console.info(`mail to ${m.to}: ${m.subject}`);
    await testInfo.attach('mails', { body: written.map((m) => `${m.to}: ${m.subject}`).join('\n') });
  });

  test('on a phone: the filters stack and the answers stay in reach', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await demoLogin(page, 'admin', E2E.appUrl);
    await visit(page, '/admin/bookings');
    const main = page.getByRole('main');
    await expect(main.getByLabel('Status')).toBeVisible();
    await main.getByLabel('Status').selectOption('');
    await expect(main.getByRole('heading', { level: 2, name: 'Boekingen' })).toBeVisible();
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('admin-bookings-phone.png'), fullPage: true });
  });
});
