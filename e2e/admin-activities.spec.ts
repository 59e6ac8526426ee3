import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { demoLogin, expect, expectNoSeriousA11yViolations, test, toastRegion, visit } from './fixtures';
import { mailsTo as mailsOf } from './support/mails';
import { E2E } from './support/ports';

/**
 * Issue 28: the admins run every activity (docs/moderation.md#every-activity). On the second server,
 * whose guide the counting specs do not read: the listings made here do not change their numbers.
 */
const origin = E2E.offlineUrl;
test.use({ baseURL: origin });
test.describe.configure({ timeout: 150_000 });

const mailsTo = (address: string) => mailsOf(E2E.offlinePort, address);
const PROVIDER_EMAIL = 'provider@discoverlocal.test';

async function adminPage(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ locale: 'nl-NL', baseURL: origin, ...(viewport ? { viewport } : {}) });
  await context.addInitScript(() => localStorage.setItem('discoverlocal-cookie-consent', 'declined'));
  const page = await context.newPage();
  await demoLogin(page, 'admin', origin);
  return page;
}

const photo = (background: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();

test('the approval queue shows the photo, the map, the public fields and a published activity’s change beside what is public', async ({
  page,
  browser,
}) => {
  const name = `Wijnproeverij ${Date.now()}`;
  await demoLogin(page, 'provider', origin);
  const headers = { origin };
  const created = await page.request.post('/api/provider/activities', {
    headers,
    data: {
      name,
      description: 'Proeven in de kelder, met uitleg over blanquette.',
      language: 'nl',
      category: 'uitjes',
      city: 'Limoux',
      latitude: 43.05,
      longitude: 2.22,
      price: 15,
      bookingRequired: true,
      website: 'https://oud.example.com',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const upload = async (background: string) => {
    const res = await page.request.post(`/api/provider/activities/${id}/image`, {
      headers,
      multipart: { file: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: await photo(background) } },
    });
    expect(res.status()).toBe(200);
  };
  await upload('#7a4a2a');

  const admin = await adminPage(browser);
  // Published first, through the queue the admin panel reads.
  const queue = async () =>
    (await (await admin.request.get('/api/admin/activities/pending?limit=200')).json()) as {
      activityId: number;
      revisionId: number;
      contentHash: string;
    }[];
  const first = (await queue()).find((e) => e.activityId === id);
  expect(first).toBeDefined();
  const approved = await admin.request.post(`/api/admin/activities/${id}/approve`, {
    headers,
    data: { revisionId: first?.revisionId, contentHash: first?.contentHash },
  });
  expect(approved.status()).toBe(204);
  await expect
    .poll(async () => (await mailsTo(PROVIDER_EMAIL)).map((m) => m.subject))
    .toContain(`“${name}” staat in de gids`);

  // The provider changes the website and the photo of the published activity.
  const changed = await page.request.patch(`/api/provider/activities/${id}`, {
    headers,
    data: { website: 'https://nieuw.example.com' },
  });
  expect(changed.status()).toBe(200);
  await upload('#2a6a7a');

  await visit(admin, '/admin/activities/pending');
  const entry = admin.getByRole('article', { name: `Activiteit ${name}` });
  await expect(entry).toBeVisible();
  await expect(entry.getByText('Gewijzigd', { exact: true })).toBeVisible();
  const website = entry.getByRole('row', { name: /Website/ });
  await expect(website).toContainText('https://oud.example.com');
  await expect(website).toContainText('https://nieuw.example.com');
  await expect(website).toContainText('gewijzigd');
  // Both photos as pictures: the public one, and the waiting one served to admins under /api/uploads.
  const published = entry.getByRole('img', { name: `Gepubliceerde foto van ${name}` });
  const proposed = entry.getByRole('img', { name: `Voorgestelde foto van ${name}` });
  await expect(proposed).toHaveAttribute('src', /^\/api\/uploads\/[0-9a-f-]+-\d+\.webp$/);
  await expect(published).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]+-\d+\.webp$/);
  for (const img of [published, proposed]) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  }
  // What is public at once, and the position on the small map.
  const facts = entry.getByRole('region', { name: `Direct zichtbaar: ${name}` });
  await expect(facts).toContainText('€ 15');
  await expect(facts).toContainText('Boeken verplicht');
  const map = entry.getByRole('region', { name: `Kaart met de ligging van ${name}` });
  await map.scrollIntoViewIfNeeded();
  await expect(map).toBeVisible();
  await entry.screenshot({ path: test.info().outputPath('approval-queue-entry.png') });
  await expectNoSeriousA11yViolations(admin);

  // Refused with a reason: the provider reads it in their workspace and gets it by mail.
  await entry.getByRole('button', { name: `Wijs ${name} af` }).click();
  const dialog = admin.getByRole('dialog', { name: `${name} afwijzen` });
  await dialog.getByLabel(/Reden/).fill('De nieuwe website werkt niet.');
  await dialog.getByRole('button', { name: 'Afwijzen' }).click();
  await expect(toastRegion(admin)).toContainText(`${name} is afgewezen`);
  await expect
    .poll(async () => (await mailsTo(PROVIDER_EMAIL)).find((m) => m.subject === `“${name}” is niet goedgekeurd`)?.text)
    .toContain('De nieuwe website werkt niet.');
  await visit(page, `/provider/activities/${id}`);
  await expect(page.getByRole('note').filter({ hasText: 'De nieuwe website werkt niet.' })).toBeVisible();
});

