import {
  demoLogin,
  expect,
  expectNoSeriousA11yViolations,
  LANGUAGES,
  type Language,
  openOverview,
  test,
  text,
} from './fixtures';
import { E2E } from './support/ports';

/*
 * The overview's weather line (docs/when.md#weather-suggestions). The weather stand-in forecasts an
 * overcast today and rain tomorrow (src/server/test/stand-in.ts): tomorrow's line shows, today's
 * does not; on the server whose outside services are down, neither does, and the list keeps its order.
 */

const rainTomorrow = (lng: Language, count: number) =>
  text(lng, 'activities', `weather.rainTomorrow_${count === 1 ? 'one' : 'other'}`).replace('{{count}}', () =>
    String(count),
  );

test.describe('weather suggestions', () => {
  test('the list answer puts the indoor activities first on a rainy day and says how many', async ({ request }) => {
    const plain = await request.get('/api/activities?limit=100');
    const rainy = await request.get('/api/activities?weatherDay=tomorrow&limit=100');
    const header = rainy.headers()['x-weather-suggestion'] ?? '';
    expect(header).toMatch(/^rain; day=\d{4}-\d{2}-\d{2}; count=\d+$/);
    const count = Number(/count=(\d+)/.exec(header)?.[1]);
    expect(count).toBeGreaterThan(0);
    const items = (await rainy.json()) as { id: number; setting: string | null }[];
    expect(items.slice(0, count).every((a) => a.setting === 'indoor')).toBe(true);
    expect(items.slice(count).some((a) => a.setting === 'indoor')).toBe(false);
    expect(items).toHaveLength(((await plain.json()) as unknown[]).length);
    // Today is overcast and mild at the stand-in: nothing changes.
    const today = await request.get('/api/activities?weatherDay=today&limit=100');
    expect(today.headers()['x-weather-suggestion']).toBeUndefined();
  });

  for (const lng of LANGUAGES) {
    test(`the overview says rain is expected tomorrow, in ${lng}`, async ({ page, request }) => {
      const rainy = await request.get('/api/activities?weatherDay=tomorrow&limit=1');
      const count = Number(/count=(\d+)/.exec(rainy.headers()['x-weather-suggestion'] ?? '')?.[1]);
      await openOverview(page, `/?lng=${lng}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      const lines = page.getByTestId('weather-suggestions').filter({ visible: true });
      await expect(lines.getByText(rainTomorrow(lng, count), { exact: true })).toBeVisible();
      // Only tomorrow's: today changes nothing.
      await expect(lines.getByRole('listitem')).toHaveCount(1);
    });
  }

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the line comes under the first page of results, fits the screen, and the page has no serious accessibility violations', async ({
      page,
    }) => {
      await openOverview(page);
      // Under the results on a phone: the first card's picture keeps its place on the first screen.
      const line = page.getByTestId('weather-suggestions').filter({ visible: true }).getByRole('listitem').first();
      await line.scrollIntoViewIfNeeded();
      await expect(line).toBeVisible();
      await expect(line).toHaveText(/^Morgen regen verwacht: \d+ dingen om binnen te doen$/);
      const box = await line.boundingBox();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 1000)).toBeLessThanOrEqual(390);
      await expectNoSeriousA11yViolations(page);
    });
  });

  test.describe('when the weather service is down', () => {
    test.use({ baseURL: E2E.offlineUrl });

    test('the overview suggests nothing and the list keeps its order', async ({ page, request }) => {
      const plain = await request.get('/api/activities?limit=100');
      const asked = await request.get('/api/activities?weatherDay=tomorrow&limit=100');
      expect(asked.ok()).toBe(true);
      expect(asked.headers()['x-weather-suggestion']).toBeUndefined();
      const ids = (answer: unknown) => (answer as { id: number }[]).map((a) => a.id);
      expect(ids(await asked.json())).toEqual(ids(await plain.json()));
      await openOverview(page);
      // The results are in, the tomorrow check has answered: still no line.
      await page.waitForLoadState('networkidle');
      await expect(page.getByTestId('weather-suggestions')).toHaveCount(0);
    });
  });
});

/**
 * A chosen day: the payments server has the weather stand-in too, and no spec counts its guide. An
 * admin adds an indoor place open every day (the demo's indoor places have no weekly rows, so the
 * when filter calls their times unknown); it is paused at the end.
 */
test.describe('a chosen day', () => {
  const origin = E2E.paymentsUrl;
  test.use({ baseURL: origin });

  test("orders the list by that day's forecast, and its line says so", async ({ page }) => {
    await demoLogin(page, 'admin', origin);
    const name = `Regenmuseum ${Date.now()}`;
    const created = await page.request.post('/api/admin/activities', {
      headers: { origin },
      data: {
        name,
        description: 'Een museum voor de weer-test.',
        language: 'nl',
        category: 'uitjes',
        city: 'Limoux',
        latitude: 43.0547,
        longitude: 2.2186,
        setting: 'indoor',
        weeklyHours: [
          { days: [1, 2, 3, 4, 5, 6, 7], opens: '00:00', closes: '24:00', seasonStart: null, seasonEnd: null },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { id: number }).id;
    try {
      const rainy = await page.request.get('/api/activities?when=tomorrow&weatherDay=tomorrow&limit=100');
      const count = Number(/count=(\d+)/.exec(rainy.headers()['x-weather-suggestion'] ?? '')?.[1]);
      expect(count).toBeGreaterThan(0);
      const first = ((await rainy.json()) as { name: string; setting: string | null }[])[0];
      expect(first?.setting).toBe('indoor');
      await openOverview(page, '/?when=tomorrow');
      const lines = page.getByTestId('weather-suggestions').filter({ visible: true });
      // Tomorrow's line says its activities come first; today (overcast) changes nothing and has none.
      await expect(lines.getByRole('listitem')).toHaveText([
        `${rainTomorrow('nl', count)}. ${text('nl', 'activities', `weather.first_${count === 1 ? 'one' : 'other'}`)}`,
      ]);
      await expect(page.getByRole('main').getByRole('heading', { level: 3 }).first()).toHaveText(first?.name ?? '');
      await page.screenshot({ path: 'test-results/weather-chosen-day.png' });
    } finally {
      await page.request.post(`/api/admin/activities/${id}/pause`, { headers: { origin } });
    }
  });
});
