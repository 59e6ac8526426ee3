import { expect, test } from './fixtures';

/** Issue 2: the browsable API documentation, under the app's Content Security Policy (checked by the fixture). */
test('the API documentation opens and lists the routes', async ({ page }) => {
  await page.goto('/api/docs');
  // Swagger UI is a large script that reads the whole document first.
  await expect(page.getByRole('heading', { name: /DiscoverLocal API/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('/api/activities', { exact: true }).first()).toBeVisible();
});
