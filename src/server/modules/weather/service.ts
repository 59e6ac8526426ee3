import type { Language } from '../../../domain/languages.js';
import { WEATHER_CACHE_MS, WEATHER_GRID_DEGREES, type Weather } from '../../../domain/weather.js';
import { CoalescingCache } from '../../outside/coalescing-cache.js';
import type { ForecastProvider, WeatherProvider } from './providers.js';
import type { Forecast } from '../../../domain/forecast.js';
import { serviceUnavailable } from '../../errors.js';

export interface WeatherService {
  current(lat: number, lon: number, language: Language, signal?: AbortSignal): Promise<Weather>;
  /** Whether `current` would answer from the cache, without asking upstream. */
  isCached(lat: number, lon: number, language: Language): boolean;
  /** The daily forecast of the position's cell (docs/outside-services.md#weather). */
  daily(lat: number, lon: number, signal?: AbortSignal): Promise<Forecast>;
  isDailyCached(lat: number, lon: number): boolean;
}

const toGrid = (value: number) => Math.round(value / WEATHER_GRID_DEGREES) * WEATHER_GRID_DEGREES;
const gridKey = (value: number) => toGrid(value).toFixed(2);
/** The grid cell of a position: its centre, asked upstream, and its key in the caches. */
const cellOf = (lat: number, lon: number) => ({
  lat: Number(gridKey(lat)),
  lon: Number(gridKey(lon)),
  key: `${gridKey(lat)},${gridKey(lon)}`,
});
const cacheKey = (lat: number, lon: number, language: Language) => `${cellOf(lat, lon).key},${language}`;

/**
 * Current weather per grid cell (about 10 km) and language, cached for 10
 * minutes; concurrent requests for one cell make one upstream call, which is
 * dropped when every asker has gone (docs/outside-services.md). Within the
 * service area there are a few hundred cells, so the cache holds them all:
 * no flood of positions can flush it or spend the upstream quota.
 */
export function createWeatherService(
  provider: WeatherProvider,
  ttlMs = WEATHER_CACHE_MS,
  forecast: ForecastProvider | null = null,
): WeatherService {
  const cache = new CoalescingCache<Weather>({ ttlMs, max: 5000 });
  // The forecast per cell, as the current weather; it names no language.
  const dailyCache = new CoalescingCache<Forecast>({ ttlMs, max: 5000 });
  return {
    daily(lat, lon, signal) {
      if (!forecast) return Promise.reject(serviceUnavailable('No weather forecast is configured'));
      const cell = cellOf(lat, lon);
      return dailyCache.get(cell.key, (upstream) => forecast.daily(cell.lat, cell.lon, upstream), signal);
    },
    isDailyCached: (lat, lon) => dailyCache.has(cellOf(lat, lon).key),
    current(lat, lon, language, signal) {
      const cell = cellOf(lat, lon);
      return cache.get(
        cacheKey(lat, lon, language),
        (upstream) => provider.current(cell.lat, cell.lon, language, upstream),
        signal,
      );
    },
    isCached: (lat, lon, language) => cache.has(cacheKey(lat, lon, language)),
  };
}
