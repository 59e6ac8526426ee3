import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DatabaseTarget, PROJECT_ROOT } from '../config.js';
import { isDatabaseUnavailable } from '../errors.js';
import { ensurePrivateDir } from '../private-dir.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type the app uses, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: DatabaseTarget['kind'];
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** True when the database answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** A copy of the whole database as a tarball (embedded database only). */
  dump(): Promise<Blob>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`, from any
   * connection, after its transaction commits. `onResume` is called after the
   * listening connection was lost and made again (notifications may have been
   * missed meanwhile). Resolves once listening; the answer stops it.
   */
  listen(channel: string, onMessage: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>;
  /** Where a lost connection is reported (the app's log once it is built; stderr before). */
  reportTo(log: ConnectionLog): void;
}

export interface ConnectionLog {
  warn(details: object, message: string): void;
}

const stderrLog: ConnectionLog = {
  warn: (details, message) => console.error(message, details),
};

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'src', 'server', 'db', 'migrations');

/**
 * The embedded database's buffer cache. PostgreSQL's default (128 MB) lives inside PGlite's
 * WebAssembly memory, which never shrinks, so a long import or a large guide kept about 100 MB more
 * of the process for little gain: the app answers its reads from the read model, and pages that
 * leave the cache come back from the operating system's file cache (docs/read-model.md#memory).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** Opens an embedded PGlite database, with the extensions the migrations need. */
export async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) {
    // The database's folder and the data folder around it: this user only (docs/security.md).
    await ensurePrivateDir(path.dirname(dataDir));
    await ensurePrivateDir(dataDir);
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    // In the process: there is no connection to lose.
    reportTo: () => undefined,
  };
}

/** How long to wait before listening again after the connection was lost. */
const RELISTEN_DELAY_MS = 1000;

/**
 * LISTEN on its own connection (a pooled one goes back to the pool), made
 * again after a server restart or a cut connection, for as long as it is wanted.
 */
function listenOnServer(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onResume?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const quoted = `"${channel.replaceAll('"', '""')}"`;

  const connect = async (first: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('error');
      next.on('error', () => undefined);
      void next.end().catch(() => undefined);
      if (!stopped) timer = setTimeout(retry, RELISTEN_DELAY_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${quoted}`);
    } catch (error) {
      // The first attempt fails to the caller; later ones keep trying.
      if (first) stopped = true;
      lost();
      throw error;
    }
  };
  const retry = () => {
    timer = undefined;
    if (stopped) return;
    connect(false).then(
      () => onResume?.(),
      () => undefined,
    );
  };

  return connect(true).then(() => async () => {
    stopped = true;
    clearTimeout(timer);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  });
}

/**
 * A transaction on a connection of its own from `pool`, given back whatever happens.
 * Drizzle's own (0.45) takes a connection and sends `begin` before its `try`, so a
 * connection lost at that moment was never released: the pool shrank by one at every such
 * cut until every request waited for a connection (docs/architecture.md#connection-loss).
 * A connection whose transaction failed on the database's side (lost, or a rollback that
 * failed) is closed instead of going back to the pool, which might reuse it mid-transaction.
 */
async function transactionOnPool<T>(
  pool: pg.Pool,
  work: Parameters<Db['transaction']>[0],
  config: Parameters<Db['transaction']>[1],
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    return (await drizzlePg(client, { schema }).transaction(work, config)) as T;
  } catch (error) {
    broken = isDatabaseUnavailable(error) || (error as { query?: unknown }).query === 'rollback';
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Opens a pool on a real PostgreSQL server. */
export function openPostgres(url: string): Database {
  // A server that does not take a connection within a second is treated as down: the request gets a
  // 503 at once instead of waiting (docs/architecture.md#errors).
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 1000 });
  let closing = false;
  // A connection can be cut at any moment (a restart, a failover, a network fault), idle in the pool or
  // in use by a query or a transaction (docs/architecture.md#connection-loss). node-postgres then
  // fails the query in flight and also emits 'error' on the connection, which ends the process where
  // nobody listens: the pool listens only while a connection is idle. So every connection gets a
  // listener of its own for its whole life; the query's caller sees the error (a 503), and the pool
  // drops the broken connection when it is released and opens a new one when needed.
  let log = stderrLog;
  const lost = (error: Error) => {
    if (!closing) log.warn({ err: error.message }, 'PostgreSQL connection lost; a new one is made when needed');
  };
  pool.on('connect', (client) => client.on('error', lost));
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  db.transaction = (work, config) => transactionOnPool(pool, work, config);
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => {
      closing = true;
      return pool.end();
    },
    dump: () => Promise.reject(new Error('dump() is only available on the embedded database')),
    listen: (channel, onMessage, onResume) => listenOnServer(url, channel, onMessage, onResume),
    reportTo: (to) => {
      log = to;
    },
  };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'pglite' ? openPglite(target.dataDir) : openPostgres(target.url);
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
