import { describe, expect, it } from 'vitest';
import { parseWeatherSuggestion } from './weather-suggestion';

describe('parseWeatherSuggestion', () => {
  it('reads the kind, the day and the count', () => {
    expect(parseWeatherSuggestion('rain; day=2026-11-27; count=9')).toEqual({
      kind: 'rain',
      day: '2026-11-27',
      count: 9,
    });
    expect(parseWeatherSuggestion('heat; day=2026-07-14; count=0')).toEqual({
      kind: 'heat',
      day: '2026-07-14',
      count: 0,
    });
  });

  it.each([null, undefined, '', 'snow; day=2026-11-27; count=9', 'rain; day=tomorrow; count=9', 'rain'])(
    'suggests nothing for %s',
    (header) => expect(parseWeatherSuggestion(header)).toBeNull(),
  );
});
