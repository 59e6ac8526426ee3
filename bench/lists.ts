/**
 * P4's lists in the process, without HTTP (docs/benchmarks.md#the-guide-at-50000): the snapshot's
 * `list` of the same URLs as P4 (bench/p4-urls.ts), each kind twice in turn, the second timed, in CPU
 * time (the machine is shared), with the answer's JSON. From an existing database:
 *
 *   npm run db:seed -- --scale 50000          (DATA_DIR or DATABASE_URL)
 *   node --import tsx bench/lists.ts          (--no-keep: a new snapshot for every list, so that
 *                                              nothing one list keeps, a search's ranks or the when
 *                                              filter's answers, helps the next)
 */
import path from 'node:path';
import { activityListQuery } from '../src/domain/activity-schemas.js';
import { openDatabase } from '../src/server/db/client.js';
import { CatalogModel } from '../src/server/modules/catalog/model.js';
import * as catalogRepo from '../src/server/modules/catalog/repository.js';
import { p4Urls } from './p4-urls.js';

const url = process.env.DATABASE_URL;
const database = await openDatabase(
  url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: path.join(process.env.DATA_DIR ?? 'data', 'pglite') },
);
const fresh = process.argv.includes('--no-keep');
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

try {
  const rows = await catalogRepo.publicActivities(database.db);
  let model = new CatalogModel(rows, await catalogRepo.approvedTags(database.db));
  const now = new Date();
  console.info(
    `${model.size} activities; CPU per list and its JSON, ms${fresh ? ', a new snapshot for every list' : ''}`,
  );
  console.info('| kind | p50 | p95 | max |\n| --- | --- | --- | --- |');
  for (const kind of ['search', 'filter', 'sort', 'deep page', 'when', 'open now']) {
    let state = 42;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const queries = p4Urls(400, model.size, kind, random).map((u) =>
      activityListQuery.parse(Object.fromEntries(new URL(u, 'http://localhost').searchParams)),
    );
    const times: number[] = [];
    for (const round of [0, 1]) {
      for (const query of queries) {
        // A snapshot of its own per list (not timed): nothing a list keeps helps the next.
        if (fresh) model = model.patched([], []);
        const before = process.cpuUsage();
        JSON.stringify(model.list(query, now));
        const spent = process.cpuUsage(before);
        if (round === 1) times.push((spent.user + spent.system) / 1000);
      }
    }
    const fmt = (ms: number) => ms.toFixed(2);
    console.info(
      `| ${kind} | ${fmt(percentile(times, 50))} | ${fmt(percentile(times, 95))} | ${fmt(Math.max(...times))} |`,
    );
  }
} finally {
  await database.close();
}
