/**
 * The read model at size (docs/benchmarks.md#the-guide-at-50000), in this process, from an
 * existing database (`npm run db:seed -- --scale 50000` first):
 *
 *   node --expose-gc --import tsx bench/read-model.ts          the embedded database in DATA_DIR
 *   DATABASE_URL=postgres://... node --expose-gc --import tsx bench/read-model.ts
 *   ... bench/read-model.ts --compare    also the read as it was done before (drizzle's mapping), timed,
 *                                        and checked to give the same activities
 *
 * Prints: the time to read the public activities and to build the snapshot, the heap the
 * snapshot keeps (after a collection, without the rows as read), the process's RSS, and the cost
 * of one write: a snapshot patched with one changed activity, then the first default list, search
 * and name-sorted list on it (what a visitor's next request pays), against the same requests on a
 * snapshot that has them already (the ceiling: nothing to make again).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.js';
import { collectUntilSettled } from '../src/server/memory.js';
import { currentSnapshot, keptIdentity, readKept, writeKept } from '../src/server/modules/catalog/kept.js';
import { CatalogModel } from '../src/server/modules/catalog/model.js';
import * as catalogRepo from '../src/server/modules/catalog/repository.js';
import { publicActivitiesAsBefore } from '../src/server/test/catalog-reference.js';
import type { ActivityListQuery } from '../src/domain/activities.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('Run with node --expose-gc --import tsx bench/read-model.ts');
  process.exit(2);
}
const WRITES = Number(process.argv.find((a) => a.startsWith('--writes='))?.slice(9) ?? 40);
const COMPARE = process.argv.includes('--compare');
const url = process.env.DATABASE_URL;
const database = await openDatabase(
  url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: path.join(process.env.DATA_DIR ?? 'data', 'pglite') },
);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};

/** Reads and builds in a function of its own, so that nothing of the rows as read stays referenced here. */
async function build() {
  let started = performance.now();
  const rows = await catalogRepo.publicActivities(database.db);
  const tags = await catalogRepo.approvedTags(database.db);
  const readMs = performance.now() - started;
  started = performance.now();
  const model = new CatalogModel(rows, tags);
  const buildMs = performance.now() - started;
  const every = Math.max(1, Math.floor(rows.length / WRITES));
  return { model, readMs, buildMs, sample: rows.filter((_, i) => i % every === 0).slice(0, WRITES) };
}

/**
 * The read as it was done before, timed, and the two reads compared: the same activities, fields and
 * values (a tag list's order, which the database does not fix and the answers sort, left out).
 */
async function compare(readMs: number) {
  let started = performance.now();
  const before = await publicActivitiesAsBefore(database.db);
  const beforeMs = performance.now() - started;
  started = performance.now();
  const now = await catalogRepo.publicActivities(database.db);
  const nowMs = performance.now() - started;
  const byId = (rows: typeof now) => rows.map((row) => ({ ...row, tags: [...row.tags].sort((a, b) => a.id - b.id) }));
  const same = isDeepStrictEqual(byId(before), byId(now));
  console.info(
    `the read as before (drizzle's mapping): ${ms(beforeMs)}; this read again: ${ms(nowMs)} (first: ${ms(readMs)}); ` +
      `${now.length} activities, ${same ? 'the same' : 'NOT THE SAME'} as before`,
  );
  if (!same) process.exitCode = 1;
}

