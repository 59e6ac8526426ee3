import { apiActivities, expect, openOverview, overview, PAGE_SIZE, test } from './fixtures';

/**
 * Search as a tourist uses it (docs/search.md): a popular term picked from the suggestions, a
 * typo, and a word in another language than the page's. What should show is what the API
 * answers for the same search; that it is not nothing is checked too.
 */
test.describe('search as a tourist', () => {
  test('typing the start of a popular term in Dutch and picking the suggestion shows its activities', async ({
    page,
    request,
  }) => {
    await openOverview(page);
    const box = overview.searchBox(page);
    await box.pressSequentially('wand');
    const suggestions = page.getByRole('listbox', { name: 'Zoeksuggesties' });
    const term = suggestions.getByRole('option').filter({ hasText: 'Populair' }).filter({ hasText: 'wandelen' });
    await expect(term).toBeVisible();
    await term.click();

    await expect(page).toHaveURL('/?q=wandelen');
    await expect(box).toHaveValue('wandelen');
    const found = await apiActivities(request, { search: 'wandelen', lng: 'nl' });
    // At least the four activities tagged #wandelen.
    expect(found.total).toBeGreaterThanOrEqual((await apiActivities(request, { tags: 'wandelen' })).total);
    await expect(overview.resultCount(page, found.total)).toBeVisible();
    await expect(overview.cards(page)).toHaveText(found.names.slice(0, PAGE_SIZE));
  });

  test('a search with a typo finds what the right spelling finds', async ({ page, request }) => {
    await openOverview(page);
    const box = overview.searchBox(page);
    await box.fill('chateu');
    await box.press('Enter');

    await expect(page).toHaveURL('/?q=chateu');
    const found = await apiActivities(request, { search: 'chateu', lng: 'nl' });
    const right = await apiActivities(request, { search: 'chateau', lng: 'nl' });
    expect(right.total).toBeGreaterThan(0);
    expect(found.items.map((a) => a.id)).toEqual(expect.arrayContaining(right.items.map((a) => a.id)));
    await expect(overview.resultCount(page, found.total)).toBeVisible();
    await expect(overview.cards(page)).toHaveText(found.names.slice(0, PAGE_SIZE));
    await expect(page.getByText('Geen activiteiten gevonden')).toHaveCount(0);
  });

  test('a German visitor searching "Wandern" sees the walks, named in German', async ({ page, request }) => {
    await openOverview(page, '/?lng=de');
    const box = page.getByLabel('Aktivitäten suchen');
    await box.fill('Wandern');
    await box.press('Enter');

    await expect(page).toHaveURL(/[?&]q=Wandern/);
    const found = await apiActivities(request, { search: 'Wandern', lng: 'de' });
    expect(found.total).toBeGreaterThanOrEqual((await apiActivities(request, { tags: 'wandelen' })).total);
    await expect(
      page.getByRole('heading', { level: 2, name: `${found.total} Aktivitäten`, exact: true }),
    ).toBeVisible();
    await expect(overview.cards(page)).toHaveText(found.names.slice(0, PAGE_SIZE));
  });
});
