/**
 * `npm run backup -- [file]` and `npm run restore -- <file> [--force]`
 * (docs/backups.md), for the database the configuration names:
 *  - embedded (PGlite): a gzipped tarball of its data folder. Stop the app
 *    first: the folder belongs to one process at a time.
 *  - PostgreSQL (DATABASE_URL): `pg_dump`'s custom format, restored with
 *    `pg_restore --clean`; the app may keep running during a backup.
 *
 * A backup holds every account and booking: it is written readable by this
 * user only (0600), whole or not at all, and the database password reaches
 * `pg_dump` and `pg_restore` through their environment, never their command
 * line, which `ps` shows to every user of the machine.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { sql } from 'drizzle-orm';
import { openPglite } from '../src/server/db/client.js';
import { writePrivately } from '../src/server/private-dir.js';

function run(command: string, args: string[], options: { env: NodeJS.ProcessEnv; stdout?: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', options.stdout ?? 'inherit', 'inherit'], env: options.env });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

/**
 * How libpq's tools reach the database of `url`: the URL without its password (in the user part
 * or as a `password` parameter), and the password in PGPASSWORD (docs/backups.md).
 */
function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  let password = parsed.password ? decodeURIComponent(parsed.password) : null;
  parsed.password = '';
  if (parsed.searchParams.has('password')) {
    password ??= parsed.searchParams.get('password');
    parsed.searchParams.delete('password');
  }
  return { dbname: parsed.href, env: { ...process.env, ...(password === null ? {} : { PGPASSWORD: password }) } };
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);

async function backup(file: string | undefined) {
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    const target = path.resolve(file ?? `discoverlocal-${stamp()}.dump`);
    const { dbname, env } = libpqConnection(config.database.url);
    // pg_dump writes to our private file through its standard output.
    await writePrivately(target, (out) =>
      run('pg_dump', ['--format=custom', '--no-owner', `--dbname=${dbname}`], { env, stdout: out.fd }),
    );
    console.info(`PostgreSQL backup written to ${target}`);
    return;
  }
  const dataDir = config.database.dataDir;
  if (!dataDir || !existsSync(dataDir)) throw new Error(`No embedded database at ${dataDir ?? '(memory)'} to back up`);
  const target = path.resolve(file ?? `discoverlocal-${stamp()}.tar.gz`);
  const database = await openPglite(dataDir);
  try {
    const dump = Buffer.from(await (await database.dump()).arrayBuffer());
    await writePrivately(target, (out) => out.writeFile(dump));
  } finally {
    await database.close();
  }
  console.info(`Embedded database backup written to ${target}`);
}

/**
 * A restored database gets a new identity: a read model kept from the database before (its state
 * may be newer than the backup's) is never restored over it (docs/read-model.md#the-kept-snapshot).
 * A backup made before migration 0028 has none: the migration makes a new one at the next start.
 */
const RENEW_IDENTITY = `do $$ begin
  if to_regclass('catalog_identity') is not null then update catalog_identity set id = gen_random_uuid(); end if;
end $$`;

async function restore(file: string | undefined, force: boolean) {
  if (!file || !existsSync(file)) throw new Error('Name the backup file to restore: npm run restore -- <file>');
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    const { dbname, env } = libpqConnection(config.database.url);
    await run(
      'pg_restore',
      ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${dbname}`, file],
      { env },
    );
    // With psql, as pg_restore: the password stays out of the command line.
    await run(
      'psql',
      ['--no-psqlrc', '--set=ON_ERROR_STOP=1', '--quiet', `--dbname=${dbname}`, `--command=${RENEW_IDENTITY}`],
      {
        env,
      },
    );
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
  try {
    await database.db.execute(sql.raw(RENEW_IDENTITY));
  } finally {
    await database.close();
  }
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
