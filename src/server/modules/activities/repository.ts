import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { CategoryFilter, SortOption } from '../../../domain/activities.js';
import { CATEGORIES, TOP_RATED_MIN_RATING } from '../../../domain/activities.js';
import { EARTH_RADIUS_KM, type Position } from '../../../domain/geo.js';
import type { Language } from '../../../domain/languages.js';
import { LANGUAGES } from '../../../domain/languages.js';
import { toCents } from '../../../domain/money.js';
import { buildSearchDocument, normalizeText } from '../../../domain/search.js';
import type { Db } from '../../db/client.js';
import { activities, activityTags, activityTranslations, tags } from '../../db/schema/index.js';

export interface ActivityFilters {
  category?: CategoryFilter;
  searchWords: string[];
  minPrice?: number;
  maxPrice?: number;
  minRating?: number;
  bookable?: boolean;
  sponsored?: boolean;
  tagNames: string[];
}

const translation = activityTranslations;

/** Only active and approved activities are public (docs/permissions.md#public-activities). */
const isPublic = and(eq(activities.isActive, true), eq(activities.isApproved, true));

/** Great-circle distance in km from `origin` to the activity, in SQL. */
function distanceKm(origin: Position): SQL<number> {
  const lat = sql`${origin.lat}::double precision`;
  const lon = sql`${origin.lon}::double precision`;
  return sql<number>`(2 * ${sql.raw(String(EARTH_RADIUS_KM))} * asin(least(1, sqrt(
    power(sin(radians(${activities.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${activities.latitude})) * power(sin(radians(${activities.longitude} - ${lon}) / 2), 2)
  ))))`;
}

function filterConditions(f: ActivityFilters): SQL[] {
  const conditions: SQL[] = [isPublic as SQL];
  if (f.category === 'top_rated') conditions.push(gte(activities.rating, TOP_RATED_MIN_RATING));
  else if (f.category && f.category !== 'alle') conditions.push(eq(activities.category, f.category));
  // Words are normalised to letters and digits, so they hold no LIKE wildcards.
  for (const word of f.searchWords) conditions.push(sql`${activities.searchText} like ${`% ${word}%`}`);
  // Prices are kept in cents; the filter speaks euros.
  if (f.minPrice !== undefined) conditions.push(gte(activities.priceCents, toCents(f.minPrice)));
  if (f.maxPrice !== undefined) conditions.push(lte(activities.priceCents, toCents(f.maxPrice)));
  if (f.minRating !== undefined && f.minRating > 0) conditions.push(gte(activities.rating, f.minRating));
  if (f.bookable !== undefined) conditions.push(eq(activities.bookingRequired, f.bookable));
  if (f.sponsored !== undefined) conditions.push(eq(activities.isSponsored, f.sponsored));
  if (f.tagNames.length > 0) {
    conditions.push(sql`(
      select count(*) from ${activityTags}
      join ${tags} on ${tags.id} = ${activityTags.tagId}
      where ${activityTags.activityId} = ${activities.id}
        and ${activityTags.isApproved} and ${tags.isApproved}
        and ${inArray(tags.name, f.tagNames)}
    ) = ${f.tagNames.length}`);
  }
  return conditions;
}

function localizedColumns(origin: Position) {
  return {
    id: activities.id,
    name: sql<string>`coalesce(${translation.name}, ${activities.name})`,
    description: sql<string>`coalesce(${translation.description}, ${activities.description})`,
    language: sql<Language>`coalesce(${translation.language}, ${activities.language})`,
    location: sql<string | null>`coalesce(${translation.location}, ${activities.location})`,
    openingHours: sql<string | null>`coalesce(${translation.openingHours}, ${activities.openingHours})`,
    marketDays: sql<string | null>`coalesce(${translation.marketDays}, ${activities.marketDays})`,
    category: activities.category,
    address: activities.address,
    city: activities.city,
    latitude: activities.latitude,
    longitude: activities.longitude,
    imageUrl: activities.imageUrl,
    rating: activities.rating,
    reviewCount: activities.reviewCount,
    priceCents: activities.priceCents,
    contactPhone: activities.contactPhone,
    contactEmail: activities.contactEmail,
    website: activities.website,
    bookingRequired: activities.bookingRequired,
    isSponsored: activities.isSponsored,
    sponsorLevel: activities.sponsorLevel,
    createdAt: activities.createdAt,
    distance: distanceKm(origin),
  };
}

export type ActivityRow = Awaited<ReturnType<typeof listPublic>>[number];

function orderFor(sort: SortOption, origin: Position): SQL[] {
  const distance = distanceKm(origin);
  switch (sort) {
    case 'distance':
      // Sponsors first, TOP before Premium before Sponsor, each group by distance (docs/product.md#sponsorship).
      return [desc(activities.sponsorLevel), asc(distance), asc(activities.id)];
    case 'rating':
      return [desc(activities.rating), desc(activities.reviewCount), asc(distance), asc(activities.id)];
    case 'price_low':
      return [sql`${activities.priceCents} asc nulls last`, asc(distance), asc(activities.id)];
    case 'price_high':
      return [sql`${activities.priceCents} desc nulls last`, asc(distance), asc(activities.id)];
    case 'name':
      return [sql`coalesce(${translation.sortName}, ${activities.sortName}) asc`, asc(activities.id)];
    case 'newest':
      return [desc(activities.createdAt), desc(activities.id)];
  }
}

