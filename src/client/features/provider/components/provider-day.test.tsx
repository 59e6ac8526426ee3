import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AvailabilitySettings, DEFAULT_AVAILABILITY } from '../../../../domain/availability';
import type { ProviderDay } from '../../../../domain/availability-schemas';
import type { Booking } from '../../../../domain/bookings';
import { addDays, todayInParis } from '../../../../domain/dates';
import { renderWithProviders } from '../../../test/render';
// The screen (a route) gives the bookings' own row; the test does the same.
import { ProviderBookingRow } from '../../bookings/components/provider-booking-row';
import { ProviderDayView } from './provider-day';

afterEach(() => vi.unstubAllGlobals());

/** A whole form filled in by clicks and keys takes seconds in jsdom, more on a busy machine. */
const LONG = { timeout: 30_000 };

const DAY = '2099-08-14';

const booking = (id: number, overrides: Partial<Booking> = {}): Booking => ({
  id,
  activityId: 7,
  activityName: 'Rafting',
  customerName: `Gast ${id}`,
  customerEmail: `gast${id}@example.com`,
  customerPhone: null,
  numberOfPeople: 2,
  bookingDate: DAY,
  slot: '10:00',
  totalAmount: 0,
  status: 'pending',
  notes: null,
  language: 'nl',
  createdAt: '2027-01-01T10:00:00.000Z',
  updatedAt: '2027-01-01T10:00:00.000Z',
  anonymised: false,
  ...overrides,
});

/**
 * The day API of activity 7, keeping its closures as the server does: a closed slot (or day) shows
 * closed on the next read. A confirmed booking shows confirmed.
 */
function dayApi(initial: AvailabilitySettings) {
  let settings = initial;
  const confirmed = new Set<number>();
  const sent: { method: string; path: string; body: unknown }[] = [];
  const bookings = [booking(1, { numberOfPeople: 4 }), booking(2, { slot: '14:00', status: 'confirmed' })];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    sent.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/provider/activities/7/availability') return Response.json(settings);
    if (url.pathname === '/api/provider/activities/7/closures' && method === 'POST') {
      const { closed, ...closure } = body as { date: string; slot: string | null; closed: boolean };
      const others = settings.closed.filter((c) => !(c.date === closure.date && c.slot === closure.slot));
      settings = { ...settings, closed: closed ? [...others, closure] : others };
      return Response.json(settings);
    }
    const confirm = /^\/api\/provider\/bookings\/(\d+)\/confirm$/.exec(url.pathname);
    if (confirm && method === 'POST') {
      confirmed.add(Number(confirm[1]));
      return Response.json(booking(Number(confirm[1]), { status: 'confirmed' }));
    }
    const day = /^\/api\/provider\/activities\/7\/days\/(\d{4}-\d{2}-\d{2})$/.exec(url.pathname)?.[1];
    if (day) {
      const closedWhole = settings.closed.some((c) => c.date === day && c.slot === null);
      const answer: ProviderDay = {
        date: day,
        offered: !closedWhole,
        capacity: settings.capacity,
        slots: (settings.slots.length > 0 ? settings.slots : [null]).map((start) => {
          const mine = day === DAY ? bookings.filter((b) => start === null || b.slot === start) : [];
          const taken = mine.reduce((sum, b) => sum + b.numberOfPeople, 0);
          return {
            start,
            closed: start !== null && settings.closed.some((c) => c.date === day && c.slot === start),
            taken,
            placesLeft: settings.capacity === null ? null : Math.max(0, settings.capacity - taken),
            bookings: mine.map((b) => (confirmed.has(b.id) ? { ...b, status: 'confirmed' as const } : b)),
          };
        }),
      };
      return Response.json(answer);
    }
    return Response.json({ message: 'Not found', code: 'ROUTE_NOT_FOUND' }, { status: 404 });
  });
  return sent;
}

function DayScreen({ onAnswered }: { onAnswered?: () => void }) {
  const [date, setDate] = useState(DAY);
  return (
    <ProviderDayView
      activityId={7}
      date={date}
      onDateChange={setDate}
      renderBooking={(b) => <ProviderBookingRow booking={b} dayLink={false} headingLevel={4} onAnswered={onAnswered} />}
    />
  );
}

const SLOTTED: AvailabilitySettings = {
  ...DEFAULT_AVAILABILITY,
  slots: ['10:00', '14:00'],
  durationMinutes: 180,
  capacity: 6,
};

