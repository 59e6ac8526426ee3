import { describe, expect, it } from 'vitest';
import {
  type AvailabilitySettings,
  availabilityProblems,
  availableDay,
  bookingDeadline,
  bookingRefusal,
  cancelDeadline,
  DEFAULT_AVAILABILITY,
  dayHours,
  daysBetween,
  fitsAvailability,
  isOfferedOn,
  normaliseAvailability,
  type OpeningFacts,
  parisInstant,
  placesLeft,
  startsOn,
  startTime,
  type TakenPlaces,
} from './availability.js';
import type { WeeklyHoursRow } from './weekly-hours.js';
import { addDays } from './dates.js';

/** The rules of docs/availability.md. 2027: 1 January is a Friday, 1 July a Thursday. */

const settings = (overrides: Partial<AvailabilitySettings> = {}): AvailabilitySettings => ({
  ...DEFAULT_AVAILABILITY,
  ...overrides,
});
const row = (
  days: number[],
  opens: string,
  closes: string,
  seasonStart: string | null = null,
  seasonEnd: string | null = null,
): WeeklyHoursRow => ({ days, opens, closes, seasonStart, seasonEnd });
const facts = (overrides: Partial<OpeningFacts> = {}): OpeningFacts => ({
  weeklyHours: [],
  eventStart: null,
  eventEnd: null,
  ...overrides,
});
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7];
const taken = (entries: Record<string, number> = {}): TakenPlaces => new Map(Object.entries(entries));
const at = (iso: string) => new Date(iso);

