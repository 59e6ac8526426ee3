import { describe, expect, it } from 'vitest';
import {
  bySeason,
  hoursOnDay,
  isoWeekday,
  isSeasonDay,
  normaliseDays,
  seasonDays,
  seasonRun,
  type WeeklyHoursRow,
  weeklyHoursProblem,
  weeklyHoursProblems,
} from './weekly-hours.js';

const row = (
  days: WeeklyHoursRow['days'],
  opens: string,
  closes: string,
  seasonStart: string | null = null,
  seasonEnd: string | null = seasonStart === null ? null : '10-31',
): WeeklyHoursRow => ({ days, opens, closes, seasonStart, seasonEnd });

describe('weeklyHoursProblem (docs/product.md#weekly-hours)', () => {
  it("accepts the Alet abbey's week: a break at noon, and summer hours over the season's", () => {
    const week = [
      row([1, 2, 3, 4, 5], '14:00', '18:00', '03-25'),
      row([6, 7], '10:00', '12:00', '03-25'),
      row([6, 7], '14:00', '18:00', '03-25'),
      row([1, 2, 3, 4, 5, 6, 7], '10:00', '13:00', '07-01', '08-31'),
      row([1, 2, 3, 4, 5, 6, 7], '14:00', '19:00', '07-01', '08-31'),
    ];
    expect(weeklyHoursProblem(week)).toBeNull();
    expect(weeklyHoursProblem([])).toBeNull();
    expect(weeklyHoursProblem([row([4], '18:00', '24:00')])).toBeNull();
  });

  it('names the row and the field to fix', () => {
    expect(weeklyHoursProblem([row([], '10:00', '12:00')])).toEqual({
      path: [0, 'days'],
      message: 'must have at least one day',
    });
    expect(weeklyHoursProblem([row([1], '10:00', '10:00')])).toEqual({
      path: [0, 'closes'],
      message: 'must be after the opening time',
    });
    expect(weeklyHoursProblem([row([1], '10:00', '12:00', '03-25', null)])?.path).toEqual([0, 'seasonEnd']);
    expect(weeklyHoursProblem([row([1], '10:00', '12:00', null, '10-31')])?.path).toEqual([0, 'seasonStart']);
    expect(weeklyHoursProblem([row([1], '10:00', '12:00', '02-29', '10-31')])?.path).toEqual([0, 'seasonStart']);
    expect(weeklyHoursProblem([row([1], '10:00', '12:00', '04-31', '10-31')])?.path).toEqual([0, 'seasonStart']);
    expect(weeklyHoursProblem([row([1], '10:00', '12:00', '10-31', '10-31')])?.path).toEqual([0, 'seasonEnd']);
  });

  it('refuses rows of one season that overlap on a shared day, not ones that touch or differ', () => {
    expect(weeklyHoursProblem([row([1, 2], '09:00', '12:00'), row([2, 3], '11:00', '15:00')])).toEqual({
      path: [1, 'opens'],
      message: 'must not overlap row 1 on the same day',
    });
    expect(weeklyHoursProblem([row([1, 2], '09:00', '12:00'), row([2], '12:00', '15:00')])).toBeNull();
    expect(weeklyHoursProblem([row([1], '09:00', '12:00'), row([2], '09:00', '12:00')])).toBeNull();
    expect(weeklyHoursProblem([row([1], '09:00', '18:00'), row([1], '10:00', '19:00', '07-01')])).toBeNull();
  });
});

describe('weeklyHoursProblems', () => {
  it('names a problem in every row at once, for the form, leaving times that are not times to the schema', () => {
    expect(
      weeklyHoursProblems([
        row([1], '14:00', '12:00'),
        row([], '10:00', '12:00'),
        row([2], '10:00', ''),
        row([3], '10:00', '12:00', '-', '08-31'),
        row([5], '09:00', '12:00'),
        row([5], '11:00', '13:00'),
      ]).map((p) => p.path),
    ).toEqual([
      [0, 'closes'],
      [1, 'days'],
      [3, 'seasonStart'],
      [5, 'opens'],
    ]);
  });
});

