import {
  apiActivities,
  applyFilters,
  expect,
  openFilters,
  openOverview,
  overview,
  PAGE_SIZE,
  reload,
  test,
  TOTAL_ACTIVITIES,
} from './fixtures';

test.describe('browse: categories', () => {
  test('the "Markten" chip filters to the five markets and is kept in the URL', async ({ page, request }) => {
    await openOverview(page);
    await expect(overview.resultCount(page, TOTAL_ACTIVITIES)).toBeVisible();
    const bar = overview.categoryBar(page);
    await expect(bar.getByRole('link', { name: 'Alle' })).toHaveAttribute('aria-current', 'true');

    await bar.getByRole('link', { name: 'Markten' }).click();

    await expect(page).toHaveURL(/\?category=markten$/);
    await expect(overview.resultCount(page, 5)).toBeVisible();
    await expect(overview.cards(page)).toHaveCount(5);
    await expect(bar.getByRole('link', { name: 'Markten' })).toHaveAttribute('aria-current', 'true');
    await expect(bar.getByRole('link', { name: 'Alle' })).not.toHaveAttribute('aria-current', 'true');
    const markets = await apiActivities(request, { category: 'markten' });
    await expect(overview.cards(page)).toHaveText(markets.names);
    // Every card carries the category badge "Markt".
    await expect(
      page
        .getByRole('main')
        .getByRole('article')
        .filter({ has: page.getByText('Markt', { exact: true }) }),
    ).toHaveCount(5);
  });

  test('a category chip keeps the scroll position and focus, also as the first change after a page load', async ({
    page,
  }) => {
    await openOverview(page);
    await page.getByText('12 van 36 getoond').scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    // The chips are sticky, so they can be used from down the page.
    const chip = overview.categoryBar(page).getByRole('link', { name: 'Uitjes' });
    await chip.click();
    await expect(overview.resultCount(page, 10)).toBeVisible();

    await expect(chip).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  });

  test('/?category=sport selects the Sport chip directly', async ({ page, request }) => {
    await openOverview(page, '/?category=sport');
    const bar = overview.categoryBar(page);
    await expect(bar.getByRole('link', { name: 'Sport' })).toHaveAttribute('aria-current', 'true');
    await expect(overview.resultCount(page, 4)).toBeVisible();
    await expect(overview.cards(page)).toHaveText((await apiActivities(request, { category: 'sport' })).names);
  });

  test('the top_rated chip "Best beoordeeld" is shown at 1366 px and keeps ratings of 4 or more', async ({
    page,
    request,
  }) => {
    await openOverview(page);
    const chip = overview.categoryBar(page).getByRole('link', { name: 'Best beoordeeld' });
    await expect(chip).toBeVisible();
    await chip.click();
    await expect(page).toHaveURL(/\?category=top_rated$/);
    const topRated = await apiActivities(request, { category: 'top_rated' });
    expect(topRated.total).toBeLessThan(TOTAL_ACTIVITIES);
    expect(topRated.items.every((a) => a.rating >= 4)).toBe(true);
    await expect(overview.resultCount(page, topRated.total)).toBeVisible();
    await expect(overview.cards(page)).toHaveText(topRated.names.slice(0, PAGE_SIZE));
  });
});

