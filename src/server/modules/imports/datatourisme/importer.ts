import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { todayInParis } from '../../../../domain/dates.js';
import type { ServiceArea } from '../../../../domain/geo.js';
import { LANGUAGES, type Language } from '../../../../domain/languages.js';
import { buildSearchDocument, normalizeText } from '../../../../domain/search.js';
import { type Db, queryRows } from '../../../db/client.js';
import {
  activities,
  activitySources,
  activityTranslations,
  importRuns,
  photos as photosTable,
} from '../../../db/schema/index.js';
import { ensureStatistics } from '../../../db/statistics.js';
import type { Clock } from '../../../deps.js';
import { canonical } from '../../listings/service.js';
import { storePhoto } from '../../photos/files.js';
import { type ImportedActivity, mapObject, type SkipReason } from './mapping.js';
import type { FluxSource } from './source.js';

/**
 * Writes a flux's activities into the guide and keeps them in step with it
 * (docs/datatourisme.md#identity-and-sync): created once per `@id`, updated when the object
 * changes (fields changed here kept), unpublished when a full snapshot no longer has it, put back
 * when it returns. Batches of objects, each in one transaction with its source rows: a run stopped
 * at any moment leaves whole activities, and the next run finishes the job.
 */

export const SOURCE = 'datatourisme';
export const BATCH_SIZE = 200;

/** How many ids the report lists per reason (the counts are always whole). */
const LISTED_PER_REASON = 50;

export interface ImportReport {
  source: string;
  dryRun: boolean;
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  unpublished: number;
  republished: number;
  /** Objects left out, per reason, with the first ids. */
  skipped: Partial<Record<SkipReason | 'unreadable', { count: number; ids: string[] }>>;
  /** Fields not overwritten because they were changed here, counted per field. */
  keptLocalEdits: Record<string, number>;
  /** Photos that could not be fetched or were not images: the activity is written without a new one. */
  photoFailures: { count: number; ids: string[] };
  /** Set when the run stopped early; nothing is unpublished then. */
  failure: string | null;
}

export interface ImportPhotos {
  uploadsDir: string;
  fetch: (url: string) => Promise<Buffer>;
  /** Deletes the photos an activity no longer uses, after the batch that replaced them. */
  release: (activityId: number) => Promise<void>;
}

export interface ImportDeps {
  db: Db;
  clock: Clock;
  area: ServiceArea;
  /** Without it, no photo is fetched (the activities keep the ones they have). */
  photos?: ImportPhotos;
}

export interface ImportOptions {
  dryRun?: boolean;
  startedBy?: string | null;
  /** Called after each batch with the objects read so far. */
  onProgress?: (read: number) => void;
  /** A run row the caller made already (the console claims it first, docs/datatourisme.md#running-an-import). */
  runId?: number;
}

const NAME_MAX = 200;

/** A text cut to `max` characters at a word, marked as cut (the source's names have no limit). */
function fit(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const fitOrNull = (value: string | null | undefined, max: number) => (value ? fit(value, max) : null);

/**
 * The guide's fields of an imported activity, flat: the activity's own, then `<language>.<field>`
 * for its translations. What an import writes, and what it compares with the stored values to
 * tell a field changed here.
 */
export function fieldsOf(activity: ImportedActivity, imageUrl: string | null): Record<string, unknown> {
  const original = activity.language;
  const contact = activity.contact;
  const booking = activity.bookingContact;
  const fields: Record<string, unknown> = {
    name: fit(activity.names[original] ?? '', NAME_MAX),
    description: activity.descriptions[original] ?? '',
    language: original,
    category: activity.category,
    address: fitOrNull(activity.address, 300),
    city: fit(activity.city, 120),
    latitude: activity.latitude,
    longitude: activity.longitude,
    openingHours: activity.openingHoursText[original] ?? null,
    contactPhone: fitOrNull(contact.phone ?? booking?.phone, 40),
    contactEmail: fitOrNull(contact.email ?? booking?.email, 320),
    website: contact.website ?? booking?.website ?? null,
    priceCents: activity.priceCents,
    weeklyHours: activity.weeklyHours,
    eventStart: activity.eventStart,
    eventEnd: activity.eventEnd,
    imageUrl,
  };
  for (const language of LANGUAGES) {
    const name = activity.names[language];
    if (language === original || !name) continue;
    fields[`${language}.name`] = fit(name, NAME_MAX);
    fields[`${language}.description`] = activity.descriptions[language] ?? '';
    fields[`${language}.openingHours`] = activity.openingHoursText[language] ?? null;
  }
  return fields;
}

const ACTIVITY_FIELDS = [
  'name',
  'description',
  'language',
  'category',
  'address',
  'city',
  'latitude',
  'longitude',
  'openingHours',
  'contactPhone',
  'contactEmail',
  'website',
  'priceCents',
  'weeklyHours',
  'eventStart',
  'eventEnd',
  'imageUrl',
] as const;

/** Equal as stored: jsonb gives an object's keys back in its own order. */
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));

