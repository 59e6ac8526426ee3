import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';

/**
 * The production build's word index thread (docs/read-model.md#a-whole-read): from 5,000 public
 * activities a whole read builds its index on a worker thread, which the build starts from the
 * compiled file itself (the API tests run the sources, whose thread loads through tsx; the demo's
 * servers here hold 36 activities, under the threshold). No browser: the compiled modules, loaded in
 * this process as the server loads them.
 */

/** What this test uses of dist/server/modules/catalog (the build has no type declarations). */
interface Built {
  IndexInWorker: new () => {
    take(rows: readonly object[]): void;
    index(size: number): Promise<{ parts(): unknown }>;
    close(): void;
  };
  SearchIndex: new (fields: readonly unknown[]) => { parts(): unknown };
  searchFieldsOf: (row: object) => unknown;
}

async function built(): Promise<Built> {
  const dir = path.resolve('dist/server/modules/catalog');
  const load = (file: string) => import(pathToFileURL(path.join(dir, file)).href);
  const [worker, search] = await Promise.all([load('index-worker.js'), load('search-index.js')]);
  return { ...worker, ...search } as Built;
}

/** What the index reads of a catalogue row: its names, category, approved tags and search text. */
function row(id: number) {
  const words = ['kelder', 'wijngaard', 'kasteel', 'markt', 'abdij', 'meer'];
  const word = words[id % words.length] as string;
  return {
    id,
    category: ['markten', 'feesten', 'sport', 'uitjes'][id % 4],
    original: { sortName: `draad ${id} ${word}` },
    translations: { fr: { sortName: `fil ${id} ${word}` }, nl: { sortName: `draad ${id} ${word}` } },
    tags: id % 3 === 0 ? [{ name: 'wijn' }] : [],
    searchText: `een rondleiding nummer ${id} langs de ${word} van de streek`,
  };
}

test('the built thread makes the index the app would build itself, from chunks as they come', async () => {
  const { IndexInWorker, SearchIndex, searchFieldsOf } = await built();
  const rows = Array.from({ length: 1200 }, (_, i) => row(i + 1));
  const expected = new SearchIndex(rows.map(searchFieldsOf)).parts();
  const index = new IndexInWorker();
  try {
    for (let from = 0; from < rows.length; from += 250) index.take(rows.slice(from, from + 250));
    // The rows let their search texts go once the thread has them.
    expect(rows.every((r) => r.searchText === '')).toBe(true);
    expect((await index.index(rows.length)).parts()).toEqual(expected);
  } finally {
    index.close();
  }
});
