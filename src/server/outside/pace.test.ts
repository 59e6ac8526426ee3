import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { paced } from './pace.js';

describe('paced', () => {
  it('runs calls in order, at least the interval apart', async () => {
    const run = paced(50, { maxWaitMs: 1000 });
    const starts: number[] = [];
    await Promise.all([1, 2, 3, 4].map(() => run(async () => starts.push(Date.now()))));
    expect(starts).toHaveLength(4);
    for (let i = 1; i < starts.length; i++) expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).toBeGreaterThanOrEqual(45);
  });

  it('lets a failed call keep its slot and the next one run', async () => {
    const run = paced(10, { maxWaitMs: 1000 });
    await expect(run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(run(async () => 'ok')).resolves.toBe('ok');
  });

  it('refuses at once (503) a call that would wait longer than maxWaitMs, so the queue stays short', async () => {
    const run = paced(100, { maxWaitMs: 250 });
    let ran = 0;
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => run(async () => ++ran)));
    // Slots at 0, 100, 200 ms wait at most 250 ms; the other seven are refused without running.
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.reason).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(refused[0]?.reason).toBeInstanceOf(AppError);
    expect(ran).toBe(3);
  });

  it('drops a queued call whose client has gone: it never runs, and its slot goes to the next caller', async () => {
    const run = paced(200, { maxWaitMs: 1000 });
    const ran: string[] = [];
    await run(async () => ran.push('first'));
    const gone = new AbortController();
    const abandoned = run(async () => ran.push('abandoned'), gone.signal);
    setTimeout(() => gone.abort(new Error('client gone')), 20);
    await expect(abandoned).rejects.toThrow('client gone');
    const started = Date.now();
    await run(async () => ran.push('next'));
    expect(ran).toEqual(['first', 'next']);
    // The next call took the freed slot (about 200 ms after the first), not one after it.
    expect(Date.now() - started).toBeLessThan(350);
  });
});
