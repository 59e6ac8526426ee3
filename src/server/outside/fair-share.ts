import { isIP } from 'node:net';
import { LRUCache } from 'lru-cache';
import { AppError } from '../errors.js';

/**
 * A client's fair share of a metered outside service (docs/security.md#rate-limits-and-outside-services):
 * Nominatim allows us one request a second in all, so one client may hold at most one call in the
 * queue at a time and make at most `perMinute` upstream calls a minute. Answers from the cache cost
 * nothing and do not count. Clients are told apart as the rate limits tell them: an IPv4 address,
 * an IPv6 /64.
 */
export interface FairShare {
  /** Runs `task` as one upstream call of `client`, or refuses it with a 429 when their share is spent. */
  run<T>(client: string | undefined, task: () => Promise<T>): Promise<T>;
}

export function fairShare({ perMinute, now = Date.now }: { perMinute: number; now?: () => number }): FairShare {
  /** Start times of each client's calls in the last minute, and whether one is under way. */
  const clients = new LRUCache<string, { starts: number[]; busy: boolean }>({ max: 10_000 });
  return {
    async run(client, task) {
      if (client === undefined) return task();
      const key = clientKey(client);
      const at = now();
      const entry = clients.get(key) ?? { starts: [], busy: false };
      entry.starts = entry.starts.filter((start) => at - start < 60_000);
      if (entry.busy) throw new AppError('RATE_LIMITED', 'One address lookup at a time, please');
      const oldest = entry.starts[0];
      if (oldest !== undefined && entry.starts.length >= perMinute) {
        const seconds = Math.ceil((oldest + 60_000 - at) / 1000);
        throw new AppError('RATE_LIMITED', `Too many address lookups; try again in ${seconds} s`);
      }
      entry.starts.push(at);
      entry.busy = true;
      clients.set(key, entry);
      try {
        return await task();
      } finally {
        entry.busy = false;
      }
    },
  };
}

/** An IPv4 address as it is; an IPv6 address by its /64 (one household or server). */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
