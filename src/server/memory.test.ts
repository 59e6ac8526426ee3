import { describe, expect, it } from 'vitest';
import { collectGarbage } from './memory.js';

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
