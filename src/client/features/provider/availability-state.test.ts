import { describe, expect, it } from 'vitest';
import { DEFAULT_AVAILABILITY } from '../../../domain/availability';
import { ApiError } from '../../lib/api-client';
import { errorOf, formErrors, serverErrorsOf, toBody, toFormState } from './availability-state';
import { dayOfText, timeOfText } from './date-text';

describe('the availability form’s state (docs/availability.md#what-a-provider-sets)', () => {
  it('reads a day typed year first or day first, and leaves anything else for the schema to refuse', () => {
    expect(dayOfText(' 2027-07-01 ')).toBe('2027-07-01');
    expect(dayOfText('1-7-2027')).toBe('2027-07-01');
    expect(dayOfText('01/07/2027')).toBe('2027-07-01');
    expect(dayOfText('1.7.2027')).toBe('2027-07-01');
    expect(dayOfText('31-02-2027')).toBe('31-02-2027');
    expect(dayOfText('07/01')).toBe('07/01');
  });

  it('reads a start time on the 24-hour clock, with or without its minutes', () => {
    expect(timeOfText('14:00')).toBe('14:00');
    expect(timeOfText(' 9:30')).toBe('09:30');
    expect(timeOfText('9.30')).toBe('09:30');
    expect(timeOfText('930')).toBe('09:30');
    expect(timeOfText('14')).toBe('14:00');
    expect(timeOfText('24:00')).toBe('24:00');
    expect(timeOfText('2 uur')).toBe('2 uur');
  });

  it('gives back the settings it was made of', () => {
    const settings = {
      periods: [{ start: '2027-06-01', end: '2027-09-30', days: [1, 3, 5] }],
      closed: [
        { date: '2027-07-14', slot: null },
        { date: '2027-07-15', slot: '14:00' },
      ],
      slots: ['10:00', '14:00'],
      durationMinutes: 180,
      capacity: 6,
      confirmation: 'instant' as const,
      leadTimeHours: 12,
      cancelUntilHours: 48,
    };
    const state = toFormState(settings);
    expect(state).toMatchObject({ when: 'periods', by: 'slots', duration: '3', durationUnit: 'hours', limited: true });
    expect(toBody(state)).toEqual(settings);
    expect(toFormState({ ...settings, durationMinutes: 90 })).toMatchObject({
      duration: '90',
      durationUnit: 'minutes',
    });
    expect(toBody(toFormState(DEFAULT_AVAILABILITY))).toEqual(DEFAULT_AVAILABILITY);
  });

  it('sends no periods or slots when the other choice is taken, hours as minutes, and "1,5" as 1.5', () => {
    const state = {
      ...toFormState(DEFAULT_AVAILABILITY),
      periods: [{ key: 0, start: '2027-06-01', end: '2027-06-30', days: [6, 7] }],
      slots: [{ key: 0, start: '10:00' }],
      duration: '1,5',
      leadTimeHours: '',
    };
    expect(toBody(state)).toMatchObject({ periods: [], slots: [], durationMinutes: 90, leadTimeHours: 0 });
  });

  it('names every problem at once, next to its row and field', () => {
    const state = {
      ...toFormState(DEFAULT_AVAILABILITY),
      when: 'periods' as const,
      periods: [{ key: 0, start: '2027-06-30', end: '2027-06-01', days: [] }],
      by: 'slots' as const,
      slots: [
        { key: 0, start: '22:30' },
        { key: 1, start: '22:30' },
      ],
      duration: '2',
      limited: true,
      capacity: '0',
      closed: [{ key: 0, date: '14 juli', slot: '' }],
      cancelUntilHours: '800',
    };
    expect(formErrors(state)).toEqual({
      'periods.0.end': { key: 'periodOrder' },
      'periods.0.days': { key: 'days' },
      'slots.0': { key: 'slotMidnight' },
      'slots.1': { key: 'slotRepeat' },
      capacity: { key: 'capacity' },
      'closed.0.date': { key: 'date' },
      cancelUntilHours: { key: 'hours' },
    });
    expect(formErrors({ ...state, when: 'periods', periods: [], by: 'slots', slots: [], duration: '' })).toMatchObject({
      periods: { key: 'noPeriods' },
      slots: { key: 'noSlots' },
    });
    expect(
      formErrors({ ...toFormState(DEFAULT_AVAILABILITY), by: 'slots', slots: [{ key: 0, start: '10:00' }] }),
    ).toEqual({ durationMinutes: { key: 'durationRequired' } });
  });

  it('keys the API’s details (a 400) as the form does, and nothing for other errors', () => {
    const body = {
      message: 'Invalid body',
      code: 'VALIDATION_FAILED',
      details: [
        { path: 'closed.0.slot', message: 'closed.0.slot must be one of the start times' },
        { path: 'slots', message: 'slots must have at most 24 start times' },
        { path: 'periods.1.days.0', message: 'periods.1.days.0 must be weekdays 1 (Monday) to 7 (Sunday)' },
      ],
    };
    expect(serverErrorsOf(new ApiError(400, `400: ${JSON.stringify(body)}`, 'VALIDATION_FAILED'))).toEqual({
      'closed.0.slot': { key: 'closedSlot' },
      slots: { key: 'tooMany', max: 24 },
      'periods.1.days': { key: 'days' },
    });
    expect(serverErrorsOf(new ApiError(503, '503: down'))).toEqual({});
    expect(errorOf(['leadTimeHours'], 'must be at most 720 (30 days)')).toEqual({
      field: 'leadTimeHours',
      error: { key: 'hours' },
    });
  });
});
