import { isInServiceArea } from '../../../domain/geo.js';
import type { GeocodeResult, ReverseGeocode } from '../../../domain/weather-schemas.js';
import { CoalescingCache } from '../../outside/coalescing-cache.js';
import { fairShare } from '../../outside/fair-share.js';
import { paced } from '../../outside/pace.js';
import type { Geocoder } from './nominatim.js';

/** Towns do not move: reverse lookups are kept a day, per ~1 km. */
const GEOCODE_CACHE_MS = 24 * 60 * 60 * 1000;
/** Nominatim's policy: at most one request a second from us (docs/outside-services.md). */
export const NOMINATIM_INTERVAL_MS = 1000;
/** Nobody waits longer than this for a slot: the queue holds a few calls, then answers 503. */
export const NOMINATIM_MAX_WAIT_MS = 3000;

/**
 * Upstream calls one client may cause a minute (answers from the cache are free): a visitor looks
 * their town up once or twice a visit, a provider a few addresses; 60 a minute are all we have.
 */
export const NOMINATIM_CALLS_PER_CLIENT_MINUTE = 5;

/** The town is asked at zoom 10: a position to two decimals (about 1 km) tells it as well. */
const round2 = (n: number) => Math.round(n * 100) / 100;

export function createGeocodeService(
  geocoder: Geocoder,
  {
    intervalMs = NOMINATIM_INTERVAL_MS,
    maxWaitMs = NOMINATIM_MAX_WAIT_MS,
    callsPerClientMinute = NOMINATIM_CALLS_PER_CLIENT_MINUTE,
  } = {},
): Geocoder {
  const cache = new CoalescingCache<ReverseGeocode>({ ttlMs: GEOCODE_CACHE_MS, max: 5000 });
  const searches = new CoalescingCache<GeocodeResult[]>({ ttlMs: GEOCODE_CACHE_MS, max: 2000 });
  // One queue for both lookups: Nominatim counts all our requests together.
  const pace = paced(intervalMs, { maxWaitMs });
  // No client can take the whole budget: one queued call at a time, a few a minute each.
  const share = fairShare({ perMinute: callsPerClientMinute });
  const run = <T>(client: string | undefined, task: () => Promise<T>, signal: AbortSignal) =>
    share.run(client, () => pace(task, signal));
  return {
    reverse(lat, lon, language, signal, client) {
      const rLat = round2(lat);
      const rLon = round2(lon);
      return cache.get(
        `${rLat},${rLon},${language}`,
        (upstream) => run(client, () => geocoder.reverse(rLat, rLon, language, upstream), upstream),
        signal,
      );
    },
    search(query, area, language, signal, client) {
      // The same words in another case or spacing are the same question.
      const key = `${query.toLowerCase().replace(/\s+/g, ' ')}|${language}|${area.center.lat},${area.center.lon},${area.radiusKm}`;
      return searches.get(
        key,
        async (upstream) => {
          const results = await run(client, () => geocoder.search(query, area, language, upstream), upstream);
          // The box is wider than the circle: keep what lies in the area itself.
          return results.filter((r) => isInServiceArea(area, { lat: r.latitude, lon: r.longitude }));
        },
        signal,
      );
    },
  };
}