function hashOf(activity: ImportedActivity): string {
  return createHash('sha256').update(JSON.stringify(activity)).digest('hex');
}

interface Known {
  activityId: number;
  contentHash: string;
  unpublished: boolean;
  /** The source's photo URL the import last fetched, and the guide's photo it made of it. */
  photoUrl: string | null;
  imageUrl: string | null;
}

/** Every activity this source wrote, by `@id`: one small entry each (a region is tens of thousands). */
async function knownSources(db: Db): Promise<Map<string, Known>> {
  const rows = await db
    .select({
      sourceId: activitySources.sourceId,
      activityId: activitySources.activityId,
      contentHash: activitySources.contentHash,
      unpublishedAt: activitySources.unpublishedAt,
      photoUrl: sql<string | null>`${activitySources.photo}->>'url'`,
      imageUrl: sql<string | null>`${activitySources.importedValues}->>'imageUrl'`,
    })
    .from(activitySources)
    .where(eq(activitySources.source, SOURCE));
  return new Map(
    rows.map((r) => [
      r.sourceId,
      {
        activityId: r.activityId,
        contentHash: r.contentHash,
        unpublished: r.unpublishedAt !== null,
        photoUrl: r.photoUrl,
        imageUrl: r.imageUrl,
      },
    ]),
  );
}

/** The values stored now of each activity, in the flat shape of `fieldsOf`: two queries for a batch. */
async function storedFieldsOf(db: Db, activityIds: number[]): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>();
  if (activityIds.length === 0) return out;
  const rows = await db.select().from(activities).where(inArray(activities.id, activityIds));
  for (const row of rows) {
    const flat: Record<string, unknown> = {};
    for (const field of ACTIVITY_FIELDS) flat[field] = row[field];
    out.set(row.id, flat);
  }
  const translations = await db
    .select()
    .from(activityTranslations)
    .where(inArray(activityTranslations.activityId, activityIds));
  for (const t of translations) {
    const flat = out.get(t.activityId);
    if (!flat) continue;
    flat[`${t.language}.name`] = t.name;
    flat[`${t.language}.description`] = t.description;
    flat[`${t.language}.openingHours`] = t.openingHours;
  }
  return out;
}

type TranslationRow = typeof activityTranslations.$inferInsert;

/**
 * The rows the flat fields make: the activity's own columns (with its sort name and search text)
 * and one translation per other language that has a name.
 */
function rowsOf(activityId: number, fields: Record<string, unknown>, now: Date) {
  const own = Object.fromEntries(ACTIVITY_FIELDS.map((f) => [f, fields[f]])) as Record<string, unknown>;
  const language = own['language'] as Language;
  const texts: string[] = [];
  const translations: TranslationRow[] = [];
  for (const l of LANGUAGES) {
    const name = fields[`${l}.name`];
    if (l === language || typeof name !== 'string' || !name) continue;
    const description = String(fields[`${l}.description`] ?? '');
    texts.push(name, description);
    translations.push({
      activityId,
      language: l,
      name,
      description,
      openingHours: (fields[`${l}.openingHours`] as string | null) ?? null,
      sortName: normalizeText(name),
    });
  }
  const columns = {
    ...(own as Partial<typeof activities.$inferInsert>),
    sortName: normalizeText(String(own['name'])),
    searchText: buildSearchDocument([String(own['name']), String(own['description']), String(own['city']), ...texts]),
    updatedAt: now,
  };
  return { columns, translations };
}

