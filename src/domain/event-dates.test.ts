import { describe, expect, it } from 'vitest';
import { EVENT_MAX_DAYS, eventDatesProblem, upcomingEdition } from './event-dates.js';

const dates = (eventStart: string | null, eventEnd: string | null = null) => ({ eventStart, eventEnd });

describe('eventDatesProblem (docs/product.md#event-dates)', () => {
  it('accepts no dates, one day, and an edition of up to half a year', () => {
    expect(eventDatesProblem(dates(null))).toBeNull();
    expect(eventDatesProblem(dates('2027-07-14'))).toBeNull();
    expect(eventDatesProblem(dates('2027-07-14', '2027-07-14'))).toBeNull();
    expect(eventDatesProblem(dates('2027-01-01', '2027-07-02'))).toBeNull();
    expect(EVENT_MAX_DAYS).toBe(183);
  });

  it('names the field to fix', () => {
    expect(eventDatesProblem(dates(null, '2027-05-01'))).toEqual({
      path: 'eventStart',
      message: 'is required with a last day',
    });
    expect(eventDatesProblem(dates('2027-05-01', '2027-04-30'))).toEqual({
      path: 'eventEnd',
      message: 'must not be before the first day',
    });
    expect(eventDatesProblem(dates('2027-01-01', '2027-07-03'))).toEqual({
      path: 'eventEnd',
      message: 'must be within 183 days of the first day',
    });
    // Across a leap day: 2028-02-29 counts.
    expect(eventDatesProblem(dates('2028-01-01', '2028-07-01'))).toBeNull();
    expect(eventDatesProblem(dates('2028-01-01', '2028-07-02'))?.path).toBe('eventEnd');
  });

  it('with today, refuses an edition that has ended, not one that ends today', () => {
    expect(eventDatesProblem(dates('2026-11-20', '2026-11-21'), '2026-11-22')).toEqual({
      path: 'eventEnd',
      message: 'must be today or later',
    });
    expect(eventDatesProblem(dates('2026-11-21'), '2026-11-22')).toEqual({
      path: 'eventStart',
      message: 'must be today or later',
    });
    expect(eventDatesProblem(dates('2026-11-20', '2026-11-22'), '2026-11-22')).toBeNull();
    // Without today, only the shape is checked.
    expect(eventDatesProblem(dates('2020-01-01'))).toBeNull();
  });
});

describe('upcomingEdition', () => {
  it('is the edition while it runs or is to come, with its last day filled in', () => {
    expect(upcomingEdition(dates('2027-07-14'), '2026-11-22')).toEqual({ start: '2027-07-14', end: '2027-07-14' });
    expect(upcomingEdition(dates('2026-11-20', '2026-11-22'), '2026-11-22')).toEqual({
      start: '2026-11-20',
      end: '2026-11-22',
    });
    expect(upcomingEdition(dates('2026-11-20', '2026-11-21'), '2026-11-22')).toBeNull();
    expect(upcomingEdition(dates(null), '2026-11-22')).toBeNull();
  });
});