test('an admin makes a listing of the guide’s own, it is public at once, and assigns it to a provider', async ({
  browser,
}) => {
  const name = `Brass in de straat ${Date.now()}`;
  const admin = await adminPage(browser);
  await visit(admin, '/admin/activities');
  await expect(admin.getByRole('tab', { name: /Activiteiten/, selected: true })).toBeVisible();
  await admin.getByRole('link', { name: 'Nieuwe activiteit' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Nieuwe activiteit' })).toBeVisible();
  await admin.getByLabel('Naam (verplicht)').fill(name);
  await admin.getByLabel('Beschrijving (verplicht)').fill('Fanfares trekken door de straten van Limoux.');
  await admin.getByLabel('Plaats (verplicht)').fill('Limoux');
  await admin.getByLabel('Breedtegraad').fill('43.0547');
  await admin.getByLabel('Breedtegraad').press('Enter');
  await admin.getByLabel('Lengtegraad').fill('2.2186');
  await admin.getByLabel('Lengtegraad').press('Enter');
  await expectNoSeriousA11yViolations(admin);
  await admin.getByRole('button', { name: 'Activiteit publiceren' }).click();
  await expect(toastRegion(admin)).toContainText(`${name} is gepubliceerd`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Activiteit bewerken (beheer)' })).toBeVisible();
  const id = Number(/\/admin\/activities\/(\d+)/.exec(admin.url())?.[1]);
  expect(id).toBeGreaterThan(0);
  const publication = admin.getByRole('region', { name: 'In de gids' });
  await expect(publication.getByText('Gepubliceerd', { exact: true })).toBeVisible();
  await expect(admin.getByText('Nu: De gids (geen aanbieder)')).toBeVisible();

  // In the public guide at once.
  const visitorContext = await browser.newContext({ locale: 'nl-NL', baseURL: origin });
  await visitorContext.addInitScript(() => localStorage.setItem('discoverlocal-cookie-consent', 'declined'));
  const visitor = await visitorContext.newPage();
  await visit(visitor, `/?q=${encodeURIComponent(name)}`);
  await expect(visitor.getByRole('main').getByRole('heading', { level: 3, name })).toBeVisible();

  // In the admins' list: the guide's own, published; found by a word of its name and by the filters.
  await visit(admin, '/admin/activities');
  await admin.getByLabel('Zoeken op naam', { exact: true }).fill(name);
  await admin.getByLabel('Aanbieder', { exact: true }).selectOption({ label: 'De gids (geen aanbieder)' });
  await admin.getByLabel('Status', { exact: true }).selectOption({ label: 'Gepubliceerd' });
  const row = admin.getByRole('listitem').filter({ hasText: name });
  // Only this one is left once the search and both filters apply (before, the list shows the last
  // answer dimmed and busy: axe would judge its faded text).
  const rows = admin.getByRole('listitem').filter({ has: admin.getByRole('link', { name: /^Sponsoring van / }) });
  await expect(rows).toHaveCount(1);
  await expect(admin.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(row).toContainText('De gids (geen aanbieder)');
  await expect(row.getByRole('link', { name: `Sponsoring van ${name}: Geen sponsoring` })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  // Assigned to the demo provider, who is mailed; the audit shows both changes.
  await row.getByRole('link', { name, exact: true }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Activiteit bewerken (beheer)' })).toBeVisible();
  const providers = (await (await admin.request.get('/api/admin/providers/approved?limit=200')).json()) as {
    id: number;
    email: string;
  }[];
  const demoProvider = providers.find((p) => p.email === PROVIDER_EMAIL);
  expect(demoProvider).toBeDefined();
  await admin.getByLabel('Toewijzen aan', { exact: true }).selectOption(String(demoProvider?.id));
  await admin.getByRole('button', { name: 'Toewijzen', exact: true }).click();
  await expect(toastRegion(admin)).toContainText(`${name} is nu van`);
  await expect
    .poll(async () => (await mailsTo(PROVIDER_EMAIL)).map((m) => m.subject))
    .toContain(`“${name}” is aan jou toegewezen`);
  const audit = admin.getByRole('region', { name: 'Wijzigingen door het team' });
  await expect(audit.getByText('Aanbieder gewijzigd')).toBeVisible();
  await expect(audit.getByText('Aangemaakt')).toBeVisible();

  // Paused again, so that the guide of this server stays as the other specs left it.
  await admin.getByRole('button', { name: 'Pauzeren' }).click();
  await expect(toastRegion(admin)).toContainText(`${name} is gepauzeerd`);
  await expect(audit.getByText('Gepauzeerd')).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  // On a phone: the list and its filters fit.
  const phone = await adminPage(browser, { width: 390, height: 844 });
  await visit(phone, '/admin/activities');
  await phone.getByLabel('Zoeken op naam', { exact: true }).fill(name);
  const phoneRow = phone.getByRole('listitem').filter({ hasText: name });
  await expect(phoneRow.getByText('Gepauzeerd', { exact: true })).toBeVisible();
  await expect(
    phone.getByRole('listitem').filter({ has: phone.getByRole('link', { name: /^Sponsoring van / }) }),
  ).toHaveCount(1);
  await expect(phone.locator('[aria-busy="true"]')).toHaveCount(0);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.screenshot({ path: test.info().outputPath('admin-activities-phone.png'), fullPage: true });
  await expectNoSeriousA11yViolations(phone);
});
