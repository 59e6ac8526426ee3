import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRun, ImportSettings } from '../../../domain/imports.js';
import { activities, activitySources, adminSettings, importRuns } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createUser } from '../../test/factories.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';
import { writeFluxZip } from './datatourisme/flux-writer.js';
import { farAway, testObject } from './datatourisme/test-objects.js';
import {
  activeRuns,
  endActiveRuns,
  failInterruptedRuns,
  parisMoment,
  scheduledImportTick,
  SETTING_KEYS,
  STALE_RUN_MS,
  HEARTBEAT_MS,
  beat,
  claimRun,
  isRunning,
} from './service.js';

/** The console's imports through HTTP (docs/datatourisme.md#running-an-import), on either database. */

let dataDir: string;
let fluxZip: Buffer;
/** A flux server that answers only when told: a run that stays `running` meanwhile. */
let feed: Server;
let feedUrl: string;
let releaseFeed: (() => void) | null = null;

const viewpoint = () =>
  testObject({
    uuid: '7a1e2b3c-4d5e-4f60-8a9b-000000000011',
    types: ['NaturalHeritage', 'PlaceOfInterest', 'PointOfInterest', 'PointOfView'],
    names: { fr: 'Belvédère de Roquetaillade', en: 'Roquetaillade viewpoint', nl: 'Uitkijkpunt Roquetaillade' },
    latitude: '43.0191',
    longitude: '2.2011',
  });
const marketObject = () =>
  testObject({
    uuid: '7a1e2b3c-4d5e-4f60-8a9b-000000000012',
    types: ['CulturalEvent', 'EntertainmentAndEvent', 'Market', 'PointOfInterest'],
    names: { fr: 'Marché bio de Limoux', en: 'Limoux organic market', nl: 'Biologische markt van Limoux' },
    latitude: '43.0547',
    longitude: '2.2186',
  });

const clock = fixedClock('2026-11-26T10:00:00Z');

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dl-imports-'));
  const zip = path.join(dataDir, 'flux.zip');
  await writeFluxZip(zip, [viewpoint(), marketObject(), farAway()]);
  fluxZip = await readFile(zip);
  await rm(zip);
  feed = createServer((_request, response) => {
    releaseFeed = () => {
      response.writeHead(200, { 'content-type': 'application/zip' });
      response.end(fluxZip);
    };
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/flux.zip`;
});
afterAll(async () => {
  releaseFeed?.();
  await new Promise((resolve) => feed?.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

const ctx = useTestApp(() => ({ env: { DATA_DIR: dataDir }, deps: { clock } }));

let admin: string;
let cookies: Record<'visitor' | 'provider', string>;
beforeAll(async () => {
  admin = await sessionCookieFor(ctx.db, (await createUser(ctx.db, { role: 'admin', isApproved: true })).id);
  cookies = {
    visitor: await sessionCookieFor(ctx.db, (await createUser(ctx.db, { role: 'visitor' })).id),
    provider: await sessionCookieFor(ctx.db, (await createUser(ctx.db, { role: 'provider', isApproved: true })).id),
  };
});

const BOUNDARY = '----dlimports';
function multipart(parts: { name: string; value: string | Buffer; filename?: string }[]) {
  return Buffer.concat([
    ...parts.flatMap(({ name, value, filename }) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: application/zip` : ''}\r\n\r\n`,
      ),
      Buffer.isBuffer(value) ? value : Buffer.from(value),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

const upload = (parts: { name: string; value: string | Buffer; filename?: string }[], cookie: string | null = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/imports/datatourisme',
    headers: {
      ...sameOrigin,
      ...(cookie ? { cookie } : {}),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: multipart(parts),
  });
const zipPart = (bytes = fluxZip, filename = 'flux.zip') => ({ name: 'file', value: bytes, filename });

async function runUntilDone(id: number): Promise<ImportRun> {
  for (let i = 0; i < 200; i++) {
    const res = await ctx.app.inject({ url: `/api/admin/imports/runs/${id}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    const run = res.json<ImportRun>();
    if (run.status !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`run ${id} did not finish`);
}

const importedCount = async () => (await ctx.db.select().from(activitySources)).length;
const leftInImportsDir = async () => (await readdir(path.join(dataDir, 'imports')).catch(() => [])).length;

