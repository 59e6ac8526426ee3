import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import type { AuthUser } from '../../../domain/auth';
import { authKeys } from '../../features/auth/api/auth-user';
import { renderWithProviders } from '../../test/render';
import { PrivacyRoute } from './privacy';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../components/ui/toast-store', () => ({ toast }));

const CONFIG = {
  mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
  mapAttribution: 'tiles',
  contact: { email: 'team@limoux.example', phone: null },
  logins: { demo: true, identityProvider: false },
  serviceArea: { center: { lat: 43.05, lon: 2.22 }, radiusKm: 40 },
  payments: false,
  privacy: { operatorName: 'Office de Tourisme du Limouxin', retentionMonths: 18 },
};

const VISITOR = { id: 'u1', email: 'sanne@example.com', firstName: 'Sanne', role: 'visitor' } as unknown as AuthUser;

type Call = { path: string; method: string; body: unknown };

/** The API: /config, the session, and `answer` for the rest (a Response, or JSON for a 200). */
function api(user: AuthUser | null, answer: (call: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call = {
      path: url.pathname,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    if (call.path === '/api/config') return Response.json(CONFIG);
    if (call.path === '/api/auth/session') return Response.json({ user });
    return answer(call) ?? Response.json({ message: 'Not found', code: 'ROUTE_NOT_FOUND' }, { status: 404 });
  });
  return calls;
}

function renderPage(route: string, lng = 'nl') {
  return renderWithProviders(
    <Switch>
      <Route path="/privacy">
        <PrivacyRoute />
      </Route>
      <Route path="/privacy/data/:token">
        <PrivacyRoute />
      </Route>
      <Route path="/">
        <p>Overzicht</p>
      </Route>
    </Switch>,
    { route, lng },
  );
}

/** What the page saved as a file: the name and the text of each download. */
const saved: { name: string; text: Promise<string> }[] = [];
beforeEach(() => {
  saved.length = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push({ name: '', text: blob.text() });
        return 'blob:test';
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const last = saved.at(-1);
    if (last && this.href === 'blob:test') last.name = this.download;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toast.mockReset();
});

const fileAnswer = (body: object, name = 'discoverlocal-data-2026-11-26.json') =>
  new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json', 'Content-Disposition': `attachment; filename="${name}"` },
  });

