import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { databaseUrl } from './global-setup.js';

/** Which engine this test project runs on (set per Vitest project). */
export const TEST_DB_KIND = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

/**
 * The run's PGlite template as a Blob backed by its file: PGlite reads it whole, and Node 20 reads a
 * Blob made from a Buffer through a stream of chunks (measured: 0.66 to 0.77 against 0.88 to 1.0 s
 * of CPU per database opened from it).
 */
const templateDump = () => openAsBlob(inject('pgliteTemplate'));

/**
 * A fresh, migrated, empty database for one test file: a copy of the
 * run's template on the engine of this test project. `close` drops it.
 */
export async function createTestDatabase({ through }: { through?: (url: string) => string } = {}): Promise<Database> {
  if (TEST_DB_KIND === 'pglite') return openPglite(null, await templateDump());
  const template = inject('postgresTemplate');
  if (!template) throw new Error('TEST_DATABASE_URL is not set: the postgres test project cannot run');
  const name = `dl_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template.name}`);
  } finally {
    await admin.end();
  }
  // `through`: reach the database by another way (a proxy a test can cut).
  const url = databaseUrl(template.adminUrl, name);
  const database = openPostgres(through ? through(url) : url);
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: template.adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * A migrated, empty embedded database in the folder `dir` (a command's or a server's
 * `DATA_DIR/pglite`), left open: for the tests whose subject is not a database's first start, which
 * costs initdb and every migration. A copy of the run's template in the PGlite project (measured:
 * about 1 against 7 s of CPU); made and migrated in the PostgreSQL project, which has no such template.
 */
export async function migratedEmbeddedDatabase(dir: string): Promise<Database> {
  if (TEST_DB_KIND === 'pglite') return openPglite(dir, await templateDump());
  const database = await openPglite(dir);
  await database.migrate();
  return database;
}

/** `migratedEmbeddedDatabase`'s files alone, closed again: for a command or server started on them. */
export async function writeMigratedEmbeddedDatabase(dir: string): Promise<void> {
  await (await migratedEmbeddedDatabase(dir)).close();
}

/**
 * An empty database of its own on the test server (no migrations), for a test that runs the app
 * or a command as a separate process; `drop` removes it. PostgreSQL test project only.
 */
export async function emptyServerDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set: the postgres test project cannot run');
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  return {
    url: databaseUrl(admin, name),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * A fresh test database and a second pool of connections to it, as two app instances on one
 * PostgreSQL server have (docs/deployment.md); `url` reaches it again.
 */
export async function createSharedTestDatabase(): Promise<{ database: Database; second: Database; url: string }> {
  let url = '';
  const database = await createTestDatabase({
    through: (given) => {
      url = given;
      return given;
    },
  });
  return { database, second: openPostgres(url), url };
}
