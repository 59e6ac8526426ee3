/**
 * A day's forecast and what it suggests (docs/when.md#weather-suggestions): on a rainy or stormy
 * day, indoor activities first; on a heat day, water and shade first; otherwise nothing changes.
 * Shared by server and client; the thresholds and their sources are in docs/when.md.
 */
import type { Setting } from './activities.js';

/** One day of the daily forecast, in Limoux's calendar. */
export interface ForecastDay {
  /** YYYY-MM-DD */
  day: string;
  /** The day's most significant WMO weather code, as Open-Meteo gives it. */
  weatherCode: number;
  /** Highest temperature of the day, °C. */
  maxTemperature: number;
  /** Sum of the day's precipitation, mm. */
  precipitation: number;
}

export interface Forecast {
  days: ForecastDay[];
  source: 'open-meteo';
}

/** How many days ahead the forecast is asked (today included). */
export const FORECAST_DAYS = 7;

/** Rain, freezing rain, rain showers and drizzle (WMO codes 51–67, 80–82). */
export const RAIN_CODES: readonly number[] = [51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 80, 81, 82];
/** Thunderstorm, with or without hail (WMO codes 95, 96, 99). */
export const STORM_CODES: readonly number[] = [95, 96, 99];
/** A rain day has at least this much precipitation: Météo-France's "jour de pluie" (≥ 1 mm). */
export const RAIN_DAY_MM = 1;
/** A heat day reaches this maximum temperature, °C. */
export const HEAT_DAY_CELSIUS = 32;

export type WeatherKind = 'storm' | 'rain' | 'heat';
/** What comes first in the list on such a day. */
export type Favour = 'indoor' | 'water-shade';

/** The kind of day, storm before rain before heat; null for a day that changes nothing. */
export function weatherKindOf(day: ForecastDay): WeatherKind | null {
  if (STORM_CODES.includes(day.weatherCode)) return 'storm';
  if (RAIN_CODES.includes(day.weatherCode) && day.precipitation >= RAIN_DAY_MM) return 'rain';
  if (day.maxTemperature >= HEAT_DAY_CELSIUS) return 'heat';
  return null;
}

export const FAVOUR_OF: Record<WeatherKind, Favour> = { storm: 'indoor', rain: 'indoor', heat: 'water-shade' };

/** The tags (Dutch keys) of activities in or on the water. */
export const WATER_TAGS: readonly string[] = ['zwemmen', 'watersport'];

/** Whether an activity comes first on such a day: indoors for rain; in the water or indoors (shade) for heat. */
export function isFavoured(favour: Favour, activity: { setting: Setting | null; tags: readonly string[] }): boolean {
  if (activity.setting === 'indoor') return true;
  return favour === 'water-shade' && activity.tags.some((tag) => WATER_TAGS.includes(tag));
}
