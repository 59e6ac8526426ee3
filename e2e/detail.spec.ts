import { apiActivity, expect, openOverview, overview, test, visit } from './fixtures';

interface ApiReview {
  guestName: string | null;
  rating: number;
  comment: string;
  createdAt: string;
}

const dutchDate = (iso: string) => new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long' }).format(new Date(iso));

test.describe('detail page', () => {
  test('a card opens the detail page with name, badges, description, tags, reviews and price box', async ({
    page,
    request,
  }) => {
    // Abdij van Saint-Hilaire: sponsored (level 1), priced, not bookable, with reviews.
    const activity = await apiActivity(request, 29);
    const reviews = (await (await request.get('/api/activities/29/reviews')).json()) as ApiReview[];
    expect(reviews.length).toBeGreaterThan(0);

    await openOverview(page);
    await overview.cards(page).getByRole('link', { name: activity.name, exact: true }).click();

    await expect(page).toHaveURL('/activity/29');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(activity.name);
    const main = page.getByRole('main');
    await expect(main.getByText('Uitje', { exact: true })).toBeVisible();
    await expect(main.getByText('Sponsor', { exact: true })).toBeVisible();
    await expect(main.getByText(activity.description, { exact: true })).toBeVisible();
    await expect(main.getByRole('list', { name: "Thema's" }).getByRole('listitem')).toHaveText([
      '#geschiedenis',
      '#wijn',
    ]);

    // Practical information of a non-market activity.
    const practical = main.getByRole('region', { name: 'Praktische informatie' });
    await expect(practical).toContainText('Openingstijden');
    await expect(practical.getByRole('link', { name: /^Website/ })).toHaveAttribute(
      'href',
      'https://saint-hilaire-aude.fr/abbaye',
    );

    // Reviews, each with its name and date.
    const list = main.getByRole('list', { name: 'Reviews' });
    await expect(list.getByRole('listitem')).toHaveCount(reviews.length);
    for (const [index, review] of reviews.entries()) {
      const item = list.getByRole('listitem').nth(index);
      await expect(item).toContainText(review.guestName ?? 'Anonieme bezoeker');
      await expect(item).toContainText(dutchDate(review.createdAt));
      await expect(item).toContainText(review.comment);
      await expect(
        item.getByRole('img', { name: review.rating === 1 ? '1 ster' : `${review.rating} sterren`, exact: true }),
      ).toBeVisible();
    }

    // Price box and the navigate button of a non-bookable activity: a maps search in a new tab.
    const price = main.getByRole('region', { name: 'Prijs' });
    await expect(price).toContainText(/€\s6\s*per persoon/);
    const navigate = price.getByRole('link', { name: 'Navigeer hierheen (opent in een nieuw tabblad)' });
    await expect(navigate).toHaveAttribute('target', '_blank');
    await expect(navigate).toHaveAttribute('rel', /noopener/);
    await expect(navigate).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(activity.address ?? '')}`,
    );

    // The back button returns to the overview.
    await page.getByRole('button', { name: 'Terug', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(overview.cards(page).first()).toBeVisible();
  });

  test('a bookable activity offers booking instead of the navigate button', async ({ page, request }) => {
    const activity = await apiActivity(request, 14);
    expect(activity.bookingRequired).toBe(true);
    await visit(page, '/activity/14');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(activity.name);
    const main = page.getByRole('main');
    await expect(main.getByText('TOP', { exact: true })).toBeVisible();
    // The practical information is a description list: each label a term, each value its definition.
    const practical = main.getByRole('region', { name: 'Praktische informatie' });
    await expect(practical.getByRole('term')).toHaveText(['Openingstijden', 'Reserveren']);
    await expect(practical.getByRole('definition')).toHaveText([
      'April tot september, op reservering',
      'Reserveren is nodig',
    ]);
    const price = main.getByRole('region', { name: 'Prijs' });
    await expect(price).toContainText('Stuur een boekingsaanvraag; de aanbieder bevestigt die per e-mail.');
    await expect(price.getByRole('button', { name: 'Nu boeken' })).toBeVisible();
    await expect(main.getByRole('link', { name: /Navigeer hierheen/ })).toHaveCount(0);
    // Directions: a route to the activity's coordinates, in a new tab.
    const route = main.getByRole('link', { name: 'Route (opent in een nieuw tabblad)' });
    await expect(route).toHaveAttribute('target', '_blank');
    await expect(route).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=42\.85389%2C2\.20139$/,
    );
  });

  test('a market shows its market days and no practical information block', async ({ page, request }) => {
    const market = await apiActivity(request, 1);
    await visit(page, '/activity/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(market.name);
    const main = page.getByRole('main');
    await expect(main.getByText('Markt', { exact: true })).toBeVisible();
    await expect(main.getByRole('region', { name: 'Prijs' })).toContainText('Marktdagen');
    await expect(main.getByRole('region', { name: 'Praktische informatie' })).toHaveCount(0);
    // The "Meer ontdekken" links lead back to a category of the overview.
    await main.getByRole('navigation', { name: 'Meer ontdekken' }).getByRole('link', { name: 'Markten' }).click();
    await expect(page).toHaveURL('/?category=markten');
    await expect(overview.resultCount(page, 5)).toBeVisible();
  });

  test('an unknown id shows "Activiteit niet gevonden" with a way back to the overview', async ({ page }) => {
    await visit(page, '/activity/999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Activiteit niet gevonden' })).toBeVisible();
    await expect(page.getByText('Deze activiteit bestaat niet of is niet meer beschikbaar.')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Terug naar het overzicht' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Ontdek het beste van Limoux' })).toBeVisible();
  });

  test('an id that is not a number shows the not-found state too', async ({ page }) => {
    await visit(page, '/activity/abc');
    await expect(page.getByRole('heading', { level: 1, name: 'Activiteit niet gevonden' })).toBeVisible();
  });
});

test.describe('moving between pages (docs/rendering.md#router)', () => {
  test('a new page starts at the top with focus on it; back and the Terug button return to the overview where it was', async ({
    page,
  }) => {
    await openOverview(page);
    const ninth = overview.cards(page).nth(8);
    await ninth.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const name = (await ninth.textContent()) ?? '';
    // Where the ninth card is on the screen when the link leaves the overview (parts loading
    // above may have moved the page since it was scrolled).
    await page.evaluate(() =>
      window.addEventListener(
        'pushState',
        () => {
          const top = document.querySelectorAll('main h3')[8]?.getBoundingClientRect().top;
          sessionStorage.setItem('left at', String(top));
        },
        { once: true },
      ),
    );
    await ninth.getByRole('link').click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('main')).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL('/');
    await expect(overview.cards(page).nth(8)).toHaveText(name);
    // Back (a POP): the overview comes back with the card where it was on the screen, give or take
    // 100 px: cards not yet drawn count as 480 px high and drawn ones as their real height, and
    // which ones above were drawn differs (docs/rendering.md#router). Without the layout's
    // restoreScroll the card comes back 400 to 1,250 px off.
    const leftAt = Number(await page.evaluate(() => sessionStorage.getItem('left at')));
    expect(leftAt).toBeGreaterThan(0);
    await expect
      .poll(async () => Math.abs(((await overview.cards(page).nth(8).boundingBox())?.y ?? Number.NaN) - leftAt))
      .toBeLessThan(100);

    await page.goForward();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await page.getByRole('button', { name: 'Terug' }).click();
    await expect(page).toHaveURL('/');
    await expect(overview.cards(page).first()).toBeVisible();
  });
});
