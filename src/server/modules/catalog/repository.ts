import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnsweredBy } from '../../../domain/activities.js';

import type { Language } from '../../../domain/languages.js';
import type { Db } from '../../db/client.js';
import { activities, activityTags, activityTranslations, providers, tags } from '../../db/schema/index.js';
import type { CatalogRow, LocalizedText, PublicTag } from './model.js';
import { isPublicActivity } from './public-activity.js';

const tagColumns = { id: tags.id, name: tags.name, description: tags.description, isApproved: tags.isApproved };

/** Approved tags (the filter chips). */
export async function approvedTags(db: Db): Promise<PublicTag[]> {
  return db.select(tagColumns).from(tags).where(eq(tags.status, 'approved')).orderBy(asc(tags.name));
}

/**
 * Public activities (active, approved and of a listed provider, docs/permissions.md#public-activities),
 * all of them or those of `ids`, with their texts in every language and their
 * approved tags: what the read model holds.
 */
export async function publicActivities(db: Db, ids?: number[]): Promise<CatalogRow[]> {
  const only = ids ? inArray(activities.id, ids) : undefined;
  const selected = await db
    .select({
      activity: activities,
      providerName: sql<string | null>`coalesce(${providers.company}, ${providers.name})`,
    })
    .from(activities)
    .leftJoin(providers, eq(providers.id, activities.providerId))
    .where(and(isPublicActivity, only));
  const rows = selected.map((r) => r.activity);
  // A public activity's provider is listed (or it has none): they answer its bookings, else the team.
  const answeredBy = new Map<number, AnsweredBy>(
    selected.map(({ activity, providerName }) => [
      activity.id,
      activity.providerId !== null && providerName ? { kind: 'provider', name: providerName } : { kind: 'team' },
    ]),
  );
  if (rows.length === 0) return [];
  const found = rows.map((r) => r.id);
  // In chunks, so that a query never carries more parameters than a server takes.
  const chunks: number[][] = [];
  for (let i = 0; i < found.length; i += 5000) chunks.push(found.slice(i, i + 5000));
  const [translations, tagRows] = await Promise.all([
    Promise.all(
      chunks.map((chunk) =>
        db.select().from(activityTranslations).where(inArray(activityTranslations.activityId, chunk)),
      ),
    ).then((parts) => parts.flat()),
    Promise.all(
      chunks.map((chunk) =>
        db
          .select({ activityId: activityTags.activityId, ...tagColumns })
          .from(activityTags)
          .innerJoin(tags, eq(tags.id, activityTags.tagId))
          .where(
            and(
              inArray(activityTags.activityId, chunk),
              eq(activityTags.status, 'approved'),
              eq(tags.status, 'approved'),
            ),
          ),
      ),
    ).then((parts) => parts.flat()),
  ]);
  const textsOf = new Map<number, Partial<Record<Language, LocalizedText>>>();
  for (const t of translations) {
    const entry = textsOf.get(t.activityId) ?? {};
    entry[t.language] = {
      name: t.name,
      description: t.description,
      location: t.location,
      openingHours: t.openingHours,
      marketDays: t.marketDays,
      sortName: t.sortName,
    };
    textsOf.set(t.activityId, entry);
  }
  const tagsOf = new Map<number, PublicTag[]>();
  for (const { activityId, ...tag } of tagRows) {
    const list = tagsOf.get(activityId) ?? [];
    list.push(tag);
    tagsOf.set(activityId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    language: r.language,
    category: r.category,
    address: r.address,
    city: r.city,
    latitude: r.latitude,
    longitude: r.longitude,
    imageUrl: r.imageUrl,
    rating: Number(r.rating),
    reviewCount: r.reviewCount,
    priceCents: r.priceCents,
    eventStart: r.eventStart,
    eventEnd: r.eventEnd,
    weeklyHours: r.weeklyHours,
    contactPhone: r.contactPhone,
    contactEmail: r.contactEmail,
    website: r.website,
    bookingRequired: r.bookingRequired,
    isSponsored: r.isSponsored,
    sponsorLevel: r.sponsorLevel,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    searchText: r.searchText,
    answeredBy: answeredBy.get(r.id) ?? { kind: 'team' },
    original: {
      name: r.name,
      description: r.description,
      location: r.location,
      openingHours: r.openingHours,
      marketDays: r.marketDays,
      sortName: r.sortName,
    },
    translations: textsOf.get(r.id) ?? {},
    tags: tagsOf.get(r.id) ?? [],
  }));
}
