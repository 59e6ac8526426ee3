import { expect, test, visit } from './fixtures';

test.describe('404', () => {
  test('an unknown path shows "Pagina niet gevonden" and its button leads back to the overview', async ({ page }) => {
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