/** One page of public activities, localized, with the distance from `origin`. */
export function listPublic(
  db: Db,
  args: {
    filters: ActivityFilters;
    sort: SortOption;
    origin: Position;
    language: Language;
    limit: number;
    offset: number;
  },
) {
  return db
    .select(localizedColumns(args.origin))
    .from(activities)
    .leftJoin(translation, and(eq(translation.activityId, activities.id), eq(translation.language, args.language)))
    .where(and(...filterConditions(args.filters)))
    .orderBy(...orderFor(args.sort, args.origin))
    .limit(args.limit)
    .offset(args.offset);
}

export async function countPublic(db: Db, filters: ActivityFilters): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(activities)
    .where(and(...filterConditions(filters)));
  return row?.total ?? 0;
}

export async function findPublic(db: Db, id: number, origin: Position, language: Language) {
  const [row] = await db
    .select(localizedColumns(origin))
    .from(activities)
    .leftJoin(translation, and(eq(translation.activityId, activities.id), eq(translation.language, language)))
    .where(and(eq(activities.id, id), isPublic));
  return row;
}

export async function isPublicActivity(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.id, id), isPublic));
  return row !== undefined;
}

/** Approved tag names of approved activity tags, per activity, sorted by name. */
export async function approvedTagNames(db: Db, activityIds: number[]): Promise<Map<number, string[]>> {
  const byActivity = new Map<number, string[]>(activityIds.map((id) => [id, []]));
  if (activityIds.length === 0) return byActivity;
  const rows = await db
    .select({ activityId: activityTags.activityId, name: tags.name })
    .from(activityTags)
    .innerJoin(tags, eq(tags.id, activityTags.tagId))
    .where(
      and(inArray(activityTags.activityId, activityIds), eq(activityTags.isApproved, true), eq(tags.isApproved, true)),
    )
    .orderBy(asc(tags.name));
  for (const row of rows) byActivity.get(row.activityId)?.push(row.name);
  return byActivity;
}

/** Number of public activities per category; every category present, 0 when none. */
export async function countPublicByCategory(db: Db) {
  const rows = await db
    .select({ category: activities.category, total: count() })
    .from(activities)
    .where(isPublic)
    .groupBy(activities.category);
  const counts = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<(typeof CATEGORIES)[number], number>;
  for (const row of rows) counts[row.category as (typeof CATEGORIES)[number]] = row.total;
  return counts;
}

/** Public activities whose text in any language has a word starting with each of `words`. */
export function suggestActivities(db: Db, words: string[], language: Language, limit: number) {
  const name = sql<string>`coalesce(${translation.name}, ${activities.name})`;
  const nameKey = sql`' ' || coalesce(${translation.sortName}, ${activities.sortName})`;
  const phrase = words.join(' ');
  return db
    .select({ id: activities.id, name })
    .from(activities)
    .leftJoin(translation, and(eq(translation.activityId, activities.id), eq(translation.language, language)))
    .where(and(isPublic, ...words.map((word) => sql`${activities.searchText} like ${`% ${word}%`}`)))
    .orderBy(sql`(${nameKey} like ${`% ${phrase}%`}) desc`, desc(activities.rating), asc(activities.id))
    .limit(limit);
}

export async function publicCities(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ city: activities.city })
    .from(activities)
    .where(isPublic)
    .orderBy(asc(activities.city));
  return rows.map((r) => r.city);
}

export interface ActivityText {
  name: string;
  description: string;
  location?: string | null;
  openingHours?: string | null;
  marketDays?: string | null;
}

export type NewActivity = Omit<
  typeof activities.$inferInsert,
  'id' | 'sortName' | 'searchText' | 'rating' | 'reviewCount' | 'updatedAt'
> & { translations?: Partial<Record<Language, ActivityText>> };

/** The normalised text of every language, kept in activities.search_text. */
function searchDocument(a: NewActivity): string {
  const texts = Object.values(a.translations ?? {}).flatMap((t) => [t.name, t.description, t.location]);
  return buildSearchDocument([a.name, a.description, a.location, a.city, ...texts]);
}

/** Inserts an activity with its translations; keeps the sort and search keys in step. */
export async function insertActivity(db: Db, input: NewActivity): Promise<number> {
  const { translations = {}, ...fields } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(activities)
      .values({ ...fields, sortName: normalizeText(fields.name), searchText: searchDocument(input) })
      .returning({ id: activities.id });
    if (!row) throw new Error('insert returned no row');
    const rows = LANGUAGES.flatMap((language) => {
      const t = translations[language];
      return t
        ? [
            {
              activityId: row.id,
              language,
              name: t.name,
              description: t.description,
              location: t.location ?? null,
              openingHours: t.openingHours ?? null,
              marketDays: t.marketDays ?? null,
              sortName: normalizeText(t.name),
            },
          ]
        : [];
    });
    if (rows.length > 0) await tx.insert(activityTranslations).values(rows);
    return row.id;
  });
}
