import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminBooking } from '../../../../domain/bookings';
import { renderWithProviders } from '../../../test/render';
import { BookingDialog } from './booking-dialog';
import { BookingsInbox } from './bookings-inbox';

afterEach(() => vi.unstubAllGlobals());

const booking = (id: number, overrides: Partial<AdminBooking> = {}): AdminBooking => ({
  id,
  activityId: 1,
  activityName: 'Limoux Brass Festival',
  customerName: `Gast ${id}`,
  customerEmail: `gast${id}@example.com`,
  customerPhone: null,
  numberOfPeople: 2,
  bookingDate: '2027-08-14',
  slot: null,
  totalAmount: 0,
  status: 'pending',
  notes: null,
  language: 'nl',
  createdAt: '2027-01-01T10:00:00.000Z',
  updatedAt: '2027-01-01T10:00:00.000Z',
  anonymised: false,
  providerId: null,
  answeredBy: { kind: 'team' },
  ...overrides,
});

/** The inbox's API: the paged list (by the filters sent), the activities, and the answers. */
function inboxApi(items: AdminBooking[], { fail = false } = {}) {
  const calls: { method: string; url: URL }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ method: init?.method ?? 'GET', url });
    if (url.pathname === '/api/activities') return Response.json([{ id: 1, name: 'Limoux Brass Festival' }]);
    if (url.pathname === '/api/admin/bookings') {
      if (fail) return Response.json({ message: 'Down', code: 'SERVICE_UNAVAILABLE' }, { status: 503 });
      const q = url.searchParams;
      const found = items.filter(
        (b) =>
          (!q.get('status') || b.status === q.get('status')) && (q.get('provider') !== 'none' || b.providerId === null),
      );
      return Response.json(found, { headers: { 'X-Total-Count': String(found.length) } });
    }
    const answer = /^\/api\/admin\/bookings\/(\d+)\/(confirm|decline)$/.exec(url.pathname);
    if (answer && init?.method === 'POST') {
      return Response.json(booking(Number(answer[1]), { status: answer[2] === 'confirm' ? 'confirmed' : 'declined' }));
    }
    return Response.json({ message: 'Not found' }, { status: 404 });
  };
  return { fetchMock, calls };
}

describe('the bookings inbox (docs/product.md#bookings-inbox)', () => {
  const items = [
    booking(1),
    booking(2, {
      activityName: 'Rafting',
      providerId: 4,
      answeredBy: { kind: 'provider', name: 'Aude Rafting' },
    }),
  ];

  it('lists the pending bookings with who answers, and the team confirms through the admin route', async () => {
    const { fetchMock, calls } = inboxApi(items);
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<BookingsInbox />);
    expect(await screen.findByText('Beantwoord door het team')).toBeInTheDocument();
    expect(screen.getByText('Beantwoord door Aude Rafting')).toBeInTheDocument();
    const first = calls.find((c) => c.url.pathname === '/api/admin/bookings');
    expect(first?.url.searchParams.get('status')).toBe('pending');

    await userEvent.click(screen.getByRole('button', { name: /^Bevestig de boeking van Gast 1/ }));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/bookings/1/confirm')).toBe(true),
    );
  });

  it('declines with a message in a dialog', async () => {
    const { fetchMock, calls } = inboxApi(items);
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<BookingsInbox />);
    await userEvent.click(await screen.findByRole('button', { name: /^Weiger de boeking van Gast 1/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Bericht aan de gast/), 'Uitverkocht');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Boeking weigeren' }));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/bookings/1/decline')).toBe(true),
    );
  });

  it('filters on the team’s bookings, and the CSV link follows the filters', async () => {
    const { fetchMock, calls } = inboxApi(items);
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<BookingsInbox />);
    await screen.findByText('Beantwoord door Aude Rafting');
    await userEvent.selectOptions(screen.getByLabelText('Beantwoord door'), 'none');
    await vi.waitFor(() => expect(screen.queryByText('Beantwoord door Aude Rafting')).toBeNull());
    expect(calls.some((c) => c.url.searchParams.get('provider') === 'none')).toBe(true);
    expect(screen.getByRole('link', { name: 'Deze boekingen downloaden als CSV' })).toHaveAttribute(
      'href',
      '/api/admin/bookings.csv?status=pending&provider=none',
    );
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'confirmed');
    expect(await screen.findByText('Geen boekingen bij deze filters.')).toBeInTheDocument();
  });

  it('narrows to one provider’s bookings, and the CSV link follows', async () => {
    const { fetchMock, calls } = inboxApi(items);
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<BookingsInbox providers={[{ id: 4, name: 'Aude Rafting' }]} />);
    await screen.findByText('Beantwoord door Aude Rafting');
    await userEvent.selectOptions(screen.getByLabelText('Beantwoord door'), 'Aude Rafting');
    await vi.waitFor(() => expect(calls.some((c) => c.url.searchParams.get('provider') === '4')).toBe(true));
    expect(screen.getByRole('link', { name: 'Deze boekingen downloaden als CSV' })).toHaveAttribute(
      'href',
      '/api/admin/bookings.csv?status=pending&provider=4',
    );
  });

  it('shows "former guest" for a booking whose guest’s details were erased, with no e-mail link (docs/privacy.md#retention)', async () => {
    const erased = booking(3, {
      customerName: '',
      customerEmail: '',
      customerPhone: null,
      notes: null,
      anonymised: true,
    });
    vi.stubGlobal('fetch', inboxApi([erased, booking(4)]).fetchMock);
    renderWithProviders(<BookingsInbox />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Voormalige gast')).toBeVisible();
    expect(within(first).queryByRole('link', { name: /@|^$/ })).toBeNull();
    // Still to answer, it is named by the same words.
    expect(within(first).getByRole('button', { name: /^Bevestig de boeking van Voormalige gast op / })).toBeVisible();
    expect(within(second).queryByText('Voormalige gast')).toBeNull();
    expect(within(second).getByRole('link', { name: 'gast4@example.com' })).toHaveAttribute(
      'href',
      'mailto:gast4@example.com',
    );
  });

  it('says when the list cannot be loaded', async () => {
    vi.stubGlobal('fetch', inboxApi(items, { fail: true }).fetchMock);
    renderWithProviders(<BookingsInbox />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});

describe('the booking dialog says who answers (docs/product.md#who-answers)', () => {
  it.each([
    [{ kind: 'team' } as const, 'Het DiscoverLocal-team beantwoordt je aanvraag'],
    [{ kind: 'provider', name: 'Aude Rafting' } as const, 'Aude Rafting beantwoordt je aanvraag'],
  ])('%j', async (answeredBy, text) => {
    renderWithProviders(
      <BookingDialog
        activity={{ id: 7, name: 'Brass', price: null, eventStart: null, eventEnd: null, answeredBy }}
        open
        onOpenChange={() => {}}
        returnFocusTo={createRef()}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Brass boeken' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining(text));
  });
});
