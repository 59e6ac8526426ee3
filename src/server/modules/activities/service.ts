import type { Favour } from '../../../domain/forecast.js';
import {
  type Activity,
  type ActivityDetail,
  type ActivityListQuery,
  STATS_CATEGORIES,
  type Stats,
} from '../../../domain/activities.js';
import { LIMOUX, type Position } from '../../../domain/geo.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/languages.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { Catalog } from '../catalog/service.js';
import * as repo from './repository.js';

export const activityNotFound = () => notFound('Activity not found', 'ACTIVITY_NOT_FOUND');

function originOf(query: { lat?: number; lon?: number }): Position {
  return query.lat !== undefined && query.lon !== undefined ? { lat: query.lat, lon: query.lon } : LIMOUX;
}

/** A page of public activities and the total that match (docs/api.md#lists-in-pages), from the read model. */
export function listActivities(
  catalog: Catalog,
  query: Omit<ActivityListQuery, 'weatherDay'>,
  now: Date,
  favour: Favour | null = null,
): { items: Activity[]; total: number; favoured: number; matches?: number } {
  return catalog.current.list(query, now, favour);
}

/** One public activity, from the read model (docs/read-model.md). */
export function getActivity(
  catalog: Catalog,
  id: number,
  query: { lat?: number; lon?: number; lng?: Language },
  now: Date,
): ActivityDetail {
  const activity = catalog.current.get(id, originOf(query), query.lng ?? DEFAULT_LANGUAGE, now);
  if (!activity) throw activityNotFound();
  return activity;
}

/** Throws the 404 of a missing or hidden activity. */
export async function assertPublicActivity(db: Db, id: number): Promise<void> {
  if (!(await repo.isPublicActivity(db, id))) throw activityNotFound();
}

/** Counts of public activities per kind (0 when there are none). */
export function getStats(catalog: Catalog): Stats {
  const counts = catalog.current.countsByCategory();
  return {
    markets: counts[STATS_CATEGORIES.markets],
    events: counts[STATS_CATEGORIES.events],
    sports: counts[STATS_CATEGORIES.sports],
    viewpoints: counts[STATS_CATEGORIES.viewpoints],
  };
}
