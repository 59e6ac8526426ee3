import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Activity } from './activities.js';
import { addDays, hourInParis, todayInParis } from './dates.js';
import {
  hasStructuredTimes,
  hoursOn,
  isOpenAt,
  isOpenDuring,
  isOpenOn,
  parisClock,
  statusAt,
  type TimedActivity,
  whenRange,
} from './opening.js';
import type { WeeklyHoursRow } from './weekly-hours.js';

const ALL = [1, 2, 3, 4, 5, 6, 7];

const row = (
  days: number[],
  opens: string,
  closes: string,
  seasonStart: string | null = null,
  seasonEnd: string | null = null,
): WeeklyHoursRow => ({ days, opens, closes, seasonStart, seasonEnd });

const activity = (fields: Partial<TimedActivity> = {}): TimedActivity => ({
  category: 'uitjes',
  weeklyHours: null,
  eventStart: null,
  eventEnd: null,
  ...fields,
});

/** A moment given with its offset, so that no test depends on the machine's zone. */
const at = (iso: string) => new Date(iso);
/** Summer time (UTC+2) and winter time (UTC+1) in Limoux. */
const summer = (day: string, time: string) => at(`${day}T${time}:00+02:00`);
const winter = (day: string, time: string) => at(`${day}T${time}:00+01:00`);

// 2026: 13 July is a Monday; the clocks go forward on 29 March and back on 25 October (both Sundays).

