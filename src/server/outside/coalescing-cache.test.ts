import { describe, expect, it } from 'vitest';
import { CoalescingCache } from './coalescing-cache.js';

/** A load that waits until released or aborted, and tells which. */
function controllable() {
  const state = { calls: 0, aborted: 0, release: (_value: { v: number }) => undefined as void };
  const load = (signal: AbortSignal) =>
    new Promise<{ v: number }>((resolve, reject) => {
      state.calls += 1;
      state.release = resolve;
      signal.addEventListener('abort', () => {
        state.aborted += 1;
        reject(new Error('aborted upstream'));
      });
    });
  return { state, load };
}

describe('CoalescingCache', () => {
  it('shares one load among concurrent askers and keeps the answer', async () => {
    const cache = new CoalescingCache<{ v: number }>({ ttlMs: 60_000 });
    const { state, load } = controllable();
    const both = Promise.all([cache.get('k', load), cache.get('k', load)]);
    state.release({ v: 1 });
    expect(await both).toEqual([{ v: 1 }, { v: 1 }]);
    expect(await cache.get('k', load)).toEqual({ v: 1 });
    expect(state.calls).toBe(1);
  });

  it('aborts the shared load only when every asker has gone, and does not cache it', async () => {
    const cache = new CoalescingCache<{ v: number }>({ ttlMs: 60_000 });
    const { state, load } = controllable();
    const a = new AbortController();
    const b = new AbortController();
    const first = cache.get('k', load, a.signal);
    const second = cache.get('k', load, b.signal);
    a.abort(new Error('a gone'));
    await expect(first).rejects.toThrow('a gone');
    expect(state.aborted).toBe(0);
    b.abort(new Error('b gone'));
    await expect(second).rejects.toThrow('b gone');
    expect(state.aborted).toBe(1);
    // The next asker starts a fresh load.
    const third = cache.get('k', load);
    state.release({ v: 3 });
    expect(await third).toEqual({ v: 3 });
    expect(state.calls).toBe(2);
  });

  it('holds at most `max` answers', async () => {
    const cache = new CoalescingCache<{ v: number }>({ ttlMs: 60_000, max: 2 });
    let calls = 0;
    const load = async () => ({ v: ++calls });
    for (const key of ['a', 'b', 'c', 'a']) await cache.get(key, load);
    expect(calls).toBe(4);
  });
});
