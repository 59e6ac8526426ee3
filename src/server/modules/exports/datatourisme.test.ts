import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_AREA } from '../../../domain/geo.js';
import type { Language } from '../../../domain/languages.js';
import type { WeeklyHoursRow } from '../../../domain/weekly-hours.js';
import { type App, buildApp } from '../../app.js';
import type { Database, Db } from '../../db/client.js';
import { activities, activitySources, activityTranslations } from '../../db/schema/index.js';
import { seedDemo } from '../../db/seed/demo.js';
import { fixedClock } from '../../deps.js';
import { createUser } from '../../test/factories.js';
import { sessionCookieFor } from '../../test/sessions.js';
import { testConfig } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-db.js';
import { writeFluxFolder } from '../imports/datatourisme/flux-writer.js';
import { runImport } from '../imports/datatourisme/importer.js';
import { localSource, zipSource } from '../imports/datatourisme/source.js';
import { market } from '../imports/datatourisme/test-objects.js';

/**
 * The guide's own listings as a DATAtourisme flux (docs/datatourisme.md#export): who may download
 * it, and the round trip: the seed's places exported, imported into an empty guide, the same
 * activities come out.
 */
const clock = fixedClock('2026-11-26T10:00:00Z');
let dir: string;
let database: Database;
let empty: Database;
let app: App;
let importedId: number;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dl-export-dt-'));
  database = await createTestDatabase();
  empty = await createTestDatabase();
  await seedDemo(database.db, clock.now(), { accounts: false });
  // An imported activity is not the guide's own: it stays out of the export.
  await writeFluxFolder(path.join(dir, 'flux'), [market()]);
  await runImport({ db: database.db, clock, area: DEFAULT_SERVICE_AREA }, await localSource(path.join(dir, 'flux')));
  const [source] = await database.db.select().from(activitySources);
  importedId = source?.activityId as number;
  app = await buildApp({ config: testConfig(), database, consistentReads: true, clock });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await empty?.close();
  await rm(dir, { recursive: true, force: true });
});

async function as(role: 'admin' | 'provider' | 'visitor' | null) {
  if (role === null) return {};
  const user = await createUser(database.db, { role });
  return { cookie: await sessionCookieFor(database.db, user.id) };
}

const download = async (role: 'admin' | 'provider' | 'visitor' | null) =>
  app.inject({ method: 'GET', url: '/api/admin/export/datatourisme.zip', headers: await as(role) });

/** An activity as the round trip compares it: what the import's mapping can carry. */
async function compared(db: Db, id: number) {
  const [row] = await db.select().from(activities).where(eq(activities.id, id));
  if (!row) throw new Error(`no activity ${id}`);
  const names: Partial<Record<Language, string>> = { [row.language]: row.name };
  const descriptions: Partial<Record<Language, string>> = row.description ? { [row.language]: row.description } : {};
  for (const t of await db.select().from(activityTranslations).where(eq(activityTranslations.activityId, id))) {
    names[t.language as Language] = t.name;
    if (t.description) descriptions[t.language as Language] = t.description;
  }
  // The same hours: each day's times per season (the import groups rows of the same times, docs/datatourisme.md#hours).
  const hours = (row.weeklyHours as WeeklyHoursRow[])
    .flatMap((h) =>
      h.days.map((day) => `${h.seasonStart ?? 'all'}/${h.seasonEnd ?? 'year'} ${day} ${h.opens}-${h.closes}`),
    )
    .sort();
  return {
    names,
    descriptions,
    category: row.category,
    latitude: row.latitude,
    longitude: row.longitude,
    priceCents: row.priceCents,
    weeklyHours: hours,
    eventStart: row.eventStart,
    // A one-day edition: the guide may leave its end out, the flux names both days (the same dates).
    eventEnd: row.eventEnd ?? row.eventStart,
    city: row.city,
    contactPhone: row.contactPhone,
  };
}

describe('GET /api/admin/export/datatourisme.zip', () => {
  it('is for admins only', async () => {
    expect((await download(null)).statusCode).toBe(401);
    expect((await download('visitor')).statusCode).toBe(403);
    expect((await download('provider')).statusCode).toBe(403);
    const res = await download('admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="discoverlocal-datatourisme.zip"');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('round trip: the seed’s places exported and imported into an empty guide come out the same', async () => {
    const res = await download('admin');
    const file = path.join(dir, 'export.zip');
    await writeFile(file, res.rawPayload);

    const own = app.deps.catalog.current
      .rows()
      .map((row) => row.id)
      .filter((id) => id !== importedId);
    expect(own.length).toBeGreaterThan(30);
    const objects: Record<string, unknown>[] = [];
    for await (const item of zipSource(file).items()) if ('object' in item) objects.push(item.object as never);
    expect(objects.map((o) => o['@id']).sort()).toEqual(own.map((id) => `http://localhost:5000/activity/${id}`).sort());

    const report = await runImport({ db: empty.db, clock, area: DEFAULT_SERVICE_AREA }, zipSource(file));
    expect(report).toMatchObject({ read: own.length, created: own.length, skipped: {}, failure: null });

    const sources = await empty.db.select().from(activitySources);
    expect(sources).toHaveLength(own.length);
    for (const source of sources) {
      const originalId = Number(source.sourceId.split('/').at(-1));
      const before = await compared(database.db, originalId);
      const after = await compared(empty.db, source.activityId);
      expect({ id: originalId, ...after }).toEqual({ id: originalId, ...before });
      expect(source.creator).toBe('DiscoverLocal');
    }
  });
});