/** Rows per multi-row statement: well under PostgreSQL's 65,535 parameters for the widest table. */
const ROWS_PER_STATEMENT = 1000;

async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) await insert(rows.slice(i, i + ROWS_PER_STATEMENT));
}

export function emptyReport(source: string, dryRun: boolean): ImportReport {
  return {
    source,
    dryRun,
    read: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    unpublished: 0,
    republished: 0,
    skipped: {},
    keptLocalEdits: {},
    photoFailures: { count: 0, ids: [] },
    failure: null,
  };
}

function skip(report: ImportReport, reason: SkipReason | 'unreadable', id: string) {
  const entry = (report.skipped[reason] ??= { count: 0, ids: [] });
  entry.count++;
  if (entry.ids.length < LISTED_PER_REASON) entry.ids.push(id);
}

type Work =
  { kind: 'create'; activity: ImportedActivity } | { kind: 'update'; activity: ImportedActivity; known: Known };

interface FetchedPhoto {
  key: string;
  bytes: number;
}

/**
 * The guide's photo of each work item, fetched before the batch's transaction: the one made last
 * time when the source's URL has not changed, else the source's photo through the upload pipeline
 * (WebP widths, metadata dropped); a photo that fails keeps the one there was.
 */
async function photosOf(batch: Work[], photos: ImportPhotos, report: ImportReport) {
  const out = new Map<Work, { imageUrl: string | null; fetched: FetchedPhoto | null }>();
  for (const work of batch) {
    const known = work.kind === 'update' ? work.known : null;
    const url = work.activity.photo?.url ?? null;
    if (url === null) {
      out.set(work, { imageUrl: null, fetched: null });
      continue;
    }
    if (known && known.photoUrl === url && known.imageUrl) {
      out.set(work, { imageUrl: known.imageUrl, fetched: null });
      continue;
    }
    try {
      const stored = await storePhoto(await photos.fetch(url), photos.uploadsDir);
      out.set(work, { imageUrl: stored.imageUrl, fetched: { key: stored.key, bytes: stored.bytes } });
    } catch {
      report.photoFailures.count++;
      if (report.photoFailures.ids.length < LISTED_PER_REASON) report.photoFailures.ids.push(work.activity.sourceId);
      out.set(work, { imageUrl: known?.imageUrl ?? null, fetched: null });
    }
  }
  return out;
}

/**
 * Writes one batch in one transaction: the activities and their source rows together. The new
 * activities go in with multi-row statements (their ids drawn from the table's sequence first, so
 * that each source row names its own activity); the updated ones are read with one query per table.
 */
