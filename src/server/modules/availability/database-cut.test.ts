import { AsyncLocalStorage } from 'node:async_hooks';
import { count, eq } from 'drizzle-orm';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVAILABILITY } from '../../../domain/availability.js';
import { activities, bookingEvents, bookings, outbox } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createActivity } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { sameOrigin } from '../../test/sessions.js';
import { testConfig } from '../../test/test-app.js';
import { createTestDatabase, TEST_DB_KIND } from '../../test/test-db.js';
import { type App, buildApp } from '../../app.js';
import type { Database, Db } from '../../db/client.js';

/**
 * The database cut in the middle of the availability's writes (docs/architecture.md#errors): at
 * every query of the request in turn, from the session's read to the commit, the connection is
 * lost. Each time the answer is a 503, never a 500, and nothing is half-written: the settings,
 * the booking and its events and mails are as before. The cut is made where Drizzle hands each
 * query to the driver, so it falls at the same place on both engines, and only for the request
 * under test (from its first hook after the session's read on); a rollback still goes through, as
 * the server rolls back what a lost connection leaves open. Then the same request without a cut
 * succeeds.
 */
interface Cut {
  /** Queries that go through before the connection is lost. */
  after: number;
  seen: number;
  hit: boolean;
}
const cuts = new AsyncLocalStorage<Cut>();
type QueryWithCache = (queryString: string, params: unknown[], query: () => Promise<unknown>) => Promise<unknown>;
const prepared = PgPreparedQuery.prototype as unknown as { queryWithCache: QueryWithCache };
const original = prepared.queryWithCache;

beforeAll(() => {
  prepared.queryWithCache = function (this: unknown, queryString, params, query) {
    const cut = cuts.getStore();
    if (cut && !/^\s*rollback/i.test(queryString)) {
      if (cut.seen >= cut.after) {
        cut.hit = true;
        const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: '08006' });
        return original.call(this, queryString, params, () => Promise.reject(lost));
      }
      cut.seen++;
    }
    return original.call(this, queryString, params, query);
  };
});
afterAll(() => {
  prepared.queryWithCache = original;
});

// Wednesday 30 June 2027, 10:00 in Limoux.
const clock = fixedClock('2027-06-30T08:00:00Z');
/** The cut of each request under test, by the id in its `x-test-cut` header. */
const cutOf = new Map<string, Cut>();
const ctx = {} as { app: App; db: Db; database: Database };
beforeAll(async () => {
  ctx.database = await createTestDatabase();
  ctx.db = ctx.database.db;
  ctx.app = await buildApp({ config: testConfig(), database: ctx.database, consistentReads: true, clock });
  // From here on the request's work runs with its cut (the session was read before).
  ctx.app.addHook('onRequest', (request, _reply, done) => {
    const cut = cutOf.get(String(request.headers['x-test-cut']));
    if (cut) cuts.enterWith(cut);
    done();
  });
  await ctx.app.ready();
});
afterAll(async () => {
  await ctx.app?.close();
  await ctx.database?.close();
});
let owner: Awaited<ReturnType<typeof createProvider>>;
let activityId: number;

beforeAll(async () => {
  owner = await createProvider(ctx.db);
  activityId = await createActivity(ctx.db, {
    bookingRequired: true,
    providerId: owner.provider.id,
    availability: {
      ...DEFAULT_AVAILABILITY,
      slots: ['10:00', '14:00'],
      durationMinutes: 120,
      capacity: 50,
      confirmation: 'instant',
    },
  });
});

const counts = async () =>
  Promise.all(
    [bookings, bookingEvents, outbox].map(async (table) => (await ctx.db.select({ n: count() }).from(table))[0]?.n),
  );
const settings = async () =>
  (
    await ctx.db
      .select({ availability: activities.availability, updatedAt: activities.updatedAt })
      .from(activities)
      .where(eq(activities.id, activityId))
  )[0];
const state = async () => ({ settings: await settings(), counts: await counts() });

/**
 * Sends `request()` with the connection lost at its first query, then at its second, and so on,
 * until it runs through: each cut a 503 with nothing changed, the last a success. Answers how
 * many queries the request makes (after the session's read).
 */
