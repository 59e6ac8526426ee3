import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../test/render';
import { LoginRoute } from './login';

const config = (logins: { demo: boolean; identityProvider: boolean }) => ({
  mapTileUrl: 'https://tile.example/{z}/{x}/{y}.png',
  mapAttribution: 'x',
  contact: { email: null, phone: null },
  logins,
  serviceArea: { center: { lat: 43.05, lon: 2.22 }, radiusKm: 80 },
  payments: false,
});

function renderWith(logins: { demo: boolean; identityProvider: boolean }) {
  vi.stubGlobal('fetch', fakeFetch({ '/api/config': config(logins) }).fetchMock);
  renderWithProviders(<LoginRoute />, { route: '/login' });
}

afterEach(() => vi.unstubAllGlobals());

describe('the login portal', () => {
  it('offers the demo logins only where the server has them, and the real login only with an identity provider', async () => {
    renderWith({ demo: true, identityProvider: false });
    expect(await screen.findByRole('button', { name: /Demo als beheerder/ })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Inloggen met je account' })).toBeNull();
  });

  it('sends to the identity provider when there is one, without demo buttons that would fail', async () => {
    renderWith({ demo: false, identityProvider: true });
    expect(await screen.findByRole('link', { name: 'Inloggen met je account' })).toHaveAttribute('href', '/api/login');
    expect(screen.queryByRole('button', { name: /Demo als/ })).toBeNull();
  });

  it('says plainly when no login is set up, instead of a link that comes back here', async () => {
    renderWith({ demo: false, identityProvider: false });
    expect(await screen.findByRole('status')).toHaveTextContent('Op deze server is nog geen inloggen ingesteld');
    expect(screen.queryByRole('link', { name: 'Inloggen met je account' })).toBeNull();
    expect(screen.getByRole('link', { name: /Rondkijken als bezoeker/ })).toBeVisible();
  });
});
