import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './config.js';
import { writeMigratedEmbeddedDatabase } from './test/test-db.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dl-cli-'));
  // Migrated already: the commands are the subject here, not a database's first start.
  await writeMigratedEmbeddedDatabase(path.join(dataDir, 'pglite'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

/** `npm run admin -- <args>` on an embedded database of its own. */
function admin(...args: string[]) {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(PROJECT_ROOT, 'src/server/admin-cli.ts'), ...args],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', SEED: 'none' },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('npm run admin', () => {
  it('creates an admin, refuses a second create, grants an existing user, and lists', () => {
    expect(admin('create', 'boss@example.com', 'Ada', 'Lovelace')).toMatchObject({ code: 0 });
    const again = admin('create', 'boss@example.com');
    expect(again.code).toBe(1);
    expect(again.out).toContain('exists already');
    expect(admin('grant', 'nobody@example.com')).toMatchObject({ code: 1 });
    const already = admin('grant', 'boss@example.com');
    expect(already.out).toContain('is an admin already');
    const list = admin('list');
    expect(list.code).toBe(0);
    expect(list.out).toContain('boss@example.com\tAda Lovelace');
  }, 120_000);

  it('refuses a bad e-mail address and an unknown command with the usage', () => {
    const bad = admin('grant', 'not-an-email');
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('is not a valid e-mail address');
    expect(admin('promote')).toMatchObject({ code: 2 });
  }, 60_000);
});