describe('isOfferedOn (docs/availability.md#when-it-can-be-booked)', () => {
  it('offers every day when the activity says nothing of when it is open', () => {
    for (const day of ['2027-01-02', '2027-04-02', '2027-07-14', '2027-12-25']) {
      expect(isOfferedOn(settings(), facts(), day), day).toBe(true);
    }
  });

  it('follows a winter season over New Year: it holds on 2 January, not on 2 April', () => {
    const winter = facts({ weeklyHours: [row(ALL_WEEK, '10:00', '16:00', '11-01', '03-31')] });
    expect(isOfferedOn(settings(), winter, '2027-01-02')).toBe(true);
    expect(isOfferedOn(settings(), winter, '2026-11-01')).toBe(true);
    expect(isOfferedOn(settings(), winter, '2027-03-31')).toBe(true);
    expect(isOfferedOn(settings(), winter, '2027-04-02')).toBe(false);
    expect(isOfferedOn(settings(), winter, '2027-10-31')).toBe(false);
  });

  it('lets a shorter season within a longer one replace it, weekdays and all', () => {
    const year = facts({
      weeklyHours: [row(ALL_WEEK, '10:00', '18:00', '03-25', '10-31'), row([6, 7], '09:00', '19:00', '07-01', '08-31')],
    });
    // Wednesday 16 June: the long season; Wednesday 14 July: the summer's, weekends only.
    expect(isOfferedOn(settings(), year, '2027-06-16')).toBe(true);
    expect(isOfferedOn(settings(), year, '2027-07-14')).toBe(false);
    expect(isOfferedOn(settings(), year, '2027-07-17')).toBe(true);
    expect(isOfferedOn(settings(), year, '2027-09-01')).toBe(true);
    // Outside both seasons, and without all-year rows: closed.
    expect(isOfferedOn(settings(), year, '2027-12-01')).toBe(false);
  });

  it('offers the weekdays of the weekly hours, all year', () => {
    const week = facts({ weeklyHours: [row([2, 3, 4, 5, 6], '10:00', '18:00')] });
    expect(isOfferedOn(settings(), week, '2027-07-13')).toBe(true); // a Tuesday
    expect(isOfferedOn(settings(), week, '2027-07-12')).toBe(false); // a Monday
    expect(isOfferedOn(settings(), week, '2027-07-18')).toBe(false); // a Sunday
  });

  it("takes the provider's own periods on their weekdays over the hours, and nothing outside them", () => {
    const june = settings({ periods: [{ start: '2027-06-01', end: '2027-06-30', days: [6, 7] }] });
    const mondays = facts({ weeklyHours: [row([1], '10:00', '12:00')] });
    expect(isOfferedOn(june, mondays, '2027-06-05')).toBe(true); // a Saturday the hours do not hold
    expect(isOfferedOn(june, mondays, '2027-06-07')).toBe(false); // a Monday the period leaves out
    expect(isOfferedOn(june, mondays, '2027-06-30')).toBe(false); // a Wednesday
    expect(isOfferedOn(june, mondays, '2027-07-03')).toBe(false); // a Saturday after the period
    expect(isOfferedOn(june, mondays, '2027-05-29')).toBe(false); // a Saturday before it
    const two = settings({
      periods: [
        { start: '2027-06-01', end: '2027-06-30', days: [6] },
        { start: '2027-06-20', end: '2027-07-10', days: [3] },
      ],
    });
    expect(isOfferedOn(two, facts(), '2027-06-23')).toBe(true); // a Wednesday of the second
    expect(isOfferedOn(two, facts(), '2027-06-16')).toBe(false); // a Wednesday before it
    // A period holds on its first and last day.
    const one = settings({ periods: [{ start: '2027-06-05', end: '2027-06-06', days: ALL_WEEK }] });
    expect(['2027-06-04', '2027-06-05', '2027-06-06', '2027-06-07'].map((d) => isOfferedOn(one, facts(), d))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('leaves out a day closed whole, not a day with one slot closed', () => {
    const closed = settings({
      slots: ['10:00', '14:00'],
      durationMinutes: 120,
      closed: [
        { date: '2027-07-14', slot: null },
        { date: '2027-07-15', slot: '10:00' },
      ],
    });
    expect(isOfferedOn(closed, facts(), '2027-07-14')).toBe(false);
    expect(isOfferedOn(closed, facts(), '2027-07-15')).toBe(true);
    expect(isOfferedOn(closed, facts(), '2027-07-16')).toBe(true);
    // A closed day wins over a period too.
    const period = settings({
      periods: [{ start: '2027-07-01', end: '2027-07-31', days: ALL_WEEK }],
      closed: [{ date: '2027-07-14', slot: null }],
    });
    expect(isOfferedOn(period, facts(), '2027-07-14')).toBe(false);
  });

  it("offers an event on its edition's days, and on none once the edition is over", () => {
    const festival = facts({ eventStart: '2027-07-10', eventEnd: '2027-07-12' });
    expect(
      ['2027-07-09', '2027-07-10', '2027-07-11', '2027-07-12', '2027-07-13'].map((d) =>
        isOfferedOn(settings(), festival, d),
      ),
    ).toEqual([false, true, true, true, false]);
    // The Brass Festival is not bookable in December, after its edition.
    expect(isOfferedOn(settings(), festival, '2027-12-20')).toBe(false);
    // A one-day edition.
    const oneDay = facts({ eventStart: '2027-07-10' });
    expect(isOfferedOn(settings(), oneDay, '2027-07-10')).toBe(true);
    expect(isOfferedOn(settings(), oneDay, '2027-07-11')).toBe(false);
    // With weekly hours too: the edition's days the hours hold.
    const weekends = facts({
      eventStart: '2027-07-09',
      eventEnd: '2027-07-12',
      weeklyHours: [row([6, 7], '10:00', '22:00')],
    });
    expect(
      ['2027-07-09', '2027-07-10', '2027-07-11', '2027-07-12'].map((d) => isOfferedOn(settings(), weekends, d)),
    ).toEqual([false, true, true, false]);
    // The provider's own periods say when, edition or not.
    const periods = settings({ periods: [{ start: '2027-08-01', end: '2027-08-31', days: ALL_WEEK }] });
    expect(isOfferedOn(periods, festival, '2027-08-02')).toBe(true);
    expect(isOfferedOn(periods, festival, '2027-07-10')).toBe(false);
  });
});

describe('availabilityProblems', () => {
  it('accepts settings that hold together', () => {
    expect(
      availabilityProblems(
        settings({
          periods: [{ start: '2027-06-01', end: '2027-06-01', days: [2] }],
          slots: ['09:00', '14:00', '21:00'],
          durationMinutes: 180,
          closed: [
            { date: '2027-06-01', slot: '14:00' },
            { date: '2027-06-02', slot: null },
          ],
        }),
      ),
    ).toEqual([]);
    expect(availabilityProblems(DEFAULT_AVAILABILITY)).toEqual([]);
    // A duration without slots: the length of the day's activity, for the mails.
    expect(availabilityProblems(settings({ durationMinutes: 90 }))).toEqual([]);
  });

  it('refuses a slot that runs past midnight, and names it', () => {
    // 21:00 for three hours ends at midnight: allowed; 22:00 does not.
    expect(availabilityProblems(settings({ slots: ['10:00', '22:00'], durationMinutes: 180 }))).toEqual([
      { path: ['slots', 1], message: 'must end by midnight: a slot cannot run into the next day' },
    ]);
    expect(availabilityProblems(settings({ slots: ['23:45'], durationMinutes: 15 }))).toEqual([]);
    expect(availabilityProblems(settings({ slots: ['23:45'], durationMinutes: 16 })).map((p) => p.path)).toEqual([
      ['slots', 0],
    ]);
  });

  it('names each other problem by its path', () => {
    expect(
      availabilityProblems(
        settings({
          periods: [
            { start: '2027-06-30', end: '2027-06-01', days: [1] },
            { start: '2027-06-01', end: '2027-06-30', days: [] },
          ],
          slots: ['10:00', '10:00'],
          durationMinutes: null,
          closed: [{ date: '2027-06-02', slot: '11:00' }],
        }),
      ).map((p) => p.path),
    ).toEqual([
      ['periods', 0, 'end'],
      ['periods', 1, 'days'],
      ['slots', 1],
      ['durationMinutes'],
      ['closed', 0, 'slot'],
    ]);
  });
});

describe('normaliseAvailability', () => {
  it('puts slots and closed dates in order, drops past and repeated closed dates', () => {
    const normal = normaliseAvailability(
      settings({
        slots: ['14:00', '09:30'],
        durationMinutes: 60,
        closed: [
          { date: '2027-07-20', slot: '14:00' },
          { date: '2027-07-01', slot: null },
          { date: '2027-06-30', slot: null },
          { date: '2027-07-20', slot: null },
          { date: '2027-07-20', slot: '14:00' },
        ],
      }),
      '2027-07-01',
    );
    expect(normal.slots).toEqual(['09:30', '14:00']);
    expect(normal.closed).toEqual([
      { date: '2027-07-01', slot: null },
      { date: '2027-07-20', slot: null },
      { date: '2027-07-20', slot: '14:00' },
    ]);
  });
});

describe('startsOn, dayHours and startTime', () => {
  it('gives one start for a day booking, and the open slots otherwise', () => {
    expect(startsOn(settings(), '2027-07-14')).toEqual([null]);
    const slots = settings({
      slots: ['10:00', '14:00'],
      durationMinutes: 120,
      closed: [{ date: '2027-07-14', slot: '10:00' }],
    });
    expect(startsOn(slots, '2027-07-14')).toEqual(['14:00']);
    expect(startsOn(slots, '2027-07-15')).toEqual(['10:00', '14:00']);
  });

  it("takes the day's first opening and last closing, and a start from the slot or the opening", () => {
    const split = facts({ weeklyHours: [row([6], '14:00', '18:00'), row([6], '10:00', '12:00')] });
    expect(dayHours(split, '2027-07-10')).toEqual({ opens: '10:00', closes: '18:00' });
    expect(dayHours(split, '2027-07-11')).toBeNull();
    expect(startTime(split, '2027-07-10', null)).toBe('10:00');
    expect(startTime(split, '2027-07-10', '15:00')).toBe('15:00');
    expect(startTime(facts(), '2027-07-10', null)).toBeNull();
  });
});

describe('lead time (docs/availability.md#lead-time)', () => {
  const saturday = '2027-07-10';
  const withHours = facts({ weeklyHours: [row([6], '10:00', '12:00'), row([6], '14:00', '18:00')] });

  it("closes a slot's bookings the lead time before its start", () => {
    const slots = settings({ slots: ['10:00', '15:00'], durationMinutes: 60, leadTimeHours: 24 });
    // 10:00 in summer is 08:00 UTC; 24 hours before.
    expect(bookingDeadline(slots, facts(), saturday, '10:00').toISOString()).toBe('2027-07-09T08:00:00.000Z');
    const booking = { day: saturday, slot: '10:00', people: 1 };
    expect(bookingRefusal(slots, facts(), booking, at('2027-07-09T07:59:00Z'), taken())).toBeNull();
    expect(bookingRefusal(slots, facts(), booking, at('2027-07-09T08:00:00Z'), taken())).toBe('TOO_LATE');
    // The later slot is still open then.
    expect(
      bookingRefusal(slots, facts(), { ...booking, slot: '15:00' }, at('2027-07-09T08:00:00Z'), taken()),
    ).toBeNull();
    // Without a lead time, until the start itself.
    const none = settings({ slots: ['10:00'], durationMinutes: 60 });
    expect(bookingRefusal(none, facts(), booking, at('2027-07-10T07:59:00Z'), taken())).toBeNull();
    expect(bookingRefusal(none, facts(), booking, at('2027-07-10T08:00:00Z'), taken())).toBe('TOO_LATE');
  });

  it("closes a day booking the lead time before the day's closing by its hours", () => {
    const lead = settings({ leadTimeHours: 2 });
    // Closing at 18:00 (16:00 UTC); two hours before is 16:00 in Limoux.
    expect(bookingDeadline(lead, withHours, saturday, null).toISOString()).toBe('2027-07-10T14:00:00.000Z');
    const booking = { day: saturday, slot: null, people: 2 };
    expect(bookingRefusal(lead, withHours, booking, at('2027-07-10T13:59:00Z'), taken())).toBeNull();
    expect(bookingRefusal(lead, withHours, booking, at('2027-07-10T14:00:00Z'), taken())).toBe('TOO_LATE');
    // Without a lead time, a booking for today is taken while the place is open.
    expect(bookingRefusal(settings(), withHours, booking, at('2027-07-10T15:59:00Z'), taken())).toBeNull();
    expect(bookingRefusal(settings(), withHours, booking, at('2027-07-10T16:00:00Z'), taken())).toBe('TOO_LATE');
  });

  it('closes a day booking without hours the lead time before the midnight that ends the day', () => {
    const booking = { day: saturday, slot: null, people: 2 };
    expect(bookingDeadline(settings(), facts(), saturday, null).toISOString()).toBe('2027-07-10T22:00:00.000Z');
    expect(bookingRefusal(settings(), facts(), booking, at('2027-07-10T21:59:00Z'), taken())).toBeNull();
    expect(bookingRefusal(settings(), facts(), booking, at('2027-07-10T22:00:00Z'), taken())).toBe('TOO_LATE');
    const lead = settings({ leadTimeHours: 48 });
    expect(bookingDeadline(lead, facts(), saturday, null).toISOString()).toBe('2027-07-08T22:00:00.000Z');
    // In winter, midnight is 23:00 UTC.
    expect(bookingDeadline(settings(), facts(), '2027-01-02', null).toISOString()).toBe('2027-01-02T23:00:00.000Z');
  });

  it('shows only the starts whose lead time has not passed, and no open day when none is left', () => {
    const slots = settings({ slots: ['10:00', '15:00'], durationMinutes: 60, leadTimeHours: 1 });
    const before = availableDay(slots, facts(), saturday, at('2027-07-10T06:00:00Z'), taken());
    expect(before).toEqual({
      date: saturday,
      open: true,
      slots: [
        { start: '10:00', placesLeft: null },
        { start: '15:00', placesLeft: null },
      ],
    });
    // 09:00 in Limoux: the 10:00 slot closed at the hour.
    expect(availableDay(slots, facts(), saturday, at('2027-07-10T07:00:00Z'), taken()).slots).toEqual([
      { start: '15:00', placesLeft: null },
    ]);
    expect(availableDay(slots, facts(), saturday, at('2027-07-10T12:00:00Z'), taken())).toEqual({
      date: saturday,
      open: false,
      slots: [],
    });
  });
});

describe('the days the clocks change (docs/availability.md#lead-time)', () => {
  it('reads wall-clock times on 28 March 2027, when 02:00 to 03:00 is skipped', () => {
    expect(parisInstant('2027-03-28', '00:00').toISOString()).toBe('2027-03-27T23:00:00.000Z');
    expect(parisInstant('2027-03-28', '01:30').toISOString()).toBe('2027-03-28T00:30:00.000Z');
    // Skipped: the same time an hour later, 03:30 summer time.
    expect(parisInstant('2027-03-28', '02:30').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(parisInstant('2027-03-28', '03:30').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(parisInstant('2027-03-28', '24:00').toISOString()).toBe('2027-03-28T22:00:00.000Z');
  });

  it('reads wall-clock times on 31 October 2027, when 02:00 to 03:00 comes twice', () => {
    expect(parisInstant('2027-10-31', '00:00').toISOString()).toBe('2027-10-30T22:00:00.000Z');
    expect(parisInstant('2027-10-31', '01:30').toISOString()).toBe('2027-10-30T23:30:00.000Z');
    // Twice: the first, in summer time.
    expect(parisInstant('2027-10-31', '02:30').toISOString()).toBe('2027-10-31T00:30:00.000Z');
    expect(parisInstant('2027-10-31', '03:30').toISOString()).toBe('2027-10-31T02:30:00.000Z');
    expect(parisInstant('2027-10-31', '24:00').toISOString()).toBe('2027-10-31T23:00:00.000Z');
  });

  it('counts lead times in real hours across a change', () => {
    const slots = settings({ slots: ['01:30', '02:30', '03:30'], durationMinutes: 30, leadTimeHours: 2 });
    // Spring: 03:30 summer time less two hours is 00:30 winter time.
    expect(bookingDeadline(slots, facts(), '2027-03-28', '03:30').toISOString()).toBe('2027-03-27T23:30:00.000Z');
    expect(bookingDeadline(slots, facts(), '2027-03-28', '01:30').toISOString()).toBe('2027-03-27T22:30:00.000Z');
    expect(bookingDeadline(slots, facts(), '2027-03-28', '02:30').toISOString()).toBe('2027-03-27T23:30:00.000Z');
    // Autumn: the first 02:30 less two hours.
    expect(bookingDeadline(slots, facts(), '2027-10-31', '02:30').toISOString()).toBe('2027-10-30T22:30:00.000Z');
    // A day booking without hours: the 23-hour and the 25-hour day each end at their midnight.
    const day = settings({ leadTimeHours: 24 });
    expect(bookingDeadline(day, facts(), '2027-03-28', null).toISOString()).toBe('2027-03-27T22:00:00.000Z');
    expect(bookingDeadline(day, facts(), '2027-10-31', null).toISOString()).toBe('2027-10-30T23:00:00.000Z');
    // In order through the night, a slot a minute before the change included.
    const night = settings({ slots: ['01:59', '03:00'], durationMinutes: 15 });
    expect(
      bookingDeadline(night, facts(), '2027-03-28', '03:00').getTime() -
        bookingDeadline(night, facts(), '2027-03-28', '01:59').getTime(),
    ).toBe(60_000);
  });

  it("counts the guest's cancel limit from the start, across a change", () => {
    const hours = facts({ weeklyHours: [row(ALL_WEEK, '10:00', '18:00')] });
    // Monday 29 March 10:00 summer time; 48 hours before is Saturday 09:00 winter time.
    expect(cancelDeadline({ cancelUntilHours: 48 }, hours, '2027-03-29', null).toISOString()).toBe(
      '2027-03-27T08:00:00.000Z',
    );
    expect(cancelDeadline({ cancelUntilHours: 0 }, hours, '2027-03-29', '15:00').toISOString()).toBe(
      '2027-03-29T13:00:00.000Z',
    );
    // Without hours: the day's first minute.
    expect(cancelDeadline({ cancelUntilHours: 24 }, facts(), '2027-11-01', null).toISOString()).toBe(
      '2027-10-30T23:00:00.000Z',
    );
  });
});

describe('placesLeft (docs/availability.md#places)', () => {
  it('is null without a limit', () => {
    expect(placesLeft(settings(), taken({ '': 40 }), null)).toBeNull();
    expect(placesLeft(settings({ slots: ['10:00'], durationMinutes: 60 }), taken(), '10:00')).toBeNull();
  });

  it('counts each slot on its own', () => {
    const slots = settings({ slots: ['10:00', '14:00', '16:00'], durationMinutes: 60, capacity: 8 });
    const booked = taken({ '10:00': 5, '14:00': 8 });
    expect(placesLeft(slots, booked, '10:00')).toBe(3);
    expect(placesLeft(slots, booked, '14:00')).toBe(0);
    expect(placesLeft(slots, booked, '16:00')).toBe(8);
  });

  it('counts every booking of the day by the day, a slot booked before the slots went too', () => {
    const day = settings({ capacity: 10 });
    expect(placesLeft(day, taken({ '': 4, '10:00': 3 }), null)).toBe(3);
    expect(placesLeft(day, taken(), null)).toBe(10);
    // More taken than there are places (a capacity lowered later): full, never below 0.
    expect(placesLeft(day, taken({ '': 12 }), null)).toBe(0);
  });
});

describe('bookingRefusal', () => {
  const now = at('2027-07-01T08:00:00Z');
  const slots = settings({
    slots: ['10:00', '14:00'],
    durationMinutes: 120,
    capacity: 6,
    closed: [{ date: '2027-07-15', slot: '14:00' }],
  });
  const byDay = settings({ capacity: 6, closed: [{ date: '2027-07-15', slot: null }] });
  const refusal = (s: AvailabilitySettings, day: string, slot: string | null, people = 2, booked = taken()) =>
    bookingRefusal(s, facts(), { day, slot, people }, now, booked);

  it('takes a booking within the availability and the places', () => {
    expect(refusal(slots, '2027-07-14', '10:00')).toBeNull();
    expect(refusal(byDay, '2027-07-14', null)).toBeNull();
    // Exactly the places left.
    expect(refusal(slots, '2027-07-14', '10:00', 2, taken({ '10:00': 4 }))).toBeNull();
  });

  it('names each refusal', () => {
    expect(refusal(slots, '2027-07-14', null)).toBe('SLOT_REQUIRED');
    expect(refusal(slots, '2027-07-14', '11:00')).toBe('SLOT_UNKNOWN');
    expect(refusal(byDay, '2027-07-14', '10:00')).toBe('SLOT_UNKNOWN');
    expect(refusal(slots, '2027-07-15', '14:00')).toBe('NOT_OFFERED');
    expect(refusal(byDay, '2027-07-15', null)).toBe('NOT_OFFERED');
    const june = settings({ periods: [{ start: '2027-06-01', end: '2027-06-30', days: ALL_WEEK }] });
    expect(refusal(june, '2027-07-14', null)).toBe('NOT_OFFERED');
    expect(refusal(slots, '2027-07-01', '10:00')).toBe('TOO_LATE');
    expect(refusal(slots, '2027-07-14', '10:00', 3, taken({ '10:00': 4 }))).toBe('FULL');
    expect(refusal(byDay, '2027-07-14', null, 1, taken({ '': 6 }))).toBe('FULL');
    // One slot full leaves the other free.
    expect(refusal(slots, '2027-07-14', '14:00', 6, taken({ '10:00': 6 }))).toBeNull();
  });
});

describe('availableDay (docs/availability.md#the-answer)', () => {
  const now = at('2027-07-01T08:00:00Z');

  it('gives each start with its places, 0 when full, and one null start by the day', () => {
    const slots = settings({ slots: ['10:00', '14:00'], durationMinutes: 120, capacity: 4 });
    expect(availableDay(slots, facts(), '2027-07-14', now, taken({ '10:00': 4, '14:00': 1 }))).toEqual({
      date: '2027-07-14',
      open: true,
      slots: [
        { start: '10:00', placesLeft: 0 },
        { start: '14:00', placesLeft: 3 },
      ],
    });
    expect(availableDay(settings(), facts(), '2027-07-14', now, taken())).toEqual({
      date: '2027-07-14',
      open: true,
      slots: [{ start: null, placesLeft: null }],
    });
  });

  it('is closed with no starts on a day not offered, or with every slot closed', () => {
    const closed = settings({
      slots: ['10:00'],
      durationMinutes: 60,
      closed: [
        { date: '2027-07-14', slot: null },
        { date: '2027-07-15', slot: '10:00' },
      ],
    });
    expect(availableDay(closed, facts(), '2027-07-14', now, taken())).toEqual({
      date: '2027-07-14',
      open: false,
      slots: [],
    });
    expect(availableDay(closed, facts(), '2027-07-15', now, taken())).toEqual({
      date: '2027-07-15',
      open: false,
      slots: [],
    });
  });
});

describe('fitsAvailability (docs/availability.md#changing-availability)', () => {
  const day = '2027-07-14';

  it('keeps a booking on an offered day in a start the day still has', () => {
    const slots = settings({ slots: ['10:00', '14:00'], durationMinutes: 60 });
    expect(fitsAvailability(slots, facts(), { day, slot: '10:00' })).toBe(true);
    expect(fitsAvailability(settings(), facts(), { day, slot: null })).toBe(true);
    // Slots that went: by the day, the booking counts for the day.
    expect(fitsAvailability(settings(), facts(), { day, slot: '10:00' })).toBe(true);
  });

  it('leaves out a booking whose day or slot is no longer offered', () => {
    expect(fitsAvailability(settings({ slots: ['14:00'], durationMinutes: 60 }), facts(), { day, slot: '10:00' })).toBe(
      false,
    );
    expect(
      fitsAvailability(
        settings({ slots: ['10:00'], durationMinutes: 60, closed: [{ date: day, slot: '10:00' }] }),
        facts(),
        { day, slot: '10:00' },
      ),
    ).toBe(false);
    expect(fitsAvailability(settings({ closed: [{ date: day, slot: null }] }), facts(), { day, slot: null })).toBe(
      false,
    );
    // A day booking once the activity has slots.
    expect(fitsAvailability(settings({ slots: ['10:00'], durationMinutes: 60 }), facts(), { day, slot: null })).toBe(
      false,
    );
    const june = settings({ periods: [{ start: '2027-06-01', end: '2027-06-30', days: ALL_WEEK }] });
    expect(fitsAvailability(june, facts(), { day, slot: null })).toBe(false);
    expect(
      fitsAvailability(settings(), facts({ weeklyHours: [row([1], '10:00', '12:00')] }), { day, slot: null }),
    ).toBe(false);
  });
});

describe('daysBetween', () => {
  it('lists the days, both ends included, over the end of a month and a year', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(daysBetween('2027-07-01', '2027-07-01')).toEqual(['2027-07-01']);
    expect(daysBetween('2027-07-02', '2027-07-01')).toEqual([]);
  });
});

describe('availableDay spares the deadlines of days far enough ahead', () => {
  it('offers exactly the starts whose deadline has not passed, around midnight, the clock changes and any lead time', () => {
    const slots = ['00:00', '00:30', '01:30', '02:30', '09:00', '23:30'];
    const facts: OpeningFacts = { weeklyHours: [], eventStart: null, eventEnd: null };
    for (const nowIso of [
      '2027-03-27T21:59:00Z',
      '2027-03-27T22:01:00Z',
      '2027-10-30T21:30:00Z',
      '2027-07-01T12:00:00Z',
    ]) {
      const now = new Date(nowIso);
      for (const leadTimeHours of [0, 1, 2, 3, 12, 23, 24, 25, 48]) {
        for (const byDay of [false, true]) {
          const settings = {
            ...DEFAULT_AVAILABILITY,
            slots: byDay ? [] : slots,
            durationMinutes: byDay ? null : 15,
            leadTimeHours,
          };
          for (let offset = -1; offset <= 4; offset++) {
            const day = addDays(nowIso.slice(0, 10), offset);
            const expected = startsOn(settings, day).filter(
              (start) => bookingDeadline(settings, facts, day, start).getTime() > now.getTime(),
            );
            const got = availableDay(settings, facts, day, now, new Map()).slots.map((s) => s.start);
            expect(got, `${nowIso} lead ${leadTimeHours} ${day}`).toEqual(expected);
          }
        }
      }
    }
  });
});
