import ICAL from 'ical.js';
import { demoLogin, expect, expectNoSeriousA11yViolations, PAGE_LOAD, pageHeading, test } from './fixtures';
import { E2E } from './support/ports';

/*
 * The agenda (docs/when.md#the-agenda-and-the-calendar-feeds) on a phone, in Dutch: the days with
 * their markets and events, the category filter, axe; and the calendar feed read by ical.js. On the
 * second app server (its own database), with a market and a festival an admin makes for the test,
 * so that the other specs' counts of the demo content stay as they are.
 */
const origin = E2E.offlineUrl;
test.use({ baseURL: origin, viewport: { width: 390, height: 844 }, locale: 'nl-NL' });

/** The day `days` from today in Limoux, YYYY-MM-DD. */
const inDays = (days: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));
/** A day as the page heads it: "Zaterdag 28 november 2026". */
const dayWords = (day: string) => {
  const words = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
  return words.charAt(0).toUpperCase() + words.slice(1);
};

let marketId: number;
let festivalId: number;
const stamp = Date.now();
const marketName = `Agendamarkt ${stamp}`;
const festivalName = `Agendafeest ${stamp}`;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await demoLogin(page, 'admin', origin);
  const make = async (data: Record<string, unknown>) => {
    const created = await page.request.post('/api/admin/activities', {
      headers: { origin },
      data: {
        description: 'Voor de agenda-test.',
        language: 'nl',
        city: 'Limoux',
        latitude: 43.0547,
        longitude: 2.2186,
        ...data,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { id: number }).id;
  };
  // A market every day of the week, in the morning: it is on today, whatever day the test runs.
  marketId = await make({
    name: marketName,
    category: 'markten',
    weeklyHours: [{ days: [1, 2, 3, 4, 5, 6, 7], opens: '07:00', closes: '12:30', seasonStart: null, seasonEnd: null }],
  });
  festivalId = await make({ name: festivalName, category: 'feesten', eventStart: inDays(2), eventEnd: inDays(3) });
  await context.close();
});

test('the agenda in Dutch on a phone: days with their markets and events, a category filter, axe clean', async ({
  page,
}) => {
  // A rendered page hydrates to the same text: React reports any difference as an error (docs/rendering.md).
  const errors: string[] = [];
  page.on('console', (message) => {
    // This server's outside services are down: the weather's 503 is expected, not the page's.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  await page.goto('/agenda');
  await expect(pageHeading(page)).toHaveText('Agenda', PAGE_LOAD);
  await expect(page.locator('html')).toHaveAttribute('data-ready', /.*/, PAGE_LOAD);

  // Today: the market with its times; two days on, the festival all day, linking to its page.
  const today = page.getByRole('region', { name: `Vandaag · ${dayWords(inDays(0))}` });
  await expect(today.getByRole('listitem').filter({ hasText: marketName })).toContainText('07:00–12:30');
  await expect(today.getByRole('listitem').filter({ hasText: marketName })).toContainText('Markt · in Limoux');
  const festivalDay = page.getByRole('region', { name: dayWords(inDays(2)) });
  const festival = festivalDay.getByRole('listitem').filter({ hasText: festivalName });
  await expect(festival).toContainText('Hele dag');
  await expect(festival.getByRole('link', { name: festivalName })).toHaveAttribute('href', `/activity/${festivalId}`);
  await expect(page.getByRole('region', { name: dayWords(inDays(4)) }).getByText(festivalName)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The filter: Feesten keeps the festival and leaves out the market.
  const filter = page.getByRole('navigation', { name: 'Filter op categorie' });
  await filter.getByRole('link', { name: 'Feesten' }).click();
  await expect(page).toHaveURL('/agenda?category=feesten');
  await expect(filter.getByRole('link', { name: 'Feesten' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: festivalName }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: marketName })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Zet de agenda in je kalender' })).toHaveAttribute(
    'href',
    '/agenda.ics?category=feesten&lng=nl',
  );
  await expectNoSeriousA11yViolations(page);

  // The bottom bar leads here, and marks the page.
  const nav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
  await expect(nav.getByRole('link', { name: 'Agenda' })).toHaveAttribute('aria-current', 'page');

  // In English too, where the server's and the browser's date ranges once differed in their spaces.
  await page.goto('/agenda?lng=en');
  await expect(pageHeading(page)).toHaveText('Agenda', PAGE_LOAD);
  await expect(page.locator('html')).toHaveAttribute('data-ready', /.*/, PAGE_LOAD);
  await expect(page.getByRole('listitem').filter({ hasText: festivalName }).first()).toContainText('All day');
  expect(errors).toEqual([]);
});

test('the agenda renders without scripts, and an activity offers its calendar file', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: origin, javaScriptEnabled: false, locale: 'nl-NL' });
  const page = await context.newPage();
  await page.goto('/agenda?category=markten');
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
  await expect(page.getByRole('link', { name: marketName }).first()).toBeVisible();
  await page.goto(`/activity/${festivalId}`);
  await expect(page.getByRole('link', { name: 'Zet in je agenda' })).toHaveAttribute(
    'href',
    `/activity/${festivalId}.ics?lng=nl`,
  );
  await context.close();
});

test('the calendar feed, fetched and read by ical.js', async ({ request }) => {
  const response = await request.get('/agenda.ics');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const host = new URL(origin).hostname;
  const events = new Map(
    calendar.getAllSubcomponents('vevent').map((e) => [String(e.getFirstPropertyValue('uid')), e]),
  );

  const festival = new ICAL.Event(events.get(`activity-${festivalId}-${inDays(2)}@${host}`));
  expect(festival.summary).toBe(festivalName);
  expect(festival.startDate.toString()).toBe(inDays(2));
  expect(festival.endDate.toString()).toBe(inDays(4));

  const market = new ICAL.Event(events.get(`activity-${marketId}-0700-1230@${host}`));
  expect(market.summary).toBe(marketName);
  // Every day at 07:00 in Limoux, for the feed's half year.
  const iterator = market.iterator();
  const first = iterator.next();
  expect(first?.toString()).toBe(`${inDays(0)}T07:00:00`);
  expect(first?.zone?.tzid).toBe('Europe/Paris');
  expect(iterator.next()?.toString()).toBe(`${inDays(1)}T07:00:00`);
});
