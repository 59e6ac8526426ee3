/**
 * `npm run backup -- [file]` and `npm run restore -- <file> [--force]`
 * (docs/backups.md), for the database the configuration names:
 *  - embedded (PGlite): a gzipped tarball of its data folder. Stop the app
 *    first: the folder belongs to one process at a time.
 *  - PostgreSQL (DATABASE_URL): `pg_dump`'s custom format, restored with
 *    `pg_restore --clean`; the app may keep running during a backup.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { openPglite } from '../src/server/db/client.js';

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);

async function backup(file: string | undefined) {
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    const target = path.resolve(file ?? `discoverlocal-${stamp()}.dump`);
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${target}`, `--dbname=${config.database.url}`]);
    console.info(`PostgreSQL backup written to ${target}`);
    return;
  }
  const dataDir = config.database.dataDir;
  if (!dataDir || !existsSync(dataDir)) throw new Error(`No embedded database at ${dataDir ?? '(memory)'} to back up`);
  const target = path.resolve(file ?? `discoverlocal-${stamp()}.tar.gz`);
  const database = await openPglite(dataDir);
  try {
    const dump = await database.dump();
    await writeFile(target, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  console.info(`Embedded database backup written to ${target}`);
}

async function restore(file: string | undefined, force: boolean) {
  if (!file || !existsSync(file)) throw new Error('Name the backup file to restore: npm run restore -- <file>');
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${config.database.url}`,
      file,
    ]);
    console.info(`PostgreSQL database restored from ${file}`);
    return;
  }
  const dataDir = config.database.dataDir;
  if (!dataDir) throw new Error('DATABASE_URL=memory:// has nothing to restore into');
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    if (!force) {
      throw new Error(`${dataDir} holds a database: stop the app and add --force to replace it (it is kept aside)`);
    }
    const aside = `${dataDir}.before-restore-${stamp()}`;
    await rename(dataDir, aside);
    console.info(`The database that was there is kept at ${aside}`);
  }
  const database = await openPglite(dataDir, new Blob([await readFile(file)]));
  await database.close();
  console.info(`Embedded database restored from ${file} into ${dataDir}`);
}

const [command, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const file = rest.find((arg) => !arg.startsWith('--'));
try {
  if (command === 'backup') await backup(file);
  else if (command === 'restore') await restore(file, force);
  else throw new Error('Usage: tsx scripts/backup.ts backup [file] | restore <file> [--force]');
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