/** What the snapshot keeps: the heap, and the typed arrays' buffers (outside the heap). */
const kept = () => {
  // As the app collects after its start: one collection left about 100 MB of a restored snapshot's
  // garbage at 50,000 (src/server/memory.ts).
  collectUntilSettled(gc, () => process.memoryUsage().heapUsed);
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

try {
  const before = kept();
  // eslint-disable-next-line prefer-const -- `model` is patched below; the others stay.
  let { model, readMs, buildMs, sample } = await build();
  const size = model.size;
  const heap = kept() - before;
  console.info(`activities: ${size}`);
  // The ceiling: the same tables read whole by bare queries, no chunks, no mapping to rows.
  const bareStarted = performance.now();
  for (const table of ['activities', 'activity_translations', 'activity_tags']) {
    await database.db.execute(sql.raw(`select * from ${table}`));
  }
  const bareMs = performance.now() - bareStarted;
  console.info(
    `read from the database: ${ms(readMs)} (the bare queries of the three tables: ${ms(bareMs)}, ${(bareMs / readMs).toFixed(2)}x); snapshot built: ${ms(buildMs)}`,
  );
  console.info(
    `kept by the snapshot (heap and typed arrays): ${mb(heap)}; process RSS: ${mb(process.memoryUsage().rss)}`,
  );
  if (COMPARE) await compare(readMs);
  let started = 0;

  const base: ActivityListQuery = { limit: 12, offset: 0, sort: 'distance' } as ActivityListQuery;
  const queries: ActivityListQuery[] = [
    base,
    { ...base, search: 'chateau' },
    { ...base, sort: 'name', lng: 'fr' },
    { ...base, sort: 'newest' },
  ];
  const patchTimes: number[] = [];
  const firstReads: number[] = [];
  const warmReads: number[] = [];
  for (const row of sample) {
    const changed = { ...row, rating: row.rating === 5 ? 4.5 : 5, updatedAt: Date.now() };
    started = performance.now();
    model = model.patched([changed], []);
    patchTimes.push(performance.now() - started);
    started = performance.now();
    for (const query of queries) model.list(query);
    firstReads.push(performance.now() - started);
    started = performance.now();
    for (const query of queries) model.list(query);
    warmReads.push(performance.now() - started);
  }
  console.info(
    `one write (${sample.length} in turn): patch p50 ${ms(quantile(patchTimes, 0.5))}, p95 ${ms(quantile(patchTimes, 0.95))}; ` +
      `the next four reads p50 ${ms(quantile(firstReads, 0.5))}, p95 ${ms(quantile(firstReads, 0.95))} ` +
      `(the same reads again: p50 ${ms(quantile(warmReads, 0.5))}, p95 ${ms(quantile(warmReads, 0.95))})`,
  );
  console.info(`kept after the writes: ${mb(kept() - before)}; RSS ${mb(process.memoryUsage().rss)}`);

  // The kept file (docs/read-model.md#the-kept-snapshot): written from this model, then restored
  // with nothing else held, against the snapshot built from the rows above.
  const dir = await mkdtemp(path.join(tmpdir(), 'read-model-bench-'));
  try {
    const identity = await keptIdentity(database.db);
    const snapshot = await currentSnapshot(database.db);
    started = performance.now();
    const bytes = await writeKept(dir, { ...identity, snapshot }, model.kept());
    const writeMs = performance.now() - started;
    model = new CatalogModel([], []);
    const empty = kept();
    started = performance.now();
    let read = await readKept(dir, identity);
    const readFileMs = performance.now() - started;
    const restored = CatalogModel.restored((read as NonNullable<typeof read>).model);
    const restoreMs = performance.now() - started - readFileMs;
    // What the app keeps: the file's model as read is let go once restored.
    read = null;
    const restoredHeap = kept() - empty;
    console.info(
      `kept file: ${mb(bytes)} written in ${ms(writeMs)}; read (checked, deserialised) in ${ms(readFileMs)}, ` +
        `snapshot restored in ${ms(restoreMs)}: ${ms(readFileMs + restoreMs)} against ${ms(readMs + buildMs)} for the read and build above ` +
        `(${((readFileMs + restoreMs) / (readMs + buildMs)).toFixed(2)}x); kept by the restored snapshot: ${mb(restoredHeap)} ` +
        `(${restored.size} activities) against ${mb(heap)} built; RSS ${mb(process.memoryUsage().rss)}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
} finally {
  await database.close();
}
