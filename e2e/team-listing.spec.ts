import { demoLogin, expect, openInApp, test, toastRegion, visit } from './fixtures';
import { mailsTo as mailsOf } from './support/mails';
import { chooseDay } from './support/booking';
import { E2E } from './support/ports';

/**
 * Issue 28, end to end: the tourist office makes a listing of its own (no provider), a guest books
 * it, an admin confirms the booking in the inbox, and the guest's confirmation names the team
 * (docs/moderation.md#every-activity, docs/product.md#bookings-inbox). On the second server, whose
 * guide the counting specs do not read; the listing is paused again at the end.
 */
const origin = E2E.offlineUrl;
test.use({ baseURL: origin });
test.describe.configure({ timeout: 150_000 });

const mailsTo = (address: string) => mailsOf(E2E.offlinePort, address);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('an admin makes a listing of the guide, a guest books it, the admin confirms it in the inbox, the mail names the team', async ({
  browser,
}, testInfo) => {
  const name = `Rondleiding van het bureau ${Date.now()}`;
  const adminContext = await browser.newContext({ locale: 'nl-NL', baseURL: origin });
  await adminContext.addInitScript(() => localStorage.setItem('discoverlocal-cookie-consent', 'declined'));
  const admin = await adminContext.newPage();
  await demoLogin(admin, 'admin', origin);

  // The listing, bookable, of nobody but the guide.
  await visit(admin, '/admin/activities/new');
  await admin.getByLabel('Naam (verplicht)').fill(name);
  await admin.getByLabel('Beschrijving (verplicht)').fill('Een wandeling met het toeristenbureau door Limoux.');
  await admin.getByLabel('Plaats (verplicht)').fill('Limoux');
  await admin.getByLabel('Breedtegraad').fill('43.0547');
  await admin.getByLabel('Lengtegraad').fill('2.2186');
  await admin.getByLabel('Reserveren nodig').check();
  await admin.getByRole('button', { name: 'Activiteit publiceren' }).click();
  await expect(toastRegion(admin)).toContainText(`${name} is gepubliceerd`);
  const id = Number(/\/admin\/activities\/(\d+)/.exec(admin.url())?.[1]);
  expect(id).toBeGreaterThan(0);

  // A guest books it and is told the team answers.
  const guestContext = await browser.newContext({ locale: 'nl-NL', baseURL: origin });
  await guestContext.addInitScript(() => localStorage.setItem('discoverlocal-cookie-consent', 'declined'));
  const guest = await guestContext.newPage();
  const guestName = `Gast${Date.now()}`;
  const email = `${guestName.toLowerCase()}@example.com`;
  // Inside the running app (a server-rendered button answers only once the page is hydrated).
  await openInApp(guest, `/activity/${id}`);
  const price = guest.getByRole('main').getByRole('region', { name: 'Prijs' });
  await expect(price).toContainText('het DiscoverLocal-team bevestigt die per e-mail');
  await price.getByRole('button', { name: 'Nu boeken' }).click();
  const dialog = guest.getByRole('dialog', { name: /boeken$/ });
  await expect(dialog).toHaveAccessibleDescription(/Het DiscoverLocal-team beantwoordt je aanvraag/);
  await dialog.getByLabel('Naam (verplicht)').fill(guestName);
  await dialog.getByLabel('E-mail (verplicht)').fill(email);
  await chooseDay(dialog, inDays(4));
  await dialog.getByRole('button', { name: 'Boekingsaanvraag versturen' }).click();
  await expect(toastRegion(guest)).toContainText('Boeking gelukt!');

  // The admin confirms it in the inbox, among the team's bookings.
  await visit(admin, '/admin/bookings');
  const main = admin.getByRole('main');
  await main.getByLabel('Beantwoord door').selectOption('none');
  const confirm = main.getByRole('button', { name: new RegExp(`^Bevestig de boeking van ${guestName} op `) });
  await confirm.click();
  await expect(toastRegion(admin)).toContainText('Boeking bevestigd');

  // The guest's confirmation names the team.
  await expect
    .poll(async () => (await mailsTo(email)).map((m) => m.subject).join('\n'), { timeout: 15_000 })
    .toContain(`Bevestigd: ${name}`);
  const confirmed = (await mailsTo(email)).find((m) => m.subject.startsWith('Bevestigd:'));
  expect(confirmed?.text).toContain('het DiscoverLocal-team heeft je boeking bevestigd');
  const written = await mailsTo(email);
  for (const m of written) console.info(`mail to ${email}: ${m.subject}`);
  await testInfo.attach('mails', { body: written.map((m) => `${email}: ${m.subject}`).join('\n') });

  // Paused again: this server's guide stays as the other specs left it.
  await visit(admin, `/admin/activities/${id}`);
  await admin.getByRole('button', { name: 'Pauzeren' }).click();
  await expect(toastRegion(admin)).toContainText(`${name} is gepauzeerd`);
});
