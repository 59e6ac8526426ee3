import { describe, expect, it } from 'vitest';
import { HEAT_DAY_CELSIUS, isFavoured, RAIN_DAY_MM, weatherKindOf } from './forecast.js';

const day = (weatherCode: number, maxTemperature = 20, precipitation = 0) => ({
  day: '2026-07-14',
  weatherCode,
  maxTemperature,
  precipitation,
});

describe('weatherKindOf (docs/when.md#weather-suggestions)', () => {
  it.each([
    [95, 'storm'],
    [96, 'storm'],
    [99, 'storm'],
  ] as const)('calls WMO code %i a storm, whatever the rain or heat', (code, kind) => {
    expect(weatherKindOf(day(code, 35, 0))).toBe(kind);
  });

  it.each([51, 55, 57, 61, 63, 65, 66, 67, 80, 81, 82])('calls code %i with 1 mm or more a rain day', (code) => {
    expect(weatherKindOf(day(code, 20, RAIN_DAY_MM))).toBe('rain');
    expect(weatherKindOf(day(code, 20, 12.5))).toBe('rain');
  });

  it('does not call a drizzle or shower code with less than 1 mm a rain day', () => {
    expect(weatherKindOf(day(61, 20, 0.9))).toBeNull();
    expect(weatherKindOf(day(80, 20, 0))).toBeNull();
  });

  it.each([0, 1, 2, 3, 45, 48, 71, 73, 75, 77, 85, 86])(
    'does not call code %i a rain day, even with precipitation',
    (code) => {
      expect(weatherKindOf(day(code, 20, 5))).toBeNull();
    },
  );

  it('calls 32 °C and more a heat day, 31.9 °C not', () => {
    expect(weatherKindOf(day(0, HEAT_DAY_CELSIUS))).toBe('heat');
    expect(weatherKindOf(day(1, 38.4))).toBe('heat');
    expect(weatherKindOf(day(0, 31.9))).toBeNull();
  });

  it('puts rain before heat on a hot rainy day', () => {
    expect(weatherKindOf(day(63, 33, 4))).toBe('rain');
  });
});

describe('isFavoured', () => {
  it('puts indoor activities first on a rainy day, not outdoor, both or unknown ones', () => {
    expect(isFavoured('indoor', { setting: 'indoor', tags: [] })).toBe(true);
    expect(isFavoured('indoor', { setting: 'both', tags: [] })).toBe(false);
    expect(isFavoured('indoor', { setting: null, tags: ['zwemmen'] })).toBe(false);
  });

  it('puts water (swimming, water sports) and shade (indoors) first on a heat day', () => {
    expect(isFavoured('water-shade', { setting: 'outdoor', tags: ['zwemmen'] })).toBe(true);
    expect(isFavoured('water-shade', { setting: null, tags: ['watersport'] })).toBe(true);
    expect(isFavoured('water-shade', { setting: 'indoor', tags: [] })).toBe(true);
    expect(isFavoured('water-shade', { setting: 'outdoor', tags: ['wandelen'] })).toBe(false);
  });
});
