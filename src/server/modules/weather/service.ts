import type { Language } from '../../../domain/languages.js';
import { WEATHER_CACHE_MS, WEATHER_GRID_DEGREES, type Weather } from '../../../domain/weather.js';
import { CoalescingCache } from '../../outside/coalescing-cache.js';
import type { WeatherProvider } from './providers.js';

export interface WeatherService {
  current(lat: number, lon: number, language: Language, signal?: AbortSignal): Promise<Weather>;
  /** Whether `current` would answer from the cache, without asking upstream. */
  isCached(lat: number, lon: number, language: Language): boolean;
}

const toGrid = (value: number) => Math.round(value / WEATHER_GRID_DEGREES) * WEATHER_GRID_DEGREES;
const gridKey = (value: number) => toGrid(value).toFixed(2);
const cacheKey = (lat: number, lon: number, language: Language) => `${gridKey(lat)},${gridKey(lon)},${language}`;

/**
 * Current weather per grid cell (about 10 km) and language, cached for 10
 * minutes; concurrent requests for one cell make one upstream call, which is
 * dropped when every asker has gone (docs/outside-services.md). Within the
 * service area there are a few hundred cells, so the cache holds them all:
 * no flood of positions can flush it or spend the upstream quota.
 */
export function createWeatherService(provider: WeatherProvider, ttlMs = WEATHER_CACHE_MS): WeatherService {
  const cache = new CoalescingCache<Weather>({ ttlMs, max: 5000 });
  return {
    current(lat, lon, language, signal) {
      const cellLat = Number(gridKey(lat));
      const cellLon = Number(gridKey(lon));
      return cache.get(
        cacheKey(lat, lon, language),
        (upstream) => provider.current(cellLat, cellLon, language, upstream),
        signal,
      );
    },
    isCached: (lat, lon, language) => cache.has(cacheKey(lat, lon, language)),
  };
}
