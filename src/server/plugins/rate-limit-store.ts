import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/client.js';

/** Now and then an increment also removes counters whose window has passed. */
const SWEEP_EVERY = 500;

/**
 * A store for @fastify/rate-limit in the database, so that every app
 * instance on one PostgreSQL server counts together
 * (docs/security.md#rate-limits-and-outside-services): one upsert per
 * limited request, which starts a new window once the last one has passed.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let increments = 0;

  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ) {
      const windowMs = Math.max(1, Math.round(timeWindow ?? 60_000));
      const fullKey = `${this.prefix}${key}`.slice(0, 400);
      queryRows<{ current: number; ttl: string | number }>(
        db,
        sql`insert into rate_limits as r (key, count, reset_at)
            values (${fullKey}, 1, now() + make_interval(secs => ${windowMs / 1000}))
            on conflict (key) do update set
              count = case when r.reset_at <= now() then 1 else r.count + 1 end,
              reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
            returning count as current, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::bigint as ttl`,
      ).then(
        ([row]) => callback(null, { current: Number(row?.current ?? 1), ttl: Number(row?.ttl ?? windowMs) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
      if (++increments % SWEEP_EVERY === 0) {
        void db.execute(sql`delete from rate_limits where reset_at < now()`).catch(() => undefined);
      }
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The library passes the route as `routeInfo` (its own stores key by it too).
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new DatabaseStore(routeOptions, `${this.prefix}${route?.method ?? ''}${route?.url ?? ''}-`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

/** How long the limiter waits for Redis before it lets a request through. */
const REDIS_WAIT_MS = 500;

/**
 * The Redis connection for rate-limit counters when REDIS_URL is set
 * (docs/security.md#rate-limits-and-outside-services). The library's own
 * Redis store counts with one script per request. A Redis that cannot be
 * reached fails a count at once (no queue of commands waiting for it, at most
 * half a second for an answer), so the limiter lets the request through; the
 * client keeps reconnecting on its own, and each change of state is logged once.
 */
export function redisForRateLimits(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    connectionName: 'discoverlocal-rate-limits',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: REDIS_WAIT_MS,
    commandTimeout: REDIS_WAIT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'rate limits: Redis cannot be reached; requests pass the limiter until it returns');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('rate limits: Redis is back');
  });
  return redis;
}

/** How long a starting app waits for its connection to Redis (a busy machine may need a second try to connect). */
const REDIS_START_WAIT_MS = 2000;

/**
 * Waits until the rate-limit connection to Redis is up, for at most two
 * seconds. With no queue of commands, a request that arrives before the
 * connection is up is not counted; an app that starts taking requests only
 * after this counts from its first one, and one whose Redis cannot be reached
 * starts anyway, two seconds later.
 */
export async function redisConnected(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, REDIS_START_WAIT_MS);
    redis.once('ready', done);
  });
}
