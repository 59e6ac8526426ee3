import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { collectGarbage, withHeapGrowthLoosened } from '../../memory.js';
import { changedSince, currentSnapshot, isAhead, keptIdentity, KeptFileRejected, readKept, writeKept } from './kept.js';
import { IndexInWorker, IndexThreadFailed } from './index-worker.js';
import { CatalogModel } from './model.js';
import * as repo from './repository.js';

/** The channel the database triggers notify (src/server/db/migrations/0008_catalog_notify.sql). */
export const CATALOG_CHANNEL = 'catalog';
/**
 * More changed activities than this at once (and more than half of the catalogue): read everything
 * again instead of the changed ones. At tens of thousands of activities, reading them all takes
 * seconds (on the embedded database, seconds of this thread's time, the app answering only between
 * its steps: docs/read-model.md#keeping-it-current), so an import's
 * batches committing faster than they are applied are patched in, up to PATCH_MAX at once.
 */
const PATCH_LIMIT = 200;
const PATCH_MAX = 5000;
/**
 * The change log's mark for the list of approved tags (announced as "tags"), beside activity ids and
 * 0 for everything (src/server/db/migrations/0029_tag_changes_patched.sql).
 */
const TAGS_CHANGED = -1;
/** At most this many turns of the event loop for a transaction's notifications to come (Catalog.settled). */
const SETTLE_TURNS = 20;
/** A change that cannot be read (the database is down) is tried again after this long. */
const RETRY_MS = 1000;
/** How long a write's answer waits for the read model to have its change. */
const SYNC_TIMEOUT_MS = 1000;
/** How the last start made the read model (docs/read-model.md#the-kept-snapshot). */
export interface CatalogStart {
  /** `file`: restored from the kept file and caught up; `database`: read whole. */
  from: 'file' | 'database';
  /** Activities read again after the restore (their ids). */
  caughtUp: number;
  ms: number;
}

export interface CatalogOptions {
  /** The folder of the kept file (DATA_DIR); null: no file, the model is read whole at every start. */
  keptDir?: string | null;
  /** A whole read's word index thread (the tests give one that fails, or a lower threshold). */
  indexThread?: IndexThreadOptions;
}

export interface IndexThreadOptions {
  /** What builds the index on a thread of its own. */
  make?: () => IndexInWorker;
  /** From how many public activities a whole read builds its index on a thread (INDEX_THREAD_FROM). */
  from?: number;
}

/**
 * From this many public activities a whole read builds its word index on a thread of its own: a
 * thread costs some 50 ms to start (the build, from the sources under tsx 0.3 s), about what the
 * index of 2,000 to 2,500 activities costs on the app's thread (docs/read-model.md#a-whole-read).
 */
export const INDEX_THREAD_FROM = 5000;

/**
 * The whole public catalogue read from the database and built into a snapshot. From `from`
 * public activities, its word index is built on a thread of its own while the read goes on
 * (IndexInWorker); should that thread fail, the rows have let their search texts go: the catalogue
 * is read again and the index built on this thread (`log` says so).
 */
async function readWhole(
  database: Database,
  log?: FastifyBaseLogger,
  { make = () => new IndexInWorker(), from = INDEX_THREAD_FROM }: IndexThreadOptions = {},
): Promise<CatalogModel> {
  // Hundreds of MB of short-lived garbage, collected with a looser factor (docs/deployment.md#memory).
  return withHeapGrowthLoosened(async () => {
    let index = null as IndexInWorker | null;
    try {
      const [rows, tags] = await Promise.all([
        repo.publicActivities(database.db, undefined, undefined, (chunk, total) => {
          if (total >= from) (index ??= make()).take(chunk);
        }),
        repo.approvedTags(database.db),
      ]);
      return await CatalogModel.builtInTurns(rows, tags, index?.index(rows.length));
    } catch (error) {
      if (!(error instanceof IndexThreadFailed)) throw error;
      log?.warn({ err: error }, 'read model: reading again, the word index built on the main thread');
    } finally {
      index?.close();
    }
    const [rows, tags] = await Promise.all([repo.publicActivities(database.db), repo.approvedTags(database.db)]);
    return CatalogModel.builtInTurns(rows, tags);
  });
}

/**
 * `model` with the public activities of `ids` read again and put in place (those no longer public
 * left out), and with `tags` the approved tags read again too: a patch
 * (docs/read-model.md#keeping-it-current).
 */
