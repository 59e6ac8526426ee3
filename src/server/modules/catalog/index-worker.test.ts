import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityTranslations } from '../../db/schema/index.js';
import { createActivity, createTag, tagActivity } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { IndexInWorker, IndexThreadFailed } from './index-worker.js';
import { CatalogModel, type CatalogRow } from './model.js';
import { approvedTags, publicActivities } from './repository.js';
import { SearchIndex, searchFieldsOf } from './search-index.js';
import { Catalog, INDEX_THREAD_FROM } from './service.js';

/**
 * A whole read's word index, built on a thread of its own while the read goes on
 * (docs/read-model.md#a-whole-read).
 */
const ctx = useTestApp();

beforeAll(async () => {
  const wine = await createTag(ctx.db, 'thread-wine', 'approved');
  for (let i = 0; i < 30; i++) {
    const id = await createActivity(ctx.db, {
      name: `Draad ${i} ${['kelder', 'wijngaard', 'kasteel'][i % 3]}`,
      description: `Een rondleiding nummer ${i} langs de wijnen van de streek`,
      isApproved: i % 7 !== 3,
    });
    await ctx.db.insert(activityTranslations).values({
      activityId: id,
      language: 'fr',
      name: `Fil ${i} cave`,
      description: `Une visite numéro ${i}`,
      sortName: `fil ${i} cave`,
    });
    if (i % 2 === 0) await tagActivity(ctx.db, id, wine.id);
  }
});

/** The whole catalogue read in chunks of `size`, each given to `index` as it comes. */
const readInto = (index: IndexInWorker, size: number) =>
  publicActivities(ctx.db, undefined, size, (chunk) => index.take(chunk));

const byId = (rows: CatalogRow[]) => [...rows].sort((a, b) => a.id - b.id);

describe('the word index of a whole read, built on its own thread', () => {
  it('is the index built here from the same rows, and the rows let their search texts go', async () => {
    const index = new IndexInWorker();
    const rows = await readInto(index, 7);
    expect(rows.length).toBeGreaterThanOrEqual(25);
    expect(rows.every((row) => row.searchText === '')).toBe(true);
    const built = await index.index(rows.length);
    const here = new SearchIndex(byId(await publicActivities(ctx.db)).map(searchFieldsOf));
    expect(built.parts()).toEqual(here.parts());
    // A snapshot built with it answers as one built here.
    const model = await CatalogModel.builtInTurns(rows, [], Promise.resolve(built));
    const reference = new CatalogModel(await publicActivities(ctx.db), []);
    for (const search of ['draad', 'kelder', 'kastel', 'fil cave', 'thread-wine', 'rondleiding 12']) {
      const query = { search, sort: 'distance', limit: 50, offset: 0 } as const;
      expect(model.list(query).items.map((a) => a.id)).toEqual(reference.list(query).items.map((a) => a.id));
    }
  });

  it('fails, as IndexThreadFailed, when the rows do not come in ascending ids or not all came', async () => {
    const rows = byId(await publicActivities(ctx.db));
    const unordered = new IndexInWorker();
    unordered.take(rows.slice(10, 20));
    unordered.take(rows.slice(0, 10));
    await expect(unordered.index(20)).rejects.toBeInstanceOf(IndexThreadFailed);

    const short = new IndexInWorker();
    short.take(rows.slice(0, 10));
    await expect(short.index(11)).rejects.toBeInstanceOf(IndexThreadFailed);

    // Closed before the end of the read: nothing to wait for.
    const closed = new IndexInWorker();
    closed.take(rows.slice(0, 10));
    closed.close();
    await expect(closed.index(10)).rejects.toBeInstanceOf(IndexThreadFailed);
  });

  it('failing, makes the catalogue read again and its index built on the main thread, with the same answers', async () => {
    const warnings: string[] = [];
    const noop = () => undefined;
    const log = {
      warn: (_: unknown, message: string) => void warnings.push(message),
      info: noop,
      debug: noop,
      error: noop,
    } as unknown as FastifyBaseLogger;
    /** A thread that stops at the end of the read, once the rows have let their search texts go. */
    class StoppingThread extends IndexInWorker {
      override async index(): Promise<SearchIndex> {
        this.close();
        throw new IndexThreadFailed('stopped', { cause: new Error('the index thread stopped (exit code 1)') });
      }
    }
    // From the first activity: the test's catalogue is small.
    const failing = new Catalog(ctx.database, log, { indexThread: { make: () => new StoppingThread(), from: 1 } });
    const usual = new Catalog(ctx.database, log, { indexThread: { from: 1 } });
    try {
      await failing.start();
      expect(warnings).toEqual(['read model: reading again, the word index built on the main thread']);
      await usual.start();
      expect(warnings).toHaveLength(1);
      expect(failing.current.kept().index).toEqual(usual.current.kept().index);
      const reference = new CatalogModel(await publicActivities(ctx.db), await approvedTags(ctx.db));
      expect(failing.current.kept().index).toEqual(reference.kept().index);
      const query = { search: 'draad kelder', sort: 'distance', limit: 50, offset: 0 } as const;
      expect(failing.current.list(query).items.length).toBeGreaterThan(0);
    } finally {
      await failing.close();
      await usual.close();
    }
  });

  it('is used from INDEX_THREAD_FROM public activities: a small catalogue builds its index on the main thread', async () => {
    const log = {
      warn: () => undefined,
      info: () => undefined,
      debug: () => undefined,
    } as unknown as FastifyBaseLogger;
    let made = 0;
    const counted = () => {
      made++;
      return new IndexInWorker();
    };
    const count = (await publicActivities(ctx.db)).length;
    expect(count).toBeLessThan(INDEX_THREAD_FROM);
    for (const [from, threads] of [
      [undefined, 0],
      [count + 1, 0],
      [count, 1],
    ] as const) {
      made = 0;
      const catalog = new Catalog(ctx.database, log, { indexThread: { make: counted, from } });
      try {
        await catalog.start();
        expect(made).toBe(threads);
        expect(catalog.current.size).toBe(count);
      } finally {
        await catalog.close();
      }
    }
  });
});
