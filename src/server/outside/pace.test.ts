import { describe, expect, it } from 'vitest';
import { paced } from './pace.js';

describe('paced', () => {
  it('runs calls in order, at least the interval apart', async () => {
    const run = paced(50);
    const starts: number[] = [];
    await Promise.all([1, 2, 3, 4].map(() => run(async () => starts.push(Date.now()))));
    expect(starts).toHaveLength(4);
    for (let i = 1; i < starts.length; i++) expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).toBeGreaterThanOrEqual(45);
  });

  it('lets a failed call keep its slot and the next one run', async () => {
    const run = paced(10);
    await expect(run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(run(async () => 'ok')).resolves.toBe('ok');
  });
});
