import {
  apiActivity,
  demoLogin,
  expect,
  expectNoSeriousA11yViolations,
  openOverview,
  overview,
  test,
  visit,
} from './fixtures';
import { E2E } from './support/ports';

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
    // Who answers: the provider, by their company's name (docs/product.md#who-answers).
    await expect(price).toContainText('Stuur een boekingsaanvraag; Aude Découverte (démo) bevestigt die per e-mail.');
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

test.describe("an activity's guestbook, a page at a time (docs/api.md#lists-in-pages)", () => {
  test('the server sends the newest five; "Meer reviews" adds the next by keyboard, the focus on the first that came', async ({
    page,
    browser,
  }) => {
    // Two browsers and an admin: more than the default minute on a busy machine.
    test.setTimeout(120_000);
    // The demo has at most five approved reviews per activity. The admin approves the market of
    // Limoux's waiting one for a sixth, and sets it aside again afterwards (rejected counts nowhere).
    const admin = await browser.newContext({ locale: 'nl-NL' });
    const adminPage = await admin.newPage();
    await demoLogin(adminPage, 'admin', E2E.appUrl);
    const all = (await (await adminPage.request.get(`${E2E.appUrl}/api/admin/reviews?limit=200`)).json()) as {
      id: number;
      activityId: number;
      authorName: string | null;
    }[];
    const waiting = all.find((review) => review.authorName === 'Hanneke W.');
    if (!waiting) throw new Error('the demo review of Hanneke W. is missing');
    const decide = async (isApproved: 0 | 1) => {
      const res = await adminPage.request.patch(`${E2E.appUrl}/api/admin/reviews/${waiting.id}/approval`, {
        data: { isApproved },
        headers: { origin: E2E.appUrl },
      });
      expect(res.status()).toBe(200);
    };
    await decide(1);
    try {
      const id = waiting.activityId;
      const reviews = (await (await page.request.get(`/api/activities/${id}/reviews`)).json()) as ApiReview[];
      expect(reviews).toHaveLength(6);

      // Before any script: the page as the server sent it holds the newest five and the button.
      const withoutScripts = await browser.newContext({ javaScriptEnabled: false, locale: 'nl-NL' });
      const plain = await withoutScripts.newPage();
      await plain.goto(`/activity/${id}`);
      const sent = plain.getByRole('list', { name: 'Reviews' }).getByRole('listitem');
      await expect(sent).toHaveCount(5);
      for (const [index, review] of reviews.slice(0, 5).entries())
        await expect(sent.nth(index)).toContainText(review.comment);
      await expect(plain.getByText('5 van 6 reviews getoond')).toBeVisible();
      await expect(plain.getByRole('button', { name: 'Meer reviews' })).toBeVisible();
      await withoutScripts.close();

      await visit(page, `/activity/${id}`);
      const list = page.getByRole('list', { name: 'Reviews' });
      await expect(list.getByRole('listitem')).toHaveCount(5);
      await expect(page.getByRole('status').filter({ hasText: 'reviews getoond' })).toHaveText(
        '5 van 6 reviews getoond',
      );
      const more = page.getByRole('button', { name: 'Meer reviews' });
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(list.getByRole('listitem')).toHaveCount(6);
      const sixth = list.getByRole('listitem').nth(5);
      await expect(sixth).toContainText(reviews[5]?.comment ?? '');
      await expect(sixth).toBeFocused();
      await expect(page.getByRole('status').filter({ hasText: 'reviews getoond' })).toHaveText(
        '6 van 6 reviews getoond',
      );
      await expect(more).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    } finally {
      await decide(0);
      await admin.close();
    }
  });
});
