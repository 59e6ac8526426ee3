/**
 * A search library against the read model's own index (docs/search.md#the-index-and-why-no-library):
 * MiniSearch over the same activities and fields (names, descriptions, places, tags and category
 * names in every language, accent-free, prefix and one typo for words of 5 letters or more), timed
 * beside the own index in the same process on the same queries. On a database seeded at scale:
 *
 *   DATA_DIR=/tmp/dl-scale npm run db:seed -- --scale 10000
 *   DATA_DIR=/tmp/dl-scale node --expose-gc --import tsx bench/search-library.ts
 */
import path from 'node:path';
import MiniSearch from 'minisearch';
import { CATEGORY_NAMES } from '../src/domain/category-names.js';
import { LANGUAGES } from '../src/domain/languages.js';
import { normalizeText, TYPO_MIN_LENGTH } from '../src/domain/search.js';
import { openDatabase } from '../src/server/db/client.js';
import { type CatalogRow, CatalogModel } from '../src/server/modules/catalog/model.js';
import * as catalogRepo from '../src/server/modules/catalog/repository.js';

const url = process.env.DATABASE_URL;
const database = await openDatabase(
  url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: path.join(process.env.DATA_DIR ?? 'data', 'pglite') },
);
const gc = (globalThis as { gc?: () => void }).gc;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
/** CPU milliseconds of `work` (the machine is shared: CPU time moves less with the load than the clock). */
function cpu(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
function heapOf(build: () => unknown): { value: unknown; mb: number } {
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const value = build();
  gc?.();
  return { value, mb: (process.memoryUsage().heapUsed - before) / 1024 / 1024 };
}

/** The same fields the own index matches (docs/search.md#what-a-query-matches). */
function documentOf(row: CatalogRow) {
  const texts = [row.original, ...Object.values(row.translations)].filter((t) => t !== undefined);
  return {
    id: row.id,
    name: texts.map((t) => t.name).join(' '),
    tags: [
      ...row.tags.map((t) => t.name.replace(/-/g, ' ')),
      ...LANGUAGES.map((l) => CATEGORY_NAMES[row.category][l].chip),
    ].join(' '),
    text: [...texts.map((t) => `${t.description} ${t.location ?? ''}`), row.city].join(' '),
  };
}

const QUERIES = {
  prefix: ['cha', 'chateau', 'randon', 'marche', 'wijn', 'lac', 'abbaye', 'velo', 'musee', 'fete', 'kelder kast'],
  typo: ['chateu', 'randonee', 'carcasone', 'abbeye', 'kasteell', 'wandlen', 'marhce', 'museeum'],
  synonym: ['hiking', 'wandelen', 'sport', 'market', 'castle', 'swimming', 'wine', 'point de vue', 'local food'],
};

try {
  const rows = await catalogRepo.publicActivities(database.db);
  const tags = await catalogRepo.approvedTags(database.db);

  let own: CatalogModel | null = null;
  const ownBuild = cpu(() => {
    own = new CatalogModel(rows, tags);
  });
  const ownHeap = heapOf(() => new CatalogModel(rows, tags));
  own = ownHeap.value as CatalogModel;

  const options = {
    fields: ['name', 'tags', 'text'],
    processTerm: (term: string) => normalizeText(term) || null,
    tokenize: (text: string) => normalizeText(text).split(' '),
    searchOptions: {
      prefix: true,
      fuzzy: (term: string) => (term.length >= TYPO_MIN_LENGTH ? 1 : 0),
      combineWith: 'AND' as const,
      boost: { name: 3, tags: 2 },
    },
  };
  const documents = rows.map(documentOf);
  let library: MiniSearch | null = null;
  const libraryBuild = cpu(() => {
    library = new MiniSearch(options);
    library.addAll(documents);
  });
  const libraryHeap = heapOf(() => {
    const index = new MiniSearch(options);
    index.addAll(documents);
    return index;
  });
  library = libraryHeap.value as MiniSearch;

  console.info(
    `${rows.length} activities. Own index: the whole snapshot (index and all) built in ${ownBuild.toFixed(0)} ms of CPU, ${ownHeap.mb.toFixed(1)} MB of heap. MiniSearch: its index alone built in ${libraryBuild.toFixed(0)} ms of CPU, ${libraryHeap.mb.toFixed(1)} MB of heap (beside the snapshot it would still need).`,
  );
  for (const [kind, words] of Object.entries(QUERIES)) {
    const ownTimes: number[] = [];
    const libraryTimes: number[] = [];
    let ownFound = 0;
    let libraryFound = 0;
    for (let i = 0; i < 400; i++) {
      const query = words[i % words.length] as string;
      ownTimes.push(
        cpu(() => {
          ownFound += (own as CatalogModel).list({
            search: query,
            sort: 'distance',
            offset: 0,
            limit: 12,
            lng: LANGUAGES[i % LANGUAGES.length],
          } as Parameters<CatalogModel['list']>[0]).total;
        }),
      );
      libraryTimes.push(
        cpu(() => {
          libraryFound += (library as MiniSearch).search(query).length;
        }),
      );
    }
    const fmt = (times: number[]) =>
      `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms`;
    console.info(
      `${kind}: own index (search, rank, page of 12) ${fmt(ownTimes)}, ${Math.round(ownFound / 400)} matches on average; MiniSearch (search and score only; no synonyms) ${fmt(libraryTimes)}, ${Math.round(libraryFound / 400)} matches on average`,
    );
  }
} finally {
  await database.close();
}
