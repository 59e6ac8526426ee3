import type { WeatherKind } from '../../../domain/forecast';

/** What the list answer's X-Weather-Suggestion says (docs/when.md#weather-suggestions). */
export interface WeatherSuggestion {
  kind: WeatherKind;
  /** YYYY-MM-DD */
  day: string;
  /** How many of the matches the day puts first. */
  count: number;
}

const HEADER = /^(rain|storm|heat); day=(\d{4}-\d{2}-\d{2}); count=(\d+)$/;

/** The header read, or null when there is none or it says something else: then nothing is suggested. */
export function parseWeatherSuggestion(header: string | null | undefined): WeatherSuggestion | null {
  const found = header ? HEADER.exec(header) : null;
  if (!found) return null;
  return { kind: found[1] as WeatherKind, day: found[2] as string, count: Number(found[3]) };
}
