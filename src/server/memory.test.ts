import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  collectGarbage,
  collectUntilSettled,
  HEAP_GROWING_PERCENT,
  READ_HEAP_GROWING_PERCENT,
  tightenHeapGrowth,
} from './memory.js';

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

describe('tightenHeapGrowth (docs/deployment.md#memory)', () => {
  /**
   * The most the heap in use rose above a collected 60 MB, in a process of its own (a V8 flag is the
   * process's), while batches of objects that live long enough to reach the old generation come and go,
   * as a write's garbage does: `tightened` calls tightenHeapGrowth after the first collection.
   */
  function heapRise(mode: 'own' | 'tightened'): number {
    const memory = fileURLToPath(new URL('./memory.ts', import.meta.url));
    const script = `
      const { collectGarbage, tightenHeapGrowth } = await import(${JSON.stringify(memory)});
      const live = Array.from({ length: 800000 }, (_, i) => ({ i, text: 'kept ' + i }));
      collectGarbage();
      if (${JSON.stringify(mode)} !== 'own' && !tightenHeapGrowth()) throw new Error('not set');
      const base = process.memoryUsage().heapUsed;
      let peak = base;
      const ring = [];
      for (let round = 0; round < 80; round++) {
        ring[round % 6] = Array.from({ length: 60000 }, (_, i) => ({ i, text: 'garbage ' + round + ' ' + i }));
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
      console.log(JSON.stringify({ rise: peak - base, kept: live.length + ring.length }));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    return (JSON.parse(out) as { rise: number }).rise;
  }

  it('lets the heap grow far less before V8 collects it', { timeout: 60_000 }, () => {
    const own = heapRise('own');
    const tightened = heapRise('tightened');
    // Measured: 438 to 475 MB by V8's own factor, 220 to 238 MB tightened.
    expect(tightened).toBeLessThan(own * 0.7);
  });

  it('is loosened while the whole catalogue is read, and tight again after, even when the read fails', () => {
    // In a process of its own, as the factor is the process's (the test runner's workers share theirs).
    const memory = fileURLToPath(new URL('./memory.ts', import.meta.url));
    const script = `
      const { heapGrowingPercent, tightenHeapGrowth, withHeapGrowthLoosened } = await import(${JSON.stringify(memory)});
      const seen = [heapGrowingPercent(), tightenHeapGrowth([]), heapGrowingPercent()];
      seen.push(await withHeapGrowthLoosened(async () => heapGrowingPercent()), heapGrowingPercent());
      await withHeapGrowthLoosened(async () => { throw new Error('the database is down'); }).catch((e) => seen.push(e.message));
      seen.push(heapGrowingPercent());
      console.log(JSON.stringify(seen));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual([
      null,
      true,
      HEAP_GROWING_PERCENT,
      READ_HEAP_GROWING_PERCENT,
      HEAP_GROWING_PERCENT,
      'the database is down',
      HEAP_GROWING_PERCENT,
    ]);
  });

  it('leaves a factor given on the command line as it is', () => {
    expect(tightenHeapGrowth(['--max-semi-space-size=4', '--heap-growing-percent=50'])).toBe(false);
    expect(tightenHeapGrowth(['--heap_growing_percent=50'])).toBe(false);
  });
});
