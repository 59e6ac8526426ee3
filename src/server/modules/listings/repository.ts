import { and, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { LANGUAGES } from '../../../domain/languages.js';
import type { ReviewedContent } from '../../../domain/provider-activities.js';
import { buildSearchDocument, normalizeText } from '../../../domain/search.js';
import type { Db } from '../../db/client.js';
import { activities, activityRevisions, activityTranslations, bookings } from '../../db/schema/index.js';

/*
 * Listings: an activity's row, its translations and its requests for approval, as both the provider's
 * workspace and the admins' moderation read and write them (docs/architecture.md#modules).
 */

export type ActivityRow = typeof activities.$inferSelect;

export type RevisionRow = typeof activityRevisions.$inferSelect;

export async function findActivity(db: Db, id: number): Promise<ActivityRow | undefined> {
  const [row] = await db.select().from(activities).where(eq(activities.id, id));
  return row;
}

/** The activity, locked until the transaction ends (a decision reads it with its request). */
export async function lockActivity(db: Db, id: number): Promise<ActivityRow | undefined> {
  const [row] = await db.select().from(activities).where(eq(activities.id, id)).for('update');
  return row;
}

/** Name and description per language of the given activities. */
export async function translationsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, ReviewedContent['translations']>();
  const rows = await db
    .select({
      activityId: activityTranslations.activityId,
      language: activityTranslations.language,
      name: activityTranslations.name,
      description: activityTranslations.description,
    })
    .from(activityTranslations)
    .where(inArray(activityTranslations.activityId, ids));
  const out = new Map<number, ReviewedContent['translations']>();
  for (const row of rows) {
    const entry = out.get(row.activityId) ?? {};
    entry[row.language] = { name: row.name, description: row.description };
    out.set(row.activityId, entry);
  }
  return out;
}

/** The newest request (pending or decided) of each of the given activities. */
export async function latestRevisions(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, RevisionRow>();
  const rows = await db
    .selectDistinctOn([activityRevisions.activityId])
    .from(activityRevisions)
    .where(inArray(activityRevisions.activityId, ids))
    .orderBy(activityRevisions.activityId, desc(activityRevisions.id));
  return new Map(rows.map((row) => [row.activityId, row]));
}

export async function pendingRevision(db: Db, activityId: number): Promise<RevisionRow | undefined> {
  const [row] = await db
    .select()
    .from(activityRevisions)
    .where(and(eq(activityRevisions.activityId, activityId), eq(activityRevisions.status, 'pending')))
    .for('update');
  return row;
}

/** The published (or, before publication, the saved) reviewed fields of an activity: text, place, photo, hours, contact. */
export function contentOfRow(row: ActivityRow, translations: ReviewedContent['translations']): ReviewedContent {
  return {
    name: row.name,
    description: row.description,
    language: row.language,
    translations: Object.fromEntries(
      Object.entries(translations).filter(([language]) => language !== row.language),
    ) as ReviewedContent['translations'],
    category: row.category as ReviewedContent['category'],
    location: row.location,
    address: row.address,
    city: row.city,
    latitude: row.latitude,
    longitude: row.longitude,
    imageUrl: row.imageUrl,
    openingHours: row.openingHours,
    marketDays: row.marketDays,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    website: row.website,
  };
}

/**
 * Writes the reviewed fields into the activity row and its translations; keeps the search keys in
 * step. Localised place and hours of a seeded translation stay while the original stays; once the
 * original changes they are dropped, so that every language shows what was approved. A language
 * left out is removed.
 */
export async function writeContent(db: Db, activityId: number, content: ReviewedContent, now: Date): Promise<void> {
  const translated = LANGUAGES.filter((l) => l !== content.language && content.translations[l]);
  const [before] = await db
    .select({ location: activities.location, openingHours: activities.openingHours, marketDays: activities.marketDays })
    .from(activities)
    .where(eq(activities.id, activityId));
  const stale = {
    ...(before?.location !== content.location ? { location: null } : {}),
    ...(before?.openingHours !== content.openingHours ? { openingHours: null } : {}),
    ...(before?.marketDays !== content.marketDays ? { marketDays: null } : {}),
  };
  if (Object.keys(stale).length > 0) {
    await db.update(activityTranslations).set(stale).where(eq(activityTranslations.activityId, activityId));
  }
  const kept = await db
    .select({ location: activityTranslations.location, language: activityTranslations.language })
    .from(activityTranslations)
    .where(and(eq(activityTranslations.activityId, activityId), inArray(activityTranslations.language, translated)));
  const texts = translated.flatMap((l) => [content.translations[l]?.name, content.translations[l]?.description]);
  await db
    .update(activities)
    .set({
      name: content.name,
      description: content.description,
      language: content.language,
      category: content.category,
      location: content.location,
      address: content.address,
      city: content.city,
      latitude: content.latitude,
      longitude: content.longitude,
      imageUrl: content.imageUrl,
      openingHours: content.openingHours,
      marketDays: content.marketDays,
      contactPhone: content.contactPhone,
      contactEmail: content.contactEmail,
      website: content.website,
      sortName: normalizeText(content.name),
      searchText: buildSearchDocument([
        content.name,
        content.description,
        content.location,
        content.city,
        ...texts,
        ...kept.map((k) => k.location),
      ]),
      updatedAt: now,
    })
    .where(eq(activities.id, activityId));
  await db
    .delete(activityTranslations)
    .where(
      and(
        eq(activityTranslations.activityId, activityId),
        translated.length > 0 ? notInArray(activityTranslations.language, translated) : undefined,
      ),
    );
  for (const language of translated) {
    const t = content.translations[language];
    if (!t) continue;
    await db
      .insert(activityTranslations)
      .values({ activityId, language, name: t.name, description: t.description, sortName: normalizeText(t.name) })
      .onConflictDoUpdate({
        target: [activityTranslations.activityId, activityTranslations.language],
        set: { name: t.name, description: t.description, sortName: normalizeText(t.name) },
      });
  }
}

export async function insertActivityRow(db: Db, values: typeof activities.$inferInsert): Promise<number> {
  const [row] = await db.insert(activities).values(values).returning({ id: activities.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateActivityRow(db: Db, id: number, values: Partial<typeof activities.$inferInsert>) {
  await db.update(activities).set(values).where(eq(activities.id, id));
}

/** Puts a request up for review, replacing one that still waits. */
export async function upsertPendingRevision(db: Db, activityId: number, content: ReviewedContent, userId: string) {
  const existing = await pendingRevision(db, activityId);
  if (existing) {
    await db
      .update(activityRevisions)
      .set({ content, submittedBy: userId, createdAt: sql`now()` })
      .where(eq(activityRevisions.id, existing.id));
  } else {
    await db.insert(activityRevisions).values({ activityId, content, submittedBy: userId });
  }
}

export async function deletePendingRevision(db: Db, activityId: number) {
  await db
    .delete(activityRevisions)
    .where(and(eq(activityRevisions.activityId, activityId), eq(activityRevisions.status, 'pending')));
}

export async function decideRevision(db: Db, id: number, values: Partial<RevisionRow>) {
  await db.update(activityRevisions).set(values).where(eq(activityRevisions.id, id));
}

export async function countBookings(db: Db, activityId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bookings).where(eq(bookings.activityId, activityId));
  return row?.n ?? 0;
}