describe('the privacy page (docs/privacy.md#the-privacy-page)', () => {
  it.each([
    ['nl', 'Privacy en je gegevens', 'Tot 18 maanden na de geboekte dag'],
    ['en', 'Privacy and your data', 'Until 18 months after the booked day'],
    ['fr', 'Confidentialité et vos données', 'Jusqu’à 18 mois après le jour réservé'],
    ['de', 'Datenschutz und Ihre Daten', 'Bis 18 Monate nach dem gebuchten Tag'],
    ['es', 'Privacidad y tus datos', 'Hasta 18 meses después del día reservado'],
  ])('in %s: names the operator, the contact and the console’s retention period', async (lng, title, retention) => {
    api(null);
    renderPage('/privacy', lng);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await screen.findByText('Office de Tourisme du Limouxin')).toBeVisible();
    expect(screen.getByText(new RegExp(retention))).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'team@limoux.example' })[0]).toHaveAttribute(
      'href',
      'mailto:team@limoux.example',
    );
    expect(screen.getByRole('link', { name: /CNIL/ })).toHaveAttribute('href', 'https://www.cnil.fr');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(5);
  });

  it('a guest asks for a link: an address is checked first, then the same answer whatever is held', async () => {
    const calls = api(null, (call) =>
      call.path === '/api/privacy/data-requests' ? Response.json({ accepted: true }, { status: 202 }) : undefined,
    );
    renderPage('/privacy');
    const field = await screen.findByLabelText('E-mailadres');
    await userEvent.type(field, 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Mail me een link naar mijn gegevens' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Vul een geldig e-mailadres in/);
    expect(calls.some((call) => call.path === '/api/privacy/data-requests')).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, ' lena@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Mail me een link naar mijn gegevens' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Als we iets onder dit adres bewaren, is er een link onderweg. Hij werkt één keer, binnen 24 uur.',
    );
    expect(calls.filter((call) => call.path === '/api/privacy/data-requests')).toEqual([
      { path: '/api/privacy/data-requests', method: 'POST', body: { email: 'lena@example.com', language: 'nl' } },
    ]);
    expect(screen.queryByRole('button', { name: 'Mijn account verwijderen' })).toBeNull();
  });

  it('a logged-in person downloads their data under the name the server gives', async () => {
    const calls = api(VISITOR, (call) =>
      call.path === '/api/me/data' ? fileAnswer({ email: 'sanne@example.com', bookings: [] }) : undefined,
    );
    renderPage('/privacy');
    await userEvent.click(await screen.findByRole('button', { name: 'Mijn gegevens downloaden' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Je gegevens zijn gedownload.');
    expect(calls.filter((call) => call.path === '/api/me/data').map((call) => call.method)).toEqual(['GET']);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe('discoverlocal-data-2026-11-26.json');
    expect(JSON.parse((await saved[0]?.text) ?? '')).toEqual({ email: 'sanne@example.com', bookings: [] });
    expect(screen.queryByLabelText('E-mailadres')).toBeNull();
  });

  it('deletes the account after confirming, with the choice for reviews; then logged out, home, a toast', async () => {
    const calls = api(VISITOR, (call) =>
      call.path === '/api/me' && call.method === 'DELETE' ? Response.json({ deleted: true }) : undefined,
    );
    const { queryClient } = renderPage('/privacy');
    await userEvent.click(await screen.findByRole('button', { name: 'Mijn account verwijderen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Je account verwijderen?' }, { timeout: 5000 });
    expect(dialog).toHaveAccessibleDescription(/Dit kan niet ongedaan worden gemaakt/);
    expect(within(dialog).getByRole('radio', { name: 'Laten staan als "voormalige gast"' })).toBeChecked();
    expect(within(dialog).getByRole('group', { name: 'Mijn beoordelingen' })).toBeVisible();

    // Cancelling deletes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Focus goes back to the button that opened it.
    expect(screen.getByRole('button', { name: 'Mijn account verwijderen' })).toHaveFocus();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Mijn account verwijderen' }));
    const again = await screen.findByRole('alertdialog');
    await userEvent.click(within(again).getByRole('radio', { name: 'Verwijderen' }));
    await userEvent.click(within(again).getByRole('button', { name: 'Account definitief verwijderen' }));
    expect(await screen.findByText('Overzicht')).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { path: '/api/me', method: 'DELETE', body: { confirm: true, reviews: 'delete' } },
    ]);
    expect(queryClient.getQueryData(authKeys.user())).toBeNull();
    expect(toast).toHaveBeenCalledWith({ title: 'Je account is verwijderd.' });
  });

  it('the last admin is told why, and the dialog stays', async () => {
    api(VISITOR, (call) =>
      call.method === 'DELETE'
        ? Response.json({ message: 'The last admin', code: 'LAST_ADMIN' }, { status: 409 })
        : undefined,
    );
    renderPage('/privacy');
    await userEvent.click(await screen.findByRole('button', { name: 'Mijn account verwijderen' }));
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Account definitief verwijderen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Je bent de laatste beheerder/);
    expect(screen.getByRole('alertdialog')).toBeVisible();
    expect(screen.queryByText('Overzicht')).toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('the page of a mailed data link (docs/privacy.md#download-my-data)', () => {
  const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

  it('spends nothing when opened; the button downloads the file once, then says the link is used up', async () => {
    const calls = api(null, (call) =>
      call.path === '/api/privacy/data' ? fileAnswer({ email: 'lena@example.com' }) : undefined,
    );
    renderPage(`/privacy/data/${TOKEN}`);
    const button = screen.getByRole('button', { name: 'Mijn gegevens downloaden' });
    expect(screen.getByRole('heading', { level: 1, name: 'Je gegevens downloaden' })).toBeVisible();
    expect(calls.some((call) => call.path.startsWith('/api/privacy'))).toBe(false);

    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Deze link is nu gebruikt');
    expect(calls.filter((call) => call.path === '/api/privacy/data')).toEqual([
      { path: '/api/privacy/data', method: 'POST', body: { token: TOKEN } },
    ]);
    expect(saved[0]?.name).toBe('discoverlocal-data-2026-11-26.json');
    expect(screen.queryByRole('button', { name: 'Mijn gegevens downloaden' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Naar de privacypagina' })).toHaveAttribute('href', '/privacy');
  });

  it.each([
    ['DATA_LINK_USED', 410, 'Deze link naar je gegevens is al gebruikt'],
    ['DATA_LINK_EXPIRED', 410, 'Deze link naar je gegevens is verlopen'],
    ['DATA_LINK_INVALID', 404, 'Deze link naar je gegevens bestaat niet'],
  ])('%s: says so, with the way back and no button', async (code, status, text) => {
    api(null, (call) =>
      call.path === '/api/privacy/data' ? Response.json({ message: 'no', code }, { status }) : undefined,
    );
    renderPage(`/privacy/data/${TOKEN}`);
    await userEvent.click(screen.getByRole('button', { name: 'Mijn gegevens downloaden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name: 'Mijn gegevens downloaden' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Naar de privacypagina' })).toBeVisible();
    expect(saved).toHaveLength(0);
  });

  it('a failure the link survives (the server down) keeps the button to try again', async () => {
    api(null, (call) =>
      call.path === '/api/privacy/data'
        ? Response.json({ message: 'down', code: 'SERVICE_UNAVAILABLE' }, { status: 503 })
        : undefined,
    );
    renderPage(`/privacy/data/${TOKEN}`);
    await userEvent.click(screen.getByRole('button', { name: 'Mijn gegevens downloaden' }));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mijn gegevens downloaden' })).toBeEnabled();
  });
});
