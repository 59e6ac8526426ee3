import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client.js';
import { systemClock } from '../../deps.js';
import { createTestDatabase } from '../../test/test-db.js';
import { erasureChild, everything, seedPerson } from './crash-fixture.js';
import { eraseAddress } from './service.js';

/**
 * kill -9 in the middle of an erasure, on PostgreSQL (docs/privacy.md#nothing-is-half-deleted): the
 * process is killed while its transaction holds the bookings, reviews and provider it changed; the
 * server rolls it back, and everything is as before. The same erasure then runs to its end.
 */
const APP_NAME = 'dl-crash-erasure';
let database: Database;
let url = '';
beforeAll(async () => {
  database = await createTestDatabase({
    through: (given) => {
      url = given;
      return given;
    },
  });
});
afterAll(async () => {
  await database?.close();
});

it('leaves everything as before when killed mid-transaction, and erases all when run again', async () => {
  const { admin, person } = await seedPerson(database.db);
  const before = await everything(database.db);

  // The person's own deletion, and an admin's erasure of their address: each killed midway.
  for (const args of [
    ['account', person.id],
    ['request', admin.id, 'crash.person@example.com'],
  ]) {
    const run = erasureChild({ DATABASE_URL: url, PGAPPNAME: APP_NAME }, ...args);
    await run.midway;
    // Its transaction has written (it has an xid) when it is killed.
    const [writing] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stat_activity where application_name = ${APP_NAME} and backend_xid is not null`,
    );
    expect(writing?.n).toBe(1);
    run.child.kill('SIGKILL');
    expect((await run.exited).signal).toBe('SIGKILL');
    await expect
      .poll(
        async () =>
          (
            await queryRows<{ n: number }>(
              database.db,
              sql`select count(*)::int as n from pg_stat_activity where application_name = ${APP_NAME}`,
            )
          )[0],
      )
      .toEqual({ n: 0 });
    expect(await everything(database.db)).toEqual(before);
  }

  const done = await eraseAddress(
    { db: database.db, clock: systemClock, payments: null },
    { id: admin.id, role: 'admin', isApproved: true, roleChosen: true },
    'crash.person@example.com',
  );
  expect(done).toEqual({ accounts: 1, bookingsErased: 1, bookingsKeptUntilTheirDay: 1, reviews: 2, providers: 1 });
  const after = await everything(database.db);
  expect(JSON.stringify(after.users)).not.toContain('crash.person');
  expect(after.sessions).toEqual([]);
  expect(after.erasures).toHaveLength(1);
}, 60_000);