describe('who may', () => {
  it('lets only an admin import, read the runs or change the schedule', async () => {
    const calls = [
      (cookie?: string) => upload([zipPart()], cookie ?? null),
      (cookie?: string) => ctx.app.inject({ url: '/api/admin/imports/runs', headers: cookie ? { cookie } : {} }),
      (cookie?: string) => ctx.app.inject({ url: '/api/admin/imports/settings', headers: cookie ? { cookie } : {} }),
      (cookie?: string) =>
        ctx.app.inject({
          method: 'PUT',
          url: '/api/admin/imports/settings',
          headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) },
          payload: { feedUrl: 'https://example.org/flux.zip', time: '04:00' },
        }),
    ];
    for (const call of calls) {
      expect((await call()).statusCode).toBe(401);
      for (const cookie of Object.values(cookies)) expect((await call(cookie)).statusCode).toBe(403);
    }
    expect(await ctx.db.select().from(importRuns)).toEqual([]);
    expect((await ctx.db.select().from(adminSettings)).filter((r) => r.key.startsWith('imports.'))).toEqual([]);
  });
});

describe('an upload', () => {
  it('refuses what is not a flux ZIP with a 4xx, and starts nothing', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports/datatourisme',
      headers: { ...sameOrigin, cookie: admin },
      payload: { dryRun: false },
    });
    expect(json.statusCode).toBe(415);
    const notZip = await upload([zipPart(Buffer.from('{"not": "a zip"}'), 'flux.json')]);
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json()).toMatchObject({ code: 'NOT_A_ZIP' });
    const noFile = await upload([{ name: 'dryRun', value: 'true' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'file' }] });
    const badDryRun = await upload([{ name: 'dryRun', value: 'maybe' }, zipPart()]);
    expect(badDryRun.statusCode).toBe(400);
    expect(badDryRun.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'dryRun' }] });
    const otherField = await upload([{ name: 'mode', value: 'x' }, zipPart()]);
    expect(otherField.statusCode).toBe(400);
    expect(await ctx.db.select().from(importRuns)).toEqual([]);
    expect(await leftInImportsDir()).toBe(0);
  });

  it('runs a dry run first by default, then imports for real, and a second import changes nothing', async () => {
    const dry = await upload([zipPart()]);
    expect(dry.statusCode).toBe(202);
    const dryRun = await runUntilDone(dry.json<{ id: number }>().id);
    expect(dryRun).toMatchObject({ status: 'done', dryRun: true, location: 'flux.zip' });
    expect(dryRun.report).toMatchObject({ read: 3, created: 2, updated: 0, failure: null });
    expect(dryRun.report?.skipped['out_of_area']).toEqual({ count: 1, ids: [String(farAway()['@id'])] });
    expect(await importedCount()).toBe(0);

    const real = await upload([{ name: 'dryRun', value: 'false' }, zipPart()]);
    expect(real.statusCode).toBe(202);
    const realRun = await runUntilDone(real.json<{ id: number }>().id);
    expect(realRun).toMatchObject({ status: 'done', dryRun: false });
    expect(realRun.report).toMatchObject({ created: 2, unchanged: 0 });
    expect(await importedCount()).toBe(2);
    const names = (await ctx.db.select({ name: activities.name }).from(activities)).map((a) => a.name).sort();
    expect(names).toEqual(['Belvédère de Roquetaillade', 'Marché bio de Limoux']);

    const again = await upload([{ name: 'dryRun', value: 'false' }, zipPart()]);
    const againRun = await runUntilDone(again.json<{ id: number }>().id);
    expect(againRun.report).toMatchObject({ created: 0, updated: 0, unchanged: 2 });

    // Newest first, paged.
    const list = await ctx.app.inject({ url: '/api/admin/imports/runs?limit=2', headers: { cookie: admin } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('3');
    expect(list.json<ImportRun[]>().map((r) => r.id)).toEqual([againRun.id, realRun.id]);
    expect(list.headers['link']).toContain('offset=2');
    // The uploads are removed once imported (just after the run's row says so).
    for (let i = 0; i < 50 && (await leftInImportsDir()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await leftInImportsDir()).toBe(0);
  });

  it('fails the run, with its reason in the report, when the ZIP is damaged past its first bytes', async () => {
    const broken = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 7)]);
    const res = await upload([zipPart(broken)]);
    expect(res.statusCode).toBe(202);
    const run = await runUntilDone(res.json<{ id: number }>().id);
    expect(run.status).toBe('failed');
    expect(run.report?.failure).toBeTruthy();
  });

  it('answers 404 for a run that does not exist and 400 for a bad id', async () => {
    const missing = await ctx.app.inject({ url: '/api/admin/imports/runs/999999', headers: { cookie: admin } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'IMPORT_RUN_NOT_FOUND' });
    const bad = await ctx.app.inject({ url: '/api/admin/imports/runs/abc', headers: { cookie: admin } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('one run at a time', () => {
  it('answers 409 while a run goes on, and the flux URL is imported once it answers', async () => {
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/imports/settings',
      headers: { ...sameOrigin, cookie: admin },
      payload: { feedUrl, time: '03:00' },
    });
    expect(put.statusCode).toBe(200);
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports/datatourisme/feed',
      headers: { ...sameOrigin, cookie: admin },
      payload: { dryRun: true },
    });
    expect(started.statusCode).toBe(202);
    const id = started.json<{ id: number }>().id;
    // The download waits for the flux server: the run is running.
    const busy = await upload([zipPart()]);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'IMPORT_RUNNING' });
    const busyFeed = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports/datatourisme/feed',
      headers: { ...sameOrigin, cookie: admin },
      payload: {},
    });
    expect(busyFeed.statusCode).toBe(409);
    for (let i = 0; i < 100 && !releaseFeed; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    releaseFeed?.();
    releaseFeed = null;
    const run = await runUntilDone(id);
    expect(run).toMatchObject({ status: 'done', location: feedUrl, dryRun: true });
    expect(run.report).toMatchObject({ read: 3, unchanged: 2 });
  });

  it('no longer counts a run left running by a stop', async () => {
    const [left] = await ctx.db
      .insert(importRuns)
      .values({
        source: 'datatourisme',
        location: 'left.zip',
        dryRun: true,
        status: 'running',
        startedAt: new Date(clock.now().getTime() - STALE_RUN_MS - 60_000),
      })
      .returning();
    const res = await upload([zipPart()]);
    expect(res.statusCode).toBe(202);
    await runUntilDone(res.json<{ id: number }>().id);
    const [after] = await ctx.db
      .select()
      .from(importRuns)
      .where(eq(importRuns.id, left?.id ?? 0));
    expect(after).toMatchObject({ status: 'failed' });
    expect((after?.report as { failure: string }).failure).toMatch(/interrupted/);
    // At start-up on the embedded database, every run left running is failed.
    const [fresh] = await ctx.db
      .insert(importRuns)
      .values({ source: 'datatourisme', location: 'x.zip', dryRun: true, status: 'running', startedAt: clock.now() })
      .returning();
    expect(await failInterruptedRuns({ db: ctx.db, clock })).toBe(0);
    expect(await failInterruptedRuns({ db: ctx.db, clock }, { all: true })).toBe(1);
    const [failed] = await ctx.db
      .select()
      .from(importRuns)
      .where(eq(importRuns.id, fresh?.id ?? 0));
    expect(failed?.status).toBe('failed');
  });

  it('keeps a long run from going stale while its heartbeat goes on, and lets it go stale once the beat stops', async () => {
    const at = (ms: number) => ({ db: ctx.db, clock: fixedClock(new Date(clock.now().getTime() + ms)) });
    const runId = await claimRun(at(0), { location: 'long.zip', dryRun: true, startedBy: null });
    try {
      // Hours after its start, a run that still beats blocks every other.
      for (let ms = HEARTBEAT_MS; ms <= 3 * STALE_RUN_MS; ms += HEARTBEAT_MS) await beat(at(ms), runId);
      const lastBeat = 3 * STALE_RUN_MS;
      expect(await isRunning(at(lastBeat + STALE_RUN_MS - 1000))).toBe(true);
      expect(await failInterruptedRuns(at(lastBeat + STALE_RUN_MS - 1000))).toBe(0);
      await expect(claimRun(at(lastBeat + 1000), { location: 'b.zip', dryRun: true, startedBy: null })).rejects.toThrow(
        /An import is running/,
      );
      // Its beat stopped (the process was killed): STALE_RUN_MS later it blocks no more.
      expect(await isRunning(at(lastBeat + STALE_RUN_MS + 1000))).toBe(false);
      expect(await failInterruptedRuns(at(lastBeat + STALE_RUN_MS + 1000))).toBe(1);
    } finally {
      await ctx.db.update(importRuns).set({ status: 'failed' }).where(eq(importRuns.id, runId));
    }
  });
});

