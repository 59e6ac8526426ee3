import { describe, expect, it } from 'vitest';
import { type BookingFacts, bookingCalendar } from './templates.js';

const facts = (activity: Partial<BookingFacts['activity']>): BookingFacts => ({
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

/** The calendar file's lines as a calendar program reads them: CRLF ends a line, a leading space continues it. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('the calendar file of a confirmed booking (docs/security.md#calendar-files)', () => {
  it('folds every control character of the name and the address to a space, so no field starts a new line', () => {
    const ics = bookingCalendar(
      facts({
        name: 'Cave\rX-INJECTED:1\u0000 tour\u0007\u001b[2J',
        address: 'Rue\r\nBEGIN:VALARM\u000b1',
        city: 'Limoux\u0085\u0009Aude',
      }),
      'https://guide.example',
    );
    // A CR or LF only where the format puts one (every line ends in CRLF), and no other control character.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\p{Cc}/u);
    const lines = unfold(ics);
    expect(lines).toContain('SUMMARY:Cave X-INJECTED:1 tour [2J');
    expect(lines).toContain('LOCATION:Rue BEGIN:VALARM 1\\, Limoux Aude');
    expect(lines.filter((line) => /^(X-INJECTED|BEGIN:VALARM)/.test(line))).toEqual([]);
  });

  it('keeps ordinary text as it is', () => {
    const lines = unfold(
      bookingCalendar(facts({ name: 'Raften in de kloven', address: null }), 'https://guide.example'),
    );
    expect(lines).toContain('SUMMARY:Raften in de kloven');
    expect(lines).toContain('LOCATION:Limoux');
  });
});
