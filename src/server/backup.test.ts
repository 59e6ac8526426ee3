import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECT_ROOT } from './config.js';
import { type Database, openDatabase, queryRows } from './db/client.js';
import { tags } from './db/schema/index.js';
import { emptyServerDatabase, migratedEmbeddedDatabase, TEST_DB_KIND } from './test/test-db.js';

/**
 * `npm run backup` and `npm run restore` (docs/backups.md), tested by a round
 * trip on the engine of this test project: what was there at the backup is
 * back after the restore, and what came after it is gone.
 */
let dir: string;
let env: Record<string, string>;
let drop: (() => Promise<void>) | null = null;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dl-backup-'));
  env = { DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' };
  if (TEST_DB_KIND === 'postgres') {
    const database = await emptyServerDatabase('dl_backup');
    env.DATABASE_URL = database.url;
    drop = database.drop;
  }
});
afterAll(async () => {
  await drop?.();
  await rm(dir, { recursive: true, force: true });
});

const embeddedDir = () => path.join(env.DATA_DIR ?? '', 'pglite');
const open = (): Promise<Database> =>
  openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: embeddedDir() },
  );

function script(...args: string[]): Promise<{ code: number | null; output: string }> {
  return scriptWith(env, ...args);
}

function scriptWith(
  environment: Record<string, string>,
  ...args: string[]
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts/backup.ts'), ...args], {
      env: { ...process.env, NODE_ENV: 'production', ...environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const tagNames = async (database: Database) =>
  (await database.db.select({ name: tags.name }).from(tags)).map((t) => t.name).sort();

const identityOf = async (database: Database) =>
  (await queryRows<{ id: string }>(database.db, sql`select id::text from catalog_identity`))[0]?.id;

it('restores what was there at the backup, and nothing written after it', { timeout: 300_000 }, async () => {
  // Migrated first (the embedded database copied from the run's template: its first start is not the subject here).
  let database = env.DATABASE_URL ? await open() : await migratedEmbeddedDatabase(embeddedDir());
  if (env.DATABASE_URL) await database.migrate();
  await database.db.insert(tags).values([{ name: 'voor-de-backup' }, { name: 'blijft' }]);
  const identityBefore = await identityOf(database);
  await database.close();

  const file = path.join(dir, TEST_DB_KIND === 'postgres' ? 'backup.dump' : 'backup.tar.gz');
  // An older file of that name, readable by everyone: replaced by one only this user reads.
  await writeFile(file, 'an older backup');
  await chmod(file, 0o644);
  const backup = await script('backup', file);
  expect(backup.code, backup.output).toBe(0);
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  // A new file, whatever the umask (usually 022: 0644 before).
  const fresh = path.join(dir, TEST_DB_KIND === 'postgres' ? 'fresh.dump' : 'fresh.tar.gz');
  expect((await script('backup', fresh)).code).toBe(0);
  expect((await stat(fresh)).mode & 0o777).toBe(0o600);
  expect((await readdir(dir)).filter((name) => name.includes('.partial'))).toEqual([]);

  database = await open();
  await database.db.delete(tags).where(eq(tags.name, 'voor-de-backup'));
  await database.db.insert(tags).values({ name: 'na-de-backup' });
  await database.close();

  if (TEST_DB_KIND === 'pglite') {
    // An embedded database is not replaced by accident.
    const refused = await script('restore', file);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('--force');
  }
  const restored = await script('restore', file, '--force');
  expect(restored.code, restored.output).toBe(0);

  database = await open();
  try {
    expect(await tagNames(database)).toEqual(['blijft', 'voor-de-backup']);
    // Another database to a read model kept before the restore (docs/read-model.md#the-kept-snapshot).
    expect(await identityOf(database)).not.toBe(identityBefore);
  } finally {
    await database.close();
  }
  expect((await script('restore', path.join(dir, 'missing.dump'))).code).toBe(1);
});

it(
  'gives pg_dump and pg_restore the database password through the environment, never on the command line (docs/backups.md)',
  { timeout: 300_000 },
  async () => {
    // Stand-ins for pg_dump and pg_restore that note what they were started with: their arguments are what `ps` shows.
    const bin = path.join(dir, 'bin');
    await mkdir(bin, { recursive: true });
    const log = path.join(dir, 'pg-tools');
    for (const tool of ['pg_dump', 'pg_restore', 'psql']) {
      await writeFile(
        path.join(bin, tool),
        `#!/bin/sh\nprintf '%s\\n' "$@" > "${log}.${tool}.args"\nprintf '%s' "$PGPASSWORD" > "${log}.${tool}.password"\n[ ${tool} = pg_dump ] && printf 'PGDMP stand-in'\nexit 0\n`,
        { mode: 0o755 },
      );
    }
    const file = path.join(dir, 'stand-in.dump');
    const tools = async (tool: string) => ({
      args: await readFile(`${log}.${tool}.args`, 'utf8'),
      password: await readFile(`${log}.${tool}.password`, 'utf8'),
    });
    for (const [url, shown] of [
      [
        'postgres://dumper:s3cr%40t-pw@db.example:5433/shop?sslmode=require',
        'postgres://dumper@db.example:5433/shop?sslmode=require',
      ],
      ['postgresql://dumper@db.example/shop?password=s3cr%40t-pw', 'postgresql://dumper@db.example/shop'],
    ] as const) {
      const environment = { ...env, DATABASE_URL: url, PATH: `${bin}:${process.env.PATH ?? ''}` };
      const backup = await scriptWith(environment, 'backup', file);
      expect(backup.code, backup.output).toBe(0);
      expect(await readFile(file, 'utf8')).toBe('PGDMP stand-in');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const restore = await scriptWith(environment, 'restore', file);
      expect(restore.code, restore.output).toBe(0);
      // psql gives the restored database its new identity (docs/read-model.md#the-kept-snapshot).
      for (const tool of ['pg_dump', 'pg_restore', 'psql']) {
        const { args, password } = await tools(tool);
        expect(args, `${tool}: ${url}`).not.toContain('s3cr');
        expect(args).toContain(`--dbname=${shown}`);
        expect(password, tool).toBe('s3cr@t-pw');
      }
      expect(backup.output + restore.output).not.toContain('s3cr');
    }
  },
);
