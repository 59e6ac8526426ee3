import type { Language } from '../../../domain/languages.js';
import { roundCoordinate, WEATHER_CACHE_MS, type Weather } from '../../../domain/weather.js';
import { CoalescingCache } from '../../outside/coalescing-cache.js';
import type { WeatherProvider } from './providers.js';

export interface WeatherService {
  current(lat: number, lon: number, language: Language): Promise<Weather>;
}

/**
 * Current weather per rounded position and language, cached for 10 minutes;
 * concurrent requests for one place make one upstream call (DECISIONS 28).
 */
export function createWeatherService(provider: WeatherProvider, ttlMs = WEATHER_CACHE_MS): WeatherService {
  const cache = new CoalescingCache<Weather>({ ttlMs });
  return {
    current(lat, lon, language) {
      const rLat = roundCoordinate(lat);
      const rLon = roundCoordinate(lon);
      return cache.get(`${rLat},${rLon},${language}`, () => provider.current(rLat, rLon, language));
    },
  };
}
