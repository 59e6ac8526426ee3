/*
 * The calendar files, read by a real iCalendar parser (ical.js, Mozilla's): what a calendar program
 * makes of them (docs/mail.md#the-calendar-file). templates.test.ts checks the same files against
 * RFC 5545's grammar line by line.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { parisInstant } from '../../../domain/availability.js';
import { bookingCalendar, bookingConfirmedMail } from './templates.js';
import { bookingFacts, openingHoursFacts, slotFacts } from './test-facts.js';

const SITE = 'https://guide.example';

/** The one event of a calendar file, as ical.js reads it (it throws on a file it cannot read). */
function read(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const [vevent] = events;
  if (!vevent) throw new Error('no event in the calendar file');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

/** A moment as the wall clock in Limoux shows it. */
const inLimoux = (instant: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(instant);

describe('the calendar file, read by ical.js', () => {
  it('a slot starts at its time in Limoux (winter and summer) and lasts its duration', () => {
    for (const [day, offset] of [
      ['2026-12-05', '09:00'],
      ['2026-07-04', '08:00'],
    ] as const) {
      const { event } = read(bookingCalendar(slotFacts({ bookingDate: day }), SITE));
      expect(event.startDate.isDate).toBe(false);
      // Written in UTC (the ics package writes no TZID): the instant is the slot's in Europe/Paris.
      expect(event.startDate.zone?.tzid).toBe('UTC');
      expect(event.startDate.toJSDate().toISOString()).toBe(parisInstant(day, '10:00').toISOString());
      expect(event.startDate.toJSDate().toISOString().slice(11, 16)).toBe(offset);
      expect(inLimoux(event.startDate.toJSDate())).toBe(`${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}, 10:00`);
      expect(event.duration.toSeconds()).toBe(90 * 60);
      expect(inLimoux(event.endDate.toJSDate()).slice(-5)).toBe('11:30');
    }
  });

  it('a day booking runs from the day’s opening to its closing, or for its duration', () => {
    const open = read(bookingCalendar(openingHoursFacts(), SITE)).event;
    expect(inLimoux(open.startDate.toJSDate())).toBe('05/12/2026, 10:00');
    expect(inLimoux(open.endDate.toJSDate())).toBe('05/12/2026, 18:00');
    expect(open.duration.toSeconds()).toBe(8 * 3600);
    const timed = read(bookingCalendar(openingHoursFacts({ durationMinutes: 150 }), SITE)).event;
    expect(timed.duration.toSeconds()).toBe(150 * 60);
  });

  it('a booking without a start time is an all-day event: a date, ending the next day', () => {
    const { vevent, event } = read(bookingCalendar(bookingFacts({ bookingDate: '2026-12-31' }), SITE));
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2026-12-31');
    expect(vevent.getFirstProperty('dtend')?.type).toBe('date');
    expect(event.endDate.isDate).toBe(true);
    expect(event.endDate.toString()).toBe('2027-01-01');
    expect(vevent.hasProperty('duration')).toBe(false);
    expect(event.duration.toSeconds()).toBe(86_400);
  });

  it('reads a name and an address with control characters as one line of text each', () => {
    const { calendar, vevent, event } = read(
      bookingCalendar(
        bookingFacts(
          {},
          {
            name: 'Cave\rX-INJECTED:1\u0000 tour\u0007\u001b[2J',
            address: 'Rue\r\nBEGIN:VALARM\u000b1',
            city: 'Limoux\u0085\u0009Aude',
          },
        ),
        SITE,
      ),
    );
    expect(event.summary).toBe('Cave X-INJECTED:1 tour [2J');
    expect(event.location).toBe('Rue BEGIN:VALARM 1, Limoux Aude');
    expect(vevent.hasProperty('x-injected')).toBe(false);
    expect(vevent.getAllSubcomponents('valarm')).toEqual([]);
    expect(calendar.getAllSubcomponents().map((c) => c.name)).toEqual(['vevent']);
  });

  it('reads the file the confirmation carries', () => {
    const mail = bookingConfirmedMail(slotFacts(), 'nl', { kind: 'team' }, `${SITE}/cancel`, SITE, true);
    const { event } = read(mail.attachments?.[0]?.content ?? '');
    expect(event.summary).toBe('Rafting');
    expect(event.location).toBe('Quai 1, Limoux');
    expect(event.uid).toBe('booking-41@guide.example');
    expect(inLimoux(event.startDate.toJSDate())).toBe('05/12/2026, 10:00');
  });
});
