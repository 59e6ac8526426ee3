import { FAVOUR_OF, type Favour, type WeatherKind, weatherKindOf } from '../../../domain/forecast.js';
import { whenRange } from '../../../domain/opening.js';
import type { Position } from '../../../domain/geo.js';
import type { WeatherService } from './service.js';

/** How long a list waits for a forecast not in the cache yet. */
export const SUGGESTION_WAIT_MS = 1000;

export interface DaySuggestion {
  /** YYYY-MM-DD in Limoux. */
  day: string;
  /** null: the forecast changes nothing that day. */
  kind: WeatherKind | null;
  favour: Favour | null;
}

/**
 * What the forecast at the guide's centre says of a day (docs/when.md#weather-suggestions): today,
 * tomorrow or a day given. Null when the forecast is unreachable or does not reach that day: then
 * nothing is suggested, and nothing pretends.
 */
export async function suggestionFor(
  weather: WeatherService,
  centre: Position,
  weatherDay: string,
  now: Date,
  signal?: AbortSignal,
): Promise<DaySuggestion | null> {
  const [day] = whenRange(weatherDay, now) ?? [];
  if (day === undefined) return null;
  let forecast;
  let timer: NodeJS.Timeout | undefined;
  try {
    // A list never waits long for the weather: past the wait it comes in the usual order, and the
    // forecast, still asked, is there for the next one (docs/when.md#weather-suggestions).
    forecast = await Promise.race([
      weather.daily(centre.lat, centre.lon, signal),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SUGGESTION_WAIT_MS))),
    ]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
  if (!forecast) return null;
  const found = forecast.days.find((d) => d.day === day);
  if (!found) return null;
  const kind = weatherKindOf(found);
  return { day, kind, favour: kind === null ? null : FAVOUR_OF[kind] };
}
