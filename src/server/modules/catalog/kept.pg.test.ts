import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { createActivity } from '../../test/factories.js';
import { getJson } from '../../test/http.js';
import { testConfig } from '../../test/test-app.js';
import { createSharedTestDatabase } from '../../test/test-db.js';

/**
 * The kept snapshot (docs/read-model.md#the-kept-snapshot) and a transaction still open when its
 * snapshot is taken: its change is not in the file (the full read could not see it) and, committed
 * after, is read again at the next start, although its transaction id is older than the snapshot's
 * newest. PostgreSQL only: the embedded database has one connection, which an open transaction holds.
 */
let database: Database;
let second: Database;
let url = '';
let dir: string;

const start = async (): Promise<App> => {
  const app = await buildApp({
    config: testConfig({ DATA_DIR: dir }),
    database,
    consistentReads: true,
    keepReadModel: true,
  });
  await app.ready();
  return app;
};

beforeAll(async () => {
  ({ database, second, url } = await createSharedTestDatabase());
  dir = await mkdtemp(path.join(tmpdir(), 'kept-pg-test-'));
});
afterAll(async () => {
  await second?.close();
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

it('reads again at the next start a change whose transaction was open when the file’s snapshot was taken', async () => {
  const id = await createActivity(database.db, { name: 'Before the open transaction' });
  const other = new pg.Client({ connectionString: url });
  await other.connect();
  try {
    await other.query('begin');
    await other.query(`update activities set name = 'Committed after the snapshot' where id = $1`, [id]);
    // A transaction begun after it and committed before the full read: visible in the snapshot.
    await createActivity(database.db, { name: 'Committed before the snapshot' });

    const first = await start();
    expect(first.deps.catalog.started).toMatchObject({ from: 'database' });
    await first.deps.catalog.kept();
    await other.query('commit');
    await first.close();
  } finally {
    await other.end();
  }

  const next = await start();
  try {
    expect(next.deps.catalog.started).toMatchObject({ from: 'file', caughtUp: 1 });
    const { body } = await getJson<{ name: string }>(next, `/api/activities/${id}`);
    expect(body.name).toBe('Committed after the snapshot');
  } finally {
    await next.deps.catalog.kept();
    await next.close();
  }
});
