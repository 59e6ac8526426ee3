import { apiActivity, demoLogin, expect, expectNoSeriousA11yViolations, test, toastRegion } from './fixtures';
import { E2E } from './support/ports';

/**
 * Issue 5: a logged-in visitor proposes a tag for an activity from its
 * detail page; the admin finds it among the pending activity tags.
 *
 * These run on the second server (its own database), so the pending lists
 * that the tag moderation test in accounts.spec.ts works through stay as
 * that test expects.
 */
test.use({ baseURL: E2E.offlineUrl });

const ACTIVITY_ID = 1;

test('an anonymous visitor is invited to log in to propose a tag, and comes back to the activity', async ({ page }) => {
  await page.goto(`/activity/${ACTIVITY_ID}`);
  const login = page.getByRole('link', { name: 'Log in om een tag voor te stellen' });
  await expect(login).toHaveAttribute('href', `/api/login?returnTo=%2Factivity%2F${ACTIVITY_ID}`);
  await expect(page.getByRole('button', { name: 'Tag voorstellen' })).toHaveCount(0);

  // This server has no identity provider: the demo portal, which keeps the way back.
  await login.click();
  await expect(page).toHaveURL(`${E2E.offlineUrl}/login?returnTo=%2Factivity%2F${ACTIVITY_ID}`);
  await page.getByRole('button', { name: /Demo als aanbieder/ }).click();
  await expect(page).toHaveURL(`${E2E.offlineUrl}/activity/${ACTIVITY_ID}`);
  await expect(page.getByRole('button', { name: 'Tag voorstellen' })).toBeVisible();
});

test('a visitor proposes a tag: checked first, sent, refused twice, and approved by the admin in one click', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const activity = await apiActivity(page.request, ACTIVITY_ID);
  const name = `picknick-${Date.now().toString(36)}`;
  await page.goto('/');
  await demoLogin(page, 'visitor', E2E.offlineUrl);
  await page.goto(`/activity/${ACTIVITY_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: activity.name })).toBeVisible();

  const open = page.getByRole('button', { name: 'Tag voorstellen' });
  await open.click();
  const form = page.getByRole('form', { name: 'Een tag voorstellen' });
  const field = form.getByRole('combobox', { name: 'Tag' });
  await expect(field).toBeFocused();
  await expect(toastRegion(page)).toBeAttached();
  await expectNoSeriousA11yViolations(page);

  // Escape closes the form and gives focus back to the button.
  await field.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(open).toBeFocused();
  await open.click();

  // The name is checked before anything is sent.
  await field.fill('x');
  await form.getByRole('button', { name: 'Voorstellen' }).click();
  await expect(form.getByRole('alert')).toHaveText('Een tag heeft minstens 2 tekens.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('wijn & kaas!');
  await form.getByRole('button', { name: 'Voorstellen' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Gebruik alleen letters en cijfers, met een streepje of spatie tussen woorden.',
  );
  // A tag the activity already shows.
  expect(activity.tags.length).toBeGreaterThan(0);
  await field.fill(activity.tags[0] ?? '');
  await form.getByRole('button', { name: 'Voorstellen' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Deze activiteit heeft die tag al, of hij wacht nog op goedkeuring.',
  );

  // A new tag, typed as people type: spaces and capitals become the stored form.
  await field.fill(name.replace('-', ' ').toUpperCase());
  await expect(field).not.toHaveAttribute('aria-invalid');
  await form.getByRole('button', { name: 'Voorstellen' }).click();
  await expect(page.getByText('Bedankt voor je voorstel!', { exact: true })).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(page.getByText(`Wacht op goedkeuring door een beheerder: #${name}`, { exact: true })).toBeVisible();
  // Approved tags show only after approval.
  await expect(page.getByRole('list', { name: "Thema's" })).not.toContainText(name);

  // After a reload the page no longer knows; the server refuses the same proposal.
  await page.reload();
  await page.getByRole('button', { name: 'Tag voorstellen' }).click();
  await page.getByRole('combobox', { name: 'Tag' }).fill(name);
  await page.getByRole('button', { name: 'Voorstellen' }).click();
  await expect(page.getByRole('form', { name: 'Een tag voorstellen' }).getByRole('alert')).toHaveText(
    'Deze activiteit heeft die tag al, of hij wacht nog op goedkeuring.',
  );

  // The admin finds the proposal once, among the pending tags, with the activity it was proposed for
  // (docs/moderation.md#tags-and-activity-tags), and not again among the pending activity tags.
  await demoLogin(page, 'admin', E2E.offlineUrl);
  await page.goto('/admin/tags');
  const tabs = page.getByRole('tablist', { name: 'Tags' });
  await tabs.getByRole('tab', { name: /Activiteitstags in afwachting/ }).click();
  // (The seed's own proposal of an approved tag waits there.)
  await expect(page.getByRole('tabpanel')).toContainText('#familie');
  await expect(page.getByRole('tabpanel')).not.toContainText(`#${name}`);
  await tabs.getByRole('tab', { name: /^Tags in afwachting/ }).click();
  const row = page
    .getByRole('tabpanel')
    .getByRole('listitem')
    .filter({ hasText: `#${name}` });
  // (Admin lists name an activity as its provider wrote it: the market's original is French.)
  await expect(row).toContainText('voorgesteld bij Marché de Limoux');
  await expect(row).toContainText('Goedkeuren of afwijzen geldt ook voor die activiteit.');

  // One click approves the tag and its place on the activity, which shows it.
  await row.getByRole('button', { name: `Tag ${name} goedkeuren` }).click();
  await expect(page.getByText('Tag goedgekeurd', { exact: true })).toBeVisible();
  await expect(page.getByRole('tabpanel')).not.toContainText(`#${name}`);
  await page.goto(`/activity/${ACTIVITY_ID}`);
  await expect(page.getByRole('list', { name: "Thema's" })).toContainText(name);
});
