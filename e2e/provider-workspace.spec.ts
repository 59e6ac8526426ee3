import sharp from 'sharp';
import { demoLogin, expect, expectNoSeriousA11yViolations, test, toastRegion, visit } from './fixtures';
import { E2E } from './support/ports';

/**
 * Issue 10: a provider creates an activity with a pin and a photo, an admin
 * approves it, it appears on the overview and the map, and its views show on
 * the provider's dashboard. On the second server (outside services down):
 * the activity it adds does not change the counts the other specs check, and
 * the address lookup being down shows how the form copes.
 */
test.use({ baseURL: E2E.offlineUrl });
test.describe.configure({ timeout: 150_000 });

/** A browser's ordinary User-Agent: robots (and headless browsers) are not counted. */
const VISITOR_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

test('a provider adds an activity with a pin and a photo; once approved it is in the guide and its views are counted', async ({
  page,
  browser,
}) => {
  const name = `Kelderbezoek ${Date.now()}`;
  await demoLogin(page, 'provider', E2E.offlineUrl);
  await visit(page, '/provider');
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn activiteiten' })).toBeVisible();
  await page.getByRole('link', { name: 'Nieuwe activiteit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe activiteit' })).toBeVisible();

  // Sending it empty: the form says what is missing, next to the fields, and focuses the first.
  const submit = page.getByRole('button', { name: 'Opslaan en ter goedkeuring insturen' });
  await submit.click();
  await expect(page.getByLabel('Naam (verplicht)')).toBeFocused();
  await expect(page.getByLabel('Naam (verplicht)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Zet de activiteit op de kaart, binnen het gebied van de gids.')).toBeVisible();

  await page.getByLabel('Naam (verplicht)').fill(name);
  await page
    .getByLabel('Beschrijving (verplicht)')
    .fill('Een uur in de kelders van een blanquettehuis, met proeverij.');
  await page.getByLabel('Plaats (verplicht)').fill('Limoux');
  await page.getByLabel('Prijs per persoon (€)').fill('12,50');
  // The address lookup is down on this server: the form says so and the pin is the way.
  await page.getByLabel('Adres opzoeken').fill('avenue Fabre');
  await expect(page.getByText('Adressen opzoeken lukt nu niet. Zet de speld dan op de kaart.')).toBeVisible();
  const map = page.getByRole('region', { name: /^Kaart: klik om de activiteit te plaatsen/ });
  await map.scrollIntoViewIfNeeded();
  await map.click({ position: { x: 200, y: 140 } });
  await expect(page.getByLabel('Breedtegraad')).not.toHaveValue('');
  await expectNoSeriousA11yViolations(page);
  await submit.click();
  await expect(toastRegion(page)).toContainText('Opgeslagen');
  await expect(page.getByRole('heading', { level: 1, name: 'Activiteit bewerken' })).toBeVisible();
  const id = Number(/\/provider\/activities\/(\d+)/.exec(page.url())?.[1]);
  expect(id).toBeGreaterThan(0);

  // The photo: a 4000 x 3000 JPEG, as a phone takes it.
  const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#c2703d' } })
    .jpeg({ quality: 85 })
    .toBuffer();
  await page.getByLabel('Kies een foto').setInputFiles({ name: 'kelder.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(toastRegion(page)).toContainText('Foto geüpload');
  // Waiting for approval: the provider's browser loads it from /api, where its session cookie goes
  // (docs/provider-workspace.md#photos).
  const current = page.getByRole('img', { name: 'Huidige foto' });
  await expect(current).toHaveAttribute('srcset', /^\/api\/uploads\/[0-9a-f-]+-400\.webp 400w,.*-1600\.webp 1600w$/);
  await expect
    .poll(() => current.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  await visit(page, '/provider');
  const row = page.getByRole('list', { name: 'Jouw activiteiten' }).getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('Wacht op goedkeuring')).toBeVisible();
  // Not public yet: the row offers the editor and the provider's own preview, not a public page that would be a 404.
  await expect(row.getByRole('link', { name: `${name} in de gids bekijken` })).toHaveCount(0);
  await expect(row.getByRole('link', { name: `${name} bewerken` })).toHaveAttribute(
    'href',
    `/provider/activities/${id}`,
  );
  await row.getByRole('link', { name: `Voorbeeld van ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Voorbeeld' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Wacht op goedkeuring' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByText(/12,50 per persoon/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The admin sees it in the queue and publishes it.
  const adminContext = await browser.newContext({ locale: 'nl-NL', baseURL: E2E.offlineUrl });
  await adminContext.addInitScript(() => localStorage.setItem('discoverlocal-cookie-consent', 'declined'));
  const admin = await adminContext.newPage();
  await demoLogin(admin, 'admin', E2E.offlineUrl);
  // A sponsorship by hand, set and cleared again while the activity is not public yet
  // (the specs on this server count on the order of the public guide).
  await visit(admin, `/admin/activities/${id}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Activiteit bewerken (beheer)' })).toBeVisible();
  await admin.getByLabel('Niveau').selectOption({ label: 'Niveau 3 (TOP)' });
  await admin.getByLabel('Laatste dag van de sponsoring').fill('2099-12-31');
  await expectNoSeriousA11yViolations(admin);
  await admin.getByRole('button', { name: 'Sponsoring opslaan' }).click();
  await expect(toastRegion(admin)).toContainText('Sponsoring opgeslagen');
  const level = async () =>
    (await (await admin.request.get(`/api/admin/activities/${id}`)).json()) as {
      sponsorLevel: number;
      sponsoredUntil: string | null;
    };
  expect(await level()).toMatchObject({ sponsorLevel: 3, sponsoredUntil: '2099-12-31' });
  await admin.getByLabel('Niveau').selectOption({ label: 'Geen sponsoring' });
  await admin.getByRole('button', { name: 'Sponsoring opslaan' }).click();
  await expect.poll(level).toMatchObject({ sponsorLevel: 0, sponsoredUntil: null });

  await visit(admin, '/admin/activities/pending');
  const entry = admin.getByRole('article', { name: `Activiteit ${name}` });
  await expect(entry).toBeVisible();
  await expect(entry.getByText('Nieuw', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  // Rejecting needs a reason the provider will read; the admin changes their mind.
  const reject = entry.getByRole('button', { name: `Wijs ${name} af` });
  await reject.click();
  const dialog = admin.getByRole('dialog', { name: `${name} afwijzen` });
  await dialog.getByRole('button', { name: 'Afwijzen' }).click();
  await expect(dialog.getByText('Geef een reden op.')).toBeVisible();
  await admin.keyboard.press('Escape');
  await expect(reject).toBeFocused();
  await entry.getByRole('button', { name: `Keur ${name} goed` }).click();
  await expect(toastRegion(admin)).toContainText(`${name} is gepubliceerd`);

  // A visitor finds it on the overview and the map, and opens it (one view).
  const visitorContext = await browser.newContext({ locale: 'nl-NL', baseURL: E2E.offlineUrl, userAgent: VISITOR_UA });
  await visitorContext.addInitScript(() => localStorage.setItem('discoverlocal-cookie-consent', 'declined'));
  const visitor = await visitorContext.newPage();
  await visit(visitor, `/?q=${encodeURIComponent(name)}`);
  const card = visitor.getByRole('main').getByRole('heading', { level: 3, name });
  await expect(card).toBeVisible();
  await visit(visitor, '/kaart');
  await visitor.getByText('Alle activiteiten als lijst').click();
  await expect(visitor.getByRole('main').getByRole('button').filter({ hasText: name })).toBeVisible();
  await visit(visitor, `/?q=${encodeURIComponent(name)}`);
  // The page counts its view once its effects have run: the visitor leaves only after it was sent.
  const viewCounted = visitor.waitForResponse(
    (response) => response.url().endsWith(`/api/activities/${id}/events`) && response.request().method() === 'POST',
  );
  await visitor.getByRole('main').getByRole('link', { name }).first().click();
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  expect((await viewCounted).ok()).toBe(true);
  const picture = visitor.locator('article img').first();
  await expect(picture).toHaveAttribute('srcset', /^\/uploads\/[0-9a-f-]+-400\.webp 400w,.*-800\.webp 800w/);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await visitorContext.close();

  // Admins reach the activity's editor and sponsorship from its detail page.
  await visit(admin, `/activity/${id}`);
  await expect(admin.getByRole('link', { name: 'Bewerken en sponsoring (beheer)' })).toHaveAttribute(
    'href',
    `/admin/activities/${id}`,
  );
  await adminContext.close();

  // The provider's dashboard counts that view (their own visits are left out).
  await visit(page, '/provider');
  const numbers = page.getByRole('table', { name: 'Cijfers per activiteit over de afgelopen 30 dagen' });
  const numbersRow = numbers.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(numbersRow.getByRole('cell').first()).toHaveText('1');
  await expect(row.getByText('Gepubliceerd')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a festival’s dates are asked for festivals, checked before sending, and shown in the preview', async ({
  page,
}) => {
  const name = `Zomerfeest ${Date.now()}`;
  const year = new Date().getFullYear() + 1;
  await demoLogin(page, 'provider', E2E.offlineUrl);
  await visit(page, '/provider/activities/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe activiteit' })).toBeVisible();
  // Not asked of an outing; asked once it is a festival (docs/product.md#event-dates).
  await expect(page.getByLabel('Eerste dag')).toHaveCount(0);
  await page.getByLabel('Categorie', { exact: true }).selectOption('feesten');
  const dates = page.getByRole('group', { name: 'Data van de volgende editie' });
  await expect(dates).toBeVisible();

  await page.getByLabel('Naam (verplicht)').fill(name);
  await page.getByLabel('Beschrijving (verplicht)').fill('Muziek en dans op het plein, drie avonden lang.');
  await page.getByLabel('Plaats (verplicht)').fill('Limoux');
  const map = page.getByRole('region', { name: /^Kaart: klik om de activiteit te plaatsen/ });
  await map.scrollIntoViewIfNeeded();
  await map.click({ position: { x: 200, y: 140 } });
  await expect(page.getByLabel('Breedtegraad')).not.toHaveValue('');

  const submit = page.getByRole('button', { name: 'Opslaan en ter goedkeuring insturen' });
  const first = dates.getByLabel('Eerste dag');
  const last = dates.getByLabel('Laatste dag (optioneel)');
  await first.fill('2020-07-14');
  await submit.click();
  await expect(first).toBeFocused();
  await expect(dates.getByText('Deze datum is al voorbij; vul de data van de volgende editie in.')).toBeVisible();

  await first.fill(`${year}-07-10`);
  await last.fill(`${year}-07-08`);
  await submit.click();
  await expect(last).toBeFocused();
  await expect(last).toHaveAttribute('aria-invalid', 'true');
  await expect(dates.getByText('De laatste dag kan niet vóór de eerste dag liggen.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await last.fill(`${year}-07-12`);
  await submit.click();
  await expect(toastRegion(page)).toContainText('Opgeslagen');
  await expect(page.getByRole('heading', { level: 1, name: 'Activiteit bewerken' })).toBeVisible();
  await expect(page.getByLabel('Eerste dag')).toHaveValue(`${year}-07-10`);
  const id = Number(/\/provider\/activities\/(\d+)/.exec(page.url())?.[1]);
  await visit(page, `/provider/activities/${id}/preview`);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByText(new RegExp(`10\\s?–\\s?12 juli ${year}$`))).toBeVisible();
});

test('weekly hours are rows of days and times, checked row by row before sending, and shown by season in the preview', async ({
  page,
}) => {
  const name = `Wijnkelder ${Date.now()}`;
  await demoLogin(page, 'provider', E2E.offlineUrl);
  await visit(page, '/provider/activities/new');
  await page.getByLabel('Naam (verplicht)').fill(name);
  await page.getByLabel('Beschrijving (verplicht)').fill('Proeverij in de kelder, met uitleg over de blanquette.');
  await page.getByLabel('Plaats (verplicht)').fill('Limoux');
  const map = page.getByRole('region', { name: /^Kaart: klik om de activiteit te plaatsen/ });
  await map.scrollIntoViewIfNeeded();
  await map.click({ position: { x: 200, y: 140 } });
  await expect(page.getByLabel('Breedtegraad')).not.toHaveValue('');

  // docs/product.md#weekly-hours: a row per set of days; a break at noon makes two rows.
  const hours = page.getByRole('group', { name: 'Vaste openingstijden' });
  const add = hours.getByRole('button', { name: 'Tijden toevoegen' });
  await add.click();
  const first = hours.getByRole('group', { name: 'Tijden 1' });
  // A new row takes focus on its first day; days are read in full ("ma" on screen).
  await expect(first.getByRole('checkbox', { name: 'maandag', exact: true })).toBeFocused();
  for (const day of ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag']) {
    await first.getByRole('checkbox', { name: day, exact: true }).check();
  }
  await first.getByLabel('Open vanaf').fill('14:00');
  await first.getByLabel(/^Open tot/).fill('12:00');
  await add.click();
  const second = hours.getByRole('group', { name: 'Tijden 2' });
  await second.getByRole('checkbox', { name: 'zaterdag', exact: true }).check();
  await second.getByLabel('Open vanaf').fill('10:00');
  await second.getByLabel(/^Open tot/).fill('00:00');
  await second.getByLabel('Alleen in een seizoen (elk jaar)').check();

  const submit = page.getByRole('button', { name: 'Opslaan en ter goedkeuring insturen' });
  await submit.click();
  await expect(first.getByLabel(/^Open tot/)).toBeFocused();
  await expect(first.getByText('De sluitingstijd moet na de openingstijd liggen.')).toBeVisible();
  await first.getByLabel(/^Open tot/).fill('18:00');
  await submit.click();
  // The season's first day needs a day and a month: the day field is the first to fix.
  const seasonStart = second.getByRole('group', { name: 'Eerste dag van het seizoen' });
  await expect(seasonStart.getByLabel('Dag', { exact: true })).toBeFocused();
  await expect(seasonStart.getByText(/Kies een dag en een maand/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await seasonStart.getByLabel('Dag', { exact: true }).selectOption('1');
  await seasonStart.getByLabel('Maand', { exact: true }).selectOption({ label: 'juli' });
  const seasonEnd = second.getByRole('group', { name: 'Laatste dag van het seizoen' });
  await seasonEnd.getByLabel('Dag', { exact: true }).selectOption('31');
  await seasonEnd.getByLabel('Maand', { exact: true }).selectOption({ label: 'augustus' });
  await submit.click();
  await expect(toastRegion(page)).toContainText('Opgeslagen');
  await expect(page.getByRole('heading', { level: 1, name: 'Activiteit bewerken' })).toBeVisible();
  // Midnight is 00:00 in the time field and 24:00 in what is kept.
  await expect(page.getByRole('group', { name: 'Tijden 2' }).getByLabel(/^Open tot/)).toHaveValue('00:00');

  const id = Number(/\/provider\/activities\/(\d+)/.exec(page.url())?.[1]);
  await visit(page, `/provider/activities/${id}/preview`);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByText('ma–vr 14:00–18:00')).toBeVisible();
  await expect(page.getByText('1 juli – 31 augustus')).toBeVisible();
  await expect(page.getByText('za 10:00–24:00')).toBeVisible();
  await expect(page.getByText('Het hele jaar')).toBeVisible();
});

test('a published activity’s new website waits for approval, and the admin decides on the request they were shown', async ({
  page,
  browser,
}) => {
  const name = `Wijnproeverij ${Date.now()}`;
  const origin = E2E.offlineUrl;
  await demoLogin(page, 'provider', origin);
  const created = await page.request.post('/api/provider/activities', {
    headers: { origin },
    data: {
      name,
      description: 'Proeven in de kelder van het domein.',
      language: 'nl',
      category: 'uitjes',
      city: 'Limoux',
      latitude: 43.05,
      longitude: 2.22,
      website: 'https://oud.example.com',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  const adminContext = await browser.newContext({ locale: 'nl-NL', baseURL: origin });
  await adminContext.addInitScript(() => localStorage.setItem('discoverlocal-cookie-consent', 'declined'));
  const admin = await adminContext.newPage();
  await demoLogin(admin, 'admin', origin);
  await visit(admin, '/admin/activities/pending');
  const entry = admin.getByRole('article', { name: `Activiteit ${name}` });
  await entry.getByRole('button', { name: `Keur ${name} goed` }).click();
  await expect(toastRegion(admin)).toContainText(`${name} is gepubliceerd`);

  // The provider gives another website: the form keeps it as a change that waits, the public page the old one.
  await visit(page, `/provider/activities/${id}`);
  await expect(page.getByText('worden eerst door ons team bekeken', { exact: false })).toBeVisible();
  await page.getByLabel('Website').fill('https://nieuw.example.com');
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(toastRegion(page)).toContainText('tot dan zien bezoekers de gepubliceerde versie');
  await page.reload();
  await expect(page.getByRole('note').filter({ hasText: 'Je wijzigingen wachten op goedkeuring' })).toBeVisible();
  await expect(page.getByLabel('Website')).toHaveValue('https://nieuw.example.com');
  await visit(page, `/activity/${id}`);
  await expect(page.getByRole('main').getByRole('link', { name: /^Website/ })).toHaveAttribute(
    'href',
    'https://oud.example.com',
  );

  // The admin sees both; the provider changes the request again before the admin approves it.
  await visit(admin, '/admin/activities/pending');
  const website = entry.getByRole('row', { name: /Website/ });
  await expect(website).toContainText('https://oud.example.com');
  await expect(website).toContainText('https://nieuw.example.com');
  await expectNoSeriousA11yViolations(admin);
  const again = await page.request.patch(`/api/provider/activities/${id}`, {
    headers: { origin },
    data: { website: 'https://elders.example.com' },
  });
  expect(again.status()).toBe(200);
  await entry.getByRole('button', { name: `Keur ${name} goed` }).click();
  await expect(toastRegion(admin)).toContainText(`De aanvraag voor ${name} is gewijzigd`);
  await expect(entry.getByRole('status')).toContainText('De aanbieder heeft deze aanvraag gewijzigd');
  await expect(website).toContainText('https://elders.example.com');
  await expectNoSeriousA11yViolations(admin);
  await entry.getByRole('button', { name: `Keur ${name} goed` }).click();
  await expect(toastRegion(admin)).toContainText(`${name} is gepubliceerd`);
  await adminContext.close();

  await visit(page, `/activity/${id}`);
  await expect(page.getByRole('main').getByRole('link', { name: /^Website/ })).toHaveAttribute(
    'href',
    'https://elders.example.com',
  );
});

test('issue 32: the name’s limit shows as the provider types, a website gets https://, and Spanish opening hours reach the Spanish page', async ({
  page,
  browser,
}) => {
  const name = `Kelder met uren ${Date.now()}`;
  const origin = E2E.offlineUrl;
  await demoLogin(page, 'provider', origin);
  await visit(page, '/provider/activities/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe activiteit' })).toBeVisible();

  // The count follows the typing; a pasted name over the limit is kept whole, said to be over, and refused.
  const nameField = page.getByLabel('Naam (verplicht)');
  const nameBlock = page.locator('div').filter({ has: nameField }).last();
  await nameField.fill(name);
  await expect(nameBlock.getByText(`${name.length} / 200`)).toBeVisible();
  const long = 'Rondleiding door de kelders van het domein met proeverij van blanquette en crémant '.repeat(3).trim();
  await nameField.fill(long);
  await expect(nameField).toHaveValue(long);
  await expect(nameBlock.getByText(`${long.length} / 200`)).toBeVisible();
  await expect(nameBlock.getByRole('status')).toHaveText(`${long.length - 200} tekens te veel`);
  const submit = page.getByRole('button', { name: 'Opslaan en ter goedkeuring insturen' });
  await submit.click();
  await expect(
    nameBlock.getByText(`Dit is te lang: ${long.length} tekens, hoogstens 200. Maak het korter.`),
  ).toBeVisible();
  await expect(nameField).toBeFocused();
  await nameField.fill(name);
  await expect(nameBlock.getByRole('status')).toHaveText('');

  await page.getByLabel('Beschrijving (verplicht)').fill('Een uur in de kelders, met proeverij.');
  await page.getByLabel('Plaats (verplicht)').fill('Limoux');
  const practical = page.getByRole('group', { name: 'Praktisch' });
  await practical.getByLabel('Openingstijden', { exact: true }).fill('di-za 10:00-18:00');
  // A website without https://: completed as the field is left, as it will be stored.
  const website = page.getByLabel('Website');
  await website.fill('www.kelder-met-uren.fr');
  await website.blur();
  await expect(website).toHaveValue('https://www.kelder-met-uren.fr');

  // The Spanish texts, opening hours included.
  await page.getByText('Vertalingen (optioneel)').click();
  const spanish = page.getByRole('group', { name: 'Español' });
  await spanish.getByLabel('Naam', { exact: true }).fill(`Bodega con horario ${name.slice(-13)}`);
  await spanish.getByLabel('Beschrijving', { exact: true }).fill('Una hora en las bodegas, con degustación.');
  await spanish.getByLabel('Openingstijden', { exact: true }).fill('de martes a sábado, de 10:00 a 18:00');

  const map = page.getByRole('region', { name: /^Kaart: klik om de activiteit te plaatsen/ });
  await map.scrollIntoViewIfNeeded();
  await map.click({ position: { x: 200, y: 140 } });
  await expect(page.getByLabel('Breedtegraad')).not.toHaveValue('');
  await expectNoSeriousA11yViolations(page);
  await submit.click();
  await expect(toastRegion(page)).toContainText('Opgeslagen');
  await expect(page.getByRole('heading', { level: 1, name: 'Activiteit bewerken' })).toBeVisible();
  const id = Number(/\/provider\/activities\/(\d+)/.exec(page.url())?.[1]);
  expect(id).toBeGreaterThan(0);
  // Saved as shown, and shown again in the form.
  await expect(page.getByLabel('Website')).toHaveValue('https://www.kelder-met-uren.fr');
  await page.getByText('Vertalingen (optioneel)').click();
  await expect(spanish.getByLabel('Openingstijden', { exact: true })).toHaveValue(
    'de martes a sábado, de 10:00 a 18:00',
  );

  const adminContext = await browser.newContext({ locale: 'nl-NL', baseURL: origin });
  await adminContext.addInitScript(() => localStorage.setItem('discoverlocal-cookie-consent', 'declined'));
  const admin = await adminContext.newPage();
  await demoLogin(admin, 'admin', origin);
  await visit(admin, '/admin/activities/pending');
  const entry = admin.getByRole('article', { name: `Activiteit ${name}` });
  await expect(entry.getByRole('row', { name: /\(es\)/ })).toContainText('de martes a sábado, de 10:00 a 18:00');
  await entry.getByRole('button', { name: `Keur ${name} goed` }).click();
  await expect(toastRegion(admin)).toContainText(`${name} is gepubliceerd`);
  await adminContext.close();

  // A Spanish visitor reads the Spanish hours; a Dutch one the original.
  const spanishContext = await browser.newContext({ locale: 'es-ES', baseURL: origin });
  await spanishContext.addInitScript(() => localStorage.setItem('discoverlocal-cookie-consent', 'declined'));
  const visitor = await spanishContext.newPage();
  await visit(visitor, `/activity/${id}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`Bodega con horario ${name.slice(-13)}`);
  await expect(visitor.getByRole('main')).toContainText('de martes a sábado, de 10:00 a 18:00');
  await expect(visitor.getByRole('main').getByRole('link', { name: /^Sitio web/ })).toHaveAttribute(
    'href',
    'https://www.kelder-met-uren.fr',
  );
  await spanishContext.close();
  await visit(page, `/activity/${id}`);
  await expect(page.getByRole('main')).toContainText('di-za 10:00-18:00');
  await expect(page.getByRole('main')).not.toContainText('de martes a sábado');
});