describe('season days and runs', () => {
  it('knows the days every year has', () => {
    expect(isSeasonDay('03-25')).toBe(true);
    expect(isSeasonDay('12-31')).toBe(true);
    expect(isSeasonDay('02-29')).toBe(false);
    expect(isSeasonDay('13-01')).toBe(false);
    expect(isSeasonDay('3-25')).toBe(false);
  });

  it("is the run that is on or after today, a winter's over New Year included", () => {
    expect(seasonRun('03-25', '10-31', '2026-11-24')).toEqual({ start: '2027-03-25', end: '2027-10-31' });
    expect(seasonRun('03-25', '10-31', '2026-10-31')).toEqual({ start: '2026-03-25', end: '2026-10-31' });
    expect(seasonRun('03-25', '10-31', '2026-01-10')).toEqual({ start: '2026-03-25', end: '2026-10-31' });
    expect(seasonRun('11-15', '02-15', '2027-01-10')).toEqual({ start: '2026-11-15', end: '2027-02-15' });
    expect(seasonRun('11-15', '02-15', '2026-11-24')).toEqual({ start: '2026-11-15', end: '2027-02-15' });
    expect(seasonRun('11-15', '02-15', '2027-03-01')).toEqual({ start: '2027-11-15', end: '2028-02-15' });
  });

  it('splits a season around a shorter one within it, whose rows replace its rows there', () => {
    const abbey = [
      row([1], '14:00', '18:00', '03-25', '10-31'),
      row([1], '10:00', '13:00', '07-01', '08-31'),
      row([2], '09:00', '12:00'),
    ];
    expect(seasonDays(abbey, '2026-11-24')).toEqual(
      new Map([
        [
          '03-25/10-31',
          [
            { start: '2027-03-25', end: '2027-06-30' },
            { start: '2027-09-01', end: '2027-10-31' },
          ],
        ],
        ['07-01/08-31', [{ start: '2027-07-01', end: '2027-08-31' }]],
      ]),
    );
    // In August the long season's run is the one going on, its part before the summer over.
    expect(seasonDays(abbey, '2026-08-10').get('03-25/10-31')).toEqual([{ start: '2026-09-01', end: '2026-10-31' }]);
    expect(seasonDays(abbey, '2026-08-10').get('07-01/08-31')).toEqual([{ start: '2026-07-01', end: '2026-08-31' }]);
    // Over New Year, and a season that starts on the same day as the one around it.
    const winter = [row([6], '10:00', '16:00', '11-01', '03-31'), row([6], '10:00', '12:00', '11-01', '11-30')];
    expect(seasonDays(winter, '2026-11-24').get('11-01/03-31')).toEqual([{ start: '2026-12-01', end: '2027-03-31' }]);
  });

  it('groups rows by season, the all-year rows first, and orders days from Monday', () => {
    const summer = row([1], '10:00', '19:00', '07-01', '08-31');
    const always = row([2], '09:00', '12:00');
    const alsoAlways = row([3], '09:00', '12:00');
    expect(bySeason([summer, always, alsoAlways])).toEqual([[always, alsoAlways], [summer]]);
    expect(normaliseDays([7, 1, 3, 1])).toEqual([1, 3, 7]);
  });
});

describe('hoursOnDay (docs/availability.md#when-it-can-be-booked)', () => {
  // 2027: 1 January is a Friday, 1 July a Thursday.
  const ALL = [1, 2, 3, 4, 5, 6, 7];

  it('numbers weekdays from Monday (1) to Sunday (7)', () => {
    expect(['2027-01-03', '2027-01-04', '2027-01-08', '2027-01-09'].map(isoWeekday)).toEqual([7, 1, 5, 6]);
  });

  it("gives the all-year rows of the day's weekday, a break at noon as two rows", () => {
    const morning = row([6], '10:00', '12:00');
    const afternoon = row([6], '14:00', '18:00');
    const weekdays = row([1, 2, 3, 4, 5], '09:00', '17:00');
    const rows = [weekdays, morning, afternoon];
    expect(hoursOnDay(rows, '2027-07-10')).toEqual([morning, afternoon]);
    expect(hoursOnDay(rows, '2027-07-14')).toEqual([weekdays]);
    expect(hoursOnDay(rows, '2027-07-11')).toEqual([]);
    expect(hoursOnDay([], '2027-07-11')).toEqual([]);
  });

  it('holds a season over New Year in January, not after its last day', () => {
    const winter = row(ALL, '10:00', '16:00', '11-01', '03-31');
    expect(hoursOnDay([winter], '2027-01-02')).toEqual([winter]);
    expect(hoursOnDay([winter], '2026-12-31')).toEqual([winter]);
    expect(hoursOnDay([winter], '2027-03-31')).toEqual([winter]);
    expect(hoursOnDay([winter], '2027-04-02')).toEqual([]);
    expect(hoursOnDay([winter], '2027-10-31')).toEqual([]);
    // The all-year rows hold outside it, and give way within it.
    const always = row(ALL, '09:00', '19:00');
    expect(hoursOnDay([always, winter], '2027-04-02')).toEqual([always]);
    expect(hoursOnDay([always, winter], '2027-01-02')).toEqual([winter]);
  });

  it('lets the shortest season that holds the day replace the longer ones, weekdays and all', () => {
    const season = row(ALL, '10:00', '18:00', '03-25', '10-31');
    const summer = row([6, 7], '09:00', '19:00', '07-01', '08-31');
    const always = row([1, 2, 3, 4, 5], '14:00', '16:00');
    const rows = [always, season, summer];
    expect(hoursOnDay(rows, '2027-06-16')).toEqual([season]);
    expect(hoursOnDay(rows, '2027-07-17')).toEqual([summer]);
    // A Wednesday in summer: the summer's rows have none, and the longer season's do not come back.
    expect(hoursOnDay(rows, '2027-07-14')).toEqual([]);
    expect(hoursOnDay(rows, '2027-09-01')).toEqual([season]);
    expect(hoursOnDay(rows, '2027-12-01')).toEqual([always]);
    // Over New Year too: the holidays within the winter.
    const winter = row(ALL, '10:00', '16:00', '11-01', '03-31');
    const holidays = row(ALL, '10:00', '20:00', '12-20', '01-05');
    expect(hoursOnDay([winter, holidays], '2027-01-02')).toEqual([holidays]);
    expect(hoursOnDay([winter, holidays], '2026-12-24')).toEqual([holidays]);
    expect(hoursOnDay([winter, holidays], '2027-01-06')).toEqual([winter]);
  });

  it('holds a season on 29 February of a leap year', () => {
    const february = row(ALL, '10:00', '12:00', '02-01', '03-31');
    expect(hoursOnDay([february], '2028-02-29')).toEqual([february]);
  });
});