async function writeBatch(deps: ImportDeps, batch: Work[], now: Date, report: ImportReport) {
  const { db } = deps;
  const kept: Record<string, number> = {};
  const photos = deps.photos ? await photosOf(batch, deps.photos, report) : null;
  const touched: number[] = [];
  await db.transaction(async (tx) => {
    const creates = batch.filter((work) => work.kind === 'create');
    const updates = batch.filter((work) => work.kind === 'update');
    const translations: TranslationRow[] = [];
    const photoRows: (typeof photosTable.$inferInsert)[] = [];
    const sourceRows: (typeof activitySources.$inferInsert)[] = [];
    const sourceOf = (work: Work) => {
      const { activity } = work;
      const known = work.kind === 'update' ? work.known : null;
      return {
        contentHash: hashOf(activity),
        creator: activity.creator,
        publisher: activity.publisher,
        lastUpdate: activity.lastUpdate,
        machineTranslated: activity.machineTranslated,
        photo: {
          url: photos ? (activity.photo?.url ?? null) : (known?.photoUrl ?? null),
          credits: activity.photo?.credits ?? null,
          licence: activity.photo?.licence ?? null,
          skipped: activity.photoSkipped,
        },
        unpublishedAt: null,
        updatedAt: now,
      };
    };
    const photoOf = (work: Work) => {
      const known = work.kind === 'update' ? work.known : null;
      return photos?.get(work) ?? { imageUrl: known?.imageUrl ?? null, fetched: null };
    };

    if (creates.length > 0) {
      const ids = await queryRows<{ id: number }>(
        tx,
        sql`select nextval(pg_get_serial_sequence('activities', 'id'))::int as id from generate_series(1, ${creates.length})`,
      );
      const activityRows = creates.map((work, i) => {
        const id = ids[i]?.id;
        if (id === undefined) throw new Error('the sequence gave too few ids');
        const { activity } = work;
        const photo = photoOf(work);
        const fields = fieldsOf(activity, photo.imageUrl);
        const { columns, translations: own } = rowsOf(id, fields, now);
        translations.push(...own);
        if (photo.fetched) photoRows.push({ ...photo.fetched, providerId: null, activityId: id });
        sourceRows.push({
          activityId: id,
          source: SOURCE,
          sourceId: activity.sourceId,
          importedValues: fields,
          ...sourceOf(work),
          createdAt: now,
        });
        return {
          ...columns,
          id,
          name: String(fields['name']),
          description: String(fields['description']),
          category: activity.category,
          city: String(fields['city']),
          latitude: activity.latitude,
          longitude: activity.longitude,
          sortName: columns.sortName,
          providerId: null,
          isActive: true,
          isApproved: true,
          createdAt: now,
        };
      });
      await insertAll(activityRows, (rows) => tx.insert(activities).overridingSystemValue().values(rows));
    }

    if (updates.length > 0) {
      const ids = updates.map((work) => work.known.activityId);
      const previous = await tx
        .select({ activityId: activitySources.activityId, importedValues: activitySources.importedValues })
        .from(activitySources)
        .where(inArray(activitySources.activityId, ids))
        .for('update');
      const importedBefore = new Map(previous.map((row) => [row.activityId, row.importedValues]));
      const storedNow = await storedFieldsOf(tx, ids);
      await tx.delete(activityTranslations).where(inArray(activityTranslations.activityId, ids));
      for (const work of updates) {
        const activityId = work.known.activityId;
        const photo = photoOf(work);
        const fields = fieldsOf(work.activity, photo.imageUrl);
        // A field whose stored value is not what the import last wrote was changed here: it stays.
        const stored = storedNow.get(activityId) ?? {};
        const before = importedBefore.get(activityId) ?? {};
        const next: Record<string, unknown> = { ...stored };
        const written: Record<string, unknown> = {};
        for (const key of new Set([...Object.keys(fields), ...Object.keys(before)])) {
          const editedHere = key in before ? !same(stored[key], before[key]) : key in stored;
          if (editedHere) {
            if (!same(stored[key], fields[key])) kept[key] = (kept[key] ?? 0) + 1;
            if (key in before) written[key] = before[key];
            continue;
          }
          if (key in fields) {
            next[key] = fields[key];
            written[key] = fields[key];
          } else delete next[key];
        }
        const { columns, translations: own } = rowsOf(activityId, next, now);
        translations.push(...own);
        if (photo.fetched) {
          photoRows.push({ ...photo.fetched, providerId: null, activityId });
          touched.push(activityId);
        }
        // A listing a snapshot had dropped is back.
        const republish = work.known.unpublished ? { isActive: true } : {};
        await tx
          .update(activities)
          .set({ ...columns, ...republish })
          .where(eq(activities.id, activityId));
        await tx
          .update(activitySources)
          .set({ ...sourceOf(work), importedValues: written })
          .where(eq(activitySources.activityId, activityId));
      }
    }

    await insertAll(translations, (rows) => tx.insert(activityTranslations).values(rows));
    await insertAll(photoRows, (rows) => tx.insert(photosTable).values(rows));
    await insertAll(sourceRows, (rows) => tx.insert(activitySources).values(rows));
  });
  for (const [key, n] of Object.entries(kept)) report.keptLocalEdits[key] = (report.keptLocalEdits[key] ?? 0) + n;
  for (const activityId of touched) await deps.photos?.release(activityId);
}

