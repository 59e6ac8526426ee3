import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDay,
  formatDayRange,
  formatSeason,
  formatWeekday,
  formatWeekdayLong,
  formatWeekdays,
} from './format';

describe('weekly hours in words (docs/product.md#weekly-hours)', () => {
  it('gives three or more days in a row as a range and lists the others, Monday first', () => {
    expect(formatWeekdays([1, 2, 3, 4, 5], 'nl')).toBe('ma–vr');
    expect(formatWeekdays([6, 7], 'nl')).toBe('za, zo');
    expect(formatWeekdays([1, 2, 4, 5, 6, 7], 'en')).toBe('Mon, Tue, Thu–Sun');
    expect(formatWeekdays([1, 3, 5], 'de')).toBe('Mo, Mi, Fr');
    expect(formatWeekdays([2], 'fr')).toBe('mar.');
  });

  it('names weekdays short and in full, and a season by its days in the language', () => {
    expect(formatWeekday(7, 'es')).toBe('dom');
    expect(formatWeekdayLong(1, 'nl')).toBe('maandag');
    expect(formatWeekdayLong(7, 'fr')).toBe('dimanche');
    expect(formatSeason('03-25', '10-31', 'nl')).toBe('25 maart – 31 oktober');
    expect(formatSeason('11-01', '02-28', 'de')).toBe('1. November – 28. Februar');
  });
});

describe('days in words', () => {
  it('writes a range of days with plain spaces, as every browser and the server agree on (docs/rendering.md)', () => {
    expect(formatDayRange('2026-12-05', '2026-12-06', 'en')).toBe('5 – 6 December 2026');
    expect(formatDayRange('2026-12-05', '2026-12-06', 'nl')).toBe('5–6 december 2026');
    expect(formatDay('2026-11-28', 'nl')).toBe('zaterdag 28 november 2026');
    expect(formatDay('2026-11-28', 'de')).toBe('Samstag, 28. November 2026');
  });
});

describe('moments with their hour', () => {
  it('writes the day and the hour in the guide’s time zone, whatever the browser’s', () => {
    // 12:45 UTC is 13:45 in Limoux in November.
    expect(formatDateTime('2026-11-26T12:45:00.000Z', 'nl')).toBe('26 november 2026 om 13:45');
    expect(formatDateTime('2026-11-26T12:45:00.000Z', 'en')).toBe('26 November 2026 at 13:45');
  });
});
