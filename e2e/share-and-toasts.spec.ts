import { apiActivity, expect, test, toastRegion, visit, withoutShareSheet } from './fixtures';

test.describe('share without a share sheet', () => {
  test.beforeEach(({ page, context, baseURL }) => withoutShareSheet(page, context, baseURL));

  test('"Delen" copies the page URL and says so in a toast', async ({ page, request }) => {
    const activity = await apiActivity(request, 28);
    await visit(page, '/activity/28');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(activity.name);
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');

    await page.getByRole('button', { name: 'Delen' }).click();

    await expect(toastRegion(page).getByText('Link gekopieerd naar klembord!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    expect(page.url()).toMatch(/\/activity\/28$/);
  });

  test('F8 moves focus to the notifications region, and the close button dismisses the toast', async ({ page }) => {
    await visit(page, '/activity/28');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Delen' }).click();
    const region = toastRegion(page);
    const message = region.getByText('Link gekopieerd naar klembord!');
    await expect(message).toBeVisible();
    await expect(region.getByRole('list')).not.toBeFocused();

    await page.keyboard.press('F8');
    await expect(region.getByRole('list')).toBeFocused();

    await region.getByRole('button', { name: 'Melding sluiten' }).click();
    await expect(message).toBeHidden();
  });
});

test.describe('share with a share sheet', () => {
  test('a cancelled share (AbortError) says "Delen geannuleerd" and copies nothing', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      Object.defineProperty(window, '__shareCalls', { value: calls });
      Object.defineProperty(navigator, 'share', {
        value: (data: unknown) => {
          calls.push(data);
          return Promise.reject(new DOMException('Share canceled', 'AbortError'));
        },
      });
    });
    await visit(page, '/activity/28');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => navigator.clipboard.writeText('untouched'));

    await page.getByRole('button', { name: 'Delen' }).click();

    await expect(toastRegion(page).getByText('Delen geannuleerd')).toBeVisible();
    await expect(page.getByText('Link gekopieerd naar klembord!')).toHaveCount(0);
    const calls = await page.evaluate(() => (window as unknown as { __shareCalls: { url: string }[] }).__shareCalls);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(page.url());
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('untouched');
  });
});

test('the notifications region is named in the page language', async ({ page }) => {
  await visit(page, '/');
  await expect(toastRegion(page)).toBeAttached();
  await page.getByRole('combobox', { name: 'Taal' }).selectOption('de');
  await expect(toastRegion(page, 'de')).toBeAttached();
  await expect(toastRegion(page, 'de')).toHaveAccessibleName('Benachrichtigungen (F8)');
  await expect(toastRegion(page)).toHaveCount(0);
});
