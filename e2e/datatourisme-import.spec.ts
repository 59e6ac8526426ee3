import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeFluxZip } from '../src/server/modules/imports/datatourisme/flux-writer';
import { testObject } from '../src/server/modules/imports/datatourisme/test-objects';
import {
  demoLogin,
  expect,
  expectNoSeriousA11yViolations,
  overview,
  PAGE_LOAD,
  pageHeading,
  test,
  visit,
} from './fixtures';
import { E2E } from './support/ports';

/**
 * Issue 33: an admin imports a DATAtourisme flux in the console (docs/datatourisme.md#running-an-import):
 * a dry run first and its report, then the same file for real, and a visitor finds an imported
 * activity under its Dutch name, with its photo (fetched from the photo stand-in, the one loopback
 * origin this server's IMPORT_PHOTO_PRIVATE_ORIGINS allows, and served as the app's own WebP widths)
 * and the photo's credits under it (docs/datatourisme.md#photos, #attribution). On the second server,
 * whose guide the counting specs do not read; the imported activities are paused at the end.
 */
const origin = E2E.offlineUrl;
test.use({ baseURL: origin });
test.describe.configure({ timeout: 120_000 });

// Fresh @ids on every attempt: a retry on the same server still has 2 to create.
const run = randomUUID().slice(0, 8);
const viewpoint = testObject(
  {
    uuid: `${run}-4d5e-4f60-8a9b-000000000011`,
    types: ['NaturalHeritage', 'PlaceOfInterest', 'PointOfInterest', 'PointOfView'],
    names: {
      fr: `Belvédère du Pech ${run}`,
      en: `Pech viewpoint ${run}`,
      nl: `Uitkijkpunt Pech ${run}`,
    },
    descriptions: { fr: 'Une vue sur la haute vallée de l’Aude.', nl: 'Een uitzicht over de hoge vallei van de Aude.' },
    latitude: '43.0412',
    longitude: '2.2305',
  },
  {
    // The main photo as the flux gives it: on the image bank's stand-in, with its credits and licence.
    hasMainRepresentation: [
      {
        '@type': ['foaf:Image', 'ebucore:EditorialObject'],
        'ebucore:hasRelatedResource': [{ 'ebucore:locator': [`${E2E.photoUrl}/photos/belvedere-pech-${run}.jpg`] }],
        'ebucore:hasAnnotation': [{ credits: ['Studio Pech'], 'ebucore:isCoveredBy': 'CC BY 4.0' }],
      },
    ],
  },
);
const market = testObject({
  uuid: `${run}-4d5e-4f60-8a9b-000000000012`,
  types: ['CulturalEvent', 'EntertainmentAndEvent', 'Market', 'PointOfInterest'],
  names: {
    fr: `Marché paysan ${run}`,
    en: `Farmers’ market ${run}`,
    nl: `Boerenmarkt ${run}`,
  },
  latitude: '43.0547',
  longitude: '2.2186',
});
const farAway = testObject({
  uuid: `${run}-1111-4c2d-8e3f-000000000002`,
  types: ['CulturalSite', 'PlaceOfInterest', 'PointOfInterest', 'Museum'],
  names: { fr: `Musée lointain ${run}` },
  latitude: '48.5734',
  longitude: '7.7521',
});

