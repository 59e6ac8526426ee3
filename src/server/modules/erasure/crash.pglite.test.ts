import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPglite } from '../../db/client.js';
import { systemClock } from '../../deps.js';
import { migratedEmbeddedDatabase } from '../../test/test-db.js';
import { erasureChild, everything, seedPerson } from './crash-fixture.js';
import { deleteOwnAccount } from './service.js';

/**
 * kill -9 in the middle of an erasure, on the embedded database in its files
 * (docs/privacy.md#nothing-is-half-deleted): the process that held the files is killed inside its
 * transaction; opened again, the database is as before; the same deletion then runs to its end.
 */
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'dl-erasure-crash-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

it('leaves the database files as before when killed mid-transaction', async () => {
  const dir = path.join(dataDir, 'pglite');
  const first = await migratedEmbeddedDatabase(dir);
  const { person } = await seedPerson(first.db);
  const before = await everything(first.db);
  await first.close();

  const run = erasureChild({ DATA_DIR: dataDir, DATABASE_URL: '' }, 'account', person.id);
  await run.midway;
  run.child.kill('SIGKILL');
  expect((await run.exited).signal).toBe('SIGKILL');

  const again = await openPglite(dir);
  try {
    expect(await everything(again.db)).toEqual(before);
    const done = await deleteOwnAccount(
      { db: again.db, clock: systemClock, payments: null },
      { id: person.id, role: 'provider', isApproved: true, roleChosen: true },
      'keep',
    );
    expect(done).toMatchObject({ accounts: 1, providers: 1 });
    const after = await everything(again.db);
    expect(after.users.map((u) => u.id)).not.toContain(person.id);
    expect(after.erasures).toHaveLength(1);
  } finally {
    await again.close();
  }
}, 90_000);
