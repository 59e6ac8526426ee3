import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AvailabilitySettings, DEFAULT_AVAILABILITY } from '../../../../domain/availability';
import type { Booking } from '../../../../domain/bookings';
import { renderWithProviders } from '../../../test/render';
import { AvailabilityEditor } from './availability-editor';

afterEach(() => vi.unstubAllGlobals());

/** A whole form filled in by clicks and keys takes seconds in jsdom, more on a busy machine. */
const LONG = { timeout: 30_000 };

const booking = (id: number, overrides: Partial<Booking> = {}): Booking => ({
  id,
  activityId: 7,
  activityName: 'Rafting',
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
  ...overrides,
});

/** The availability API of activity 7: the settings, their change (answering `outside`), a 400, and the cancel. */
function availabilityApi({
  settings = DEFAULT_AVAILABILITY,
  outside = [],
  refuse,
}: {
  settings?: AvailabilitySettings;
  outside?: Booking[];
  refuse?: { path: string; message: string }[];
} = {}) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/provider/activities/7/availability' && method === 'GET') return Response.json(settings);
    if (url.pathname === '/api/provider/activities/7/availability' && method === 'PUT') {
      if (refuse) {
        return Response.json({ message: 'Invalid body', code: 'VALIDATION_FAILED', details: refuse }, { status: 400 });
      }
      return Response.json({ availability: body, outside });
    }
    const cancel = /^\/api\/provider\/bookings\/(\d+)\/cancel$/.exec(url.pathname);
    if (cancel && method === 'POST') return Response.json(booking(Number(cancel[1]), { status: 'cancelled' }));
    return Response.json({ message: 'Not found', code: 'ROUTE_NOT_FOUND' }, { status: 404 });
  });
  return sent;
}

const puts = (sent: { method: string; body: unknown }[]) => sent.filter((s) => s.method === 'PUT').map((s) => s.body);

