import { mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { activities, tags } from '../../db/schema/index.js';
import { createActivity, createTag, tagActivity } from '../../test/factories.js';
import { getJson } from '../../test/http.js';
import { testConfig } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-db.js';
import { currentSnapshot, FORMAT, KEPT_FILE, type KeptHeader, keptIdentity, writeKept } from './kept.js';
import { keepReadModel } from './service.js';

/**
 * The kept snapshot (docs/read-model.md#the-kept-snapshot): an app restarted on the same database
 * and DATA_DIR restores the read model from its file and reads again only what changed since.
 */
let database: Database;
let dir: string;
const ids: number[] = [];
let lines: string[] = [];

/** An app on the test database; `keep`: with the kept file in `dir` (off: the model is read whole). */
async function start(keep = true): Promise<App> {
  const app = await buildApp({
    config: testConfig({ DATA_DIR: dir, LOG_LEVEL: 'warn' }),
    database,
    consistentReads: true,
    keepReadModel: keep,
    logStream: { write: (line: string) => void lines.push(line) },
  });
  await app.ready();
  return app;
}

/** Starts an app and stops it: it writes its file when it stops. */
async function runOnce(): Promise<void> {
  const app = await start();
  await app.close();
}

/** What the public reads answer: lists, searches, suggestions, tags, stats and every activity. */
async function answersOf(app: App) {
  const urls = [
    '/api/activities?limit=100',
    '/api/activities?limit=100&sort=name',
    '/api/activities?limit=100&search=kept',
    '/api/activities?limit=100&search=kep',
    '/api/activities?limit=100&tags=kept-tag',
    '/api/search/suggestions?q=kept',
    '/api/tags',
    '/api/stats',
    ...ids.map((id) => `/api/activities/${id}`),
  ];
  const out: Record<string, { status: number; body: unknown }> = {};
  for (const url of urls) {
    const { status, body } = await getJson(app, url);
    out[url] = { status, body };
  }
  return out;
}

/** The answers of a restarted app and how it started, beside those of an app that read everything. */
async function restart() {
  lines = [];
  const app = await start();
  const started = app.deps.catalog.started;
  const answers = await answersOf(app);
  await app.close();
  const whole = await start(false);
  const expected = await answersOf(whole);
  await whole.close();
  return { started, answers, expected, warned: lines.filter((l) => l.includes('kept file cannot be used')) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'kept-test-'));
  const tag = await createTag(database.db, 'kept-tag');
  for (let i = 0; i < 6; i++) {
    const id = await createActivity(database.db, { name: `Kept activity ${i}`, city: i % 2 ? 'Limoux' : 'Alet' });
    if (i % 2 === 0) await tagActivity(database.db, id, tag.id);
    ids.push(id);
  }
  await runOnce();
});

afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the kept snapshot (docs/read-model.md#the-kept-snapshot)', () => {
  it('is written after a full read, and a restart restores it and answers as a full read does', async () => {
    expect((await stat(path.join(dir, KEPT_FILE))).size).toBeGreaterThan(0);
    const { started, answers, expected, warned } = await restart();
    expect(started).toMatchObject({ from: 'file', caughtUp: 0 });
    expect(warned).toEqual([]);
    expect(answers).toEqual(expected);
    expect(answers['/api/activities?limit=100&search=kep']?.body).toHaveLength(6);
  });

  it('catches up with what changed while no app ran: an update and a deletion', async () => {
    const [renamed, deleted] = ids as [number, number];
    await database.db.execute(sql`update activities set name = 'Renamed while stopped' where id = ${renamed}`);
    await database.db.delete(activities).where(eq(activities.id, deleted));
    const { started, answers, expected } = await restart();
    expect(started).toMatchObject({ from: 'file', caughtUp: 2 });
    expect(answers).toEqual(expected);
    expect(answers[`/api/activities/${renamed}`]?.body).toMatchObject({ name: 'Renamed while stopped' });
    expect(answers[`/api/activities/${deleted}`]?.status).toBe(404);
    // The caught-up model was kept again: the next start has nothing to read again.
    expect((await restart()).started).toMatchObject({ from: 'file', caughtUp: 0 });
  });

  it('catches up with a tag approved, then renamed, while no app ran: the tags and the activities carrying it', async () => {
    const tag = await createTag(database.db, 'kept-while-stopped', 'pending');
    await tagActivity(database.db, ids[5] as number, tag.id);
    await tagActivity(database.db, ids[3] as number, tag.id);
    await database.db.update(tags).set({ status: 'approved', isApproved: true }).where(eq(tags.id, tag.id));
    let { started, answers, expected } = await restart();
    expect(started).toMatchObject({ from: 'file', caughtUp: 2 });
    expect(answers).toEqual(expected);
    expect(answers['/api/tags']?.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'kept-while-stopped' })]),
    );
    expect(answers[`/api/activities/${ids[3]}`]?.body).toMatchObject({
      tags: ['kept-while-stopped'],
    });

    await database.db.update(tags).set({ name: 'kept-renamed' }).where(eq(tags.id, tag.id));
    ({ started, answers, expected } = await restart());
    expect(started).toMatchObject({ from: 'file', caughtUp: 2 });
    expect(answers).toEqual(expected);
    expect(answers[`/api/activities/${ids[3]}`]?.body).toMatchObject({
      tags: ['kept-renamed'],
    });
    expect((await restart()).started).toMatchObject({ from: 'file', caughtUp: 0 });
  });

  it('reads everything after a change of everything (the tags emptied)', async () => {
    await database.db.execute(sql`truncate tags cascade`);
    const { started, answers, expected } = await restart();
    expect(started).toMatchObject({ from: 'database' });
    expect(answers).toEqual(expected);
    expect(answers['/api/tags']?.body).toEqual([]);
    expect((await restart()).started).toMatchObject({ from: 'file', caughtUp: 0 });
  });

  it('is written by a command that changed the catalogue while no app ran (the seeder)', async () => {
    // A tag approved and an activity renamed, then the file written by the command.
    const tag = await createTag(database.db, 'kept-by-a-command', 'pending');
    await database.db.update(tags).set({ status: 'approved', isApproved: true }).where(eq(tags.id, tag.id));
    await database.db.execute(sql`update activities set name = 'Renamed by a command' where id = ${ids[2]}`);
    const kept = await keepReadModel(database, dir);
    expect(kept.bytes).toBeGreaterThan(0);
    const { started, answers, expected } = await restart();
    expect(started).toMatchObject({ from: 'file', caughtUp: 0 });
    expect(kept.activities).toBe((answers['/api/activities?limit=100']?.body as unknown[]).length);
    expect(answers).toEqual(expected);
    expect(answers[`/api/activities/${ids[2]}`]?.body).toMatchObject({ name: 'Renamed by a command' });
  });

  const file = () => path.join(dir, KEPT_FILE);
  /** The file's header rewritten by `change` (its body left as it is). */
  async function rewriteHeader(change: (header: Record<string, unknown>) => void) {
    const bytes = await readFile(file());
    const magic = 'DLREADMODEL\n'.length;
    const length = bytes.readUInt32BE(magic);
    const header = JSON.parse(bytes.subarray(magic + 4, magic + 4 + length).toString('utf8')) as Record<
      string,
      unknown
    >;
    change(header);
    const head = Buffer.from(JSON.stringify(header));
    const size = Buffer.alloc(4);
    size.writeUInt32BE(head.length);
    await writeFile(file(), Buffer.concat([bytes.subarray(0, magic), size, head, bytes.subarray(magic + 4 + length)]));
  }

  it.each([
    ['truncated', () => stat(file()).then(({ size }) => truncate(file(), Math.floor(size / 2)))],
    [
      'corrupt',
      async () => {
        const bytes = await readFile(file());
        bytes[bytes.length - 100] = (bytes[bytes.length - 100] as number) ^ 0xff;
        await writeFile(file(), bytes);
      },
    ],
    ['not a read model at all', () => writeFile(file(), 'hello')],
    [
      'of an older format',
      () =>
        rewriteHeader((header) => {
          header.format = FORMAT - 1;
        }),
    ],
    [
      'of another database',
      () => database.db.execute(sql`update catalog_identity set id = gen_random_uuid()`).then(() => undefined),
    ],
    [
      'of a later point of the database (a copy put back by hand)',
      () =>
        rewriteHeader((header) => {
          header.snapshot = '999999999:999999999:';
        }),
    ],
    [
      'of another migration',
      () =>
        rewriteHeader((header) => {
          header.migration = '0027_privacy';
        }),
    ],
  ])('a file %s is not used: a warning, everything read, the same answers', async (_kind, spoil) => {
    expect((await restart()).started).toMatchObject({ from: 'file' });
    await spoil();
    const { started, answers, expected, warned } = await restart();
    expect(started).toMatchObject({ from: 'database' });
    expect(warned).toHaveLength(1);
    expect(answers).toEqual(expected);
    // A good file was written in its place.
    expect((await restart()).started).toMatchObject({ from: 'file', caughtUp: 0 });
  });

  /** The file's header and where its body starts. */
  async function headerOf(): Promise<{ header: KeptHeader; bodyStart: number }> {
    const bytes = await readFile(file());
    const magic = 'DLREADMODEL\n'.length;
    const length = bytes.readUInt32BE(magic);
    const header = JSON.parse(bytes.subarray(magic + 4, magic + 4 + length).toString('utf8')) as KeptHeader;
    return { header, bodyStart: magic + 4 + length };
  }

  it('is read a part at a time: a file of several parts restores the same answers; a spoilt part is refused', async () => {
    const snapshot = await currentSnapshot(database.db);
    const app = await start(false);
    const model = app.deps.catalog.current.kept();
    await app.close();
    expect(model.entries.length).toBeGreaterThan(4);
    // Two activities to a part: the entries in three parts or more, then the tables.
    await writeKept(dir, { ...(await keptIdentity(database.db)), snapshot }, model, 2);
    const { header, bodyStart } = await headerOf();
    expect(header.parts).toHaveLength(Math.ceil(model.entries.length / 2) + 1);
    const whole = await restart();
    expect(whole.started).toMatchObject({ from: 'file', caughtUp: 0 });
    expect(whole.warned).toEqual([]);
    expect(whole.answers).toEqual(whole.expected);

    // A byte of the second part's entries changed: that part's checksum refuses the file.
    await writeKept(dir, { ...(await keptIdentity(database.db)), snapshot }, model, 2);
    const bytes = await readFile(file());
    const at = bodyStart + (header.parts[0]?.bytes ?? 0) + 10;
    bytes[at] = (bytes[at] as number) ^ 0xff;
    await writeFile(file(), bytes);
    const spoilt = await restart();
    expect(spoilt.started).toMatchObject({ from: 'database' });
    expect(spoilt.warned).toHaveLength(1);
    expect(spoilt.warned[0]).toContain('checksum');
    expect(spoilt.answers).toEqual(spoilt.expected);
  });
});
