import type { APIRequestContext, Page } from '@playwright/test';
import { demoLogin, expect, expectNoSeriousA11yViolations, test, visit } from './fixtures';
import { E2E } from './support/ports';

/**
 * Issue 29, the provider's side (docs/availability.md): the demo provider gives their rafting two
 * slots of 3 hours with 6 places; the bookings that change leaves outside are listed, one is
 * cancelled from the list and the others kept; in the day view a booking is confirmed and a slot
 * closed; the public availability follows. On the third server (payments): the availability it
 * changes is no other spec's (the guest's booking specs run on the first).
 */
const origin = E2E.paymentsUrl;
test.use({ baseURL: origin });
test.describe.configure({ timeout: 180_000 });

interface Answer {
  days: { date: string; open: boolean; slots: { start: string | null; placesLeft: number | null }[] }[];
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
/** "zaterdag 14 augustus 2027", as the screens write a day. */
const inWords = (day: string) =>
  new Intl.DateTimeFormat('nl-NL', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

async function publicAnswer(request: APIRequestContext, id: number, from: string, to: string) {
  const res = await request.get(`/api/activities/${id}/availability?from=${from}&to=${to}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Answer;
}

async function bookAsGuest(request: APIRequestContext, booking: Record<string, unknown>) {
  const res = await request.post('/api/bookings', { data: { numberOfPeople: 2, ...booking } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('a provider sets slots and places, deals with the bookings left outside, closes a slot in the day view, and the public availability follows', async ({
  page,
  request,
}) => {
  await demoLogin(page, 'provider', origin);
  const own = (await (await page.request.get('/api/provider/activities')).json()) as {
    id: number;
    name: string;
    bookingRequired: boolean;
  }[];
  const activity = own.find((a) => a.bookingRequired);
  if (!activity) throw new Error('the demo provider has no activity that takes bookings');
  const { id, name } = activity;
  // From the defaults: booked by the day, no limit, answered by hand.
  const reset = await page.request.put(`/api/provider/activities/${id}/availability`, {
    data: {},
    headers: { origin },
  });
  expect(reset.status()).toBe(200);

  // A guest's booking of a whole day that the slots will leave outside.
  const before = await publicAnswer(request, id, addDays(today(), 5), addDays(today(), 40));
  const outsideDay = before.days.find((d) => d.open)?.date;
  if (!outsideDay) throw new Error('no bookable day');
  const outsideId = await bookAsGuest(request, {
    activityId: id,
    customerName: 'Eva Buiten',
    customerEmail: 'eva.buiten@example.com',
    bookingDate: outsideDay,
  });

  // The screen, from the activity's row in the workspace.
  await visit(page, '/provider');
  const row = page.getByRole('list', { name: 'Jouw activiteiten' }).getByRole('listitem').filter({ hasText: name });
  await row.getByRole('link', { name: `Beschikbaarheid van ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beschikbaarheid' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Beschikbaarheid' });
  await expect(form.getByRole('radio', { name: /^Per dag/ })).toBeChecked();

  // Slots of 3 hours at 10:00 and 14:00, 6 places each.
  await form.getByRole('radio', { name: /^In tijdvakken/ }).check();
  const save = form.getByRole('button', { name: 'Beschikbaarheid opslaan' });
  await save.click();
  // A start time is required: said next to the field, which gets the focus.
  await expect(form.getByLabel('Begintijd 1', { exact: true })).toBeFocused();
  await expect(form.getByText('Vul een tijd in (UU:MM).')).toBeVisible();
  await form.getByLabel('Begintijd 1', { exact: true }).fill('10:00');
  await form.getByRole('button', { name: 'Begintijd toevoegen' }).click();
  await expect(form.getByLabel('Begintijd 2', { exact: true })).toBeFocused();
  await form.getByLabel('Begintijd 2', { exact: true }).fill('14:00');
  await form.getByLabel('Duur (aantal)').fill('3');
  await expect(form.getByLabel('Duur in')).toHaveValue('hours');
  await form.getByRole('radio', { name: /^Een vast aantal plaatsen/ }).check();
  await form.getByLabel('Plaatsen per tijdvak').fill('6');
  await save.click();

  // Saved; the day bookings (Eva's, and the demo's) no longer fit: listed to cancel or keep.
  await expect(page.getByRole('status').filter({ hasText: 'Beschikbaarheid opgeslagen.' })).toContainText(
    /boeking(en)? (valt|vallen) erbuiten/,
  );
  const outside = page.getByRole('list', { name: 'Boekingen buiten de beschikbaarheid' });
  const eva = outside.getByRole('listitem').filter({ hasText: 'Eva Buiten' });
  await expect(eva).toContainText(`${inWords(outsideDay)} (hele dag)`);
  await expect(eva).toContainText('2 personen');
  await expect(eva).toContainText('Wacht op bevestiging');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'availability');

