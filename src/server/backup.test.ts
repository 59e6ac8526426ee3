import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECT_ROOT } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { tags } from './db/schema/index.js';
import { emptyServerDatabase, TEST_DB_KIND } from './test/test-db.js';

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

const open = (): Promise<Database> =>
  openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(env.DATA_DIR ?? '', 'pglite') },
  );

function script(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts/backup.ts'), ...args], {
      env: { ...process.env, NODE_ENV: 'production', ...env },
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

it('restores what was there at the backup, and nothing written after it', { timeout: 120_000 }, async () => {
  let database = await open();
  await database.migrate();
  await database.db.insert(tags).values([{ name: 'voor-de-backup' }, { name: 'blijft' }]);
  await database.close();

  const file = path.join(dir, TEST_DB_KIND === 'postgres' ? 'backup.dump' : 'backup.tar.gz');
  const backup = await script('backup', file);
  expect(backup.code, backup.output).toBe(0);

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
  } finally {
    await database.close();
  }
  expect((await script('restore', path.join(dir, 'missing.dump'))).code).toBe(1);
});
