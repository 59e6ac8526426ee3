import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../../../domain/bookings';
import { renderWithProviders } from '../../../test/render';
import { ProviderBookingRow } from './provider-booking-row';

afterEach(() => vi.unstubAllGlobals());

const booking = (overrides: Partial<Booking> = {}): Booking => ({
  id: 12,
  activityId: 3,
  activityName: 'Rafting op de Aude',
  customerName: 'Marie Dupont',
  customerEmail: 'marie@example.com',
  customerPhone: '+33 6 12 34 56 78',
  numberOfPeople: 2,
  bookingDate: '2024-06-01',
  slot: null,
  totalAmount: 70,
  status: 'confirmed',
  notes: 'Twee kinderen',
  language: 'nl',
  createdAt: '2024-05-01T10:00:00.000Z',
  updatedAt: '2024-05-01T10:00:00.000Z',
  anonymised: false,
  ...overrides,
});

const row = (b: Booking) =>
  renderWithProviders(
    <ul>
      <li>
        <ProviderBookingRow booking={b} />
      </li>
    </ul>,
  );

describe('a booking in the provider’s list', () => {
  it('shows the guest’s name, e-mail, phone and notes', () => {
    row(booking());
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('Marie Dupont')).toBeVisible();
    expect(within(item).getByRole('link', { name: 'marie@example.com' })).toHaveAttribute(
      'href',
      'mailto:marie@example.com',
    );
    expect(within(item).getByRole('link', { name: '+33 6 12 34 56 78' })).toHaveAttribute('href', 'tel:+33612345678');
    expect(item).toHaveTextContent('Twee kinderen');
    expect(within(item).queryByText('Voormalige gast')).toBeNull();
  });

  it('an anonymised booking (docs/privacy.md#retention) says "former guest", with no empty e-mail link', () => {
    row(booking({ customerName: '', customerEmail: '', customerPhone: null, notes: null, anonymised: true }));
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('Voormalige gast')).toBeVisible();
    expect(
      within(item)
        .queryAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/provider/activities/3/days?date=2024-06-01']);
    // What was booked stays: the numbers still count it.
    expect(item).toHaveTextContent('Rafting op de Aude');
    expect(item).toHaveTextContent('2 personen');
  });
});
