import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { CatalogRow } from './model.js';
import {
  finished,
  IndexBuilder,
  type IndexParts,
  SearchIndex,
  searchFieldsFrom,
  type SearchSource,
  searchSourceOf,
} from './search-index.js';

/**
 * The word index of a whole read built on a thread of its own while the read goes on
 * (docs/read-model.md#a-whole-read): what the rows' search fields are made from goes to the thread a
 * chunk at a time, as they are read; the thread adds them to an `IndexBuilder` and, once told the read is over, sends the
 * index's parts back. On the embedded database the read is the database's SQL on the app's thread, and
 * the build used to follow it there; now the two run side by side on two cores.
 *
 * This one file is both sides: loaded by a worker with ROLE as its data, it is the thread.
 */

const ROLE = 'catalog-search-index';

/**
 * The thread's side: the activities' search sources in chunks (arrays), then null; the parts back,
 * their arrays moved, not copied. The sources, not the fields made of them (each field of tags holds
 * its category's names in every language): at 50,000 activities 45 MB copied instead of 60, and 80
 * ms of the app's thread instead of 130.
 */
function serve(): void {
  const port = parentPort;
  if (!port) return;
  const builder = new IndexBuilder();
  port.on('message', (sources: SearchSource[] | null) => {
    if (sources !== null) {
      for (const source of sources) builder.add(searchFieldsFrom(source));
      return;
    }
    const parts = finished(builder.finish());
    port.postMessage(
      parts,
      [...parts.starts, ...parts.postings, parts.nameOwners].map((a) => a.buffer as ArrayBuffer),
    );
  });
}

if (!isMainThread && workerData === ROLE) serve();

function startThread(): Worker {
  const self = import.meta.url;
  // From the sources (the tests, the CLIs and benchmarks under tsx), the thread loads this file through
  // tsx's loader; the build (`npm start`) runs the compiled file itself.
  if (self.endsWith('.ts')) {
    const load = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(self)}); });`;
    return new Worker(load, { eval: true, workerData: ROLE });
  }
  return new Worker(new URL(self), { workerData: ROLE });
}

/** The thread could not make the index: the caller builds it on its own thread from a read of its own. */
export class IndexThreadFailed extends Error {}

/**
 * The app's side. `take` each chunk of rows as it is read (in ascending ids, as the whole read gives
 * them): what their search fields are made from goes to the thread, and their search texts are let go
 * (`searchText` left empty: at 50,000 activities tens of MB the read no longer holds to its end).
 * Then `index(size)`: the index of all of them, by position in id order; it rejects with
 * IndexThreadFailed when the thread could not make it (it failed to start or stopped, or the rows did
 * not come in order). `close` always.
 */
export class IndexInWorker {
  private thread: Worker | null = null;
  private readonly parts: Promise<IndexParts>;
  /** Why the thread's index cannot be used; null while it can. */
  private failure: unknown = null;
  private lastId = Number.NEGATIVE_INFINITY;

  constructor() {
    this.parts = new Promise<IndexParts>((resolve, reject) => {
      const thread = startThread();
      thread.once('message', resolve);
      thread.once('error', reject);
      thread.once('exit', (code) => reject(new Error(`the index thread stopped (exit code ${code})`)));
      this.thread = thread;
    });
    this.parts.catch((error: unknown) => {
      this.failure ??= error;
    });
  }

  take(rows: readonly CatalogRow[]): void {
    if (this.thread === null || this.failure !== null) return;
    for (const row of rows) {
      if (row.id <= this.lastId) {
        this.failure = new Error('the rows did not come in ascending ids');
        this.close();
        return;
      }
      this.lastId = row.id;
    }
    this.thread.postMessage(rows.map(searchSourceOf));
    for (const row of rows) row.searchText = '';
  }

  /** The index of the `size` rows taken (see above). */
  async index(size: number): Promise<SearchIndex> {
    try {
      if (this.thread === null || this.failure !== null) throw this.failure ?? new Error('closed');
      this.thread.postMessage(null);
      const parts = await this.parts;
      if (parts.size !== size) throw new Error(`the index thread had ${parts.size} activities of ${size}`);
      return new SearchIndex(parts);
    } catch (error) {
      throw new IndexThreadFailed('the word index could not be built on its thread', { cause: error });
    } finally {
      this.close();
    }
  }

  close(): void {
    const thread = this.thread;
    this.thread = null;
    if (thread) void thread.terminate();
  }
}
