import { and, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { LANGUAGES } from '../../../domain/languages.js';
import { type ReviewedContent, TRANSLATED_PRACTICAL_FIELDS } from '../../../domain/provider-activities.js';
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

/** Name, description, place and free-text hours per language of the given activities. */
export async function translationsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, ReviewedContent['translations']>();
  const rows = await db
    .select({
      activityId: activityTranslations.activityId,
      language: activityTranslations.language,
      name: activityTranslations.name,
      description: activityTranslations.description,
      location: activityTranslations.location,
      openingHours: activityTranslations.openingHours,
      marketDays: activityTranslations.marketDays,
    })
    .from(activityTranslations)
    .where(inArray(activityTranslations.activityId, ids));
  const out = new Map<number, ReviewedContent['translations']>();
  for (const { activityId, language, ...text } of rows) {
    const entry = out.get(activityId) ?? {};
    entry[language] = text;
    out.set(activityId, entry);
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

/** The sort key of a name: its normalised form, cut to the column (`ß` and `æ` spell out longer). */
const sortKey = (name: string) => normalizeText(name).slice(0, 200);

/**
 * Writes the reviewed fields into the activity row and its translations; keeps the search keys in
 * step. A language's place, opening hours and market days are written as the content gives them;
 * one the content leaves out (a request saved before they were translated) keeps the stored one
 * while the original of that field stays, and is dropped once the original changes, so that every
 * language shows what was approved (docs/provider-workspace.md#lifecycle). A language left out is
 * removed.
 */
export async function writeContent(db: Db, activityId: number, content: ReviewedContent, now: Date): Promise<void> {
  const translated = LANGUAGES.filter((l) => l !== content.language && content.translations[l]);
  const [before] = await db
    .select({ location: activities.location, openingHours: activities.openingHours, marketDays: activities.marketDays })
    .from(activities)
    .where(eq(activities.id, activityId));
  const originalChanged = (field: (typeof TRANSLATED_PRACTICAL_FIELDS)[number]) => before?.[field] !== content[field];
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
      sortName: sortKey(content.name),
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
    const given: Partial<Record<(typeof TRANSLATED_PRACTICAL_FIELDS)[number], string | null>> = {};
    for (const field of TRANSLATED_PRACTICAL_FIELDS) {
      const value = t[field];
      if (value !== undefined) given[field] = value;
      else if (originalChanged(field)) given[field] = null;
    }
    const text = { name: t.name, description: t.description, sortName: sortKey(t.name), ...given };
    await db
      .insert(activityTranslations)
      .values({ activityId, language, ...text })
      .onConflictDoUpdate({ target: [activityTranslations.activityId, activityTranslations.language], set: text });
  }
  // The search keys hold every language's text as it is stored now.
  const stored = await db
    .select({
      name: activityTranslations.name,
      description: activityTranslations.description,
      location: activityTranslations.location,
    })
    .from(activityTranslations)
    .where(eq(activityTranslations.activityId, activityId));
  await db
    .update(activities)
    .set({
      searchText: buildSearchDocument([
        content.name,
        content.description,
        content.location,
        content.city,
        ...stored.flatMap((t) => [t.name, t.description, t.location]),
      ]),
    })
    .where(eq(activities.id, activityId));
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