describe("parisClock: Limoux's day and time (docs/when.md#clock-changes)", () => {
  it('reads the day and minute in Paris, not in UTC or the machine zone', () => {
    expect(parisClock(summer('2026-07-15', '10:05'))).toEqual({ day: '2026-07-15', minute: 605 });
    // 23:30 UTC on the 14th is already the 15th in Paris.
    expect(parisClock(at('2026-07-14T23:30:00Z'))).toEqual({ day: '2026-07-15', minute: 90 });
    expect(parisClock(at('2026-12-31T23:30:00Z'))).toEqual({ day: '2027-01-01', minute: 30 });
    expect(parisClock(winter('2026-11-26', '00:00'))).toEqual({ day: '2026-11-26', minute: 0 });
  });

  it('agrees with Intl on the day and the hour at every hour of a year', () => {
    const start = Date.parse('2026-01-01T00:15:00Z');
    for (let t = start; t < start + 366 * 86_400_000; t += 3_600_000) {
      const now = new Date(t);
      const clock = parisClock(now);
      expect(clock.day).toBe(todayInParis(now));
      // The hour the clocks go back is the only one whose minute is held at 02:59.
      const hour = hourInParis(now);
      if (clock.minute !== 179 || hour !== 2) expect(Math.floor(clock.minute / 60)).toBe(hour);
    }
  });

  it('goes from 01:59 to 03:00 when the clocks go forward', () => {
    expect(parisClock(at('2026-03-29T00:59:00Z'))).toEqual({ day: '2026-03-29', minute: 1 * 60 + 59 });
    expect(parisClock(at('2026-03-29T01:00:00Z'))).toEqual({ day: '2026-03-29', minute: 3 * 60 });
  });

  it('holds the hour that comes twice at 02:59 the second time', () => {
    // First 02:30 (summer time), then the second 02:00 to 02:59 (winter time), then 03:00.
    expect(parisClock(at('2026-10-25T00:30:00Z')).minute).toBe(2 * 60 + 30);
    expect(parisClock(at('2026-10-25T00:59:00Z')).minute).toBe(2 * 60 + 59);
    expect(parisClock(at('2026-10-25T01:00:00Z')).minute).toBe(2 * 60 + 59);
    expect(parisClock(at('2026-10-25T01:30:00Z')).minute).toBe(2 * 60 + 59);
    expect(parisClock(at('2026-10-25T02:00:00Z'))).toEqual({ day: '2026-10-25', minute: 3 * 60 });
    // A year later, on its own last Sunday of October (31 October 2027).
    expect(parisClock(at('2027-10-31T01:10:00Z')).minute).toBe(2 * 60 + 59);
    expect(parisClock(at('2027-10-24T01:10:00Z')).minute).toBe(3 * 60 + 10);
  });

  it('refuses a date that is not one', () => {
    expect(() => parisClock(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('hoursOn (docs/when.md#a-days-hours)', () => {
  it("gives the day's openings in order, a break at noon as two, rows that touch as one", () => {
    const rows = [row([6], '14:00', '18:00'), row([6], '10:00', '12:00'), row([1, 2, 3, 4, 5], '09:00', '17:00')];
    expect(hoursOn(rows, '2026-07-18')).toEqual([
      { opens: '10:00', closes: '12:00' },
      { opens: '14:00', closes: '18:00' },
    ]);
    expect(hoursOn(rows, '2026-07-15')).toEqual([{ opens: '09:00', closes: '17:00' }]);
    expect(hoursOn(rows, '2026-07-19')).toEqual([]);
    expect(hoursOn([row([1], '09:00', '12:00'), row([1], '12:00', '15:00')], '2026-07-13')).toEqual([
      { opens: '09:00', closes: '15:00' },
    ]);
    expect(hoursOn([], '2026-07-13')).toEqual([]);
    expect(hoursOn(null, '2026-07-13')).toEqual([]);
    // A row that closes before it opens never gets in; were one there, it gives no hours.
    expect(hoursOn([row([1], '12:00', '10:00')], '2026-07-13')).toEqual([]);
  });

  it('keeps 24:00 as the closing at midnight', () => {
    expect(hoursOn([row([5], '18:00', '24:00')], '2026-07-17')).toEqual([{ opens: '18:00', closes: '24:00' }]);
  });

  it('holds a season over New Year (1 November to 31 March) in December and January, in place of the all-year rows', () => {
    const rows = [row(ALL, '09:00', '19:00'), row(ALL, '10:00', '16:00', '11-01', '03-31')];
    const winterHours = [{ opens: '10:00', closes: '16:00' }];
    const yearHours = [{ opens: '09:00', closes: '19:00' }];
    expect(hoursOn(rows, '2026-10-31')).toEqual(yearHours);
    expect(hoursOn(rows, '2026-11-01')).toEqual(winterHours);
    expect(hoursOn(rows, '2026-12-31')).toEqual(winterHours);
    expect(hoursOn(rows, '2027-01-01')).toEqual(winterHours);
    expect(hoursOn(rows, '2027-03-31')).toEqual(winterHours);
    expect(hoursOn(rows, '2027-04-01')).toEqual(yearHours);
    // A season's weekday without rows is closed: the all-year rows do not come back.
    const weekendWinter = [row(ALL, '09:00', '19:00'), row([6, 7], '10:00', '16:00', '11-01', '03-31')];
    expect(hoursOn(weekendWinter, '2027-01-06')).toEqual([]);
    expect(hoursOn(weekendWinter, '2027-01-09')).toEqual(winterHours);
  });

  it('answers from its store the same as fresh, per rows array', () => {
    const monday = [row([1], '09:00', '12:00')];
    const tuesday = [row([2], '09:00', '12:00')];
    // The same day, asked of two activities' rows, then again.
    for (let round = 0; round < 3; round++) {
      expect(hoursOn(monday, '2026-07-13')).toEqual([{ opens: '09:00', closes: '12:00' }]);
      expect(hoursOn(tuesday, '2026-07-13')).toEqual([]);
    }
    // Far more days than it keeps: still right.
    for (let i = 0; i < 200; i++) {
      const day = addDays('2026-07-13', i);
      expect(hoursOn(monday, day).length).toBe(i % 7 === 0 ? 1 : 0);
    }
  });
});

describe('isOpenOn and isOpenDuring (docs/when.md#open-on-a-day)', () => {
  it("takes an activity of the API's answers as it is", () => {
    expectTypeOf<Activity>().toExtend<TimedActivity>();
  });

  it('is open on the days the rows give hours, closed on others, unknown without rows or dates', () => {
    const museum = activity({ weeklyHours: [row([2, 3, 4, 5, 6, 7], '10:00', '18:00')] });
    expect(isOpenOn(museum, '2026-07-14')).toBe('open');
    expect(isOpenOn(museum, '2026-07-13')).toBe('closed');
    expect(isOpenOn(activity(), '2026-07-13')).toBe('unknown');
    expect(isOpenOn(activity({ weeklyHours: [] }), '2026-07-13')).toBe('unknown');
    expect(hasStructuredTimes(museum)).toBe(true);
    expect(hasStructuredTimes(activity())).toBe(false);
    expect(hasStructuredTimes(activity({ weeklyHours: [] }))).toBe(false);
    expect(hasStructuredTimes(activity({ eventStart: '2027-02-01' }))).toBe(true);
  });

  it('holds an edition over months (the Limoux carnival, over New Year too) on its days only', () => {
    const carnival = activity({ category: 'feesten', eventStart: '2026-12-19', eventEnd: '2027-03-28' });
    expect(isOpenOn(carnival, '2026-12-18')).toBe('closed');
    expect(isOpenOn(carnival, '2026-12-19')).toBe('open');
    expect(isOpenOn(carnival, '2027-01-01')).toBe('open');
    expect(isOpenOn(carnival, '2027-02-15')).toBe('open');
    expect(isOpenOn(carnival, '2027-03-28')).toBe('open');
    // After the edition nothing says when the next one is.
    expect(isOpenOn(carnival, '2027-03-29')).toBe('unknown');
    // One day: no last day given.
    const fete = activity({ category: 'feesten', eventStart: '2027-07-14' });
    expect(isOpenOn(fete, '2027-07-13')).toBe('closed');
    expect(isOpenOn(fete, '2027-07-14')).toBe('open');
    expect(isOpenOn(fete, '2027-07-15')).toBe('unknown');
  });

  it("lets an edition's weekly rows decide within it, and closes it outside", () => {
    // An exhibition from June to September, closed on Mondays.
    const exhibition = activity({
      eventStart: '2027-06-01',
      eventEnd: '2027-09-30',
      weeklyHours: [row([2, 3, 4, 5, 6, 7], '10:00', '18:00')],
    });
    expect(isOpenOn(exhibition, '2027-07-06')).toBe('open');
    expect(isOpenOn(exhibition, '2027-07-05')).toBe('closed');
    expect(isOpenOn(exhibition, '2027-05-25')).toBe('closed');
    expect(isOpenOn(exhibition, '2027-10-05')).toBe('unknown');
  });

  it('is open during days when open on one of them, else unknown on one, else closed', () => {
    const saturdays = activity({ weeklyHours: [row([6], '08:00', '13:00')] });
    const fridays = activity({ weeklyHours: [row([5], '08:00', '13:00')] });
    const weekend = ['2026-07-18', '2026-07-19'];
    expect(isOpenDuring(saturdays, weekend)).toBe('open');
    expect(isOpenDuring(fridays, weekend)).toBe('closed');
    expect(isOpenDuring(activity(), weekend)).toBe('unknown');
    expect(isOpenDuring(activity({ eventStart: '2026-07-01', eventEnd: '2026-07-18' }), weekend)).toBe('open');
    expect(isOpenDuring(activity({ eventStart: '2026-07-01', eventEnd: '2026-07-17' }), weekend)).toBe('unknown');
    expect(isOpenDuring(fridays, [])).toBe('closed');
  });
});

describe('isOpenAt (docs/when.md#open-now)', () => {
  const abbey = activity({ weeklyHours: [row(ALL, '10:00', '12:00'), row(ALL, '14:00', '18:00')] });

  it('is open from the opening minute until the closing minute, not during the break at noon', () => {
    expect(isOpenAt(abbey, summer('2026-07-15', '09:59'))).toBe('closed');
    expect(isOpenAt(abbey, summer('2026-07-15', '10:00'))).toBe('open');
    expect(isOpenAt(abbey, at('2026-07-15T11:59:59+02:00'))).toBe('open');
    expect(isOpenAt(abbey, summer('2026-07-15', '12:00'))).toBe('closed');
    expect(isOpenAt(abbey, summer('2026-07-15', '13:59'))).toBe('closed');
    expect(isOpenAt(abbey, summer('2026-07-15', '14:00'))).toBe('open');
    expect(isOpenAt(abbey, summer('2026-07-15', '18:00'))).toBe('closed');
    // 10:30 in Paris is 08:30 UTC: the time is Limoux's.
    expect(isOpenAt(abbey, at('2026-07-15T08:30:00Z'))).toBe('open');
    expect(isOpenAt(abbey, at('2026-07-15T10:30:00Z'))).toBe('closed');
    expect(isOpenAt(activity(), summer('2026-07-15', '10:30'))).toBe('unknown');
  });

  it('stays open at 23:59 with 24:00, and past midnight only when the next day opens at 00:00', () => {
    const bar = activity({ weeklyHours: [row([5], '20:00', '24:00'), row([6], '00:00', '02:00')] });
    expect(isOpenAt(bar, at('2026-07-17T23:59:59+02:00'))).toBe('open');
    expect(isOpenAt(bar, summer('2026-07-18', '00:00'))).toBe('open');
    expect(isOpenAt(bar, summer('2026-07-18', '01:59'))).toBe('open');
    expect(isOpenAt(bar, summer('2026-07-18', '02:00'))).toBe('closed');
    // Thursday to Friday: nothing opens at 00:00 on Friday.
    const late = activity({ weeklyHours: [row([4], '20:00', '24:00')] });
    expect(isOpenAt(late, summer('2026-07-16', '23:59'))).toBe('open');
    expect(isOpenAt(late, summer('2026-07-17', '00:00'))).toBe('closed');
  });

  it('holds an edition without rows all day, on its days only', () => {
    const fair = activity({ category: 'feesten', eventStart: '2026-07-17', eventEnd: '2026-07-19' });
    expect(isOpenAt(fair, summer('2026-07-16', '23:59'))).toBe('closed');
    expect(isOpenAt(fair, summer('2026-07-17', '00:00'))).toBe('open');
    expect(isOpenAt(fair, summer('2026-07-19', '23:59'))).toBe('open');
    expect(isOpenAt(fair, summer('2026-07-20', '00:00'))).toBe('unknown');
  });

  it('opens and closes by the clock when it goes forward: 02:30 does not exist on 29 March', () => {
    const day = [7];
    const night = activity({ weeklyHours: [row(day, '01:00', '02:30')] });
    const early = activity({ weeklyHours: [row(day, '02:30', '04:00')] });
    // 01:59 winter time, then 03:00 summer time.
    expect(isOpenAt(night, at('2026-03-29T00:59:00Z'))).toBe('open');
    expect(isOpenAt(night, at('2026-03-29T01:00:00Z'))).toBe('closed');
    expect(isOpenAt(early, at('2026-03-29T00:59:00Z'))).toBe('closed');
    expect(isOpenAt(early, at('2026-03-29T01:00:00Z'))).toBe('open');
    expect(isOpenAt(early, at('2026-03-29T01:59:00Z'))).toBe('open');
    expect(isOpenAt(early, at('2026-03-29T02:00:00Z'))).toBe('closed');
  });

  it('takes the first 02:30 when it comes twice on 25 October, with no gap and no second opening', () => {
    const day = [7];
    const night = activity({ weeklyHours: [row(day, '01:00', '02:30')] });
    const early = activity({ weeklyHours: [row(day, '02:30', '05:00')] });
    const three = activity({ weeklyHours: [row(day, '03:00', '05:00')] });
    // First pass (summer time).
    expect(isOpenAt(night, at('2026-10-25T00:29:00Z'))).toBe('open');
    expect(isOpenAt(night, at('2026-10-25T00:30:00Z'))).toBe('closed');
    expect(isOpenAt(early, at('2026-10-25T00:29:00Z'))).toBe('closed');
    expect(isOpenAt(early, at('2026-10-25T00:30:00Z'))).toBe('open');
    // Second pass (winter time, 02:00 to 02:59 again): closed stays closed, open stays open.
    for (const iso of ['2026-10-25T01:00:00Z', '2026-10-25T01:15:00Z', '2026-10-25T01:45:00Z']) {
      expect(isOpenAt(night, at(iso))).toBe('closed');
      expect(isOpenAt(early, at(iso))).toBe('open');
      expect(isOpenAt(three, at(iso))).toBe('closed');
    }
    // 03:00 winter time.
    expect(isOpenAt(three, at('2026-10-25T02:00:00Z'))).toBe('open');
    expect(isOpenAt(early, at('2026-10-25T03:59:00Z'))).toBe('open');
    expect(isOpenAt(early, at('2026-10-25T04:00:00Z'))).toBe('closed');
  });
});

describe('statusAt (docs/when.md#what-a-card-says)', () => {
  const abbey = activity({
    category: 'viewpoints',
    weeklyHours: [row([1, 2, 3, 4, 5, 6], '10:00', '12:00'), row([1, 2, 3, 4, 5, 6], '14:00', '18:00')],
  });

  it('says open until the closing, opens later today, closed now after the hours, closed today', () => {
    expect(statusAt(abbey, summer('2026-07-15', '09:00'))).toEqual({ kind: 'opens-later', opens: '10:00' });
    expect(statusAt(abbey, summer('2026-07-15', '10:00'))).toEqual({
      kind: 'open',
      until: '12:00',
      untilDay: '2026-07-15',
    });
    expect(statusAt(abbey, summer('2026-07-15', '12:30'))).toEqual({ kind: 'opens-later', opens: '14:00' });
    expect(statusAt(abbey, summer('2026-07-15', '15:00'))).toEqual({
      kind: 'open',
      until: '18:00',
      untilDay: '2026-07-15',
    });
    expect(statusAt(abbey, summer('2026-07-15', '18:00'))).toEqual({ kind: 'closed-now' });
    expect(statusAt(abbey, summer('2026-07-19', '11:00'))).toEqual({ kind: 'closed-today' });
    expect(statusAt(activity(), summer('2026-07-15', '11:00'))).toEqual({ kind: 'unknown' });
  });

  it('follows an opening over midnight into the next day, and names no end when open round the clock', () => {
    const bar = activity({ weeklyHours: [row([5], '20:00', '24:00'), row([6], '00:00', '02:00')] });
    expect(statusAt(bar, summer('2026-07-17', '23:00'))).toEqual({
      kind: 'open',
      until: '02:00',
      untilDay: '2026-07-18',
    });
    expect(statusAt(bar, summer('2026-07-18', '01:00'))).toEqual({
      kind: 'open',
      until: '02:00',
      untilDay: '2026-07-18',
    });
    expect(statusAt(bar, summer('2026-07-18', '03:00'))).toEqual({ kind: 'closed-now' });
    const late = activity({ weeklyHours: [row([4], '20:00', '24:00')] });
    expect(statusAt(late, summer('2026-07-16', '22:00'))).toEqual({
      kind: 'open',
      until: '24:00',
      untilDay: '2026-07-16',
    });
    // Friday noon to Sunday 18:00 without a break.
    const weekend = activity({
      weeklyHours: [row([5], '12:00', '24:00'), row([6], '00:00', '24:00'), row([7], '00:00', '18:00')],
    });
    expect(statusAt(weekend, summer('2026-07-17', '13:00'))).toEqual({
      kind: 'open',
      until: '18:00',
      untilDay: '2026-07-19',
    });
    const always = activity({ weeklyHours: [row(ALL, '00:00', '24:00')] });
    expect(statusAt(always, summer('2026-07-17', '13:00'))).toEqual({ kind: 'open', until: null, untilDay: null });
  });

  it('says market today with its hours for a market held today, whatever the hour', () => {
    const market = activity({ category: 'markten', weeklyHours: [row([2, 5], '07:30', '12:30')] });
    const today = (time: string) => statusAt(market, summer('2026-07-17', time));
    const hours = { kind: 'market-today', opens: '07:30', closes: '12:30' };
    expect(today('06:00')).toEqual({ ...hours, phase: 'later' });
    expect(today('07:30')).toEqual({ ...hours, phase: 'on' });
    expect(today('12:30')).toEqual({ ...hours, phase: 'over' });
    // Not a market day.
    expect(statusAt(market, summer('2026-07-18', '09:00'))).toEqual({ kind: 'closed-today' });
    // A market without rows: check times.
    expect(statusAt(activity({ category: 'markten' }), summer('2026-07-17', '09:00'))).toEqual({ kind: 'unknown' });
    // A market with a break: from the first opening to the last closing, 'later' in the break.
    const split = activity({
      category: 'markten',
      weeklyHours: [row([5], '08:00', '12:00'), row([5], '16:00', '19:00')],
    });
    expect(statusAt(split, summer('2026-07-17', '13:00'))).toEqual({
      kind: 'market-today',
      opens: '08:00',
      closes: '19:00',
      phase: 'later',
    });
  });

  it("says on now until the edition's last day, the dates of one to come, unknown once over", () => {
    const carnival = activity({ category: 'feesten', eventStart: '2026-12-19', eventEnd: '2027-03-28' });
    expect(statusAt(carnival, winter('2026-11-26', '12:00'))).toEqual({
      kind: 'event-later',
      start: '2026-12-19',
      end: '2027-03-28',
    });
    expect(statusAt(carnival, winter('2027-01-10', '03:00'))).toEqual({ kind: 'event-on', until: '2027-03-28' });
    expect(statusAt(carnival, summer('2027-03-28', '23:59'))).toEqual({ kind: 'event-on', until: '2027-03-28' });
    expect(statusAt(carnival, summer('2027-03-29', '00:00'))).toEqual({ kind: 'unknown' });
    const fete = activity({ category: 'feesten', eventStart: '2026-07-14' });
    expect(statusAt(fete, summer('2026-07-14', '20:00'))).toEqual({ kind: 'event-on', until: '2026-07-14' });
    expect(statusAt(fete, summer('2026-07-13', '20:00'))).toEqual({
      kind: 'event-later',
      start: '2026-07-14',
      end: '2026-07-14',
    });
  });

  it("gives an edition with weekly rows the rows' status within it, and ends an opening over midnight with it", () => {
    const nights = activity({
      category: 'feesten',
      eventStart: '2026-07-16',
      eventEnd: '2026-07-18',
      weeklyHours: [row(ALL, '00:00', '02:00'), row(ALL, '20:00', '24:00')],
    });
    expect(statusAt(nights, summer('2026-07-16', '12:00'))).toEqual({ kind: 'opens-later', opens: '20:00' });
    expect(statusAt(nights, summer('2026-07-17', '22:00'))).toEqual({
      kind: 'open',
      until: '02:00',
      untilDay: '2026-07-18',
    });
    // The last night: the 19th is after the edition, so it closes at midnight.
    expect(statusAt(nights, summer('2026-07-18', '22:00'))).toEqual({
      kind: 'open',
      until: '24:00',
      untilDay: '2026-07-18',
    });
    expect(isOpenAt(nights, summer('2026-07-19', '01:00'))).toBe('unknown');
  });

  it('reads the status by the clock on the days the clocks change', () => {
    const night = activity({ weeklyHours: [row([7], '01:00', '02:30'), row([7], '03:00', '05:00')] });
    // 29 March: 01:59, then 03:00.
    expect(statusAt(night, at('2026-03-29T00:59:00Z'))).toEqual({
      kind: 'open',
      until: '02:30',
      untilDay: '2026-03-29',
    });
    expect(statusAt(night, at('2026-03-29T01:00:00Z'))).toEqual({
      kind: 'open',
      until: '05:00',
      untilDay: '2026-03-29',
    });
    // 25 October: closed at the first 02:30, still closed in the second 02:00 to 02:59, open at 03:00.
    expect(statusAt(night, at('2026-10-25T00:45:00Z'))).toEqual({ kind: 'opens-later', opens: '03:00' });
    expect(statusAt(night, at('2026-10-25T01:15:00Z'))).toEqual({ kind: 'opens-later', opens: '03:00' });
    expect(statusAt(night, at('2026-10-25T02:00:00Z'))).toEqual({
      kind: 'open',
      until: '05:00',
      untilDay: '2026-10-25',
    });
  });
});

describe('whenRange (docs/when.md#the-when-filter)', () => {
  it("gives today and tomorrow in Limoux's calendar", () => {
    expect(whenRange('today', summer('2026-07-15', '10:00'))).toEqual(['2026-07-15']);
    expect(whenRange('tomorrow', summer('2026-07-15', '10:00'))).toEqual(['2026-07-16']);
    // 22:30 UTC on the 31st is already 1 January in Paris.
    expect(whenRange('today', at('2026-12-31T23:30:00Z'))).toEqual(['2027-01-01']);
    expect(whenRange('tomorrow', at('2026-12-31T23:30:00Z'))).toEqual(['2027-01-02']);
  });

  it('gives the coming Saturday and Sunday; on Saturday today and Sunday; on Sunday today only', () => {
    const weekend = ['2026-07-18', '2026-07-19'];
    for (const day of ['2026-07-13', '2026-07-14', '2026-07-15', '2026-07-16', '2026-07-17']) {
      expect(whenRange('weekend', summer(day, '12:00'))).toEqual(weekend);
    }
    expect(whenRange('weekend', summer('2026-07-18', '12:00'))).toEqual(weekend);
    expect(whenRange('weekend', summer('2026-07-19', '12:00'))).toEqual(['2026-07-19']);
    expect(whenRange('weekend', summer('2026-07-20', '12:00'))).toEqual(['2026-07-25', '2026-07-26']);
    // Friday 23:30 UTC is Saturday in Paris; Sunday 22:30 UTC is Monday.
    expect(whenRange('weekend', at('2026-07-17T23:30:00Z'))).toEqual(weekend);
    expect(whenRange('weekend', at('2026-07-19T22:30:00Z'))).toEqual(['2026-07-25', '2026-07-26']);
    // Over New Year: Thursday 31 December 2026.
    expect(whenRange('weekend', winter('2026-12-31', '12:00'))).toEqual(['2027-01-02', '2027-01-03']);
  });

  it('takes a day as it is, and nothing else', () => {
    expect(whenRange('2027-02-28', summer('2026-07-15', '10:00'))).toEqual(['2027-02-28']);
    for (const bad of ['2027-02-29', '2027-2-28', 'yesterday', '', 'Today', '2027-02-28T00:00']) {
      expect(whenRange(bad, summer('2026-07-15', '10:00'))).toBeNull();
    }
  });
});