test.describe('browse: filter dialog', () => {
  test('sort and bookable-only are applied, shown in the URL and on the button; reset restores all', async ({
    page,
    request,
  }) => {
    await openOverview(page);
    await expect(overview.filtersButton(page)).toHaveAccessibleName('Filters');

    let dialog = await openFilters(page);
    await dialog.getByRole('combobox', { name: 'Sorteren op' }).click();
    await page.getByRole('option', { name: 'Prijs: laag naar hoog' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Sorteren op' })).toHaveText('Prijs: laag naar hoog');
    await dialog.getByRole('checkbox', { name: 'Alleen te boeken activiteiten' }).check();
    // Nothing is applied before "Toepassen".
    await expect(page).toHaveURL(/\/$/);
    await applyFilters(dialog);

    await expect(page).toHaveURL(/[?&]sort=price_low(&|$)/);
    await expect(page).toHaveURL(/[?&]bookable=true(&|$)/);
    const bookable = await apiActivities(request, { sort: 'price_low', bookable: 'true' });
    expect(bookable.total).toBeLessThan(TOTAL_ACTIVITIES);
    expect(bookable.items.every((a) => a.bookingRequired)).toBe(true);
    await expect(overview.resultCount(page, bookable.total)).toBeVisible();
    await expect(overview.cards(page)).toHaveText(bookable.names);
    await expect(overview.filtersButton(page)).toHaveAccessibleName('Filters (filters actief)');
    // Focus returns to the Filters button when the dialog closes.
    await expect(overview.filtersButton(page)).toBeFocused();

    // The dialog opens with the applied filters, then "Herstellen" + "Toepassen" clears them.
    dialog = await openFilters(page);
    await expect(dialog.getByRole('checkbox', { name: 'Alleen te boeken activiteiten' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Herstellen' }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Alleen te boeken activiteiten' })).not.toBeChecked();
    await expect(dialog.getByRole('combobox', { name: 'Sorteren op' })).toHaveText('Afstand');
    await applyFilters(dialog);

    await expect(page).toHaveURL(/\/$/);
    await expect(overview.resultCount(page, TOTAL_ACTIVITIES)).toBeVisible();
    await expect(overview.cards(page)).toHaveCount(PAGE_SIZE);
    await expect(overview.filtersButton(page)).toHaveAccessibleName('Filters');
  });

  test('closing the dialog (close icon or Escape) applies nothing and gives focus back to the button', async ({
    page,
  }) => {
    await openOverview(page);
    const button = overview.filtersButton(page);
    let dialog = await openFilters(page);
    await dialog.getByRole('checkbox', { name: 'Alleen uitgelichte activiteiten' }).check();
    await dialog.getByRole('button', { name: 'Filters sluiten' }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
    await expect(overview.resultCount(page, TOTAL_ACTIVITIES)).toBeVisible();
    await expect(button).toHaveAccessibleName('Filters');

    // From the keyboard: Enter opens with focus inside the dialog, Escape closes and returns focus.
    await page.keyboard.press('Enter');
    dialog = overview.filterDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Filters sluiten' })).toBeFocused();
    // The unapplied change was dropped: the dialog starts from the applied filters again.
    await expect(dialog.getByRole('checkbox', { name: 'Alleen uitgelichte activiteiten' })).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('the "#wijn" tag chip filters to the wine activities', async ({ page, request }) => {
    await openOverview(page);
    const dialog = await openFilters(page);
    const chip = dialog.getByRole('button', { name: '#wijn', exact: true });
    await expect(chip).toHaveAttribute('aria-pressed', 'false');
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await applyFilters(dialog);

    await expect(page).toHaveURL(/[?&]tags=wijn(&|$)/);
    const wine = await apiActivities(request, { tags: 'wijn' });
    expect(wine.total).toBeGreaterThan(0);
    expect(wine.total).toBeLessThan(TOTAL_ACTIVITIES);
    expect(wine.items.every((a) => a.tags.includes('wijn'))).toBe(true);
    await expect(overview.resultCount(page, wine.total)).toBeVisible();
    await expect(overview.cards(page)).toHaveText(wine.names);
  });

  test('the price slider works with the keyboard and narrows the results', async ({ page, request }) => {
    await openOverview(page);
    const dialog = await openFilters(page);
    const min = dialog.getByRole('slider', { name: 'Minimumprijs' });
    const max = dialog.getByRole('slider', { name: 'Maximumprijs' });
    await expect(min).toHaveAttribute('aria-valuenow', '0');
    await expect(max).toHaveAttribute('aria-valuenow', '200');
    await expect(max).toHaveAttribute('aria-valuetext', /^€\s200\+$/);

    // The lower thumb: one step of 5 euro, then Home back to 0.
    await min.focus();
    await page.keyboard.press('ArrowRight');
    await expect(min).toHaveAttribute('aria-valuenow', '5');
    await page.keyboard.press('Home');
    await expect(min).toHaveAttribute('aria-valuenow', '0');

    // The upper thumb: PageDown moves 10 steps (50 euro), ArrowRight one step back up.
    await max.focus();
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    await expect(max).toHaveAttribute('aria-valuenow', '50');
    await expect(max).toHaveAttribute('aria-valuetext', /^€\s50$/);
    await expect(dialog.getByRole('group', { name: /Prijs per persoon/ })).toContainText(/€\s0 – €\s50/);
    await applyFilters(dialog);

    await expect(page).toHaveURL(/\?maxPrice=50$/);
    const cheap = await apiActivities(request, { maxPrice: 50 });
    expect(cheap.total).toBeLessThan(TOTAL_ACTIVITIES);
    expect(cheap.items.every((a) => a.price !== null && a.price <= 50)).toBe(true);
    await expect(overview.resultCount(page, cheap.total)).toBeVisible();
    await expect(overview.cards(page)).toHaveText(cheap.names.slice(0, PAGE_SIZE));
    await expect(overview.filtersButton(page)).toHaveAccessibleName('Filters (filters actief)');
  });

  test('the rating slider works with the keyboard and narrows the results', async ({ page, request }) => {
    await openOverview(page);
    const dialog = await openFilters(page);
    const rating = dialog.getByRole('slider', { name: 'Minimale beoordeling' });
    await expect(rating).toHaveAttribute('aria-valuetext', 'Alle beoordelingen');
    await rating.focus();
    await page.keyboard.press('End');
    await expect(rating).toHaveAttribute('aria-valuenow', '5');
    await page.keyboard.press('ArrowLeft');
    await expect(rating).toHaveAttribute('aria-valuenow', '4.5');
    await expect(rating).toHaveAttribute('aria-valuetext', '4,5 sterren of meer');
    await applyFilters(dialog);

    await expect(page).toHaveURL(/\?minRating=4\.5$/);
    const good = await apiActivities(request, { minRating: 4.5 });
    expect(good.total).toBeLessThan(TOTAL_ACTIVITIES);
    expect(good.items.every((a) => a.rating >= 4.5)).toBe(true);
    await expect(overview.resultCount(page, good.total)).toBeVisible();
    await expect(overview.cards(page)).toHaveText(good.names.slice(0, PAGE_SIZE));
  });
});

test.describe('browse: view and paging', () => {
  test('grid and list views toggle with aria-pressed; list items mark bookable ones "Reserveren nodig"', async ({
    page,
    request,
  }) => {
    await openOverview(page);
    const grid = page.getByRole('button', { name: 'Rasterweergave' });
    const list = page.getByRole('button', { name: 'Lijstweergave' });
    await expect(grid).toHaveAttribute('aria-pressed', 'true');
    await expect(list).toHaveAttribute('aria-pressed', 'false');
    const main = page.getByRole('main');
    await expect(main.getByText('Reserveren nodig')).toHaveCount(0);

    await list.click();
    await expect(page).toHaveURL(/\?view=list$/);
    await expect(list).toHaveAttribute('aria-pressed', 'true');
    await expect(grid).toHaveAttribute('aria-pressed', 'false');
    await expect(overview.cards(page)).toHaveCount(PAGE_SIZE);

    const firstPage = (await apiActivities(request)).items.slice(0, PAGE_SIZE);
    const bookable = firstPage.filter((a) => a.bookingRequired);
    const notBookable = firstPage.filter((a) => !a.bookingRequired);
    expect(bookable.length).toBeGreaterThan(0);
    await expect(main.getByText('Reserveren nodig')).toHaveCount(bookable.length);
    for (const activity of bookable) {
      await expect(
        main.getByRole('article').filter({ has: page.getByRole('heading', { name: activity.name, exact: true }) }),
      ).toContainText('Reserveren nodig');
    }
    const plain = notBookable[0];
    if (!plain) throw new Error('expected a non-bookable activity on the first page');
    await expect(
      main.getByRole('article').filter({ has: page.getByRole('heading', { name: plain.name, exact: true }) }),
    ).not.toContainText('Reserveren nodig');

    // The view survives a reload (it is in the URL) and goes back to the grid.
    await reload(page);
    await expect(list).toHaveAttribute('aria-pressed', 'true');
    await grid.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(grid).toHaveAttribute('aria-pressed', 'true');
    await expect(main.getByText('Reserveren nodig')).toHaveCount(0);
  });

  test('"Meer laden" loads pages of 12 until all 36 are shown', async ({ page, request }) => {
    await openOverview(page);
    await expect(overview.cards(page)).toHaveCount(12);
    await expect(page.getByText('12 van 36 getoond')).toBeVisible();
    const loadMore = page.getByRole('button', { name: 'Meer laden' });

    await loadMore.click();
    await expect(overview.cards(page)).toHaveCount(24);
    await expect(page.getByText('24 van 36 getoond')).toBeVisible();

    await loadMore.click();
    await expect(overview.cards(page)).toHaveCount(36);
    await expect(page.getByText('36 van 36 getoond')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Meer laden/ })).toHaveCount(0);

    // The pages join up in the API's order, without gaps or repeats.
    await expect(overview.cards(page)).toHaveText((await apiActivities(request)).names);
  });

  test('"Meer laden" stays where it is when jumped to, while the cards around it are drawn', async ({ page }) => {
    // Cards out of view are drawn only when they come near it, at an estimated height until then
    // (docs/rendering.md#first-paint): jumping to the button must not leave it to move under the pointer.
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 768 },
    ]) {
      await page.setViewportSize(viewport);
      await openOverview(page);
      const loadMore = page.getByRole('button', { name: 'Meer laden' });
      await expect(loadMore).toBeVisible();
      const moved = await loadMore.evaluate(async (button) => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        const inView = () =>
          [...document.querySelectorAll<HTMLElement>('[data-results] li[id^="activity-"]')].filter((card) => {
            const box = card.getBoundingClientRect();
            return box.bottom > 0 && box.top < window.innerHeight;
          });
        button.scrollIntoView({ block: 'center' });
        const before = button.getBoundingClientRect().top;
        let moved = 0;
        // Until every card in view is drawn, and two frames more; at most five seconds.
        for (let settled = 0, start = performance.now(); settled < 2 && performance.now() - start < 5000;) {
          await frame();
          moved = Math.max(moved, Math.abs(button.getBoundingClientRect().top - before));
          // A card's own box is always there: what is skipped until it is drawn is its content.
          const drawn = inView().every((card) =>
            card.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }),
          );
          settled = drawn ? settled + 1 : 0;
        }
        return moved;
      });
      expect(moved, `at ${viewport.width} px wide`).toBeLessThan(1);
    }
  });
});

