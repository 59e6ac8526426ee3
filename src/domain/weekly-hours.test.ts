import { describe, expect, it } from 'vitest';
import {
  bySeason,
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
