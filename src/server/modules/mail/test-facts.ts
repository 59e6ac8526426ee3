import type { BookingFacts } from './templates.js';

/** The facts of a booking for the mail tests: a day booking of a place without hours, unless told otherwise. */
export const bookingFacts = (
  overrides: Partial<Omit<BookingFacts, 'activity'>> = {},
  activity: Partial<BookingFacts['activity']> = {},
): BookingFacts => ({
  id: 41,
  customerName: 'Sanne',
  customerEmail: 'sanne@example.com',
  customerPhone: null,
  numberOfPeople: 2,
  bookingDate: '2026-12-05',
  totalAmountCents: 0,
  priceKnown: true,
  notes: null,
  guestAddressProved: false,
  slot: null,
  startTime: null,
  openingHours: [],
  durationMinutes: null,
  cancelUntil: null,
  phone: null,
  ...overrides,
  activity: {
    id: 7,
    name: 'Rafting',
    address: 'Quai 1',
    city: 'Limoux',
    latitude: 43.05,
    longitude: 2.21,
    ...activity,
  },
});

/** A booking of the 10:00 slot, 90 minutes long. */
export const slotFacts = (overrides: Partial<Omit<BookingFacts, 'activity'>> = {}) =>
  bookingFacts({ slot: '10:00', startTime: '10:00', durationMinutes: 90, ...overrides });

/** A day booking of a place open 10:00–12:00 and 14:00–18:00 that day. */
export const openingHoursFacts = (overrides: Partial<Omit<BookingFacts, 'activity'>> = {}) =>
  bookingFacts({
    startTime: '10:00',
    openingHours: [
      { opens: '10:00', closes: '12:00' },
      { opens: '14:00', closes: '18:00' },
    ],
    ...overrides,
  });
