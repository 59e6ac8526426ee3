/**
 * The read model's search in-process (docs/benchmarks.md#search, docs/search.md): how long a
 * snapshot of the catalogue takes to build (the search index with it) and how long a search
 * takes, without HTTP around it. On a database seeded at scale:
 *
 *   DATA_DIR=/tmp/dl-scale npm run db:seed -- --scale 10000
 *   DATA_DIR=/tmp/dl-scale node --expose-gc --import tsx bench/search.ts
 *
 * (DATABASE_URL instead of DATA_DIR for PostgreSQL.)
 */
import path from 'node:path';
import { LANGUAGES } from '../src/domain/languages.js';
import { openDatabase } from '../src/server/db/client.js';
import { CatalogModel } from '../src/server/modules/catalog/model.js';
import * as catalogRepo from '../src/server/modules/catalog/repository.js';

const url = process.env.DATABASE_URL;
const database = await openDatabase(
  url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: path.join(process.env.DATA_DIR ?? 'data', 'pglite') },
);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const fmt = (ms: number) => ms.toFixed(2);
/** Wall-clock and CPU milliseconds of `work` (the machine is shared: CPU time moves less with the load). */
function timed(work: () => void): { wall: number; cpu: number } {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  work();
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

try {
  const rows = await catalogRepo.publicActivities(database.db);
  const tags = await catalogRepo.approvedTags(database.db);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let model = new CatalogModel(rows, tags);
  const builds = Array.from({ length: 5 }, () =>
    timed(() => {
      model = new CatalogModel(rows, tags);
    }),
  );
  // A change of one activity: the snapshot made again from the last one (what the app does on every change).
  const patches = Array.from({ length: 5 }, (_, i) =>
    timed(() => {
      model = model.patched([rows[i * 100] as (typeof rows)[number]], []);
    }),
  );
  gc?.();
  const heap = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const median = (runs: { wall: number; cpu: number }[]) =>
    `${fmt(
      percentile(
        runs.map((r) => r.wall),
        50,
      ),
    )} ms (CPU ${fmt(
      percentile(
        runs.map((r) => r.cpu),
        50,
      ),
    )} ms)`;
  console.info(
    `${model.size} activities: a snapshot built from the rows in ${median(builds)}, made again after one change in ${median(patches)} (medians of 5); ${heap.toFixed(1)} MB of heap${gc ? '' : ' (run with --expose-gc for the heap)'}`,
  );

  const kinds: Record<string, string[]> = {
    prefix: ['cha', 'chateau', 'randon', 'marche', 'wijn', 'lac', 'abbaye', 'velo', 'musee', 'fete', 'kelder kast'],
    typo: ['chateu', 'randonee', 'carcasone', 'abbeye', 'kasteell', 'wandlen', 'marhce', 'museeum'],
    synonym: ['hiking', 'wandelen', 'sport', 'market', 'castle', 'swimming', 'wine', 'point de vue', 'local food'],
  };
  for (const [kind, words] of Object.entries(kinds)) {
    let found = 0;
    const times = Array.from({ length: 400 }, (_, i) =>
      timed(() => {
        found += model.list({
          search: words[i % words.length] as string,
          sort: 'distance',
          offset: 0,
          limit: 12,
          lat: 43 + (i % 7) / 100,
          lon: 2.2 + (i % 5) / 100,
          lng: LANGUAGES[i % LANGUAGES.length],
        }).total;
      }),
    );
    const wall = times.map((t) => t.wall);
    const cpu = times.map((t) => t.cpu);
    console.info(
      `search, ${kind}: p50 ${fmt(percentile(wall, 50))} ms, p95 ${fmt(percentile(wall, 95))} ms (CPU p50 ${fmt(percentile(cpu, 50))}, p95 ${fmt(percentile(cpu, 95))} ms), ${Math.round(found / 400)} matches on average (${words.join(', ')})`,
    );
  }
} finally {
  await database.close();
}
