import type { ReverseGeocode } from '../../../domain/weather-schemas.js';
import { CoalescingCache } from '../../outside/coalescing-cache.js';
import { paced } from '../../outside/pace.js';
import type { Geocoder } from './nominatim.js';

/** Towns do not move: reverse lookups are kept a day, per ~100 m. */
const GEOCODE_CACHE_MS = 24 * 60 * 60 * 1000;
/** Nominatim's policy: at most one request a second from us (DECISIONS 29). */
export const NOMINATIM_INTERVAL_MS = 1000;

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function createGeocodeService(geocoder: Geocoder, intervalMs = NOMINATIM_INTERVAL_MS): Geocoder {
  const cache = new CoalescingCache<ReverseGeocode>({ ttlMs: GEOCODE_CACHE_MS, max: 5000 });
  const run = paced(intervalMs);
  return {
    reverse(lat, lon, language) {
      const rLat = round3(lat);
      const rLon = round3(lon);
      return cache.get(`${rLat},${rLon},${language}`, () => run(() => geocoder.reverse(rLat, rLon, language)));
    },
  };
}
