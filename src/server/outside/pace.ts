import { serviceUnavailable } from '../errors.js';

export interface PaceOptions {
  /** A call that would wait longer than this for its slot is refused at once (503). */
  maxWaitMs: number;
  now?: () => number;
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Spaces calls at least `intervalMs` apart, in the order they were asked
 * (Nominatim's usage policy: at most one request a second). The queue is
 * bounded by time: a call whose slot lies more than `maxWaitMs` ahead is
 * refused with a 503 instead of piling up, and a call whose client has gone
 * (its signal aborted) leaves the queue without reaching the service. A call
 * that fails still takes its slot.
 */
export function paced(intervalMs: number, { maxWaitMs, now = Date.now }: PaceOptions) {
  let nextSlot = 0;
  /** When the last call really started: a busy event loop can wake a call late, and the next one must not follow closer. */
  let lastStart = Number.NEGATIVE_INFINITY;
  return async function run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    const start = Math.max(now(), nextSlot);
    const wait = start - now();
    if (wait > maxWaitMs) {
      throw serviceUnavailable('The service is busy; try again in a few seconds');
    }
    nextSlot = start + intervalMs;
    if (wait > 0) {
      try {
        await sleep(wait, signal);
      } catch (error) {
        // Nobody queued behind this slot: give it back.
        if (nextSlot === start + intervalMs) nextSlot = start;
        throw error;
      }
    }
    for (let gap = lastStart + intervalMs - now(); gap > 0; gap = lastStart + intervalMs - now()) {
      await sleep(gap, signal);
    }
    lastStart = now();
    return task();
  };
}
