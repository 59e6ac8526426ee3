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

/** Whether tightenHeapGrowth set the factor (and so may loosen it for a while). */
let tightened = false;

/**
 * From now on V8 collects once its heap has grown by HEAP_GROWING_PERCENT of what the last full
 * collection kept, where by itself it lets the heap double when memory is plenty: at 50,000
 * activities 40 writes took the heap in use from 150 to 304 MB before a collection. The server sets
 * it as it starts: a start from the kept file then peaks 35 to 50 MB lower and answers about half a
 * second later; only reading the whole catalogue runs without it (`withHeapGrowthLoosened`). A
 * process started with its own `--heap-growing-percent` keeps it (docs/deployment.md#memory).
 */
export function tightenHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((flag) => /^--heap[-_]growing[-_]percent\b/.test(flag))) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  tightened = true;
  return true;
}

/**
 * `work` with V8's own heap growing factor, then the tight one again: reading and building the whole
 * read model with the tight factor ran some twenty full collections, and a start with no kept file
 * took a second longer (docs/deployment.md#memory).
 */
export async function withHeapGrowthLoosened<T>(work: () => Promise<T>): Promise<T> {
  if (!tightened) return work();
  setFlagsFromString('--heap-growing-percent=0');
  try {
    return await work();
  } finally {
    setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  }
}
