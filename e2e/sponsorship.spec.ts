import { apiActivity, demoLogin, expect, expectNoSeriousA11yViolations, test, visit } from './fixtures';
import { E2E } from './support/ports';

/**
 * Issue 11: a provider buys TOP for one of their activities through Stripe
 * Checkout (the stand-in's page), the webhook makes it TOP in the guide, and
 * a cancellation in the billing portal returns it to 0. On the payments
 * server (its own database), so the order the other specs check stays put.
 */
test.describe('paid sponsorship', () => {
  test.use({ baseURL: E2E.paymentsUrl, outsideOrigins: [E2E.stripeUrl] });
  test.describe.configure({ timeout: 150_000 });

  test('a provider clicks TOP, pays on the checkout page, gets the badge, and cancels it in the portal', async ({
    page,
  }) => {
    await demoLogin(page, 'provider', E2E.paymentsUrl);
    const own = (await page.request.get(`${E2E.paymentsUrl}/api/provider/sponsorships`).then((r) => r.json())) as {
      activityId: number;
      name: string;
      sponsorLevel: number;
    }[];
    const lake = own.find((a) => a.name === "Lac d'Arques");
    if (!lake) throw new Error('the demo provider’s lake is not in the seed');
    expect(lake.sponsorLevel).toBe(0);
    const activity = { id: lake.activityId };
    await visit(page, '/provider');
    await page.getByRole('link', { name: 'Sponsoring' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sponsoring' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: /^TOP kopen voor Lac d'Arques/ }).click();
    // Stripe Checkout (the stand-in), with the plan and the activity the server asked for.
    await expect(page).toHaveURL(new RegExp(`^${E2E.stripeUrl}/checkout/cs_test_`));
    await expect(page.getByText(`Plan: top, activity ${activity.id}`)).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();

    // Back on the sponsorship page: the webhook has made it TOP.
    await expect(page).toHaveURL(`${E2E.paymentsUrl}/provider/sponsorship?checkout=success&activity=${activity.id}`);
    await expect(page.getByRole('status').filter({ hasText: 'je sponsoring is actief' })).toBeVisible();
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: "Lac d'Arques" }) });
    await expect(row.getByText(/^TOP · wordt verlengd op/)).toBeVisible();
    expect((await apiActivity(page.request, activity.id)).sponsorLevel).toBe(3);
    await page.screenshot({ path: 'test-results/sponsorship-active.png', fullPage: true });

    // On its public page, the TOP badge.
    await visit(page, `/activity/${activity.id}`);
    await expect(page.getByRole('main').getByText('TOP', { exact: true }).first()).toBeVisible();

    // Cancelled in the billing portal: back to Basis.
    await visit(page, '/provider/sponsorship');
    await row.getByRole('button', { name: "De sponsoring van Lac d'Arques opzeggen" }).click();
    await expect(page).toHaveURL(new RegExp(`^${E2E.stripeUrl}/portal/bps_test_`));
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page).toHaveURL(`${E2E.paymentsUrl}/provider/sponsorship`);
    await expect(row.getByText('Basis (gratis): je TOP-sponsoring is afgelopen.')).toBeVisible();
    expect((await apiActivity(page.request, activity.id)).sponsorLevel).toBe(0);
  });

  test('a cancelled checkout says nothing was charged', async ({ page }) => {
    await demoLogin(page, 'provider', E2E.paymentsUrl);
    await visit(page, '/provider/sponsorship');
    await page.getByRole('button', { name: /^Premium kopen voor Défilé de Pierre-Lys/ }).click();
    await expect(page).toHaveURL(new RegExp(`^${E2E.stripeUrl}/checkout/`));
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Betaling geannuleerd' })).toBeVisible();
  });
});

test.describe('plan buttons', () => {
  test('lead an anonymous visitor to login, a visitor to the provider application, a provider to their sponsorship page', async ({
    page,
  }) => {
    await visit(page, '/landing');
    const plans = page.getByRole('main');
    await expect(plans.getByRole('link', { name: 'Aanmelden voor TOP' })).toHaveAttribute(
      'href',
      '/api/login?returnTo=%2Fprovider%2Fsponsorship',
    );

    await demoLogin(page, 'visitor', E2E.appUrl);
    await visit(page, '/landing');
    await plans.getByRole('link', { name: 'Word aanbieder voor TOP' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Aanbieder worden' })).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(1);

    await demoLogin(page, 'provider', E2E.appUrl);
    await visit(page, '/landing');
    await plans.getByRole('link', { name: 'Kies TOP' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sponsoring' })).toBeVisible();
    // This server has no Stripe: it says so, and offers no buy buttons.
    await expect(page.getByText(/Online betalen is op deze site nog niet ingesteld/)).toBeVisible();
    await expect(page.getByRole('button', { name: /kopen voor/ })).toHaveCount(0);
  });
});
