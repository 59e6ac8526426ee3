import { type Activity, type ActivityListQuery, STATS_CATEGORIES, type Stats } from '../../../domain/activities.js';
import { LIMOUX, type Position, roundKm } from '../../../domain/geo.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/languages.js';
import { toEuros } from '../../../domain/money.js';
import { searchWords } from '../../../domain/search.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import * as repo from './repository.js';

export const activityNotFound = () => notFound('Activity not found', 'ACTIVITY_NOT_FOUND');

function present({ priceCents, ...row }: repo.ActivityRow, tagNames: string[]): Activity {
  return {
    ...row,
    category: row.category as Activity['category'],
    distance: roundKm(Number(row.distance)),
    rating: Number(row.rating),
    price: priceCents === null ? null : toEuros(priceCents),
    tags: tagNames,
    createdAt: row.createdAt.toISOString(),
  };
}

function originOf(query: { lat?: number; lon?: number }): Position {
  return query.lat !== undefined && query.lon !== undefined ? { lat: query.lat, lon: query.lon } : LIMOUX;
}

/** A page of public activities and the total that match (docs/api.md#lists-in-pages). */
export async function listActivities(db: Db, query: ActivityListQuery): Promise<{ items: Activity[]; total: number }> {
  const words = query.search ? searchWords(query.search) : [];
  // A search of nothing but punctuation matches nothing (an empty search matches everything).
  if (query.search && words.length === 0) return { items: [], total: 0 };
  const filters: repo.ActivityFilters = {
    category: query.category,
    searchWords: words,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    minRating: query.minRating,
    bookable: query.bookable,
    sponsored: query.sponsored,
    tagNames: query.tags ?? [],
  };
  const [rows, total] = await Promise.all([
    repo.listPublic(db, {
      filters,
      sort: query.sort,
      origin: originOf(query),
      language: query.lng ?? DEFAULT_LANGUAGE,
      limit: query.limit,
      offset: query.offset,
    }),
    repo.countPublic(db, filters),
  ]);
  const tagNames = await repo.approvedTagNames(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((row) => present(row, tagNames.get(row.id) ?? [])), total };
}

export async function getActivity(
  db: Db,
  id: number,
  query: { lat?: number; lon?: number; lng?: Language },
): Promise<Activity> {
  const row = await repo.findPublic(db, id, originOf(query), query.lng ?? DEFAULT_LANGUAGE);
  if (!row) throw activityNotFound();
  const tagNames = await repo.approvedTagNames(db, [id]);
  return present(row, tagNames.get(id) ?? []);
}

/** Throws the 404 of a missing or hidden activity. */
export async function assertPublicActivity(db: Db, id: number): Promise<void> {
  if (!(await repo.isPublicActivity(db, id))) throw activityNotFound();
}

/** Counts of public activities per kind (0 when there are none). */
export async function getStats(db: Db): Promise<Stats> {
  const counts = await repo.countPublicByCategory(db);
  return {
    markets: counts[STATS_CATEGORIES.markets],
    events: counts[STATS_CATEGORIES.events],
    sports: counts[STATS_CATEGORIES.sports],
    viewpoints: counts[STATS_CATEGORIES.viewpoints],
  };
}
