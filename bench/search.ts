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

try {
  const rows = await catalogRepo.publicActivities(database.db);
  const tags = await catalogRepo.approvedTags(database.db);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const builds: number[] = [];
  let model = new CatalogModel(rows, tags);
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    model = new CatalogModel(rows, tags);
    builds.push(performance.now() - started);
  }
  // A change of one activity: the snapshot made again from the last one (what the app does on every change).
  const patches: number[] = [];
  for (let i = 0; i < 5; i++) {
    const row = rows[i * 100] as (typeof rows)[number];
    const started = performance.now();
    model = model.patched([row], []);
    patches.push(performance.now() - started);
  }
  gc?.();
  const heap = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  console.info(
    `${model.size} activities: built from rows in p50 ${fmt(percentile(builds, 50))} ms (min ${fmt(Math.min(...builds))}), made again after one change in p50 ${fmt(percentile(patches, 50))} ms; ${heap.toFixed(1)} MB of heap with the rows${gc ? '' : ' (run with --expose-gc for the heap)'}`,
  );

  const kinds: Record<string, string[]> = {
    prefix: ['cha', 'chateau', 'randon', 'marche', 'wijn', 'lac', 'abbaye', 'velo', 'musee', 'fete', 'kelder kast'],
    typo: ['chateu', 'randonee', 'carcasone', 'abbeye', 'kasteell', 'wandlen', 'marhce', 'museeum'],
    synonym: ['hiking', 'wandelen', 'sport', 'market', 'castle', 'swimming', 'wine', 'point de vue', 'local food'],
  };
  for (const [kind, words] of Object.entries(kinds)) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < 400; i++) {
      const search = words[i % words.length] as string;
      const started = performance.now();
      const answer = model.list({
        search,
        sort: 'distance',
        offset: 0,
        limit: 12,
        lat: 43 + (i % 7) / 100,
        lon: 2.2 + (i % 5) / 100,
        lng: LANGUAGES[i % LANGUAGES.length],
      });
      times.push(performance.now() - started);
      found += answer.total;
    }
    console.info(
      `search, ${kind}: p50 ${fmt(percentile(times, 50))} ms, p95 ${fmt(percentile(times, 95))} ms, ${Math.round(found / 400)} matches on average (${words.join(', ')})`,
    );
  }
} finally {
  await database.close();
}
