import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '../../../../domain/admin';
import { renderWithProviders } from '../../../test/render';
import { roleChangeEffects } from './role-change-dialog';
import { UsersPanel } from './users-panel';

afterEach(() => vi.unstubAllGlobals());

const person = (i: number, overrides: Partial<AdminUser>): AdminUser => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  email: `user${i}@example.com`,
  firstName: null,
  lastName: null,
  role: 'visitor',
  isApproved: false,
  roleChosen: true,
  company: null,
  providerStatus: null,
  createdAt: new Date(Date.UTC(2026, 0, i)).toISOString(),
  ...overrides,
});
const provider = person(1, {
  firstName: 'Jeanne',
  lastName: 'Martin',
  email: 'jeanne@example.com',
  role: 'provider',
  isApproved: true,
  providerStatus: 'approved',
});
const visitor = person(2, { firstName: 'Paul', lastName: 'Durand', email: 'paul@example.com' });

/** The users list, and the role changes the panel sends (answered as the server does). */
function usersApi() {
  const changes: { url: string; body: unknown }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST') {
      const body: unknown = JSON.parse(String(init.body));
      changes.push({ url: url.pathname, body });
      return Response.json({ ...provider, ...(body as object) });
    }
    return new Response(JSON.stringify([provider, visitor]), {
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': '2' },
    });
  };
  return { fetchMock, changes };
}

describe('changing a role asks first, and says what the change does (issue 28, item 8)', () => {
  it('a provider made visitor: their activities leave the guide, their bookings fall to the team; cancel changes nothing', async () => {
    const { fetchMock, changes } = usersApi();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<UsersPanel />);
    const select = await screen.findByRole('combobox', { name: 'Rol van jeanne@example.com' });

    await userEvent.selectOptions(select, 'visitor');
    const dialog = await screen.findByRole('dialog', { name: 'Jeanne Martin Bezoeker maken?' });
    expect(dialog).toHaveAccessibleDescription('Nu: Aanbieder. Wat de wijziging doet:');
    expect(dialog).toHaveTextContent('Hun activiteiten verdwijnen meteen uit de openbare gids');
    expect(dialog).toHaveTextContent('e-mail daarover gaat naar het team');
    expect(changes).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(select).toHaveValue('provider');
    expect(select).toHaveFocus();
    expect(changes).toEqual([]);

    await userEvent.selectOptions(select, 'visitor');
    const again = await screen.findByRole('dialog', { name: 'Jeanne Martin Bezoeker maken?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Bezoeker maken' }));
    await vi.waitFor(() =>
      expect(changes).toEqual([{ url: `/api/admin/users/${provider.id}/role`, body: { role: 'visitor' } }]),
    );
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('making someone admin says it gives them everything; Escape closes without a change', async () => {
    const { fetchMock, changes } = usersApi();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<UsersPanel />);
    const select = await screen.findByRole('combobox', { name: 'Rol van paul@example.com' });
    await userEvent.selectOptions(select, 'admin');
    const dialog = await screen.findByRole('dialog', { name: 'Paul Durand Beheerder maken?' });
    expect(dialog).toHaveTextContent('Ze krijgen alle rechten');
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(select).toHaveValue('visitor');
    expect(changes).toEqual([]);
  });
});

describe('roleChangeEffects', () => {
  const base = { id: 'x', email: null, firstName: null, lastName: null, roleChosen: true, providerStatus: null };
  it.each([
    [{ ...base, role: 'provider', providerStatus: 'approved' }, 'visitor', ['providerLeaves', 'toVisitor']],
    [{ ...base, role: 'provider', providerStatus: 'pending' }, 'visitor', ['applicantLeaves', 'toVisitor']],
    [{ ...base, role: 'provider', providerStatus: 'approved' }, 'admin', ['providerLeaves', 'toAdmin']],
    [{ ...base, role: 'admin' }, 'provider', ['adminLeaves', 'toProvider']],
    [{ ...base, role: 'visitor', roleChosen: false }, 'provider', ['toProvider', 'roleChosen']],
  ] as const)('%j made %s: %j', (user, role, effects) => {
    expect(roleChangeEffects({ user, role })).toEqual(effects);
  });
});
