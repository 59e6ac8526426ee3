import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/**
 * Full collections by V8, now (docs/read-model.md#memory). The start reads and builds the whole
 * read model, which leaves more garbage than the model itself (at 50,000 activities some 110 MB of
 * heap and 70 MB of typed arrays) that V8, with no pressure to, keeps for minutes: collecting
 * before the app listens gives it back. Node gives `gc` only to a process started with
 * --expose-gc; the flag can be set once running, and `gc` taken from a new context.
 */
export function collectGarbage(): void {
  if (collect === undefined) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  // Again while a collection still gives back a megabyte: one left much of it. At 50,000 activities
  // on the embedded database, from the kept file: RSS after the start 485 MB with one, 396 to 408
  // with two, 358 with three (docs/read-model.md#memory).
  collectUntilSettled(collect, () => getHeapStatistics().used_heap_size);
}

/** At most this many collections in a row. */
const MAX_COLLECTIONS = 8;
/** A collection that gave back less than this is the last. */
const STILL_GIVING_BACK = 1024 * 1024;

/**
 * Runs `collect` until one gives back less than STILL_GIVING_BACK bytes of `used()`, at most
 * MAX_COLLECTIONS times; returns how many ran.
 */
export function collectUntilSettled(collect: () => void, used: () => number): number {
  let before = used();
  for (let round = 1; round <= MAX_COLLECTIONS; round++) {
    collect();
    const after = used();
    if (before - after < STILL_GIVING_BACK) return round;
    before = after;
  }
  return MAX_COLLECTIONS;
}

/** V8's heap growing factor while the app serves, as a percentage over 1 (docs/deployment.md#memory). */
export const HEAP_GROWING_PERCENT = 20;

/** The factor this module set (a percentage), null when it set none: a factor given on the command line stays. */
let setPercent: number | null = null;

function setHeapGrowingPercent(percent: number) {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
  setPercent = percent;
}

/** The heap growing factor this module has set, as a percentage over 1; null when it has set none. */
export const heapGrowingPercent = (): number | null => setPercent;

/**
 * From now on V8 collects once its heap has grown by HEAP_GROWING_PERCENT of what the last full
 * collection kept, where by itself it lets the heap double when memory is plenty: at 50,000
 * activities 40 writes took the heap in use from 150 to 304 MB before a collection. The server sets
 * it as it starts: a start from the kept file then peaks 35 to 50 MB lower and answers about half a
 * second later; only reading the whole catalogue runs with a looser one (`withHeapGrowthLoosened`). A
 * process started with its own `--heap-growing-percent` keeps it (docs/deployment.md#memory).
 */
export function tightenHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((flag) => /^--heap[-_]growing[-_]percent\b/.test(flag))) return false;
  setHeapGrowingPercent(HEAP_GROWING_PERCENT);
  return true;
}

/**
 * The factor while the whole catalogue is read (`withHeapGrowthLoosened`): at 50,000 activities on
 * the embedded database, with the tight factor a start with no kept file made its read model in 4.7 to
 * 5.2 s and peaked at 381 to 393 MB; with V8's own, 4.3 to 4.8 s and 394 to 419 MB; with this, 4.6 to
 * 4.9 s and 381 to 392 MB (docs/deployment.md#memory).
 */
export const READ_HEAP_GROWING_PERCENT = 50;

/**
 * `work` with a looser heap growing factor (READ_HEAP_GROWING_PERCENT), then the tight one again:
 * reading the whole read model leaves garbage at every chunk, which the tight factor collected in many
 * full collections (docs/deployment.md#memory).
 */
export async function withHeapGrowthLoosened<T>(work: () => Promise<T>): Promise<T> {
  if (setPercent === null) return work();
  setHeapGrowingPercent(READ_HEAP_GROWING_PERCENT);
  try {
    return await work();
  } finally {
    setHeapGrowingPercent(HEAP_GROWING_PERCENT);
  }
}