/**
 * Takes the activities of `@id`s a full snapshot no longer had offline (never deleting them),
 * in batches; a listing an admin or a provider took offline themselves is left as it is.
 */
async function unpublishMissing(db: Db, ids: number[], now: Date) {
  for (let i = 0; i < ids.length; i += BATCH_SIZE) {
    const batch = ids.slice(i, i + BATCH_SIZE);
    await db.transaction(async (tx) => {
      await tx.update(activities).set({ isActive: false, updatedAt: now }).where(inArray(activities.id, batch));
      await tx
        .update(activitySources)
        .set({ unpublishedAt: now })
        .where(and(inArray(activitySources.activityId, batch), isNull(activitySources.unpublishedAt)));
    });
  }
}

/** Reads the whole flux and brings the guide in step with it; the run and its report are recorded. */
export async function runImport(
  deps: ImportDeps,
  source: FluxSource,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const { db, clock } = deps;
  const dryRun = options.dryRun ?? false;
  const report = emptyReport(source.name, dryRun);
  const [run] =
    options.runId !== undefined
      ? [{ id: options.runId }]
      : await db
          .insert(importRuns)
          .values({
            source: SOURCE,
            location: source.name,
            dryRun,
            status: 'running',
            startedBy: options.startedBy ?? null,
            startedAt: clock.now(),
          })
          .returning({ id: importRuns.id });
  const runId = run?.id;
  const known = await knownSources(db);
  const seen = new Set<string>();
  const context = { today: todayInParis(clock.now()), area: deps.area };
  let batch: Work[] = [];
  const flush = async () => {
    if (!dryRun && batch.length > 0) await writeBatch(deps, batch, clock.now(), report);
    batch = [];
    options.onProgress?.(report.read);
  };
  try {
    for await (const item of source.items()) {
      report.read++;
      if ('problem' in item) {
        skip(report, 'unreadable', item.file);
        continue;
      }
      const mapped = mapObject(item.object, context);
      if (!mapped.ok) {
        skip(report, mapped.reason, mapped.sourceId ?? item.file);
        continue;
      }
      const { activity } = mapped;
      // The same @id twice in one flux: the first one counts.
      if (seen.has(activity.sourceId)) continue;
      seen.add(activity.sourceId);
      const existing = known.get(activity.sourceId);
      if (!existing) {
        report.created++;
        batch.push({ kind: 'create', activity });
      } else if (existing.contentHash !== hashOf(activity) || existing.unpublished) {
        if (existing.unpublished) report.republished++;
        else report.updated++;
        batch.push({ kind: 'update', activity, known: existing });
      } else report.unchanged++;
      if (batch.length >= BATCH_SIZE) await flush();
    }
    await flush();
    const missing = [...known.entries()]
      .filter(([sourceId, k]) => !seen.has(sourceId) && !k.unpublished)
      .map(([, k]) => k.activityId);
    report.unpublished = missing.length;
    if (!dryRun) await unpublishMissing(db, missing, clock.now());
  } catch (error) {
    report.failure = (error as Error).message;
  }
  if (runId !== undefined) {
    await db
      .update(importRuns)
      .set({
        status: report.failure ? 'failed' : 'done',
        report: report as unknown as Record<string, unknown>,
        finishedAt: clock.now(),
      })
      .where(eq(importRuns.id, runId));
  }
  // Many activities written at once: the planner's statistics follow them (docs/architecture.md#the-planners-statistics).
  // Should the database fail here, the run's rows stay as reported and the next large read checks again.
  if (!dryRun) await ensureStatistics(db).catch(() => false);
  return report;
}

/** The newest runs, newest first. */
export async function recentRuns(db: Db, limit = 20) {
  return db
    .select()
    .from(importRuns)
    .orderBy(sql`${importRuns.id} desc`)
    .limit(limit);
}
