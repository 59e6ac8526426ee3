import type { ReverseGeocode } from '../../../domain/weather-schemas.js';
import { CoalescingCache } from '../../outside/coalescing-cache.js';
import { paced } from '../../outside/pace.js';
import type { Geocoder } from './nominatim.js';

/** Towns do not move: reverse lookups are kept a day, per ~1 km. */
const GEOCODE_CACHE_MS = 24 * 60 * 60 * 1000;
/** Nominatim's policy: at most one request a second from us (docs/outside-services.md). */
export const NOMINATIM_INTERVAL_MS = 1000;
/** Nobody waits longer than this for a slot: the queue holds a few calls, then answers 503. */
export const NOMINATIM_MAX_WAIT_MS = 3000;

/** The town is asked at zoom 10: a position to two decimals (about 1 km) tells it as well. */
const round2 = (n: number) => Math.round(n * 100) / 100;

export function createGeocodeService(
  geocoder: Geocoder,
  { intervalMs = NOMINATIM_INTERVAL_MS, maxWaitMs = NOMINATIM_MAX_WAIT_MS } = {},
): Geocoder {
  const cache = new CoalescingCache<ReverseGeocode>({ ttlMs: GEOCODE_CACHE_MS, max: 5000 });
  const run = paced(intervalMs, { maxWaitMs });
  return {
    reverse(lat, lon, language, signal) {
      const rLat = round2(lat);
      const rLon = round2(lon);
      return cache.get(
        `${rLat},${rLon},${language}`,
        (upstream) => run(() => geocoder.reverse(rLat, rLon, language, upstream), upstream),
        signal,
      );
    },
  };
}