describe('an app that closes', () => {
  it('marks its runs still going failed after a moment, so that no other instance waits for them', async () => {
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports/datatourisme/feed',
      headers: { ...sameOrigin, cookie: admin },
      payload: { dryRun: true },
    });
    expect(started.statusCode).toBe(202);
    const id = started.json<{ id: number }>().id;
    await endActiveRuns(ctx.app.deps);
    const [ended] = await ctx.db.select().from(importRuns).where(eq(importRuns.id, id));
    expect(ended?.status).toBe('failed');
    expect((ended?.report as { failure: string }).failure).toMatch(/interrupted/);
    // The run was not stopped: once the flux answers it finishes, and says so.
    for (let i = 0; i < 100 && !releaseFeed; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    releaseFeed?.();
    releaseFeed = null;
    await Promise.allSettled([...activeRuns(ctx.db).values()]);
    expect((await runUntilDone(id)).status).toBe('done');
  });
});

describe('the schedule', () => {
  const getSettings = async () =>
    (await ctx.app.inject({ url: '/api/admin/imports/settings', headers: { cookie: admin } })).json<ImportSettings>();
  const put = (payload: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/imports/settings',
      headers: { ...sameOrigin, cookie: admin },
      payload: payload as Record<string, unknown>,
    });

  it('refuses bad settings with the fields named, and writes nothing', async () => {
    const before = await getSettings();
    for (const payload of [
      { feedUrl: 'ftp://example.org/flux.zip', time: '03:00' },
      { feedUrl: 'not a url', time: '03:00' },
      { feedUrl: 'https://example.org/flux.zip', time: '25:00' },
      { feedUrl: 'https://example.org/flux.zip', time: '3:00' },
      { feedUrl: 'https://example.org/flux.zip' },
      { feedUrl: 'https://example.org/flux.zip', time: '03:00', other: 1 },
    ]) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(await getSettings()).toEqual(before);
  });

  it('saves the URL and the time, empty is none, null goes back to the environment’s', async () => {
    const saved = await put({ feedUrl: 'https://example.org/flux.zip', time: '04:30' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ImportSettings>()).toMatchObject({
      feedUrl: 'https://example.org/flux.zip',
      isDefault: false,
      time: '04:30',
      // 10:00 UTC is past 04:30 in Paris: tomorrow, 04:30 Paris time (UTC+1 in November).
      nextRun: '2026-11-27T03:30:00.000Z',
    });
    expect(await getSettings()).toMatchObject({ feedUrl: 'https://example.org/flux.zip', time: '04:30' });
    const none = await put({ feedUrl: '', time: '04:30' });
    expect(none.json<ImportSettings>()).toMatchObject({ feedUrl: null, nextRun: null, isDefault: false });
    const back = await put({ feedUrl: null, time: '03:00' });
    expect(back.json<ImportSettings>()).toMatchObject({ feedUrl: null, defaultFeedUrl: null, isDefault: true });
  });

  it('starts the daily import once a day, in its window, from one instance', async () => {
    await put({ feedUrl, time: '11:00' });
    clock.set('2026-11-26T09:59:00Z'); // 10:59 in Paris: not yet
    expect(await scheduledImportTick(ctx.app.deps)).toBeNull();
    clock.set('2026-11-26T10:01:00Z'); // 11:01
    const [first, second] = await Promise.all([scheduledImportTick(ctx.app.deps), scheduledImportTick(ctx.app.deps)]);
    const started = [first, second].filter((id) => id !== null);
    expect(started).toHaveLength(1);
    for (let i = 0; i < 100 && !releaseFeed; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    releaseFeed?.();
    releaseFeed = null;
    const run = await runUntilDone(started[0] ?? 0);
    expect(run).toMatchObject({ status: 'done', dryRun: false, startedBy: null });
    expect(await scheduledImportTick(ctx.app.deps)).toBeNull();
    const stored = await ctx.db.select().from(adminSettings).where(eq(adminSettings.key, SETTING_KEYS.lastScheduled));
    expect(stored[0]?.value).toBe('2026-11-26');
  });

  it('finds the moment of a Paris time on either side of summer time', () => {
    expect(parisMoment('2026-07-01', '03:00').toISOString()).toBe('2026-07-01T01:00:00.000Z');
    expect(parisMoment('2026-12-01', '03:00').toISOString()).toBe('2026-12-01T02:00:00.000Z');
  });
});
