import { LRUCache } from 'lru-cache';

interface InFlight<T> {
  promise: Promise<T>;
  controller: AbortController;
  waiters: number;
}

/** Settles like `promise`, or rejects as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, onAbort: () => void): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort();
      reject(signal.reason as Error);
    };
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error as Error);
      },
    );
  });
}

/**
 * A time-limited, size-limited cache in front of a slow or metered outside
 * service: an answer is reused for `ttlMs`, and concurrent requests for the
 * same key share one upstream call. When every request waiting for that call
 * has gone (its signal aborted), the call is aborted too, so that abandoned
 * requests cost the service nothing. Failures are not cached.
 */
export class CoalescingCache<T extends object> {
  private readonly cache: LRUCache<string, T>;
  private readonly inFlight = new Map<string, InFlight<T>>();

  constructor({ ttlMs, max = 1000 }: { ttlMs: number; max?: number }) {
    this.cache = new LRUCache<string, T>({ max, ttl: ttlMs });
  }

  /** Whether an answer for `key` is ready to reuse (no upstream call needed). */
  has(key: string): boolean {
    return this.cache.has(key);
  }

  async get(key: string, load: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    let entry = this.inFlight.get(key);
    if (!entry) {
      const controller = new AbortController();
      const promise = load(controller.signal)
        .then((value) => {
          this.cache.set(key, value);
          return value;
        })
        .finally(() => {
          if (this.inFlight.get(key) === created) this.inFlight.delete(key);
        });
      // Nobody may be left to hear a failure (all waiters gone): never an unhandled rejection.
      promise.catch(() => undefined);
      const created: InFlight<T> = { promise, controller, waiters: 0 };
      entry = created;
      this.inFlight.set(key, entry);
    }
    const shared = entry;
    shared.waiters += 1;
    return untilAborted(shared.promise, signal, () => {
      shared.waiters -= 1;
      if (shared.waiters === 0) {
        shared.controller.abort(signal?.reason);
        if (this.inFlight.get(key) === shared) this.inFlight.delete(key);
      }
    });
  }
}
