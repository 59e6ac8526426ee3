import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, MIGRATIONS_DIR, openPglite, openPostgres, queryRows } from '../../db/client.js';
import { emptyServerDatabase, TEST_DB_KIND } from '../../test/test-db.js';

/*
 * Reviews that had "Verified booking" by the old rule (any confirmed booking with the author's
 * address, even one to come) when migration 0015 runs: an account's review keeps it when that
 * account made a confirmed booking of the activity whose day is over; a typed address loses it
 * (docs/product.md#reviews).
 */

const BEFORE = '0015_verified_reviews';
let database: Database;
let dropServerDatabase: (() => Promise<void>) | undefined;
let folder: string;

/** The migrations as they were before 0015. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string; idx: number }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

beforeAll(async () => {
  folder = await migrationsBefore(BEFORE);
  if (TEST_DB_KIND === 'pglite') {
    database = await openPglite(null);
    await migratePglite(database.db as never, { migrationsFolder: folder });
  } else {
    const server = await emptyServerDatabase('dl_badges');
    dropServerDatabase = server.drop;
    database = openPostgres(server.url);
    await migratePg(database.db as never, { migrationsFolder: folder });
  }
});
afterAll(async () => {
  await database?.close();
  await dropServerDatabase?.();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('migration 0015 (verified reviews)', () => {
  it('keeps the badge of an account whose own confirmed booking is over, and takes it from typed addresses', async () => {
    const db = database.db;
    // Raw SQL throughout: these are the tables as they were before 0015, not as the code knows them now.
    const newActivity = async (name: string) => {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`insert into activities (name, description, category, city, latitude, longitude, sort_name, booking_required)
          values (${name}, 'Test', 'sport', 'Limoux', 43.05, 2.22, ${name}, true) returning id`,
      );
      return Number(rows[0]?.id);
    };
    const createUser = async () => {
      const rows = await queryRows<{ id: string }>(db, sql`insert into users (email) values (null) returning id`);
      return { id: String(rows[0]?.id) };
    };
    const activity = await newActivity('Rafting');
    const other = await newActivity('Canyoning');
    const booking = async (values: { userId?: string; email: string; date: string; status?: string; on?: number }) => {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`
        insert into bookings (activity_id, user_id, customer_name, customer_email, booking_date, status)
        values (${values.on ?? activity}, ${values.userId ?? null}, 'Guest', ${values.email}, ${values.date},
          ${values.status ?? 'confirmed'})
        returning id`,
      );
      return Number(rows[0]?.id);
    };
    const review = async (values: { userId?: string; email?: string }) => {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`
        insert into reviews (activity_id, user_id, guest_name, guest_email, rating, comment, status, is_approved)
        values (${activity}, ${values.userId ?? null}, ${values.email ? 'Guest' : null}, ${values.email ?? null},
          5, 'Old review', 'approved', true)
        returning id`,
      );
      return Number(rows[0]?.id);
    };
    const went = await createUser();
    const wentBooking = await booking({ userId: went.id, email: 'went@example.com', date: '2020-05-01' });
    await booking({ userId: went.id, email: 'went@example.com', date: '2019-05-01' });
    const toCome = await createUser();
    await booking({ userId: toCome.id, email: 'tocome@example.com', date: '2099-05-01' });
    const cancelled = await createUser();
    await booking({ userId: cancelled.id, email: 'c@example.com', date: '2020-05-01', status: 'cancelled' });
    const elsewhere = await createUser();
    await booking({ userId: elsewhere.id, email: 'e@example.com', date: '2020-05-01', on: other });
    await booking({ email: 'typed@example.com', date: '2020-05-01' });
    const ids = {
      went: await review({ userId: went.id }),
      toCome: await review({ userId: toCome.id }),
      cancelled: await review({ userId: cancelled.id }),
      elsewhere: await review({ userId: elsewhere.id }),
      typed: await review({ email: 'TYPED@example.com' }),
    };

    await database.migrate();

    const rows = await queryRows<{ id: number; booking_id: number | null }>(
      db,
      sql`select id, booking_id from reviews order by id`,
    );
    const tied = Object.fromEntries(
      rows.map((r) => [Number(r.id), r.booking_id === null ? null : Number(r.booking_id)]),
    );
    expect({
      went: tied[ids.went],
      toCome: tied[ids.toCome],
      cancelled: tied[ids.cancelled],
      elsewhere: tied[ids.elsewhere],
      typed: tied[ids.typed],
    }).toEqual({ went: wentBooking, toCome: null, cancelled: null, elsewhere: null, typed: null });
    // A typed address reserves nothing any more: a second review with it is kept.
    await expect(review({ email: 'typed@example.com' })).resolves.toBeGreaterThan(0);
  });
});
