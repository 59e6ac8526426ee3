import { describe, expect, it } from 'vitest';
import { collectGarbage, collectUntilSettled } from './memory.js';

describe('collectGarbage (docs/read-model.md#memory)', () => {
  it('gives back what nothing holds any more, without --expose-gc', () => {
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    // About 50 MB of objects that nothing keeps once this function returns.
    (() => {
      const garbage = Array.from({ length: 400_000 }, (_, i) => ({ i, text: `row ${i}`.repeat(4) }));
      expect(garbage.length).toBe(400_000);
    })();
    const grown = process.memoryUsage().heapUsed;
    expect(grown - before).toBeGreaterThan(30 * 1024 * 1024);
    collectGarbage();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(10 * 1024 * 1024);
  });
});

describe('collectUntilSettled', () => {
  const MB = 1024 * 1024;
  /** A heap that each collection shrinks to the next size given. */
  const heap = (...sizes: number[]) => {
    let at = 0;
    return { collect: () => (at = Math.min(at + 1, sizes.length - 1)), used: () => sizes[at] as number };
  };

  it('collects again while a collection gives back a megabyte or more', () => {
    const shrinking = heap(500 * MB, 300 * MB, 150 * MB, 149.5 * MB, 100 * MB);
    expect(collectUntilSettled(shrinking.collect, shrinking.used)).toBe(3);
    expect(shrinking.used()).toBe(149.5 * MB);
  });

  it('stops after one when nothing more comes back, and after eight at most', () => {
    const settled = heap(100 * MB, 100 * MB);
    expect(collectUntilSettled(settled.collect, settled.used)).toBe(1);
    const endless = heap(...Array.from({ length: 20 }, (_, i) => (100 - i * 2) * MB));
    expect(collectUntilSettled(endless.collect, endless.used)).toBe(8);
  });
});
