import { fireEvent, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilityAnswer } from '../../../../domain/availability-schemas';
import { daysBetween } from '../../../../domain/availability';
import { renderWithProviders } from '../../../test/render';
import { BookingDialog } from './booking-dialog';
import type { BookableActivity, BookingPrefill } from './book-action';

/*
 * The booking dialog against a stand-in availability answer (docs/availability.md#the-answer). The
 * clock is fixed (Date only: timers stay real) on 10 July 2027 at noon in Limoux, so the calendar
 * opens on July 2027.
 */

const NOW = new Date('2027-07-10T10:00:00Z');
type Day = AvailabilityAnswer['days'][number];
type Slots = Day['slots'];

/** A day in words as the page says it in Dutch: "donderdag 15 juli 2027". */
const dayName = (day: string) =>
  new Intl.DateTimeFormat('nl-NL', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

interface Stand {
  /** The slots of each open day; any other day is closed. */
  open: () => Record<string, Slots>;
  bySlot?: boolean;
  confirmation?: 'manual' | 'instant';
  /** The answer of POST /api/bookings. */
  book?: () => Response;
  availabilityFails?: boolean;
  mine?: unknown[];
}

/** A fetch stand-in for the dialog's calls; records each request with its body. */
function standIn(stand: Stand) {
  const calls: { url: URL; method: string; body: unknown }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (/^\/api\/activities\/7\/availability$/.test(url.pathname)) {
      if (stand.availabilityFails)
        return Response.json({ message: 'Down', code: 'SERVICE_UNAVAILABLE' }, { status: 503 });
      const from = url.searchParams.get('from') ?? '';
      const to = url.searchParams.get('to') ?? '';
      const open = stand.open();
      const answer: AvailabilityAnswer = {
        confirmation: stand.confirmation ?? 'manual',
        durationMinutes: 90,
        capacity: 8,
        bySlot: stand.bySlot ?? true,
        days: daysBetween(from, to).map((date) => ({ date, open: date in open, slots: open[date] ?? [] })),
      };
      return Response.json(answer);
    }
    if (url.pathname === '/api/bookings' && method === 'POST') {
      return stand.book?.() ?? Response.json({ id: 1, status: 'pending' }, { status: 201 });
    }
    if (url.pathname === '/api/bookings/mine') return Response.json(stand.mine ?? []);
    return Response.json({ message: 'Not found' }, { status: 404 });
  };
  vi.stubGlobal('fetch', fetchMock);
  const availabilityCalls = () => calls.filter((c) => c.url.pathname.endsWith('/availability'));
  const bookings = () => calls.filter((c) => c.url.pathname === '/api/bookings' && c.method === 'POST');
  return { calls, availabilityCalls, bookings };
}

const KANOEN: BookableActivity = { id: 7, name: 'Kanoën', price: 25, eventStart: null, eventEnd: null };

function renderDialog({ activity = KANOEN, prefill }: { activity?: BookableActivity; prefill?: BookingPrefill } = {}) {
  const onOpenChange = vi.fn();
  const result = renderWithProviders(
    <BookingDialog
      activity={activity}
      open
      onOpenChange={onOpenChange}
      returnFocusTo={createRef()}
      {...(prefill ? { prefill } : {})}
    />,
  );
  return { ...result, onOpenChange };
}

// By label rather than by role: the roles of a month of buttons take jsdom seconds to compute.
const calendar = () => screen.getByRole('grid', { name: 'juli 2027', hidden: true });
const day = (date: string, state: 'te boeken' | 'vol' | 'niet te boeken') =>
  within(calendar()).getByLabelText(`${dayName(date)}, ${state}`, { selector: 'button' });

/** The times of the chosen day ("Tijd (verplicht)"; jsdom drops the space before the span). */
const TIMES = /^Tijd ?\(verplicht\)$/;

function fillContact() {
  fireEvent.change(screen.getByLabelText('Naam (verplicht)'), { target: { value: 'Sanne Visser' } });
  fireEvent.change(screen.getByLabelText('E-mail (verplicht)'), { target: { value: 'sanne@example.com' } });
}

/** Clicks without checking each ancestor's pointer-events (seconds of getComputedStyle in jsdom). */
let user = userEvent.setup();

