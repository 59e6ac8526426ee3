import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser, PendingProvider } from '../../../../domain/admin';
import { pagedFetch, renderWithProviders } from '../../../test/render';
import { ProvidersPanel } from './providers-panel';
import { UsersPanel } from './users-panel';

afterEach(() => vi.unstubAllGlobals());

// A page of 50 rows takes jsdom a second alone and several beside the other test files on this
// 2-core machine: more than Vitest's default of 5 s per test.
const ROWS = { timeout: 30_000 };

const user = (i: number, overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  email: `user${i}@example.com`,
  firstName: 'Gebruiker',
  lastName: String(i),
  role: 'visitor',
  isApproved: false,
  roleChosen: true,
  company: null,
  providerStatus: null,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 60 - i)).toISOString(),
  ...overrides,
});
const people = [
  ...Array.from({ length: 59 }, (_, i) => user(i + 1)),
  user(60, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@engine.example' }),
];

describe('the users tab (docs/api.md#lists-in-pages)', ROWS, () => {
  it('shows a page of users, and "Meer laden" adds the rest with the focus on the first new row', async () => {
    vi.stubGlobal('fetch', pagedFetch('/api/admin/users', () => people).fetchMock);
    renderWithProviders(<UsersPanel />);
    const table = await screen.findByRole('table', { name: 'Alle gebruikers met hun rol' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(50);
    expect(screen.getByRole('status')).toHaveTextContent('50 van 60 getoond');

    await userEvent.click(screen.getByRole('button', { name: 'Meer laden' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(60));
    await vi.waitFor(() => expect(document.activeElement).toBe(rows()[50]));
    expect(screen.getByRole('status')).toHaveTextContent('60 van 60 getoond');
    expect(screen.queryByRole('button', { name: 'Meer laden' })).toBeNull();
  });

  it('searches on the server, and says when nobody matches', async () => {
    const few = [people[0], people[1], people[59]].filter((p): p is AdminUser => p !== undefined);
    const { fetchMock, calls } = pagedFetch('/api/admin/users', (url) => {
      const words = (url.searchParams.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      return few.filter((p) => words.every((w) => `${p.firstName} ${p.lastName} ${p.email}`.toLowerCase().includes(w)));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<UsersPanel />);
    const table = await screen.findByRole('table', { name: 'Alle gebruikers met hun rol' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(3);

    const search = screen.getByRole('searchbox', { name: 'Zoek gebruikers' });
    expect(search).toHaveAccessibleDescription('Op naam, e-mailadres of bedrijf');
    await userEvent.type(search, 'ada');
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 van 1 getoond'));
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('ada@engine.example');

    await userEvent.clear(search);
    await userEvent.type(search, 'zz');
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Geen gebruikers gevonden voor “zz”.'));
    expect(screen.queryByRole('table')).toBeNull();
    // The server did the searching.
    expect(calls.at(-1)?.searchParams.get('search')).toBe('zz');
  });
});

describe('the pending providers tab', ROWS, () => {
  it('shows a page of applications and "Meer laden" adds the rest', async () => {
    const applications: PendingProvider[] = Array.from({ length: 53 }, (_, i) => ({
      id: 200 - i,
      userId: null,
      name: `Aanbieder ${i + 1}`,
      email: `aanbieder${i + 1}@example.com`,
      company: null,
      phone: null,
      address: null,
      role: 'provider',
      status: 'pending',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 60 - i)).toISOString(),
    }));
    vi.stubGlobal('fetch', pagedFetch('/api/admin/providers/pending', () => applications).fetchMock);
    renderWithProviders(<ProvidersPanel />);
    expect(await screen.findByRole('button', { name: 'Aanbieder 50 goedkeuren' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Aanbieder 51 goedkeuren' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('50 van 53 getoond');
    await userEvent.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByRole('button', { name: 'Aanbieder 53 goedkeuren' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('53 van 53 getoond');
  });
});
