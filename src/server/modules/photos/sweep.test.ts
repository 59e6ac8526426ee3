import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../../db/schema/index.js';
import { createActivity } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { useTestApp } from '../../test/test-app.js';
import { SWEEP_GRACE_MS, sweepPhotos } from './service.js';

/**
 * The sweep (docs/provider-workspace.md#photos): what a crash or an outage between a commit and
 * the deletion of files left behind goes once it is older than the grace period; nothing in use
 * and nothing young goes.
 */
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dl-sweep-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

const ctx = useTestApp(() => ({ env: { DATA_DIR: dataDir } }));
const dir = () => path.join(dataDir, 'uploads');

let picture: Buffer;
beforeAll(async () => {
  picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7' } })
    .webp()
    .toBuffer();
  await mkdir(dir(), { recursive: true });
});

/** Writes a photo's files as uploads do (without the preview when `share` is false), `age` ms old. */
async function writeFiles(key: string, { age = 0, share = true } = {}) {
  const names = [`${key}-400.webp`, `${key}-800.webp`, `${key}-1600.webp`, ...(share ? [`${key}-share.jpg`] : [])];
  const when = new Date(Date.now() - age);
  for (const name of names) {
    await writeFile(path.join(dir(), name), picture);
    await utimes(path.join(dir(), name), when, when);
  }
  return names;
}
const filesOf = async (key: string) => (await readdir(dir())).filter((f) => f.startsWith(key)).sort();
const rowOf = async (key: string) => (await ctx.db.select().from(photos).where(eq(photos.key, key)))[0];
const OLD = SWEEP_GRACE_MS + 60_000;

describe('the sweep of photos', () => {
  it('deletes rows nothing uses and files without a row once older than the grace period, and keeps the rest', async () => {
    const { provider } = await createProvider(ctx.db);
    const inUse = randomUUID();
    const activityId = await createActivity(ctx.db, { providerId: provider.id, imageUrl: `/uploads/${inUse}.webp` });
    await ctx.db.insert(photos).values({ key: inUse, providerId: provider.id, activityId, bytes: 1 });
    await writeFiles(inUse, { age: OLD });
    // A temporary file of a write a crash cut short.
    const cut = `${inUse}-share.jpg.${randomUUID()}.tmp`;
    await writeFile(path.join(dir(), cut), 'half');
    await utimes(path.join(dir(), cut), new Date(Date.now() - OLD), new Date(Date.now() - OLD));

    // The app stopped between a commit and deleting: a row nothing uses, and files whose row is gone.
    const unusedRow = randomUUID();
    await ctx.db.insert(photos).values({ key: unusedRow, providerId: provider.id, activityId, bytes: 1 });
    await ctx.db.execute(sql`update photos set created_at = now() - interval '2 hours' where key = ${unusedRow}`);
    await writeFiles(unusedRow, { age: OLD });
    const orphan = randomUUID();
    await writeFiles(orphan, { age: OLD });

    // Young ones: an upload whose files are written and whose row is not committed yet, and a
    // row whose photo was just replaced (deleted right after the commit, unless that failed).
    const uploading = randomUUID();
    await writeFiles(uploading);
    const justReplaced = randomUUID();
    await ctx.db.insert(photos).values({ key: justReplaced, providerId: provider.id, activityId, bytes: 1 });
    await writeFiles(justReplaced, { age: OLD });
    // Not the app's.
    await writeFile(path.join(dir(), 'README.txt'), 'kept by someone');
    await utimes(path.join(dir(), 'README.txt'), new Date(Date.now() - OLD), new Date(Date.now() - OLD));

    expect(await sweepPhotos(ctx.app.deps)).toEqual({ rows: 1, files: 5, measured: 0 });

    expect(await filesOf(inUse)).toHaveLength(4);
    expect(await rowOf(inUse)).toBeDefined();
    expect(await filesOf(unusedRow)).toEqual([]);
    expect(await rowOf(unusedRow)).toBeUndefined();
    expect(await filesOf(orphan)).toEqual([]);
    expect(await filesOf(uploading)).toHaveLength(4);
    expect(await filesOf(justReplaced)).toHaveLength(4);
    expect(await rowOf(justReplaced)).toBeDefined();
    expect((await readdir(dir())).includes('README.txt')).toBe(true);

    // Once they are old too, they go the same way.
    expect(await sweepPhotos(ctx.app.deps, 0)).toMatchObject({ rows: 1, files: 4 });
    expect(await filesOf(uploading)).toEqual([]);
    expect(await filesOf(justReplaced)).toEqual([]);
    expect(await filesOf(inUse)).toHaveLength(4);
  });

  it('measures the photos uploaded before they were recorded, making their link-preview picture', async () => {
    const { provider } = await createProvider(ctx.db);
    const key = randomUUID();
    const activityId = await createActivity(ctx.db, { providerId: provider.id, imageUrl: `/uploads/${key}.webp` });
    await ctx.db.insert(photos).values({ key, providerId: provider.id, activityId, bytes: null });
    await writeFiles(key, { share: false, age: OLD });

    expect(await sweepPhotos(ctx.app.deps)).toMatchObject({ measured: 1 });
    expect(await filesOf(key)).toEqual([`${key}-1600.webp`, `${key}-400.webp`, `${key}-800.webp`, `${key}-share.jpg`]);
    expect(await sharp(path.join(dir(), `${key}-share.jpg`)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
    const sizes = await Promise.all((await filesOf(key)).map(async (f) => (await stat(path.join(dir(), f))).size));
    expect((await rowOf(key))?.bytes).toBe(sizes.reduce((a, b) => a + b, 0));
  });
});
