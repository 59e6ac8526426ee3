import { apiActivity, demoLogin, expect, expectNoSeriousA11yViolations, test, toastRegion, visit } from './fixtures';
import { mailsTo } from './support/mails';
import { E2E } from './support/ports';

/**
 * Issue 11: a provider buys TOP for one of their activities through Stripe
 * Checkout (the stand-in's page), the webhook makes it TOP in the guide, and
 * a cancellation in the billing portal returns it to 0. On the payments
 * server (its own database), so the order the other specs check stays put.
 */
test.describe('paid sponsorship', () => {
  test.use({ baseURL: E2E.paymentsUrl });
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
    // Without Stripe, a provider asks the team for the plan on their sponsorship page.
    await plans.getByRole('link', { name: 'Vraag TOP aan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sponsoring' })).toBeVisible();
    // This server has no Stripe: it says so, and offers no buy buttons.
    await expect(page.getByText(/Online betalen is op deze site nog niet ingesteld/)).toBeVisible();
    await expect(page.getByRole('button', { name: /kopen voor/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^TOP aanvragen voor/ }).first()).toBeVisible();
  });
});

/** The second server has no team inbox: notices for the team go to every admin, here the demo admin. */
const TEAM = 'admin@discoverlocal.test';
/** The subjects of the mails to `address` the second server wrote. */
const subjectsTo = async (address: string) => (await mailsTo(E2E.offlinePort, address)).map((m) => m.subject);

/**
 * Issue 28: without Stripe, a provider asks for Premium, an admin grants it with a last day, the
 * badge shows in the guide, and the provider and the team are mailed. On the second server (no
 * Stripe either), whose guide's order no other spec reads; it has no team inbox, so the team is
 * every admin (docs/mail.md#notices). The level is ended again at the end.
 */
test.describe('sponsorship asked for, without Stripe', () => {
  test.use({ baseURL: E2E.offlineUrl });
  test.describe.configure({ timeout: 120_000 });

  test('a provider asks for Premium, an admin grants it, the Premium badge shows', async ({ page }) => {
    await demoLogin(page, 'provider', E2E.offlineUrl);
    const own = (await page.request.get('/api/provider/sponsorships').then((r) => r.json())) as {
      activityId: number;
      name: string;
      sponsorLevel: number;
    }[];
    const lake = own.find((a) => a.name === "Lac d'Arques");
    if (!lake) throw new Error('the demo provider’s lake is not in the seed');
    expect(lake.sponsorLevel).toBe(0);
    const id = lake.activityId;
    const teamBefore = await subjectsTo(TEAM);
    const providerBefore = await subjectsTo('provider@discoverlocal.test');

    try {
      // The provider, on a phone: the request form of the activity.
      await page.setViewportSize({ width: 390, height: 844 });
      await visit(page, '/provider/sponsorship');
      await expect(page.getByRole('heading', { level: 1, name: 'Sponsoring' })).toBeVisible();
      const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: "Lac d'Arques" }) });
      await expect(row.getByRole('radio', { name: 'Premium' })).toBeChecked();
      await row.getByLabel('Bericht aan het team (optioneel)').fill('Voor het zomerseizoen, graag.');
      await expectNoSeriousA11yViolations(page);
      await row.getByRole('button', { name: "Premium aanvragen voor Lac d'Arques" }).click();
      await expect(toastRegion(page)).toContainText('Aanvraag verstuurd');
      await expect(row.getByText(/Je hebt op .+ Premium aangevraagd/)).toBeVisible();
      await expect(row.getByRole('button', { name: /aanvragen voor/ })).toHaveCount(0);
      await page.screenshot({ path: 'test-results/sponsorship-requested-phone.png', fullPage: true });

      // The admin grants it from the sponsorships tab, with the proposed last day.
      await page.setViewportSize({ width: 1280, height: 900 });
      await demoLogin(page, 'admin', E2E.offlineUrl);
      await visit(page, '/admin/sponsorships');
      const request = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: /Lac d'Arques/ }) })
        .first();
      await expect(request.getByText('Voor het zomerseizoen, graag.')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await request.getByRole('button', { name: "Premium toekennen aan Lac d'Arques" }).click();
      const dialog = page.getByRole('dialog', { name: "Premium toekennen aan Lac d'Arques" });
      const until = dialog.getByLabel('Laatste dag van de sponsoring');
      await expect(until).not.toHaveValue('');
      const lastDay = await until.inputValue();
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: 'test-results/sponsorship-grant-dialog.png' });
      await dialog.getByRole('button', { name: 'Premium toekennen' }).click();
      await expect(toastRegion(page)).toContainText('Premium toegekend tot');
      await expect(page.getByText('Er wacht geen aanvraag op antwoord.')).toBeVisible();
      const activity = await apiActivity(page.request, id);
      expect(activity.sponsorLevel).toBe(2);

      // The Premium badge on its public page.
      await visit(page, `/activity/${id}`);
      await expect(page.getByRole('main').getByText('Premium', { exact: true }).first()).toBeVisible();
      await page.screenshot({ path: 'test-results/sponsorship-granted-badge.png' });

      // The provider sees it set by hand until the last day.
      await demoLogin(page, 'provider', E2E.offlineUrl);
      await visit(page, '/provider/sponsorship');
      await expect(row.getByText(/^Premium, ingesteld door het DiscoverLocal-team tot/)).toBeVisible();

      // The team was told of the request, the provider of the grant (in the language they use, Dutch).
      await expect
        .poll(async () => (await subjectsTo(TEAM)).slice(teamBefore.length), { timeout: 15_000 })
        .toContain("Sponsoraanvraag: Premium voor Lac d'Arques");
      await expect
        .poll(async () => (await subjectsTo('provider@discoverlocal.test')).slice(providerBefore.length), {
          timeout: 15_000,
        })
        .toContain("Lac d'Arques wordt nu gesponsord: Premium");
      expect(lastDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    } finally {
      // Back to Basis, so that the guide's order is as the other specs expect (the provider is told it ended).
      await demoLogin(page, 'admin', E2E.offlineUrl);
      const reset = await page.request.patch(`/api/admin/activities/${id}`, {
        data: { sponsorLevel: 0 },
        headers: { origin: E2E.offlineUrl },
      });
      expect(reset.status()).toBe(204);
    }
    await expect
      .poll(async () => (await subjectsTo('provider@discoverlocal.test')).slice(providerBefore.length), {
        timeout: 15_000,
      })
      .toContain("De sponsoring van Lac d'Arques is afgelopen");
    console.info('mails:', {
      team: (await subjectsTo(TEAM)).slice(teamBefore.length),
      provider: (await subjectsTo('provider@discoverlocal.test')).slice(providerBefore.length),
    });
  });
});