describe('the availability screen (docs/availability.md#what-a-provider-sets)', LONG, () => {
  it('checks the form with the server’s schema: each message next to its field, focus on the first, nothing sent', async () => {
    const sent = availabilityApi();
    renderWithProviders(<AvailabilityEditor activityId={7} />);
    const form = await screen.findByRole('form', { name: 'Beschikbaarheid' });
    // By the day, no limit, by hand: the defaults of an activity that never set anything.
    expect(within(form).getByRole('radio', { name: /^Wanneer de activiteit open is/ })).toBeChecked();
    expect(within(form).getByRole('radio', { name: /^Per dag/ })).toBeChecked();
    expect(within(form).getByRole('radio', { name: /^Geen limiet/ })).toBeChecked();
    expect(within(form).getByRole('radio', { name: /^Ik bevestig elke boeking zelf/ })).toBeChecked();

    await userEvent.click(within(form).getByRole('radio', { name: /^In tijdvakken/ }));
    await userEvent.click(within(form).getByRole('radio', { name: /^Een vast aantal plaatsen/ }));
    fireEvent.change(within(form).getByLabelText('Plaatsen per tijdvak'), { target: { value: '0' } });
    fireEvent.change(within(form).getByLabelText('Gasten kunnen annuleren tot (uren vóór de start)'), {
      target: { value: '1000' },
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Gesloten dag toevoegen' }));
    fireEvent.change(within(form).getByLabelText('Datum'), { target: { value: '14 juli' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Beschikbaarheid opslaan' }));

    const start = within(form).getByLabelText('Begintijd 1');
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(start).toHaveAccessibleDescription(
      'Vul een tijd in (UU:MM). Schrijf als UU:MM op de 24-uursklok, bijv. 14:00.',
    );
    await vi.waitFor(() => expect(start).toHaveFocus());
    expect(within(form).getByLabelText('Duur (aantal)')).toHaveAccessibleDescription(
      'Vul in hoe lang een tijdvak duurt. Hoe lang een tijdvak duurt (verplicht bij tijdvakken).',
    );
    expect(within(form).getByLabelText('Plaatsen per tijdvak')).toHaveAccessibleDescription(
      /^Vul een heel aantal plaatsen in, van 1 tot 10\.000\./,
    );
    expect(within(form).getByLabelText('Gasten kunnen annuleren tot (uren vóór de start)')).toHaveAccessibleDescription(
      /^Vul een heel aantal uren in, van 0 tot 720/,
    );
    expect(within(form).getByLabelText('Datum')).toHaveAccessibleDescription(
      /^Vul een datum in als JJJJ-MM-DD, bijv\. 2027-07-01\. Schrijf als JJJJ-MM-DD/,
    );
    expect(puts(sent)).toEqual([]);

    // Own periods with none given, and a slot removed: the list says what it needs.
    await userEvent.click(within(form).getByRole('radio', { name: /^In eigen periodes/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Periode 1 verwijderen' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Begintijd 1 verwijderen' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Beschikbaarheid opslaan' }));
    expect(
      within(form).getByText('Voeg minstens één periode toe, of kies ‘Wanneer de activiteit open is’.'),
    ).toBeVisible();
    expect(within(form).getByText('Voeg minstens één begintijd toe, of kies ‘Per dag’.')).toBeVisible();
    await vi.waitFor(() => expect(within(form).getByRole('button', { name: 'Periode toevoegen' })).toHaveFocus());
    expect(within(form).getByRole('button', { name: 'Begintijd toevoegen' })).toHaveAccessibleDescription(
      'Voeg minstens één begintijd toe, of kies ‘Per dag’.',
    );
    expect(puts(sent)).toEqual([]);
  });

  it('sends every setting as the API names it, says it saved, and lists the bookings left outside to cancel or keep', async () => {
    const outside = [
      booking(11, { customerName: 'Sanne Visser', numberOfPeople: 4, bookingDate: '2027-08-14' }),
      booking(12, { customerName: 'Tom Harris', status: 'confirmed', bookingDate: '2027-08-20', slot: '09:00' }),
    ];
    const sent = availabilityApi({ outside });
    const onBookingsChanged = vi.fn();
    renderWithProviders(<AvailabilityEditor activityId={7} onBookingsChanged={onBookingsChanged} />);
    const form = await screen.findByRole('form', { name: 'Beschikbaarheid' });

    await userEvent.click(within(form).getByRole('radio', { name: /^In eigen periodes/ }));
    fireEvent.change(within(form).getByLabelText('Eerste dag'), { target: { value: '1-6-2027' } });
    fireEvent.change(within(form).getByLabelText('Laatste dag'), { target: { value: '2027-09-30' } });
    // Every day is chosen for a new period: leave the weekend out.
    await userEvent.click(within(form).getByRole('checkbox', { name: 'zaterdag' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'zondag' }));
    expect(within(form).getByText('dinsdag 1 juni 2027')).toBeVisible();

    await userEvent.click(within(form).getByRole('radio', { name: /^In tijdvakken/ }));
    fireEvent.change(within(form).getByLabelText('Begintijd 1'), { target: { value: '14:00' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Begintijd toevoegen' }));
    const second = within(form).getByLabelText('Begintijd 2');
    await vi.waitFor(() => expect(second).toHaveFocus());
    // Read as 10:00, as the hint's 24-hour clock says.
    fireEvent.change(second, { target: { value: '10' } });
    fireEvent.change(within(form).getByLabelText('Duur (aantal)'), { target: { value: '3' } });
    await userEvent.click(within(form).getByRole('radio', { name: /^Een vast aantal plaatsen/ }));
    fireEvent.change(within(form).getByLabelText('Plaatsen per tijdvak'), { target: { value: '6' } });
    await userEvent.click(within(form).getByRole('radio', { name: /^Meteen bevestigd/ }));
    fireEvent.change(within(form).getByLabelText('Boeken kan tot (uren vóór de start)'), { target: { value: '12' } });
    fireEvent.change(within(form).getByLabelText('Gasten kunnen annuleren tot (uren vóór de start)'), {
      target: { value: '48' },
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Gesloten dag toevoegen' }));
    fireEvent.change(within(form).getByLabelText('Datum'), { target: { value: '2027-07-14' } });
    await userEvent.selectOptions(within(form).getByLabelText('Wat is gesloten'), 'Het tijdvak van 10:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Beschikbaarheid opslaan' }));

    const status = await screen.findByText(
      'Beschikbaarheid opgeslagen. 2 boekingen vallen erbuiten: annuleer of houd ze hieronder.',
    );
    expect(status).toHaveAttribute('role', 'status');
    expect(puts(sent)).toEqual([
      {
        periods: [{ start: '2027-06-01', end: '2027-09-30', days: [1, 2, 3, 4, 5] }],
        closed: [{ date: '2027-07-14', slot: '10:00' }],
        slots: ['14:00', '10:00'],
        durationMinutes: 180,
        capacity: 6,
        confirmation: 'instant',
        leadTimeHours: 12,
        cancelUntilHours: 48,
      },
    ]);

    const list = screen.getByRole('list', { name: 'Boekingen buiten de beschikbaarheid' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('zaterdag 14 augustus 2027 (hele dag)');
    expect(rows[0]).toHaveTextContent('Sanne Visser');
    expect(rows[0]).toHaveTextContent('4 personen');
    expect(rows[0]).toHaveTextContent('Wacht op bevestiging');
    expect(rows[1]).toHaveTextContent('vrijdag 20 augustus 2027 om 09:00');
    expect(rows[1]).toHaveTextContent('Bevestigd');

    // Cancelling asks first, with a message for the guest's mail.
    await userEvent.click(
      within(list).getByRole('button', { name: 'De boeking van Sanne Visser op zaterdag 14 augustus 2027 annuleren' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'De boeking van Sanne Visser annuleren?' });
    fireEvent.change(within(dialog).getByLabelText('Bericht aan de gast (optioneel)'), {
      target: { value: 'Die dag varen we niet.' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Boeking annuleren' }));
    expect(
      await screen.findByText('De boeking van Sanne Visser is geannuleerd; de gast krijgt een e-mail.'),
    ).toHaveAttribute('role', 'status');
    expect(sent.filter((s) => s.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/provider/bookings/11/cancel', body: { message: 'Die dag varen we niet.' } },
    ]);
    expect(onBookingsChanged).toHaveBeenCalledTimes(1);
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);

    // Keeping only takes it off the list.
    await userEvent.click(
      within(list).getByRole('button', {
        name: 'De boeking van Tom Harris op vrijdag 20 augustus 2027 om 09:00 houden',
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('De boeking van Tom Harris blijft staan.');
    expect(screen.getByText('Alle boekingen buiten de beschikbaarheid zijn afgehandeld.')).toBeVisible();
    await vi.waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Boekingen buiten de nieuwe beschikbaarheid' })).toHaveFocus(),
    );
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1);
    expect(onBookingsChanged).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s field errors (a 400) next to the fields, until their rows change', async () => {
    availabilityApi({
      settings: { ...DEFAULT_AVAILABILITY, slots: ['10:00'], durationMinutes: 60 },
      refuse: [{ path: 'closed.0.slot', message: 'closed.0.slot must be one of the start times' }],
    });
    renderWithProviders(<AvailabilityEditor activityId={7} />);
    const form = await screen.findByRole('form', { name: 'Beschikbaarheid' });
    expect(within(form).getByLabelText('Begintijd 1')).toHaveValue('10:00');
    expect(within(form).getByLabelText('Duur (aantal)')).toHaveValue('1');
    await userEvent.click(within(form).getByRole('button', { name: 'Gesloten dag toevoegen' }));
    fireEvent.change(within(form).getByLabelText('Datum'), { target: { value: '2027-07-14' } });
    await userEvent.selectOptions(within(form).getByLabelText('Wat is gesloten'), 'Het tijdvak van 10:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Beschikbaarheid opslaan' }));
    const what = within(form).getByLabelText('Wat is gesloten');
    await vi.waitFor(() => expect(what).toHaveAccessibleDescription('Kies de hele dag of een van de begintijden.'));
    expect(what).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(within(form).getByRole('button', { name: 'Gesloten dag 1 verwijderen' }));
    expect(within(form).queryByText('Kies de hele dag of een van de begintijden.')).toBeNull();
  });

  it('says so when the settings cannot be loaded, and asks again', async () => {
    let fail = true;
    vi.stubGlobal('fetch', async () =>
      fail
        ? Response.json({ message: 'Down', code: 'SERVICE_UNAVAILABLE' }, { status: 503 })
        : Response.json(DEFAULT_AVAILABILITY),
    );
    renderWithProviders(<AvailabilityEditor activityId={7} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('De beschikbaarheid kon niet worden geladen.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('form', { name: 'Beschikbaarheid' })).toBeVisible();
  });
});
