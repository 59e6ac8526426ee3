import { AsyncLocalStorage } from 'node:async_hooks';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import type { Database, Db } from '../../db/client.js';
import { fixedClock } from '../../deps.js';
import { createUser } from '../../test/factories.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { testConfig } from '../../test/test-app.js';
import { createTestDatabase, TEST_DB_KIND } from '../../test/test-db.js';
import { everything, seedPerson } from './crash-fixture.js';

/**
 * The database cut in the middle of an erasure (docs/privacy.md#nothing-is-half-deleted): at every
 * query of the request in turn the connection is lost. Each time the answer is a 503, never a 500,
 * and nothing is half-erased; then the request runs through. The cut is made where Drizzle hands a
 * query to the driver, as in availability/database-cut.test.ts.
 */
interface Cut {
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

const clock = fixedClock('2027-06-30T08:00:00Z');
const cutOf = new Map<string, Cut>();
const ctx = {} as { app: App; db: Db; database: Database };
beforeAll(async () => {
  ctx.database = await createTestDatabase();
  ctx.db = ctx.database.db;
  ctx.app = await buildApp({ config: testConfig(), database: ctx.database, consistentReads: true, clock });
  // From its first hook after the session's read on, the request runs with its cut.
  ctx.app.addHook('preHandler', (request, _reply, done) => {
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

/** Cuts `request` at its first query, its second, ... until it runs through; answers how many it made. */
async function cutEverywhere(label: string, request: InjectOptions, success: number) {
  for (let after = 0; after < 120; after++) {
    const before = await everything(ctx.db);
    const cut: Cut = { after, seen: 0, hit: false };
    const id = `${label}/${after}`;
    cutOf.set(id, cut);
    // Each try from another address: the rate limit counts per client (in the database on PostgreSQL).
    const res = await ctx.app.inject({
      ...request,
      remoteAddress: `10.9.${label.length}.${after}`,
      headers: { ...request.headers, 'x-test-cut': id },
    });
    cutOf.delete(id);
    cut.after = Number.POSITIVE_INFINITY;
    if (res.statusCode === success) return after;
    expect(cut.hit, `${label}: ${res.statusCode} without a cut: ${res.body}`).toBe(true);
    const where = `${label}, cut at query ${after + 1}`;
    expect(res.statusCode, `${where}: ${res.body}`).toBe(503);
    expect(res.json(), where).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await everything(ctx.db), `${where}: half-erased`).toEqual(before);
  }
  throw new Error(`${label} never ran through`);
}

describe(`an erasure with the database cut at each query, on ${TEST_DB_KIND}`, () => {
  it('DELETE /api/me: 503 and nothing changed, then the account goes', async () => {
    const { person } = await seedPerson(ctx.db);
    const cookie = await sessionCookieFor(ctx.db, person.id);
    const queries = await cutEverywhere(
      'DELETE /api/me',
      {
        method: 'DELETE',
        url: '/api/me',
        headers: { cookie, ...sameOrigin },
        payload: { confirm: true, reviews: 'keep' },
      },
      200,
    );
    expect(queries).toBeGreaterThan(5);
    expect((await everything(ctx.db)).users.map((u) => u.id)).not.toContain(person.id);
  });

  it('POST /api/admin/erasures: 503 and nothing changed, then the address is erased', async () => {
    const admin = await createUser(ctx.db, { role: 'admin', isApproved: true });
    const cookie = await sessionCookieFor(ctx.db, admin.id);
    await createUser(ctx.db, { email: 'cut.me@example.com' });
    const queries = await cutEverywhere(
      'POST /api/admin/erasures',
      {
        method: 'POST',
        url: '/api/admin/erasures',
        headers: { cookie, ...sameOrigin },
        payload: { email: 'crash.person@example.com' },
      },
      200,
    );
    expect(queries).toBeGreaterThan(5);
  });
});
