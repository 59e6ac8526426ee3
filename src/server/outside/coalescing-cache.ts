import { LRUCache } from 'lru-cache';

/**
 * A time-limited cache in front of a slow or metered outside service: an
 * answer is reused for `ttlMs`, and concurrent requests for the same key
 * share one upstream call. Failures are not cached.
 */
export class CoalescingCache<T extends object> {
  private readonly cache: LRUCache<string, T>;
  private readonly inFlight = new Map<string, Promise<T>>();

  constructor({ ttlMs, max = 1000 }: { ttlMs: number; max?: number }) {
    this.cache = new LRUCache<string, T>({ max, ttl: ttlMs });
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const promise = load()
      .then((value) => {
        this.cache.set(key, value);
        return value;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }
}
