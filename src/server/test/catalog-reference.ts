import { and, asc, between, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnsweredBy } from '../../domain/activities.js';

import type { Language } from '../../domain/languages.js';
import type { Db } from '../db/client.js';
import {
  activities,
  activitySources,
  activityTags,
  activityTranslations,
  providers,
  tags,
} from '../db/schema/index.js';
import type { CatalogRow, LocalizedText, PublicTag } from '../modules/catalog/model.js';
import { isPublicActivity } from '../modules/catalog/public-activity.js';
import { Shared, sourceOf } from '../modules/catalog/repository.js';

const tagColumns = { id: tags.id, name: tags.name, description: tags.description, isApproved: tags.isApproved };

const NO_WEEKLY_HOURS: CatalogRow['weeklyHours'] = [];
const NO_TAGS: PublicTag[] = [];

const READ_CHUNK = 2000;

/**
 * The catalogue read as it was read before docs/read-model.md's one JSON text per chunk: drizzle's
 * selects of the three tables, mapped row by row. Kept to check that read against
 * (catalog/repository.test.ts, bench/read-model.ts --compare). Tags and texts come in the order the
 * database gives them.
 */
export async function publicActivitiesAsBefore(db: Db, ids?: number[], chunkSize = READ_CHUNK): Promise<CatalogRow[]> {
  const shared = new Shared();
  if (ids) {
    const out: CatalogRow[] = [];
    for (let i = 0; i < ids.length; i += chunkSize) {
      const chunk = ids.slice(i, i + chunkSize);
      out.push(...(await readActivities(db, shared, inArray(activities.id, chunk))));
    }
    return out;
  }
  // The public ids first (a small read), then each chunk as a range of ids, read by the primary key.
  const all = await db
    .select({ id: activities.id })
    .from(activities)
    .where(isPublicActivity)
    .orderBy(asc(activities.id));
  const out: CatalogRow[] = [];
  for (let i = 0; i < all.length; i += chunkSize) {
    const first = (all[i] as { id: number }).id;
    const last = (all[Math.min(all.length, i + chunkSize) - 1] as { id: number }).id;
    for (const row of await readActivities(db, shared, between(activities.id, first, last), { first, last })) {
      out.push(row);
    }
  }
  return out;
}

/**
 * The public activities `where` selects, with texts, tags and source. `range`: the ids `where` lies
 * within, when it is a range (texts and tags are then read by that range, not by a list of ids).
 */
async function readActivities(
  db: Db,
  shared: Shared,
  where: SQL,
  range?: { first: number; last: number },
): Promise<CatalogRow[]> {
  const query = db
    .select({
      activity: activities,
      providerName: sql<string | null>`coalesce(${providers.company}, ${providers.name})`,
      source: {
        activityId: activitySources.activityId,
        creator: activitySources.creator,
        publisher: activitySources.publisher,
        lastUpdate: activitySources.lastUpdate,
        machineTranslated: activitySources.machineTranslated,
        photo: activitySources.photo,
        importedImageUrl: sql<string | null>`${activitySources.importedValues}->>'imageUrl'`,
        // What the import last wrote, only where a field is said to be machine-translated: is it still?
        importedValues: sql<Record<
          string,
          unknown
        > | null>`case when jsonb_array_length(${activitySources.machineTranslated}) > 0 then ${activitySources.importedValues} end`,
      },
    })
    .from(activities)
    .leftJoin(providers, eq(providers.id, activities.providerId))
    .leftJoin(activitySources, eq(activitySources.activityId, activities.id))
    .where(and(isPublicActivity, where))
    .orderBy(asc(activities.id));
  const selected = await query;
  const sourceRows = new Map(
    selected.flatMap(({ activity, source }) => (source?.activityId == null ? [] : ([[activity.id, source]] as const))),
  );
  const rows = selected.map((r) => r.activity);
  // A public activity's provider is listed (or it has none): they answer its bookings, else the team.
  const answeredBy = new Map<number, AnsweredBy>(
    selected.map(({ activity, providerName }) => [
      activity.id,
      shared.object<AnsweredBy>(
        activity.providerId !== null && providerName ? { kind: 'provider', name: providerName } : { kind: 'team' },
      ),
    ]),
  );
  if (rows.length === 0) return [];
  const found = rows.map((r) => r.id);
  const translationsOf = range
    ? between(activityTranslations.activityId, range.first, range.last)
    : inArray(activityTranslations.activityId, found);
  const tagsOfActivities = range
    ? between(activityTags.activityId, range.first, range.last)
    : inArray(activityTags.activityId, found);
  const translations = await db.select().from(activityTranslations).where(translationsOf);
  const tagRows = await db
    .select({ activityId: activityTags.activityId, ...tagColumns })
    .from(activityTags)
    .innerJoin(tags, eq(tags.id, activityTags.tagId))
    .where(and(tagsOfActivities, eq(activityTags.status, 'approved'), eq(tags.status, 'approved')));
  const textsOf = new Map<number, Partial<Record<Language, LocalizedText>>>();
  for (const t of translations) {
    const entry = textsOf.get(t.activityId) ?? {};
    entry[t.language] = {
      name: t.name,
      description: shared.text(t.description),
      location: shared.text(t.location),
      openingHours: shared.text(t.openingHours),
      marketDays: shared.text(t.marketDays),
      sortName: t.sortName,
    };
    textsOf.set(t.activityId, entry);
  }
  const tagsOf = new Map<number, PublicTag[]>();
  for (const { activityId, ...tag } of tagRows) {
    const list = tagsOf.get(activityId) ?? [];
    list.push(shared.object(tag));
    tagsOf.set(activityId, list);
  }
  return rows.map((r) => {
    const texts = textsOf.get(r.id) ?? {};
    const original: LocalizedText = {
      name: r.name,
      description: shared.text(r.description),
      location: shared.text(r.location),
      openingHours: shared.text(r.openingHours),
      marketDays: shared.text(r.marketDays),
      sortName: r.sortName,
    };
    const stored = sourceRows.get(r.id);
    return {
      id: r.id,
      language: r.language,
      category: r.category,
      address: shared.text(r.address),
      city: shared.text(r.city),
      latitude: r.latitude,
      longitude: r.longitude,
      imageUrl: r.imageUrl,
      rating: Number(r.rating),
      reviewCount: r.reviewCount,
      priceCents: r.priceCents,
      eventStart: r.eventStart,
      eventEnd: r.eventEnd,
      weeklyHours: r.weeklyHours.length === 0 ? NO_WEEKLY_HOURS : shared.object(r.weeklyHours),
      contactPhone: r.contactPhone,
      contactEmail: r.contactEmail,
      website: r.website,
      bookingRequired: r.bookingRequired,
      setting: r.setting,
      isSponsored: r.isSponsored,
      sponsorLevel: r.sponsorLevel,
      createdAt: r.createdAt.getTime(),
      updatedAt: r.updatedAt.getTime(),
      searchText: r.searchText,
      answeredBy: answeredBy.get(r.id) ?? { kind: 'team' },
      original,
      translations: texts,
      tags: tagsOf.get(r.id) ?? NO_TAGS,
      source: stored ? sourceOf(stored, r.language, r.imageUrl, original, texts) : null,
    };
  });
}
