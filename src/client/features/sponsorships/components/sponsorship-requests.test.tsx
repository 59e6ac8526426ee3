import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayInParis } from '../../../../domain/dates';
import type { AdminSponsorshipRequest, OwnSponsorship } from '../../../../domain/sponsorships';
import { renderWithProviders } from '../../../test/render';
import { RequestPlan } from './request-plan';
import { SponsorshipRequests } from './sponsorship-requests';

afterEach(() => vi.unstubAllGlobals());

/** A fetch stand-in: GETs answered from `lists` (with X-Total-Count), every POST recorded and answered 200. */
function stubApi(lists: Record<string, unknown[]> = {}) {
  const posts: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST') {
      posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    const items = lists[url.pathname] ?? [];
    return new Response(JSON.stringify(items), {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(items.length) },
    });
  });
  return posts;
}

const item = (overrides: Partial<OwnSponsorship> = {}): OwnSponsorship => ({
  activityId: 7,
  name: 'Cave Julie',
  isActive: true,
  sponsorLevel: 0,
  sponsoredUntil: null,
  sponsorship: null,
  request: null,
  ...overrides,
});
const request = {
  id: 3,
  activityId: 7,
  plan: 'premium' as const,
  message: null,
  until: null,
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
};

describe('asking for a plan (docs/sponsorship.md#asking-for-a-plan)', () => {
  it('sends the chosen plan and the message', async () => {
    const posts = stubApi();
    renderWithProviders(<RequestPlan item={item()} />);
    expect(screen.getByRole('radio', { name: 'Premium' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'TOP' }));
    await userEvent.type(screen.getByLabelText('Bericht aan het team (optioneel)'), 'Voor de zomer');
    await userEvent.click(screen.getByRole('button', { name: 'TOP aanvragen voor Cave Julie' }));
    await vi.waitFor(() =>
      expect(posts).toEqual([
        { path: '/api/provider/activities/7/sponsorship-request', body: { plan: 'top', message: 'Voor de zomer' } },
      ]),
    );
  });

  it('shows an open request instead of the form, and a refusal with its reason above it', () => {
    stubApi();
    const { unmount } = renderWithProviders(<RequestPlan item={item({ request: { ...request, status: 'open' } })} />);
    expect(
      screen.getByText('Je hebt op 20 november 2026 Premium aangevraagd. Het team antwoordt per e-mail.'),
    ).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();

    renderWithProviders(
      <RequestPlan item={item({ request: { ...request, status: 'refused', reason: 'Vol in december' } })} />,
    );
    expect(screen.getByText('Reden: Vol in december')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Premium aanvragen voor Cave Julie' })).toBeEnabled();
  });
});

describe("the admin's requests", () => {
  const open: AdminSponsorshipRequest = {
    ...request,
    status: 'open',
    message: 'Voor de zomer',
    activityName: 'Cave Julie',
    providerName: 'Domaine Julie',
    sponsorLevel: 0,
    sponsoredUntil: null,
    paidSponsorship: false,
  };

  it('grants with a last day, two weeks for Premium by default', async () => {
    const posts = stubApi({ '/api/admin/sponsorship-requests': [open] });
    renderWithProviders(<SponsorshipRequests />);
    const row = await screen.findByRole('article', { name: /Cave Julie/ });
    expect(within(row).getByText('Voor de zomer')).toBeVisible();
    await userEvent.click(within(row).getByRole('button', { name: 'Premium toekennen aan Cave Julie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Premium toekennen aan Cave Julie' });
    const until = within(dialog).getByLabelText('Laatste dag van de sponsoring');
    const today = todayInParis(new Date());
    expect(until).toHaveValue(addDays(today, 13));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Premium toekennen' }));
    await vi.waitFor(() =>
      expect(posts).toEqual([{ path: '/api/admin/sponsorship-requests/3/grant', body: { until: addDays(today, 13) } }]),
    );
  });

  it('refuses only with a reason', async () => {
    const posts = stubApi({ '/api/admin/sponsorship-requests': [open] });
    renderWithProviders(<SponsorshipRequests />);
    const row = await screen.findByRole('article', { name: /Cave Julie/ });
    await userEvent.click(within(row).getByRole('button', { name: 'De aanvraag voor Cave Julie weigeren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Premium voor Cave Julie weigeren' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Weigeren' }));
    expect(within(dialog).getByText('Schrijf de reden.')).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Reden (de aanbieder leest die)'), 'Vol');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Weigeren' }));
    await vi.waitFor(() =>
      expect(posts).toEqual([{ path: '/api/admin/sponsorship-requests/3/refuse', body: { reason: 'Vol' } }]),
    );
  });

  it('says when nothing waits', async () => {
    stubApi();
    renderWithProviders(<SponsorshipRequests />);
    expect(await screen.findByText('Er wacht geen aanvraag op antwoord.')).toBeVisible();
  });
});
