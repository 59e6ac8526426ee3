import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayInParis } from '../../../../domain/dates';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { BookingDialog } from './booking-dialog';

/** The day `days` after today in Limoux (YYYY-MM-DD). */
const inDays = (days: number) => todayInParis(new Date(Date.now() + days * 86_400_000));

afterEach(() => vi.unstubAllGlobals());

describe('the booking dialog of an event with dates (docs/product.md#event-dates)', () => {
  it('offers only the days of the edition, and says which they are before sending anything', async () => {
    const start = inDays(10);
    const end = inDays(12);
    const { fetchMock, calls } = fakeFetch({ '/api/bookings': { id: 1, status: 'pending' } });
    vi.stubGlobal('fetch', fetchMock);
    const onOpenChange = vi.fn();
    renderWithProviders(
      <BookingDialog
        activity={{ id: 7, name: 'Zomerfeest', price: 8, eventStart: start, eventEnd: end }}
        open
        onOpenChange={onOpenChange}
        returnFocusTo={createRef()}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Zomerfeest boeken' });
    const date = screen.getByLabelText('Gewenste datum (verplicht)');
    expect(date).toHaveAttribute('min', start);
    expect(date).toHaveAttribute('max', end);

    await userEvent.type(screen.getByLabelText('Naam (verplicht)'), 'Sanne Visser');
    await userEvent.type(screen.getByLabelText('E-mail (verplicht)'), 'sanne@example.com');
    fireEvent.change(date, { target: { value: inDays(20) } });
    await userEvent.click(screen.getByRole('button', { name: 'Boekingsaanvraag versturen' }));
    const range = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: 'UTC' }).formatRange(
      new Date(`${start}T00:00:00Z`),
      new Date(`${end}T00:00:00Z`),
    );
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(dialog).toHaveTextContent(`Kies een dag van de editie: ${range}.`);
    expect(calls.filter((url) => url.pathname === '/api/bookings')).toHaveLength(0);

    fireEvent.change(date, { target: { value: end } });
    await userEvent.click(screen.getByRole('button', { name: 'Boekingsaanvraag versturen' }));
    await vi.waitFor(() => expect(calls.some((url) => url.pathname === '/api/bookings')).toBe(true));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});

describe('a booking the server refuses', () => {
  it('says why when the address had too many booking requests today, and keeps the form open', async () => {
    const nl = (await import('../../../i18n/locales/nl/errors.json')).default;
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { message: 'This e-mail address had 20 booking requests in the last 24 hours', code: 'BOOKING_EMAIL_LIMIT' },
        { status: 429 },
      ),
    );
    const onOpenChange = vi.fn();
    renderWithProviders(
      <BookingDialog
        activity={{ id: 7, name: 'Kanoën', price: 8, eventStart: null, eventEnd: null }}
        open
        onOpenChange={onOpenChange}
        returnFocusTo={createRef()}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Kanoën boeken' });
    await userEvent.type(screen.getByLabelText('Naam (verplicht)'), 'Sanne Visser');
    await userEvent.type(screen.getByLabelText('E-mail (verplicht)'), 'sanne@example.com');
    fireEvent.change(screen.getByLabelText('Gewenste datum (verplicht)'), { target: { value: inDays(3) } });
    await userEvent.click(screen.getByRole('button', { name: 'Boekingsaanvraag versturen' }));
    await vi.waitFor(() => expect(dialog).toHaveTextContent(nl.BOOKING_EMAIL_LIMIT));
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
