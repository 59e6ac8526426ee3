import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { Booking } from '../../../domain/bookings';
import { renderWithProviders } from '../../test/render';
import { CancelBookingRoute } from './cancel-booking';
import { MyBookingsRoute } from './my-bookings';

afterEach(() => vi.unstubAllGlobals());

const BOOKING: Booking = {
  id: 5,
  activityId: 7,
  activityName: 'Kanoën op de Aude',
  customerName: 'Sanne Visser',
  customerEmail: 'sanne@example.com',
  customerPhone: null,
  numberOfPeople: 2,
  bookingDate: '2027-07-15',
  slot: '10:00',
  totalAmount: 50,
  status: 'confirmed',
  notes: null,
  language: 'nl',
  createdAt: '2027-07-01T10:00:00.000Z',
  updatedAt: '2027-07-01T10:00:00.000Z',
  anonymised: false,
};

const TOO_LATE = {
  message: 'This booking can be cancelled until 48 hours before its start: contact the provider',
  code: 'BOOKING_CANCEL_TOO_LATE',
};

/** GET answers the booking (or the list of mine); POST .../cancel is refused as too late. */
function api(answer: (url: URL) => unknown) {
  const calls: { url: URL; method: string }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ url, method });
    if (method === 'POST' && url.pathname.endsWith('/cancel')) return Response.json(TOO_LATE, { status: 409 });
    return Response.json(answer(url));
  });
  return calls;
}

const day = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'full', timeZone: 'UTC' }).format(
  new Date('2027-07-15T00:00:00Z'),
);

describe('the guest’s cancel page (docs/availability.md#cancelling)', () => {
  it('shows the slot’s time, and says on the page when it is too late to cancel', async () => {
    const nl = (await import('../../i18n/locales/nl/errors.json')).default;
    const calls = api((url) => (url.pathname === '/api/bookings/5' ? BOOKING : {}));
    renderWithProviders(
      <Route path="/boekingen/:id/annuleren">
        <CancelBookingRoute />
      </Route>,
      { route: '/boekingen/5/annuleren?token=secret-token' },
    );
    expect(await screen.findByText(new RegExp(`^${day} om 10:00 · 2 personen`))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Boeking annuleren' }));
    const alert = await screen.findByRole('alert');
    await vi.waitFor(() => expect(alert).toHaveTextContent(nl.BOOKING_CANCEL_TOO_LATE));
    expect(alert).toHaveTextContent('De boeking kon niet worden geannuleerd.');
    // Asking again cannot help: the button goes.
    expect(screen.queryByRole('button', { name: 'Boeking annuleren' })).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.url.pathname).toBe('/api/bookings/5/cancel');
  });
});

describe('my bookings', () => {
  it('show the slot’s time, and a refusal to cancel inside the dialog', async () => {
    const nl = (await import('../../i18n/locales/nl/errors.json')).default;
    api((url) =>
      url.pathname === '/api/bookings/mine'
        ? [BOOKING, { ...BOOKING, id: 6, slot: null, bookingDate: '2027-07-16', status: 'pending' }]
        : url.pathname === '/api/auth/session'
          ? {
              user: {
                id: 'u1',
                email: 'sanne@example.com',
                firstName: 'Sanne',
                lastName: 'Visser',
                profileImageUrl: null,
                role: 'user',
                isApproved: true,
                roleChosen: true,
                company: null,
                phone: null,
                providerStatus: null,
              },
            }
          : {},
    );
    renderWithProviders(<MyBookingsRoute />, { route: '/boekingen' });
    expect(await screen.findByText(new RegExp(`^${day} om 10:00 ·`))).toBeInTheDocument();
    const other = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date('2027-07-16T00:00:00Z'),
    );
    expect(screen.getByText(new RegExp(`^${other} ·`))).toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('button', { name: `Annuleer de boeking van Kanoën op de Aude op ${day} om 10:00` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Deze boeking annuleren?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ja, annuleren' }));
    await vi.waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(nl.BOOKING_CANCEL_TOO_LATE));
    expect(within(dialog).queryByRole('button', { name: 'Ja, annuleren' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Boeking houden' })).toBeInTheDocument();
  });
});
