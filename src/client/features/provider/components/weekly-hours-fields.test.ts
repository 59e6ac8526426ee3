import { describe, expect, it } from 'vitest';
import type { WeeklyHoursRow } from '../../../../domain/weekly-hours';
import { toHoursState, toWeeklyHours } from './weekly-hours-fields';

describe("the weekly hours form's rows (docs/product.md#weekly-hours)", () => {
  const week: WeeklyHoursRow[] = [
    { days: [4], opens: '18:00', closes: '24:00', seasonStart: null, seasonEnd: null },
    { days: [6, 7], opens: '10:00', closes: '12:00', seasonStart: '03-25', seasonEnd: '10-31' },
  ];

  it('shows midnight as 00:00 in the time field and splits a season into day and month', () => {
    expect(toHoursState(week)).toEqual([
      expect.objectContaining({ key: 0, closes: '00:00', seasonal: false, startDay: '', startMonth: '' }),
      expect.objectContaining({
        key: 1,
        closes: '12:00',
        seasonal: true,
        startDay: '25',
        startMonth: '03',
        endDay: '31',
        endMonth: '10',
      }),
    ]);
  });

  it('gives back the same rows, and a season half chosen as it is, for the rules to name', () => {
    expect(toWeeklyHours(toHoursState(week))).toEqual(week);
    const [row] = toHoursState([week[1] as WeeklyHoursRow]);
    expect(toWeeklyHours([{ ...(row as NonNullable<typeof row>), startDay: '' }])[0]).toMatchObject({
      seasonStart: '03-',
      seasonEnd: '10-31',
    });
    expect(toWeeklyHours([{ ...(row as NonNullable<typeof row>), seasonal: false }])[0]).toMatchObject({
      seasonStart: null,
      seasonEnd: null,
    });
  });
});
