import type { Browser, Locator, Page } from '@playwright/test';
import {
  demoLogin,
  expect,
  expectNoSeriousA11yViolations,
  PAGE_LOAD,
  pageHeading,
  test,
  toastRegion,
} from './fixtures';
import { chooseDay, chooseTime, showDay } from './support/booking';
import { mailsTo as mailsOf } from './support/mails';
import { E2E } from './support/ports';

/**
 * Issue 29, what the guest sees (docs/availability.md#what-the-guest-sees): an activity with two
 * times a day, 3 places each, confirmed at once and cancelled by the guest until 30 days before.
 * A guest books the last 3 places of 10:00 and is confirmed at once by mail; the next guest sees
 * 10:00 full; a guest whose calendar was older is refused and sees it full too; the cancel link
 * says it is too late to cancel. On the second server, whose guide the counting specs do not
 * read; the listing is paused at the end.
 */
const origin = E2E.offlineUrl;
test.use({ baseURL: origin });
test.describe.configure({ timeout: 180_000 });

const mailsTo = (address: string) => mailsOf(E2E.offlinePort, address);

/** The day `days` after today in Limoux (YYYY-MM-DD). */
const inDays = (days: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));

/** A second visitor: their own browser context, on a phone or a desktop screen. */
async function visitor(browser: Browser, screen: 'phone' | 'desktop') {
  const context = await browser.newContext({
    baseURL: origin,
    locale: 'nl-NL',
    ...(screen === 'phone'
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
      : { viewport: { width: 1366, height: 768 } }),
  });
  await context.addInitScript(() => localStorage.setItem('discoverlocal-cookie-consent', 'declined'));
  return { context, page: await context.newPage() };
}