test.describe('browse: search', () => {
  test('typing "rando" shows suggestions; ArrowDown + Enter picks the first one', async ({ page, request }) => {
    await openOverview(page);
    const box = overview.searchBox(page);
    const suggestions = page.getByRole('listbox', { name: 'Zoeksuggesties' });
    await box.fill('rando');
    await expect(suggestions).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const options = suggestions.getByRole('option');
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeGreaterThan(1);

    const api = await request.get('/api/search/suggestions?q=rando&lng=nl');
    const expected = (await api.json()) as { text: string; kind: string }[];
    const first = expected[0];
    if (!first || first.kind === 'activity') throw new Error('expected a search term as first suggestion');
    await expect(options).toHaveCount(expected.length);

    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await box.press('Enter');

    await expect(page).toHaveURL(`/?q=${first.text}`);
    await expect(suggestions).toBeHidden();
    await expect(box).toHaveValue(first.text);
    const found = await apiActivities(request, { search: first.text });
    expect(found.total).toBeGreaterThan(0);
    await expect(overview.resultCount(page, found.total)).toBeVisible();
    await expect(overview.cards(page)).toHaveText(found.names);
  });

  test('choosing an activity suggestion opens its page', async ({ page, request }) => {
    await openOverview(page);
    const api = await request.get('/api/search/suggestions?q=rando&lng=nl');
    const activity = ((await api.json()) as { text: string; kind: string; activityId?: number }[]).find(
      (s) => s.kind === 'activity',
    );
    if (!activity?.activityId) throw new Error('expected an activity suggestion for "rando"');

    await overview.searchBox(page).fill('rando');
    const option = page
      .getByRole('listbox', { name: 'Zoeksuggesties' })
      .getByRole('option')
      .filter({ hasText: activity.text });
    await option.click();

    await expect(page).toHaveURL(`/activity/${activity.activityId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(activity.text);
  });

  test('one character shows no suggestions, two do, and leaving the box hides them', async ({ page }) => {
    const suggestionRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/search/suggestions'))
        suggestionRequests.push(new URL(r.url()).searchParams.get('q') ?? '');
    });
    await openOverview(page);
    const box = overview.searchBox(page);
    const suggestions = page.getByRole('listbox', { name: 'Zoeksuggesties' });

    await box.pressSequentially('m');
    await box.pressSequentially('a');
    await expect(suggestions).toBeVisible();
    await box.press('Backspace');
    await expect(box).toHaveValue('m');
    await expect(suggestions).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');

    await box.pressSequentially('a');
    await expect(suggestions).toBeVisible();
    await expect(suggestions.getByRole('option').first()).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(box).not.toBeFocused();
    await expect(suggestions).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');

    // Suggestions were asked for "ma", never for a single character.
    expect(suggestionRequests).toContain('ma');
    expect(suggestionRequests.filter((q) => q.length < 2)).toEqual([]);
  });

  test('a search without matches shows "Geen activiteiten gevonden" and the term', async ({ page }) => {
    await openOverview(page);
    const box = overview.searchBox(page);
    await box.fill('xyzzyqq');
    await box.press('Enter');

    await expect(page).toHaveURL('/?q=xyzzyqq');
    await expect(page.getByText('Geen activiteiten gevonden')).toBeVisible();
    await expect(
      page.getByText('Geen resultaten voor "xyzzyqq". Probeer een ander zoekwoord of minder filters.'),
    ).toBeVisible();
    await expect(overview.resultCount(page, 0)).toBeVisible();
    await expect(overview.cards(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Alle filters wissen' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(overview.resultCount(page, TOTAL_ACTIVITIES)).toBeVisible();
    await expect(box).toHaveValue('');
  });
});
