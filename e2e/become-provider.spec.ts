import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { writtenMails } from './support/mails';
import { loginAtProvider, newPerson } from './support/identity';
import { E2E } from './support/ports';

/** Issue 28, item 5: a visitor applies as a provider from /landing, an admin approves, the provider's mail arrives. */

const mails = () => writtenMails(E2E.appPort);

test('a visitor applies from /landing, the team is mailed, an admin approves, the provider’s mail arrives', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const login = `aanvrager${Date.now()}`;
  const address = `${login}@example.com`;
  const name = `${login.charAt(0).toUpperCase()}${login.slice(1)} Test`;
  const company = `Domaine ${login}`;

  // A first login chooses a role as before: a visitor.
  const person = await newPerson(browser);
  const page = person.page;
  await loginAtProvider(page, login);
  await expect(page).toHaveURL(/\/role-selection$/);
  await page.getByText('Bezoeker', { exact: true }).click();
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page).toHaveURL(`${E2E.appUrl}/`);

  // The profile menu offers the application too.
  await page.getByRole('button', { name: `Accountmenu van ${name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Word aanbieder' })).toBeVisible();
  await page.keyboard.press('Escape');

  // /landing's "Word aanbieder" leads a logged-in visitor to the application form.
  await page.goto('/landing');
  await page.getByRole('main').getByRole('link', { name: 'Word aanbieder', exact: true }).click();
  await expect(page).toHaveURL(`${E2E.appUrl}/provider/apply`);
  await expect(page.getByRole('heading', { level: 1, name: 'Aanbieder worden' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Aanmelding versturen' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Bedrijfsnaam').fill(company);
  await page.getByLabel('Telefoon').fill('+33 4 68 31 00 00');
  await page.getByLabel('Adres').fill('Avenue Fabre d’Églantine, Limoux');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/become-provider-form.png', fullPage: true });
  await submit.click();

  // The pending note shows until an admin decides, also on a later visit.
  await expect(page.getByRole('heading', { level: 1, name: 'Je aanmelding wacht op een besluit' })).toBeVisible();
  await expect(page.getByText(/binnen 48 uur/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Je aanmelding wacht op een besluit' })).toBeVisible();
  await page.screenshot({ path: 'test-results/become-provider-pending.png', fullPage: true });

  // The team is told at its inbox (CONTACT_EMAIL on this server).
  await expect
    .poll(async () => (await mails()).find((m) => m.to === E2E.contactEmail && m.subject.includes(company))?.text)
    .toContain(`${name} (${address})`);

  // An admin approves in the console.
  const admin = await newPerson(browser);
  await admin.page.goto('/login');
  await admin.page.getByRole('button', { name: /Demo als beheerder/ }).click();
  await expect(admin.page).toHaveURL(/\/admin$/);
  const row = admin.page.getByRole('listitem').filter({ hasText: company });
  await expect(row).toContainText('+33 4 68 31 00 00');
  await row.getByRole('button', { name: `${name} goedkeuren` }).click();
  await expect(admin.page.getByText('Aanbieder goedgekeurd', { exact: true })).toBeVisible();

  // The provider's mail arrives, in the language they used (Dutch).
  await expect
    .poll(async () => (await mails()).find((m) => m.to === address)?.subject)
    .toBe('Welkom als aanbieder op DiscoverLocal');
  const welcome = (await mails()).find((m) => m.to === address);
  expect(welcome?.text).toContain(`(${company}) is goedgekeurd`);
  expect(welcome?.text).toContain(`${E2E.appUrl}/provider`);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Je bent aanbieder' })).toBeVisible();
  await page.getByRole('link', { name: 'Naar mijn activiteiten' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn activiteiten' })).toBeVisible();

  // What this run mailed about the application (the closing note of the issue lists it).
  for (const mail of (await mails()).filter((m) => m.to === address || m.subject.includes(company))) {
    console.info(`mail: ${mail.subject} -> ${mail.to}`);
  }
  await person.context.close();
  await admin.context.close();
});

test('an admin rejects with a reason in the dialog, and the applicant is mailed the reason', async ({ browser }) => {
  test.setTimeout(90_000);
  const login = `afgewezen${Date.now()}`;
  const address = `${login}@example.com`;
  const name = `${login.charAt(0).toUpperCase()}${login.slice(1)} Test`;
  const person = await newPerson(browser);
  await loginAtProvider(person.page, login);
  await expect(person.page).toHaveURL(/\/role-selection$/);
  // A first login may still choose to be a provider at once.
  await person.page.getByText('Aanbieder', { exact: true }).click();
  await person.page.getByLabel('Bedrijfsnaam').fill(`Atelier ${login}`);
  await person.page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(person.page.getByRole('heading', { name: 'Bedankt voor je aanmelding!' })).toBeVisible();

  const admin = await newPerson(browser);
  await admin.page.goto('/login');
  await admin.page.getByRole('button', { name: /Demo als beheerder/ }).click();
  const row = admin.page.getByRole('listitem').filter({ hasText: `Atelier ${login}` });
  await row.getByRole('button', { name: `${name} afwijzen` }).click();
  const dialog = admin.page.getByRole('dialog', { name: `${name} afwijzen` });
  await dialog
    .getByLabel('Reden (optioneel; de aanmelder leest die)')
    .fill('Geen activiteiten in de streek van Limoux.');
  await expectNoSeriousA11yViolations(admin.page);
  await admin.page.screenshot({ path: 'test-results/become-provider-reject.png' });
  await dialog.getByRole('button', { name: 'Afwijzen' }).click();
  await expect(admin.page.getByText('Aanbieder afgewezen', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);

  await expect
    .poll(async () => (await mails()).find((m) => m.to === address)?.text)
    .toContain('Reden: Geen activiteiten in de streek van Limoux.');
  for (const mail of (await mails()).filter((m) => m.to === address || m.subject.includes(login))) {
    console.info(`mail: ${mail.subject} -> ${mail.to}`);
  }
  await person.context.close();
  await admin.context.close();
});