async function patchedFrom(database: Database, model: CatalogModel, ids: number[], tags: boolean) {
  const [rows, approved] = await Promise.all([
    repo.publicActivities(database.db, ids),
    tags ? repo.approvedTags(database.db) : undefined,
  ]);
  const found = new Set(rows.map((r) => r.id));
  return model.patchedInTurns(
    rows,
    ids.filter((id) => !found.has(id)),
    approved,
  );
}

/** Writes `model` as the kept file of `dir`, under `snapshot` (taken before the read `model` came from). */
async function writeModel(database: Database, dir: string, snapshot: string, model: CatalogModel) {
  const { identity, migration } = await keptIdentity(database.db);
  const kept = model.kept();
  const bytes = await writeKept(dir, { identity, migration, snapshot }, kept);
  return { activities: kept.entries.length, bytes };
}

/**
 * The kept file written from the database as it is now, by a command that changed much of the
 * catalogue while the app was stopped (the seeder): the app's next start restores it instead of
 * reading everything (docs/read-model.md#the-kept-snapshot).
 */
export async function keepReadModel(database: Database, dir: string): Promise<{ activities: number; bytes: number }> {
  const snapshot = await currentSnapshot(database.db);
  return writeModel(database, dir, snapshot, await readWhole(database));
}

/**
 * The public read model, kept current (docs/read-model.md): built from the
 * database once, then patched after every committed change the database
 * triggers announce (LISTEN/NOTIFY), so that every app instance on the
 * database follows. Anonymous reads never touch the database.
 */