  await eva.getByRole('button', { name: `De boeking van Eva Buiten op ${inWords(outsideDay)} annuleren` }).click();
  const dialog = page.getByRole('dialog', { name: 'De boeking van Eva Buiten annuleren?' });
  await dialog.getByLabel('Bericht aan de gast (optioneel)').fill('Die dag varen we alleen om 10:00 en 14:00.');
  await dialog.getByRole('button', { name: 'Boeking annuleren' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'De boeking van Eva Buiten is geannuleerd; de gast krijgt een e-mail.' }),
  ).toBeVisible();
  await expect(eva).toHaveCount(0);
  const cancelled = (await (await page.request.get('/api/provider/bookings?status=cancelled&limit=100')).json()) as {
    id: number;
  }[];
  expect(cancelled.map((b) => b.id)).toContain(outsideId);
  // The others are kept: they keep their places.
  const keep = outside.getByRole('button', { name: /houden$/ });
  while ((await keep.count()) > 0) await keep.first().click();
  await expect(page.getByText('Alle boekingen buiten de beschikbaarheid zijn afgehandeld.')).toBeVisible();

  // Kept as saved.
  await page.reload();
  await expect(form.getByLabel('Begintijd 1', { exact: true })).toHaveValue('10:00');
  await expect(form.getByLabel('Begintijd 2', { exact: true })).toHaveValue('14:00');
  await expect(form.getByLabel('Duur (aantal)')).toHaveValue('3');
  await expect(form.getByLabel('Plaatsen per tijdvak')).toHaveValue('6');

  // A guest books 10:00 of a day; the provider's bookings show its start and lead to its day.
  const after = await publicAnswer(request, id, addDays(today(), 2), addDays(today(), 40));
  const open = after.days.filter((d) => d.slots.length === 2);
  const [day, nextDay] = [open[0]?.date, open[1]?.date];
  if (!day || !nextDay) throw new Error('no two days with both slots');
  expect(open[0]?.slots).toEqual([
    { start: '10:00', placesLeft: 6 },
    { start: '14:00', placesLeft: 6 },
  ]);
  await bookAsGuest(request, {
    activityId: id,
    customerName: 'Gijs Tien',
    customerEmail: 'gijs.tien@example.com',
    bookingDate: day,
    slot: '10:00',
  });
  await visit(page, '/provider/bookings');
  const booked = page.getByRole('listitem').filter({ hasText: 'Gijs Tien' });
  await expect(booked).toContainText(`${inWords(day)} om 10:00`);
  await booked.getByRole('link', { name: `Dagoverzicht van ${name} op ${inWords(day)}` }).click();

  // The day view: per slot the places, the booking to answer; a slot closed.
  await expect(page.getByRole('heading', { level: 1, name: 'Dagoverzicht' })).toBeVisible();
  await expect(page).toHaveURL(`${origin}/provider/activities/${id}/days?date=${day}`);
  await expect(page.getByRole('heading', { level: 2, name: inWords(day) })).toBeVisible();
  const ten = page.getByRole('region', { name: '10:00' });
  const two = page.getByRole('region', { name: '14:00' });
  await expect(ten).toContainText('2 van 6 plaatsen bezet · nog 4 plaatsen vrij');
  await expect(two).toContainText('0 van 6 plaatsen bezet · nog 6 plaatsen vrij');
  await ten.getByRole('button', { name: /^Bevestig de boeking van Gijs Tien/ }).click();
  await expect(ten.getByText('Bevestigd', { exact: true })).toBeVisible();
  await two.getByRole('button', { name: 'Het tijdvak van 14:00 sluiten' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Het tijdvak van 14:00 is gesloten.' })).toBeVisible();
  await expect(two.getByText('Gesloten', { exact: true })).toBeVisible();
  await expect(two.getByRole('button', { name: 'Het tijdvak van 14:00 weer openen' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'day');

  // The guests' answer: the closed slot is gone that day, the other day keeps both with 6 places.
  const answer = await publicAnswer(request, id, day, nextDay);
  expect(answer.days.find((d) => d.date === day)?.slots).toEqual([{ start: '10:00', placesLeft: 4 }]);
  expect(answer.days.find((d) => d.date === nextDay)?.slots).toEqual([
    { start: '10:00', placesLeft: 6 },
    { start: '14:00', placesLeft: 6 },
  ]);

  // The next day, by its button.
  await page.getByRole('button', { name: 'Volgende dag' }).click();
  await expect(page).toHaveURL(`${origin}/provider/activities/${id}/days?date=${addDays(day, 1)}`);
  await expect(page.getByRole('heading', { level: 2, name: inWords(addDays(day, 1)) })).toBeVisible();
});

test('an admin opens the availability of the team’s own listing from the console’s list of activities', async ({
  page,
}) => {
  await demoLogin(page, 'admin', origin);
  await visit(page, '/admin/activities');
  await page.getByLabel('Zoeken op naam', { exact: true }).fill('Brass');
  await page.getByLabel('Aanbieder', { exact: true }).selectOption({ label: 'De gids (geen aanbieder)' });
  const row = page.getByRole('listitem').filter({ hasText: 'Limoux Brass Festival' });
  await row.getByRole('link', { name: 'Beschikbaarheid van Limoux Brass Festival' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beschikbaarheid' })).toBeVisible();
  await expect(page.getByText('Limoux Brass Festival', { exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Beschikbaarheid' });
  await expect(form.getByRole('radio', { name: /^Wanneer de activiteit open is/ })).toBeChecked();
  // Back to where the admin came from: the listing in the console.
  await page.getByRole('link', { name: 'Terug naar de activiteit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activiteit bewerken (beheer)' })).toBeVisible();
});