/** Opens the activity, waits until the app runs, and opens the booking dialog. */
async function openDialog(page: Page, id: number): Promise<Locator> {
  await page.goto(`/activity/${id}`);
  await page.locator('html[data-ready]').waitFor({ state: 'attached', ...PAGE_LOAD });
  await expect(pageHeading(page)).toBeVisible(PAGE_LOAD);
  await page.getByRole('main').getByRole('button', { name: 'Nu boeken' }).click();
  const dialog = page.getByRole('dialog', { name: /boeken$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
  return dialog;
}

const times = (dialog: Locator) => dialog.getByRole('group', { name: 'Tijd (verplicht)' });

test('the last places of a time: booked and confirmed at once, then full for the next guests', async ({
  page,
  browser,
}, testInfo) => {
  // An admin makes a listing of the guide and sets its availability through the API.
  const name = `Kajaktocht ${Date.now()}`;
  await demoLogin(page, 'admin', origin);
  const created = await page.request.post('/api/admin/activities', {
    headers: { origin },
    data: {
      name,
      description: 'Twee uur peddelen op de Aude, met gids.',
      language: 'nl',
      category: 'sport',
      city: 'Limoux',
      latitude: 43.0547,
      longitude: 2.2186,
      price: 20,
      bookingRequired: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const settings = await page.request.put(`/api/provider/activities/${id}/availability`, {
    headers: { origin },
    data: {
      slots: ['10:00', '14:00'],
      durationMinutes: 120,
      capacity: 3,
      confirmation: 'instant',
      cancelUntilHours: 720,
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const day = inDays(3);

  // A guest whose calendar is older: they choose 10:00 before the last places go.
  const late = await visitor(browser, 'desktop');
  const lateDialog = await openDialog(late.page, id);
  await chooseDay(lateDialog, day);
  await chooseTime(times(lateDialog).getByRole('radio', { name: '10:00, nog 3 plaatsen' }));

  // The first guest books the 3 places of 10:00.
  const guest = await visitor(browser, 'desktop');
  const email = `kajak${Date.now()}@example.com`;
  const dialog = await openDialog(guest.page, id);
  await expect(dialog).toHaveAccessibleDescription(/Je boeking is meteen bevestigd/);
  await expect(dialog.getByText('Meteen bevestigd: je krijgt de bevestiging direct per e-mail.')).toBeVisible();
  await expectNoSeriousA11yViolations(guest.page);
  await chooseDay(dialog, day);
  await expect(dialog.getByText(/^Gekozen: /)).toBeVisible();
  const morning = times(dialog).getByRole('radio', { name: '10:00, nog 3 plaatsen' });
  await expect(times(dialog).getByRole('radio', { name: '14:00, nog 3 plaatsen' })).toBeEnabled();
  await chooseTime(morning);
  const people = dialog.getByLabel('Aantal personen');
  await expect(people.getByRole('option')).toHaveCount(3);
  await people.selectOption('3');
  await expect(dialog.getByText('Er zijn nog 3 plaatsen: je kunt voor hoogstens 3 personen boeken.')).toBeVisible();
  await expect(dialog.locator('output')).toHaveText(/€\s?60/);
  await dialog.getByLabel('Naam (verplicht)').fill('Joris Kajak');
  await dialog.getByLabel('E-mail (verplicht)').fill(email);
  await expectNoSeriousA11yViolations(guest.page);
  await dialog.screenshot({ path: testInfo.outputPath('booking-dialog-desktop.png') });
  await dialog.getByRole('button', { name: 'Boeken', exact: true }).click();
  await expect(toastRegion(guest.page)).toContainText('Boeking bevestigd!');
  await expect(dialog).toBeHidden();

  // Confirmed at once: the guest's first mail is the confirmation, with the time.
  await expect
    .poll(async () => (await mailsTo(email)).map((m) => m.subject), { timeout: 20_000 })
    .toEqual([expect.stringMatching(new RegExp(`^Bevestigd: ${name}`))]);
  const [confirmation] = await mailsTo(email);

  // The next guest, on a phone: 10:00 is full, 14:00 still has its places.
  const next = await visitor(browser, 'phone');
  const nextDialog = await openDialog(next.page, id);
  await chooseDay(nextDialog, day);
  await expect(times(nextDialog).getByRole('radio', { name: '10:00, vol' })).toBeDisabled();
  await expect(times(nextDialog).getByRole('radio', { name: '14:00, nog 3 plaatsen' })).toBeEnabled();
  await expectNoSeriousA11yViolations(next.page);
  await next.page.screenshot({ path: testInfo.outputPath('booking-dialog-phone.png') });
  await times(nextDialog).scrollIntoViewIfNeeded();
  await next.page.screenshot({ path: testInfo.outputPath('booking-dialog-phone-times.png') });

  // The guest with the older calendar is refused; their calendar asks again and shows 10:00 full.
  await lateDialog.getByLabel('Naam (verplicht)').fill('Laat Kajak');
  await lateDialog.getByLabel('E-mail (verplicht)').fill(`laat${Date.now()}@example.com`);
  await lateDialog.getByRole('button', { name: 'Boeken', exact: true }).click();
  await expect(lateDialog.getByRole('alert')).toContainText('Er zijn niet genoeg plaatsen meer.');
  await expect(times(lateDialog).getByRole('radio', { name: '10:00, vol' })).toBeDisabled();
  await late.page.screenshot({ path: testInfo.outputPath('booking-dialog-refused.png') });

  // The confirmation's cancel link: the booking with its time; 30 days before is past, so it says so.
  const link = new RegExp(`${origin}/boekingen/\\d+/annuleren\\?token=[\\w-]+`).exec(confirmation?.text ?? '')?.[0];
  expect(link).toBeDefined();
  await guest.page.goto(link ?? '/');
  await expect(guest.page.getByRole('heading', { level: 1, name: 'Je boeking annuleren' })).toBeVisible(PAGE_LOAD);
  await expect(guest.page.getByText(/ om 10:00 · 3 personen/)).toBeVisible();
  await guest.page.getByRole('button', { name: 'Boeking annuleren' }).click();
  await expect(guest.page.getByRole('alert')).toContainText(
    'Het is te kort voor de start om deze boeking hier te annuleren.',
  );
  await expect(guest.page.getByRole('button', { name: 'Boeking annuleren' })).toBeHidden();

  for (const person of [late, guest, next]) await person.context.close();

  // Paused again: this server's guide stays as the other specs left it.
  const paused = await page.request.post(`/api/admin/activities/${id}/pause`, { headers: { origin } });
  expect(paused.status()).toBe(200);
});

test('answered by hand, by the day: the dialog says who answers and how fast, and which days are full', async ({
  page,
}, testInfo) => {
  const name = `Wijnwandeling ${Date.now()}`;
  await demoLogin(page, 'admin', origin);
  const created = await page.request.post('/api/admin/activities', {
    headers: { origin },
    data: {
      name,
      description: 'Door de wijngaarden van Limoux.',
      language: 'nl',
      category: 'uitjes',
      city: 'Limoux',
      latitude: 43.0547,
      longitude: 2.2186,
      bookingRequired: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  // By the day, 2 places, answered by hand; closed the day after tomorrow.
  const closed = inDays(2);
  const settings = await page.request.put(`/api/provider/activities/${id}/availability`, {
    headers: { origin },
    data: { capacity: 2, confirmation: 'manual', closed: [{ date: closed, slot: null }] },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  // A request not answered yet holds its places: two people fill the day after.
  const full = inDays(4);
  const request = await page.request.post('/api/bookings', {
    headers: { origin },
    data: {
      activityId: id,
      customerName: 'Vol Dag',
      customerEmail: `vol${Date.now()}@example.com`,
      numberOfPeople: 2,
      bookingDate: full,
    },
  });
  expect(request.status(), await request.text()).toBe(201);

  const dialog = await openDialog(page, id);
  await expect(dialog).toHaveAccessibleDescription(/Het DiscoverLocal-team beantwoordt je aanvraag/);
  await expect(dialog.getByText('Het DiscoverLocal-team antwoordt binnen 48 uur.')).toBeVisible();
  // The closed day is shown, not bookable; clicking it chooses nothing.
  const closedDay = await showDay(dialog, closed);
  await expect(closedDay).toHaveAttribute('aria-disabled', 'true');
  await expect(closedDay).toHaveAccessibleName(/, niet te boeken$/);
  // Still focusable (a screen reader says why), it does nothing: aria-disabled, not disabled.
  await closedDay.click({ force: true });
  await expect(closedDay).toHaveAttribute('aria-pressed', 'false');
  await expect(dialog.getByText(/^Gekozen: /)).toHaveCount(0);
  // By the day: no times, the people capped by the day's places.
  await chooseDay(dialog, inDays(3));
  await expect(dialog.getByText(/^Gekozen: .* · nog 2 plaatsen$/)).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Tijd (verplicht)' })).toHaveCount(0);
  await expect(dialog.getByLabel('Aantal personen').getByRole('option')).toHaveCount(2);
  // The full day shows "vol", and cannot be chosen.
  const fullDay = await showDay(dialog, full);
  await expect(fullDay).toHaveAttribute('aria-disabled', 'true');
  await expect(fullDay).toHaveAccessibleName(/, vol$/);
  await expect(fullDay).toHaveText(/vol/);
  await expect(dialog.getByRole('button', { name: 'Boekingsaanvraag versturen' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await fullDay.scrollIntoViewIfNeeded();
  await dialog.screenshot({ path: testInfo.outputPath('booking-dialog-by-day.png') });

  const paused = await page.request.post(`/api/admin/activities/${id}/pause`, { headers: { origin } });
  expect(paused.status()).toBe(200);
});