let dir: string;
let zip: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dl-e2e-flux-'));
  zip = path.join(dir, `flux-${run}.zip`);
  await writeFluxZip(zip, [viewpoint, market, farAway]);
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('an admin sees a dry run’s report, imports for real, and the activity is in the guide in Dutch', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'nl-NL', baseURL: origin });
  await context.addInitScript(() => localStorage.setItem('discoverlocal-cookie-consent', 'declined'));
  const admin = await context.newPage();
  await demoLogin(admin, 'admin', origin);
  await visit(admin, '/admin/imports');
  await expect(admin.getByRole('tab', { name: 'Importeren' })).toHaveAttribute('aria-selected', 'true', PAGE_LOAD);

  // The upload, a dry run by default.
  const upload = admin.getByRole('region', { name: 'Importeren uit DATAtourisme' });
  await expect(
    upload.getByRole('checkbox', { name: 'Eerst een proefimport (er wordt niets geschreven)' }),
  ).toBeChecked();
  await upload.getByLabel('Flux-ZIP-bestand').setInputFiles(zip);
  await upload.getByRole('button', { name: 'Starten' }).click();
  const status = upload.getByRole('status');
  await expect(status).toHaveText(
    `Proefimport van flux-${run}.zip klaar: 2 zouden worden aangemaakt, 0 bijgewerkt, 1 weggelaten.`,
    PAGE_LOAD,
  );

  // The run's report: 2 would be created, 1 left out as outside the area, with its @id.
  const runs = admin
    .getByRole('list')
    .filter({ has: admin.getByRole('article') })
    .first();
  const dryCard = runs.getByRole('article').first();
  await expect(dryCard.getByRole('heading', { name: `flux-${run}.zip` })).toBeVisible();
  await expect(dryCard).toContainText('Proefimport');
  await expect(dryCard.getByText('Zouden worden aangemaakt').locator('..')).toContainText('2');
  await dryCard.getByText('buiten het gebied: 1').click();
  await expect(dryCard.getByText(String(farAway['@id']))).toBeVisible();
  // The screen with a report open, the form and the schedule: nothing serious for assistive technology.
  // (At the top of the page, as the other screens are checked: the sticky header is measured over the page there.)
  await admin.evaluate(() => window.scrollTo(0, 0));
  await expectNoSeriousA11yViolations(admin);

  // Nothing was written.
  const imported = async () => {
    const found = await admin.request.get(`${origin}/api/admin/activities`, { params: { search: run } });
    expect(found.ok()).toBe(true);
    return (await found.json()) as { id: number }[];
  };
  expect(await imported()).toHaveLength(0);

  // Now for real, the same file.
  await upload.getByRole('button', { name: 'Nu echt importeren' }).click();
  await expect(status).toHaveText(
    `Import van flux-${run}.zip klaar: 2 aangemaakt, 0 bijgewerkt, 1 weggelaten.`,
    PAGE_LOAD,
  );
  const realCard = runs.getByRole('article').first();
  await expect(realCard.getByText('Aangemaakt', { exact: true }).locator('..')).toContainText('2');

  // A visitor finds the viewpoint under its Dutch name, on the overview and on its page.
  // In a browser of their own: no admin session.
  const visitor = await browser.newContext({ locale: 'nl-NL', baseURL: origin });
  await visitor.addInitScript(() => localStorage.setItem('discoverlocal-cookie-consent', 'declined'));
  const guest = await visitor.newPage();
  await visit(guest, '/');
  await guest.locator('html[data-ready]').waitFor({ state: 'attached', ...PAGE_LOAD });
  await overview.searchBox(guest).fill(`Uitkijkpunt Pech ${run}`);
  await overview.searchBox(guest).press('Enter');
  const card = overview.cards(guest).filter({ hasText: `Uitkijkpunt Pech ${run}` });
  await expect(card).toBeVisible(PAGE_LOAD);
  await card.getByRole('link').first().click();
  await expect(pageHeading(guest)).toHaveText(`Uitkijkpunt Pech ${run}`, PAGE_LOAD);
  await expect(guest.getByRole('main')).toContainText('Een uitzicht over de hoge vallei van de Aude.');
  // With its source, as the licence asks (docs/datatourisme.md#attribution).
  await expect(guest.getByRole('main')).toContainText(
    /Bron: Office de test, via DATAtourisme \(opent in een nieuw tabblad\), bijgewerkt 1 oktober 2026\./,
  );
  await expect(guest.getByRole('main').getByRole('link', { name: /^DATAtourisme/ })).toHaveAttribute(
    'href',
    /datatourisme\.fr/,
  );

  // Its photo at the top of the page, served by the app in the upload pipeline's WebP widths (not
  // from the image bank), loaded.
  const photo = guest.getByRole('main').locator('article > div').first().locator('img');
  await expect(photo).toHaveAttribute('src', /^\/uploads\/[a-z0-9-]+-800\.webp$/);
  await expect(photo).toHaveAttribute(
    'srcset',
    /^\/uploads\/[a-z0-9-]+-400\.webp 400w, \/uploads\/[a-z0-9-]+-800\.webp 800w, \/uploads\/[a-z0-9-]+-1600\.webp 1600w$/,
  );
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), PAGE_LOAD)
    .toBeGreaterThan(0);
  const shown = await photo.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(shown.startsWith(`${origin}/uploads/`)).toBe(true);
  const served = await guest.request.get(shown);
  expect(served.headers()['content-type']).toBe('image/webp');
  // Its credits and licence, right under it, as the source gave them.
  const credits = guest.getByRole('main').getByText('Foto: © Studio Pech · CC BY 4.0', { exact: true });
  await expect(credits).toBeVisible();
  const [photoBox, creditsBox] = [await photo.boundingBox(), await credits.boundingBox()];
  expect(creditsBox && photoBox && creditsBox.y >= photoBox.y + photoBox.height - 1).toBe(true);
  await guest.evaluate(() => window.scrollTo(0, 0));
  await guest.screenshot({ path: test.info().outputPath('imported-activity.png') });

  // Paused again: this server's guide stays as the other specs left it.
  const both = await imported();
  expect(both).toHaveLength(2);
  for (const { id } of both) {
    const paused = await admin.request.post(`${origin}/api/admin/activities/${id}/pause`, { headers: { origin } });
    expect(paused.ok()).toBe(true);
  }
  await visitor.close();
  await context.close();
});
