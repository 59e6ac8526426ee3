/**
 * Spaces calls at least `intervalMs` apart, in the order they were asked
 * (Nominatim's usage policy: at most one request a second). A call that
 * fails still takes its slot.
 */
export function paced(intervalMs: number, now: () => number = Date.now) {
  let nextSlot = 0;
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    const start = Math.max(now(), nextSlot);
    nextSlot = start + intervalMs;
    const wait = start - now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return task();
  };
}