export class Catalog {
  private model: CatalogModel = new CatalogModel([], []);
  /** Goes up with every change applied; part of the public answers' ETags. */
  version = 0;
  private pendingIds = new Set<number>();
  /** The list of approved tags changed ("tags"): read again with the next patch. */
  private pendingTags = false;
  private pendingAll = false;
  /** Notifications received / applied; a sync waits for its own to be applied. */
  private received = 0;
  private applied = 0;
  private waiters: { upTo: number; resolve: () => void }[] = [];
  private running: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | undefined;
  private syncs = new Map<string, () => void>();
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;
  /** Changes announced while the start makes the model are applied once it has made it. */
  private ready = false;
  private listeners = new Set<() => void>();
  private readonly keptDir: string | null;
  private readonly indexThread: IndexThreadOptions;
  /** The snapshot the file is to be written with, when a write is due; the write under way. */
  private keepSnapshot: string | null = null;
  private keeping: Promise<void> = Promise.resolve();
  /** How the read model was made at start. */
  started: CatalogStart | null = null;
  /** How many times the whole catalogue was read: at start (without a usable file) and for a change of everything. */
  wholeReads = 0;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    options: CatalogOptions = {},
  ) {
    this.keptDir = options.keptDir ?? null;
    this.indexThread = options.indexThread ?? {};
  }

  /**
   * Listens first, then restores the kept file and reads again what changed since, or reads
   * everything: no change can fall between the two (docs/read-model.md#the-kept-snapshot).
   */
  async start(): Promise<void> {
    const began = performance.now();
    this.stopListening = await this.database.listen(
      CATALOG_CHANNEL,
      (payload) => this.onNotify(payload),
      () => this.onNotify('all'),
    );
    const caughtUp = this.keptDir ? await this.restore(this.keptDir) : null;
    if (caughtUp === null) await this.reloadAll();
    this.started = {
      from: caughtUp === null ? 'database' : 'file',
      caughtUp: caughtUp ?? 0,
      ms: Math.round(performance.now() - began),
    };
    this.log.info({ ...this.started, activities: this.model.size }, 'read model ready');
    this.ready = true;
    this.schedule();
  }

  /**
   * The kept file restored and caught up with the changes since its snapshot: the number of
   * activities read again; null when there is no file, it cannot be used, or too much changed.
   */
  private async restore(dir: string): Promise<number | null> {
    try {
      const db = this.database.db;
      let mark = performance.now();
      const lap = () => {
        const ms = Math.round(performance.now() - mark);
        mark = performance.now();
        return ms;
      };
      const kept = await readKept(dir, await keptIdentity(db));
      if (kept === null) return null;
      const readMs = lap();
      if (await isAhead(db, kept.header.snapshot)) throw new KeptFileRejected('made at a later point of the database');
      const now = await currentSnapshot(db);
      const changed = await changedSince(db, kept.header.snapshot);
      const changesMs = lap();
      if (changed.includes(0) || changed.length > PATCH_MAX) {
        this.log.info(
          { changed: changed.length },
          'read model: too much changed since the kept file; reading everything',
        );
        return null;
      }
      let model = CatalogModel.restored(kept.model);
      const restoreMs = lap();
      const ids = changed.filter((id) => id !== TAGS_CHANGED);
      if (changed.length > 0) {
        model = await patchedFrom(this.database, model, ids, ids.length < changed.length);
        this.keepLater(now);
      }
      this.replace(model);
      this.log.info(
        { readMs, changesMs, restoreMs, catchUpMs: lap(), bytes: kept.bytes },
        'read model restored from the kept file',
      );
      return ids.length;
    } catch (error) {
      const reason = error instanceof KeptFileRejected ? error.message : undefined;
      this.log.warn({ err: error, reason }, 'read model: the kept file cannot be used; reading everything');
      return null;
    }
  }

  /**
   * The file is due: written when the app closes (or `kept` is called) with the model current then,
   * under `snapshot`. Not while it serves: serialising the whole model took the process's memory up
   * by 100 to 250 MB, which it did not give back (docs/read-model.md#the-kept-snapshot).
   */
  private keepLater(snapshot: string) {
    if (!this.keptDir || this.closed) return;
    this.keepSnapshot = snapshot;
  }

  /**
   * The file written now with the current model, if a write is due; every change visible in the
   * snapshot it is written with is in that model (it was taken before the read the model came from).
   */
  private async keep() {
    const dir = this.keptDir;
    const snapshot = this.keepSnapshot;
    if (!dir || snapshot === null || this.closed) return;
    this.keepSnapshot = null;
    try {
      const started = performance.now();
      const written = await writeModel(this.database, dir, snapshot, this.model);
      this.log.info({ ...written, ms: Math.round(performance.now() - started) }, 'read model kept');
    } catch (error) {
      this.log.warn({ err: error }, 'read model: the kept file could not be written');
    }
  }

  /** Writes the file now if it is due (tests), and resolves once it is written. */
  async kept(): Promise<void> {
    this.keeping = this.keeping.then(() => this.keep());
    await this.keeping;
  }

  async close(): Promise<void> {
    // The file, when due, is written before the app stops listening (it renames a whole file or none).
    await this.kept();
    this.closed = true;
    clearTimeout(this.retryTimer);
    // A database already closed has stopped listening with it.
    await this.stopListening?.().catch(() => undefined);
    for (const resolve of this.syncs.values()) resolve();
    this.syncs.clear();
  }

  /** The current snapshot; a change replaces it, so a read sees one consistent catalogue. */
  get current(): CatalogModel {
    return this.model;
  }

  /** Called after every applied change (caches of answers drop what they hold). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private onNotify(payload: string) {
    if (payload.startsWith('sync:')) {
      // Everything committed before this sync was notified before it: once that is applied, the sync is done.
      const resolve = this.syncs.get(payload.slice(5));
      if (resolve) this.whenApplied(this.received).then(resolve, resolve);
      return;
    }
    this.received++;
    if (payload === 'all') this.pendingAll = true;
    else if (payload === 'tags') this.pendingTags = true;
    else if (payload.startsWith('a:')) {
      const id = Number(payload.slice(2));
      if (Number.isInteger(id)) this.pendingIds.add(id);
    }
    this.schedule();
  }

  private whenApplied(upTo: number): Promise<void> {
    if (this.applied >= upTo) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ upTo, resolve }));
  }

  private schedule() {
    if (this.running || this.closed || this.retryTimer || !this.ready) return;
    this.running = this.settled()
      .then(() => this.drain())
      .finally(() => {
        this.running = null;
        if (this.received > this.applied && !this.retryTimer) this.schedule();
      });
  }

  /**
   * Resolves a turn of the event loop later, or more while notifications keep coming (at most
   * SETTLE_TURNS): a transaction's notifications (a tag's, one for each activity carrying it) reach
   * the app together on PGlite, over several reads of the connection on PostgreSQL, and are applied
   * as one batch rather than the first ones alone, then the rest (docs/read-model.md#keeping-it-current).
   */
  private async settled(): Promise<void> {
    let seen = -1;
    for (let turn = 0; turn < SETTLE_TURNS && seen !== this.received; turn++) {
      seen = this.received;
      await nextTurn();
    }
  }

  /** Applies what was announced, in batches, until nothing waits. */
  private async drain(): Promise<void> {
    while (!this.closed && (this.pendingAll || this.pendingTags || this.pendingIds.size > 0)) {
      const upTo = this.received;
      const all =
        this.pendingAll || this.pendingIds.size > Math.min(PATCH_MAX, Math.max(PATCH_LIMIT, this.model.size / 2));
      const ids = [...this.pendingIds];
      const tags = this.pendingTags;
      this.pendingAll = false;
      this.pendingTags = false;
      this.pendingIds.clear();
      try {
        if (all) await this.reloadAll();
        else await this.reload(ids, tags);
      } catch (error) {
        // The database is down or busy: keep serving what we have, and try again.
        this.log.warn({ err: error }, 'read model: a change could not be read; trying again');
        if (all) this.pendingAll = true;
        if (tags) this.pendingTags = true;
        for (const id of ids) this.pendingIds.add(id);
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined;
          this.schedule();
        }, RETRY_MS);
        this.retryTimer.unref();
        return;
      }
      this.applied = Math.max(this.applied, upTo);
      this.waiters = this.waiters.filter((w) => {
        if (w.upTo > this.applied) return true;
        w.resolve();
        return false;
      });
    }
    if (!this.pendingAll && !this.pendingTags && this.pendingIds.size === 0) {
      this.applied = Math.max(this.applied, this.received);
      this.waiters = this.waiters.filter((w) => {
        if (w.upTo > this.applied) return true;
        w.resolve();
        return false;
      });
    }
  }

  /**
   * Puts `model` in place; whether it is a build apart from the last (a whole read, a compaction). While
   * the app serves, such a build leaves the last one's columns and index behind, and a whole read its
   * garbage: given back soon, as the start does before it listens (left to V8, four whole reads in a
   * row at 50,000 activities left the process at 587 MB instead of 425, eight compactions at 399 to
   * 431 MB instead of 378: docs/read-model.md#a-whole-read). In a later turn, once the writes that
   * wait for this change (resolved in this one) have had their answers.
   */
  private replace(model: CatalogModel): boolean {
    const rebuilt = model.builtApartFrom(this.model);
    this.model = model;
    this.version++;
    for (const listener of this.listeners) listener();
    if (rebuilt && this.ready) setImmediate(() => this.collect());
    return rebuilt;
  }

  private async reloadAll() {
    const started = performance.now();
    // Taken before the read: every change visible in it is in what is read (docs/read-model.md#the-kept-snapshot).
    const snapshot = this.keptDir ? await currentSnapshot(this.database.db) : null;
    this.replace(await readWhole(this.database, this.log, this.indexThread));
    this.wholeReads++;
    if (snapshot !== null) this.keepLater(snapshot);
    this.log.debug({ activities: this.model.size, ms: Math.round(performance.now() - started) }, 'read model built');
  }

  private collect() {
    if (this.closed) return;
    const started = performance.now();
    collectGarbage();
    this.log.debug({ ms: Math.round(performance.now() - started) }, 'read model: garbage collected after a new build');
  }

  /** `ids` read again and patched in; `tags`: the approved tags too. */
  private async reload(ids: number[], tags: boolean) {
    const started = performance.now();
    const compacted = this.replace(await patchedFrom(this.database, this.model, ids, tags));
    this.log.debug(
      { activities: ids.length, tags, compacted, ms: Math.round(performance.now() - started) },
      'read model patched',
    );
  }

  /**
   * Resolves once every change committed before the call is in the read model
   * (a NOTIFY of our own travels behind them), or after `timeoutMs` at most (a
   * second: a write's answer waits for it, so that whoever wrote reads their write).
   */
  async sync(timeoutMs = SYNC_TIMEOUT_MS): Promise<void> {
    if (this.closed) return;
    const token = randomUUID();
    const done = new Promise<void>((resolve) => this.syncs.set(token, resolve));
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref());
    try {
      await this.database.db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${`sync:${token}`})`);
      await Promise.race([done, timeout]);
    } catch {
      // The database is down: nothing new was committed that we could wait for.
    } finally {
      this.syncs.delete(token);
    }
  }
}