describe('the provider’s day (docs/availability.md#the-providers-day)', LONG, () => {
  it('shows each slot with its places and bookings, and closes and opens a slot', async () => {
    const sent = dayApi(SLOTTED);
    renderWithProviders(<DayScreen />);
    const slots = await screen.findByRole('list', { name: /^Tijdvakken op / });
    const ten = within(slots).getByRole('region', { name: '10:00' });
    const two = within(slots).getByRole('region', { name: '14:00' });
    expect(ten).toHaveTextContent('4 van 6 plaatsen bezet · nog 2 plaatsen vrij');
    expect(two).toHaveTextContent('2 van 6 plaatsen bezet · nog 4 plaatsen vrij');
    expect(within(ten).getByRole('heading', { level: 4, name: 'Rafting' })).toBeVisible();
    expect(ten).toHaveTextContent('Gast 1');
    expect(two).toHaveTextContent('Gast 2');

    await userEvent.click(within(two).getByRole('button', { name: 'Het tijdvak van 14:00 sluiten' }));
    expect(await screen.findByText('Het tijdvak van 14:00 is gesloten.')).toHaveAttribute('role', 'status');
    expect(sent.filter((s) => s.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/provider/activities/7/closures', body: { date: DAY, slot: '14:00', closed: true } },
    ]);
    expect(await within(two).findByText('Gesloten')).toBeVisible();
    await userEvent.click(await within(two).findByRole('button', { name: 'Het tijdvak van 14:00 weer openen' }));
    expect(await screen.findByText('Het tijdvak van 14:00 is weer open.')).toBeVisible();
    expect(sent.filter((s) => s.method === 'POST').at(-1)?.body).toEqual({ date: DAY, slot: '14:00', closed: false });
    await vi.waitFor(() => expect(within(two).queryByText('Gesloten')).toBeNull());
  });

  it('confirms a booking with the bookings’ own row and shows the answer', async () => {
    const sent = dayApi(SLOTTED);
    const onAnswered = vi.fn();
    renderWithProviders(<DayScreen onAnswered={onAnswered} />);
    const ten = await screen.findByRole('region', { name: '10:00' });
    await userEvent.click(within(ten).getByRole('button', { name: /^Bevestig de boeking van Gast 1/ }));
    await vi.waitFor(() => expect(onAnswered).toHaveBeenCalledTimes(1));
    expect(sent.some((s) => s.method === 'POST' && s.path === '/api/provider/bookings/1/confirm')).toBe(true);
  });

  it('closes and opens the whole day, and goes from day to day by buttons and by a typed date', async () => {
    const sent = dayApi(SLOTTED);
    renderWithProviders(<DayScreen />);
    await screen.findByRole('region', { name: '10:00' });
    await userEvent.click(screen.getByRole('button', { name: 'Hele dag sluiten' }));
    expect(await screen.findByText('Je hebt deze hele dag gesloten: gasten kunnen hem niet boeken.')).toBeVisible();
    // With the whole day closed, its slots have nothing of their own to close.
    expect(screen.queryByRole('button', { name: /^Het tijdvak van/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Dag weer openen' }));
    await vi.waitFor(() =>
      expect(sent.filter((s) => s.method === 'POST').map((s) => s.body)).toEqual([
        { date: DAY, slot: null, closed: true },
        { date: DAY, slot: null, closed: false },
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Hele dag sluiten' })).toBeVisible();

    const field = screen.getByLabelText('Dag');
    expect(field).toHaveValue(DAY);
    await userEvent.click(screen.getByRole('button', { name: 'Volgende dag' }));
    expect(field).toHaveValue('2099-08-15');
    await vi.waitFor(() => expect(sent.some((s) => s.path.endsWith('/days/2099-08-15'))).toBe(true));
    expect(await screen.findByRole('region', { name: '10:00' })).toHaveTextContent('Nog geen boekingen.');

    fireEvent.change(field, { target: { value: '31-02-2099' } });
    await userEvent.click(screen.getByRole('button', { name: 'Tonen' }));
    expect(field).toHaveAccessibleDescription(/^Vul een datum in als JJJJ-MM-DD/);
    await vi.waitFor(() => expect(field).toHaveFocus());
    fireEvent.change(field, { target: { value: '1-9-2099' } });
    await userEvent.click(screen.getByRole('button', { name: 'Tonen' }));
    expect(field).toHaveValue('2099-09-01');
    await vi.waitFor(() => expect(sent.some((s) => s.path.endsWith('/days/2099-09-01'))).toBe(true));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('dinsdag 1 september 2099');
  });

  it('offers no closing on a past day, and counts the people of a day booked by the day', async () => {
    const yesterday = addDays(todayInParis(new Date()), -1);
    dayApi({ ...DEFAULT_AVAILABILITY, closed: [] });
    function Past() {
      const [date, setDate] = useState(yesterday);
      return <ProviderDayView activityId={7} date={date} onDateChange={setDate} renderBooking={() => null} />;
    }
    renderWithProviders(<Past />);
    expect(await screen.findByText('Deze dag is voorbij.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Hele dag sluiten' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Hele dag' })).toHaveTextContent('0 personen geboekt, geen limiet');
    expect(screen.getByRole('region', { name: 'Hele dag' })).toHaveTextContent('Nog geen boekingen.');
  });
});
