import { expect, OUTSIDE_UNRESOLVED, test, visit } from './fixtures';

test.describe('404', () => {
  test('an unknown path shows "Pagina niet gevonden" and its button leads back to the overview', async ({ page }) => {
    // The page says 404 before any script runs (docs/seo.md#pages), and the app shows its 404 page.
    const response = await page.goto('/does-not-exist');
    expect(response?.status()).toBe(404);
    await visit(page, '/does-not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeVisible();
    await expect(page.getByText('Deze pagina bestaat niet (meer).', { exact: false })).toBeVisible();
    await expect(page).toHaveURL('/does-not-exist');

    await page.getByRole('main').getByRole('link', { name: 'Terug naar het overzicht' }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Ontdek het beste van Limoux' })).toBeVisible();
  });

  test('a nested unknown path shows the 404 page as well', async ({ page }) => {
    await visit(page, '/a/b/c');
    await expect(page.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeVisible();
  });

  test('an unknown /api path answers a JSON 404, not the app', async ({ request }) => {
    const response = await request.get('/api/does-not-exist');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    const body = (await response.json()) as { message: string; code: string };
    expect(body.code).toBe('ROUTE_NOT_FOUND');
    expect(body.message).toContain('/api/does-not-exist');
  });
});

test.describe('an ordinary anonymous visit', () => {
  test('logs no error in the console and no failed request of the app (no 401 for "who is logged in?")', async ({
    page,
  }) => {
    const errors: string[] = [];
    const failed: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !OUTSIDE_UNRESOLVED.test(message.text())) errors.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await visit(page, '/');
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.getByRole('article').first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await visit(page, '/favorieten');
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  });
});