async function cutEverywhere(label: string, request: () => Promise<InjectOptions>, success: number) {
  for (let after = 0; after < 80; after++) {
    const options = await request();
    const before = await state();
    const cut: Cut = { after, seen: 0, hit: false };
    const id = `${label}/${after}`;
    cutOf.set(id, cut);
    const res = await ctx.app.inject({ ...options, headers: { ...options.headers, 'x-test-cut': id } });
    cutOf.delete(id);
    // Whatever the request left running (a read model catching up) may use the database again.
    cut.after = Number.POSITIVE_INFINITY;
    // Ran through: every query of its own went before the cut (one of the read model's, which the
    // commit's notice set off in the same context, may have met it: background work, not the request's).
    if (res.statusCode === success) return after;
    expect(cut.hit, `${label}: ${res.statusCode} without a cut: ${res.body}`).toBe(true);
    const where = `${label}, cut at query ${after + 1}`;
    expect(res.statusCode, `${where}: ${res.body}`).toBe(503);
    expect(res.json(), where).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await state(), `${where}: half-written`).toEqual(before);
  }
  throw new Error(`${label} never ran through`);
}

const asOwner = (method: 'PUT' | 'POST', url: string, payload?: object): InjectOptions => ({
  method,
  url,
  headers: { cookie: owner.cookie, ...sameOrigin },
  ...(payload ? { payload } : {}),
});

let guests = 0;
const booking = (slot = '10:00') => {
  guests++;
  return {
    method: 'POST' as const,
    url: '/api/bookings',
    remoteAddress: `10.3.${guests >> 8}.${guests & 255}`,
    headers: sameOrigin,
    payload: {
      activityId,
      customerName: 'Gast',
      customerEmail: `cut${guests}@example.com`,
      numberOfPeople: 1,
      bookingDate: '2027-07-14',
      slot,
    },
  };
};

describe(`the availability's writes with the database cut at each query, on ${TEST_DB_KIND}`, () => {
  it('PUT /api/provider/activities/:id/availability: 503, the settings as before, and the bookings it lists', async () => {
    // A booking that the new settings leave outside: the answer reads it in the change's transaction.
    expect((await ctx.app.inject(booking('10:00'))).statusCode).toBe(201);
    let capacity = 1000;
    const queries = await cutEverywhere(
      'PUT availability',
      async () =>
        asOwner('PUT', `/api/provider/activities/${activityId}/availability`, {
          slots: ['14:00'],
          durationMinutes: 120,
          capacity: capacity++,
          closed: [{ date: '2027-07-20', slot: null }],
        }),
      200,
    );
    expect(queries).toBeGreaterThan(3);
    expect((await settings())?.availability?.slots).toEqual(['14:00']);
  });

  it('POST /api/provider/activities/:id/closures: 503, the closed dates as before', async () => {
    let day = 10;
    const queries = await cutEverywhere(
      'closure',
      async () =>
        asOwner('POST', `/api/provider/activities/${activityId}/closures`, {
          date: `2027-08-${day++}`,
          slot: '14:00',
        }),
      200,
    );
    expect(queries).toBeGreaterThan(3);
    expect((await settings())?.availability?.closed.map((c) => c.date)).toContain(`2027-08-${day - 1}`);
  });

  it('POST /api/provider/bookings/:id/cancel: 503, the booking, its events and mails as before', async () => {
    let last = 0;
    const queries = await cutEverywhere(
      'provider cancel',
      async () => {
        // A booking of its own for each try: the one cancelled at the end is the last made.
        const made = await ctx.app.inject(booking('14:00'));
        expect(made.statusCode, made.body).toBe(201);
        last = made.json<{ id: number }>().id;
        return asOwner('POST', `/api/provider/bookings/${last}/cancel`, { message: 'Closed for the flood' });
      },
      200,
    );
    expect(queries).toBeGreaterThan(4);
    const [cancelled] = await ctx.db.select().from(bookings).where(eq(bookings.id, last));
    expect(cancelled?.status).toBe('cancelled');
  });

  it('POST /api/bookings with a slot: 503, no booking without its events and mails', async () => {
    expect(await cutEverywhere('booking', async () => booking('14:00'), 201)).toBeGreaterThan(5);
  });
});