beforeEach(() => {
  user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** 15 July: 10:00 has 3 places left, 14:00 is full. 14 July: both full. Every other day is closed. */
const JULY: Record<string, Slots> = {
  '2027-07-14': [
    { start: '10:00', placesLeft: 0 },
    { start: '14:00', placesLeft: 0 },
  ],
  '2027-07-15': [
    { start: '10:00', placesLeft: 3 },
    { start: '14:00', placesLeft: 0 },
  ],
};

describe('the booking calendar (docs/availability.md#what-the-guest-sees)', () => {
  it('offers only bookable days: a closed or full day is shown so, and cannot be chosen', async () => {
    const { availabilityCalls } = standIn({ open: () => JULY });
    renderDialog();
    await screen.findByRole('dialog', { name: 'Kanoën boeken' });
    await vi.waitFor(() => expect(day('2027-07-15', 'te boeken')).toBeInTheDocument());
    // One month at a time: July, then August fetched ahead.
    expect(availabilityCalls()[0]?.url.searchParams.toString()).toBe('from=2027-07-01&to=2027-07-31');

    const closed = day('2027-07-12', 'niet te boeken');
    const full = day('2027-07-14', 'vol');
    expect(closed).toHaveAttribute('aria-disabled', 'true');
    expect(full).toHaveAttribute('aria-disabled', 'true');
    expect(full).toHaveTextContent('vol');
    await user.click(closed);
    await user.click(full);
    expect(closed).toHaveAttribute('aria-pressed', 'false');
    expect(full).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByText(/^Gekozen:/)).toBeNull();

    const open = day('2027-07-15', 'te boeken');
    await user.click(open);
    expect(open).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(`Gekozen: ${dayName('2027-07-15')}`)).toBeInTheDocument();
    // The days before today cannot be chosen either; today is marked.
    expect(day('2027-07-09', 'niet te boeken')).toHaveAttribute('aria-disabled', 'true');
    expect(day('2027-07-10', 'niet te boeken')).toHaveAttribute('aria-current', 'date');
  });

  it('names the weekdays and the month in the page’s language, and moves by keyboard', async () => {
    standIn({ open: () => JULY });
    renderDialog();
    await vi.waitFor(() => expect(day('2027-07-15', 'te boeken')).toBeInTheDocument());
    expect(
      within(calendar())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo']);
    // The dialog opens with the focus on today, the one day in the tab order; the arrows move it.
    const today = day('2027-07-10', 'niet te boeken');
    expect(today).toHaveFocus();
    expect(
      within(calendar())
        .getAllByRole('button', { hidden: true })
        .filter((b) => b.tabIndex === 0),
    ).toEqual([today]);
    await user.keyboard('{ArrowRight}');
    expect(day('2027-07-11', 'niet te boeken')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(day('2027-07-04', 'niet te boeken')).toHaveFocus();
    expect(day('2027-07-04', 'niet te boeken')).toHaveAttribute('tabindex', '0');
    await user.keyboard('{PageDown}');
    const august = await screen.findByRole('grid', { name: 'augustus 2027' });
    await vi.waitFor(() =>
      expect(within(august).getByLabelText(new RegExp(`^${dayName('2027-08-04')}`))).toHaveFocus(),
    );
    await user.keyboard('{PageUp}');
    await vi.waitFor(() => expect(day('2027-07-04', 'niet te boeken')).toHaveFocus());
    // Sunday 4 July: a week on, the week's Monday and Sunday, a week on, three days back: Thursday 15 July.
    await user.keyboard('{ArrowDown}{Home}{End}{ArrowDown}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    await vi.waitFor(() => expect(day('2027-07-15', 'te boeken')).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(day('2027-07-15', 'te boeken')).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when a month has no bookable day, and goes to the next', async () => {
    const { availabilityCalls } = standIn({ open: () => ({ '2027-08-03': [{ start: '10:00', placesLeft: 4 }] }) });
    renderDialog();
    expect(await screen.findByText('Geen boekbare dagen in deze maand.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vorige maand' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Bekijk de volgende maand' }));
    const august = await screen.findByRole('grid', { name: 'augustus 2027' });
    await vi.waitFor(() =>
      expect(within(august).getByRole('button', { name: `${dayName('2027-08-03')}, te boeken` })).toBeInTheDocument(),
    );
    expect(screen.queryByText('Geen boekbare dagen in deze maand.')).toBeNull();
    expect(availabilityCalls().some((c) => c.url.searchParams.get('from') === '2027-08-01')).toBe(true);
  });

  it('says when the days cannot be loaded, and tries again', async () => {
    const stand: Stand = { open: () => JULY, availabilityFails: true };
    standIn(stand);
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Kanoën boeken' });
    expect(await within(dialog).findByText('De boekbare dagen konden niet worden geladen.')).toBeInTheDocument();
    stand.availabilityFails = false;
    await user.click(within(dialog).getByRole('button', { name: 'Opnieuw proberen' }));
    await vi.waitFor(() => expect(day('2027-07-15', 'te boeken')).toBeInTheDocument());
  });
});

describe('booking a slot', () => {
  it('shows the day’s times with places left, a full one disabled; caps the people; sends the slot', async () => {
    const { bookings } = standIn({ open: () => JULY });
    const { onOpenChange } = renderDialog();
    await vi.waitFor(() => expect(day('2027-07-15', 'te boeken')).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Aantal personen'), '5');
    await user.click(day('2027-07-15', 'te boeken'));

    const times = screen.getByRole('group', { name: TIMES });
    const morning = within(times).getByRole('radio', { name: '10:00, nog 3 plaatsen' });
    const afternoon = within(times).getByRole('radio', { name: '14:00, vol' });
    expect(afternoon).toBeDisabled();
    expect(morning).toBeEnabled();

    // Without a time: the form says so and sends nothing.
    fillContact();
    await user.click(screen.getByRole('button', { name: 'Boekingsaanvraag versturen' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Ontbrekende velden');
    expect(times).toHaveTextContent('Kies een tijd.');
    expect(bookings()).toHaveLength(0);

    await user.click(morning);
    const people = screen.getByLabelText('Aantal personen');
    expect(
      within(people)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3']);
    expect(people).toHaveValue('3');
    expect(people).toHaveAccessibleDescription('Er zijn nog 3 plaatsen: je kunt voor hoogstens 3 personen boeken.');
    // The total follows: 3 × € 25.
    expect(screen.getByRole('dialog').querySelector('output')).toHaveTextContent(/^€\s75$/);

    await user.click(screen.getByRole('button', { name: 'Boekingsaanvraag versturen' }));
    await vi.waitFor(() => expect(bookings()).toHaveLength(1));
    expect(bookings()[0]?.body).toMatchObject({
      activityId: 7,
      bookingDate: '2027-07-15',
      slot: '10:00',
      numberOfPeople: 3,
      customerName: 'Sanne Visser',
      customerEmail: 'sanne@example.com',
    });
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('says who confirms and how fast: the provider within 48 hours, or at once', async () => {
    standIn({ open: () => JULY });
    const { unmount } = renderDialog({
      activity: { ...KANOEN, answeredBy: { kind: 'provider', name: 'Aude Rafting' } },
    });
    expect(await screen.findByText('Aude Rafting antwoordt binnen 48 uur.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Boekingsaanvraag versturen' })).toBeInTheDocument();
    unmount();

    standIn({
      open: () => JULY,
      confirmation: 'instant',
      book: () => Response.json({ id: 2, status: 'confirmed' }, { status: 201 }),
    });
    renderDialog({ activity: { ...KANOEN, answeredBy: { kind: 'team' } } });
    const dialog = await screen.findByRole('dialog', { name: 'Kanoën boeken' });
    expect(
      await within(dialog).findByText('Meteen bevestigd: je krijgt de bevestiging direct per e-mail.'),
    ).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Je boeking is meteen bevestigd'));
    expect(within(dialog).getByRole('button', { name: 'Boeken' })).toBeInTheDocument();
  });

  it('refreshes the calendar when the places went meanwhile (BOOKING_FULL), and says so', async () => {
    const nl = (await import('../../../i18n/locales/nl/errors.json')).default;
    let taken = false;
    const { availabilityCalls } = standIn({
      open: () =>
        taken
          ? {
              ...JULY,
              '2027-07-15': [
                { start: '10:00', placesLeft: 0 },
                { start: '14:00', placesLeft: 0 },
              ],
            }
          : JULY,
      book: () => {
        taken = true;
        return Response.json(
          {
            message: 'This is full',
            code: 'BOOKING_FULL',
            details: [{ path: 'numberOfPeople', message: 'must be at most 0' }],
          },
          { status: 409 },
        );
      },
    });
    const { onOpenChange } = renderDialog();
    await vi.waitFor(() => expect(day('2027-07-15', 'te boeken')).toBeInTheDocument());
    await user.click(day('2027-07-15', 'te boeken'));
    await user.click(screen.getByRole('radio', { name: /10:00/ }));
    fillContact();
    const asked = availabilityCalls().length;
    await user.click(screen.getByRole('button', { name: 'Boekingsaanvraag versturen' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(nl.BOOKING_FULL));
    await vi.waitFor(() => expect(day('2027-07-15', 'vol')).toHaveAttribute('aria-disabled', 'true'));
    expect(availabilityCalls().length).toBeGreaterThan(asked);
    expect(screen.queryByRole('group', { name: TIMES })).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});

describe('booking a day', () => {
  it('has no times; caps the people by the day’s places and sends no slot', async () => {
    const { bookings } = standIn({ open: () => ({ '2027-07-20': [{ start: null, placesLeft: 2 }] }), bySlot: false });
    renderDialog();
    await vi.waitFor(() => expect(day('2027-07-20', 'te boeken')).toBeInTheDocument());
    await user.click(day('2027-07-20', 'te boeken'));
    expect(screen.getByText(`Gekozen: ${dayName('2027-07-20')} · nog 2 plaatsen`)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: TIMES })).toBeNull();
    expect(within(screen.getByLabelText('Aantal personen')).getAllByRole('option')).toHaveLength(2);
    fillContact();
    await user.click(screen.getByRole('button', { name: 'Boekingsaanvraag versturen' }));
    await vi.waitFor(() => expect(bookings()).toHaveLength(1));
    expect(bookings()[0]?.body).toMatchObject({ bookingDate: '2027-07-20', slot: null, numberOfPeople: 1 });
  });

  it('needs a day: nothing is sent without one, and the calendar gets the focus', async () => {
    const { bookings } = standIn({ open: () => JULY });
    renderDialog();
    await vi.waitFor(() => expect(day('2027-07-15', 'te boeken')).toBeInTheDocument());
    fillContact();
    await user.click(screen.getByRole('button', { name: 'Boekingsaanvraag versturen' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Vul alle verplichte velden in.');
    expect(screen.getByRole('group', { name: /^Dag ?\(verplicht\) juli 2027$/ })).toHaveAccessibleDescription(
      'Kies een datum.',
    );
    // The calendar's day in the tab order (today, where the focus was when the dialog opened).
    await vi.waitFor(() => expect(day('2027-07-10', 'niet te boeken')).toHaveFocus());
    expect(bookings()).toHaveLength(0);
  });
});

describe('the contact fields, by the server’s own rules (docs/api.md#e-mail-addresses-and-phone-numbers)', () => {
  const ONE_DAY = { '2027-07-20': [{ start: null, placesLeft: 2 }] };

  /** Chooses 20 July, types name, e-mail and phone, and sends. */
  async function send(email: string, phone: string) {
    await vi.waitFor(() => expect(day('2027-07-20', 'te boeken')).toBeInTheDocument());
    await user.click(day('2027-07-20', 'te boeken'));
    fireEvent.change(screen.getByLabelText('Naam (verplicht)'), { target: { value: 'Sanne Visser' } });
    fireEvent.change(screen.getByLabelText('E-mail (verplicht)'), { target: { value: email } });
    fireEvent.change(screen.getByLabelText('Telefoon'), { target: { value: phone } });
    await user.click(screen.getByRole('button', { name: 'Boekingsaanvraag versturen' }));
  }

  it.each([
    [
      'an address the server refuses',
      'sanne@example.c',
      '+33 4 68 31 11 82',
      'E-mail (verplicht)',
      'Vul een geldig e-mailadres in.',
    ],
    [
      'a phone with no number in it',
      'sanne@example.com',
      '------',
      'Telefoon',
      'Vul een telefoonnummer in, of laat dit veld leeg.',
    ],
    [
      'a phone too short to call',
      'sanne@example.com',
      '+33 4',
      'Telefoon',
      'Vul een telefoonnummer in, of laat dit veld leeg.',
    ],
  ])('says what is wrong with %s, on the field, and sends nothing', async (_case, email, phone, label, message) => {
    const { bookings } = standIn({ open: () => ONE_DAY, bySlot: false });
    renderDialog();
    await send(email, phone);
    const field = screen.getByLabelText(label);
    await vi.waitFor(() => expect(field).toHaveAccessibleDescription(message));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(bookings()).toHaveLength(0);
  });

  it('takes what the server takes: a German phone with a slash and an address with a +', async () => {
    const { bookings } = standIn({ open: () => ONE_DAY, bySlot: false });
    renderDialog();
    await send(' sanne+kano@mail.example.fr ', '0201/123456');
    await vi.waitFor(() => expect(bookings()).toHaveLength(1));
    expect(bookings()[0]?.body).toMatchObject({
      customerEmail: 'sanne+kano@mail.example.fr',
      customerPhone: '0201/123456',
    });
  });
});

describe('a logged-in visitor', () => {
  it('finds name and e-mail filled in, and the phone of their latest booking when the account has none', async () => {
    standIn({
      open: () => JULY,
      mine: [
        { id: 3, customerPhone: '+33 6 00 00 00 01' },
        { id: 9, customerPhone: '+33 6 00 00 00 09' },
        { id: 11, customerPhone: null },
      ],
    });
    renderDialog({ prefill: { name: 'Sanne Visser', email: 'sanne@example.com', phone: null } });
    await screen.findByRole('dialog', { name: 'Kanoën boeken' });
    expect(screen.getByLabelText('Naam (verplicht)')).toHaveValue('Sanne Visser');
    expect(screen.getByLabelText('E-mail (verplicht)')).toHaveValue('sanne@example.com');
    await vi.waitFor(() => expect(screen.getByLabelText('Telefoon')).toHaveValue('+33 6 00 00 00 09'));
  });

  it('finds the account’s own phone, without asking for their bookings', async () => {
    const { calls } = standIn({ open: () => JULY, mine: [{ id: 9, customerPhone: '+33 6 00 00 00 09' }] });
    renderDialog({ prefill: { name: 'Sanne Visser', email: 'sanne@example.com', phone: '+33 4 68 00 00 00' } });
    await vi.waitFor(() => expect(day('2027-07-15', 'te boeken')).toBeInTheDocument());
    expect(screen.getByLabelText('Telefoon')).toHaveValue('+33 4 68 00 00 00');
    expect(calls.some((c) => c.url.pathname === '/api/bookings/mine')).toBe(false);
  });
});

describe('a booking the server refuses', () => {
  it('says why when the address had too many booking requests today, and keeps the form open', async () => {
    const nl = (await import('../../../i18n/locales/nl/errors.json')).default;
    standIn({
      open: () => JULY,
      book: () =>
        Response.json(
          { message: 'This e-mail address had 20 booking requests in the last 24 hours', code: 'BOOKING_EMAIL_LIMIT' },
          { status: 429 },
        ),
    });
    const { onOpenChange } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Kanoën boeken' });
    await vi.waitFor(() => expect(day('2027-07-15', 'te boeken')).toBeInTheDocument());
    await user.click(day('2027-07-15', 'te boeken'));
    await user.click(screen.getByRole('radio', { name: /10:00/ }));
    fillContact();
    await user.click(screen.getByRole('button', { name: 'Boekingsaanvraag versturen' }));
    await vi.waitFor(() => expect(dialog).toHaveTextContent(nl.BOOKING_EMAIL_LIMIT));
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});

describe('an event with dates (docs/product.md#event-dates)', () => {
  it('opens the calendar on the month of its coming edition', async () => {
    const { availabilityCalls } = standIn({
      open: () => ({ '2027-09-04': [{ start: null, placesLeft: null }] }),
      bySlot: false,
    });
    renderDialog({ activity: { ...KANOEN, eventStart: '2027-09-03', eventEnd: '2027-09-05' } });
    const september = await screen.findByRole('grid', { name: 'september 2027' });
    await vi.waitFor(() =>
      expect(
        within(september).getByRole('button', { name: `${dayName('2027-09-04')}, te boeken` }),
      ).toBeInTheDocument(),
    );
    expect(availabilityCalls()[0]?.url.searchParams.get('from')).toBe('2027-09-01');
    // The months before stay reachable: the provider's own periods may offer other days.
    expect(screen.getByRole('button', { name: 'Vorige maand' })).toBeEnabled();
  });
});
