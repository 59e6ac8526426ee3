import { isbot } from 'isbot';
import {
  type ActivityEvent,
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  type Analytics,
  type AnalyticsQuery,
  type Counts,
  conversion,
  daysBefore,
  daysBetween,
  MEASURES,
  periodDays,
  toCsv,
} from '../../../domain/analytics.js';
import { todayInParis } from '../../../domain/dates.js';
import { isAdmin, type Principal } from '../../../domain/policies.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import * as repo from './repository.js';

type AnalyticsDeps = Pick<Deps, 'db' | 'clock'>;

const zero = (): Counts => Object.fromEntries(MEASURES.map((m) => [m, 0])) as Counts;

/**
 * Counts what a visitor did (docs/provider-workspace.md#numbers). Not
 * counted: robots (by their User-Agent), the provider's own visits, admins.
 * Nothing about the person is kept: only the counter of the day goes up.
 */
export async function record(
  { db, clock }: AnalyticsDeps,
  principal: Principal | null,
  userAgent: string | undefined,
  activityId: number,
  event: ActivityEvent,
  /** False when this client already sent this event of this activity today (once-a-day.ts). */
  firstToday: (today: string) => boolean = () => true,
): Promise<{ counted: boolean }> {
  const activity = await repo.publicActivityOwner(db, activityId);
  if (!activity) throw new AppError('ACTIVITY_NOT_FOUND', 'Activity not found');
  if (!userAgent || isbot(userAgent)) return { counted: false };
  if (principal && (isAdmin(principal) || principal.id === activity.providerUserId)) return { counted: false };
  const today = todayInParis(clock.now());
  if (!firstToday(today)) return { counted: false };
  await repo.count(db, activityId, today, event);
  return { counted: true };
}

/**
 * The period asked for, with its defaults, checked whole: the schema can check only a period
 * given by both ends, and `?from=1800-01-01` alone (up to today) once built a row for every
 * day since 1800, 12 MB, while the server did nothing else (docs/provider-workspace.md#numbers).
 */
function period({ clock }: AnalyticsDeps, query: AnalyticsQuery) {
  const to = query.to ?? todayInParis(clock.now());
  const from = query.from ?? daysBefore(to, ANALYTICS_DEFAULT_DAYS - 1);
  if (from > to) {
    throw new AppError('VALIDATION_FAILED', 'from must not be after to', [
      { path: 'from', message: 'must not be after to' },
    ]);
  }
  if (periodDays(from, to) > ANALYTICS_MAX_DAYS) {
    const message = `the period is at most ${ANALYTICS_MAX_DAYS} days`;
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'from', message }]);
  }
  return { from, to };
}

/** Per activity and day, every measure, for the provider's activities. */
async function table(deps: AnalyticsDeps, principal: Principal, query: AnalyticsQuery) {
  const { db } = deps;
  const { from, to } = period(deps, query);
  const own = await repo.providerActivities(db, principal.id);
  const ids = own.map((a) => a.id);
  const [stats, requests, confirmed] = await Promise.all([
    repo.dailyStats(db, ids, from, to),
    repo.bookingRequests(db, ids, from, to),
    repo.confirmations(db, ids, from, to),
  ]);
  const cells = new Map<string, Counts>();
  const cell = (activityId: number, day: string) => {
    const key = `${activityId}|${day}`;
    let c = cells.get(key);
    if (!c) cells.set(key, (c = zero()));
    return c;
  };
  for (const s of stats) {
    const c = cell(s.activityId, s.day);
    c.views += s.views;
    c.favourites += s.favourites;
    c.websiteClicks += s.websiteClicks;
    c.phoneClicks += s.phoneClicks;
    c.directionsClicks += s.directionsClicks;
  }
  for (const r of requests) cell(r.activityId, r.day).bookingRequests += r.n;
  for (const r of confirmed) cell(r.activityId, r.day).confirmedBookings += r.n;
  return { from, to, own, cells };
}

export async function summary(deps: AnalyticsDeps, principal: Principal, query: AnalyticsQuery): Promise<Analytics> {
  const { from, to, own, cells } = await table(deps, principal, query);
  const days = daysBetween(from, to);
  const add = (into: Counts, c: Counts | undefined) => {
    if (c) for (const m of MEASURES) into[m] += c[m];
  };
  return {
    from,
    to,
    activities: own.map((a) => {
      const total = zero();
      for (const day of days) add(total, cells.get(`${a.id}|${day}`));
      return { activityId: a.id, name: a.name, ...total, conversion: conversion(total) };
    }),
    days: days.map((date) => {
      const total = zero();
      for (const a of own) add(total, cells.get(`${a.id}|${date}`));
      return { date, ...total };
    }),
  };
}

/** The same numbers as CSV: a row per activity and day that has any. */
export async function summaryCsv(deps: AnalyticsDeps, principal: Principal, query: AnalyticsQuery): Promise<string> {
  const { from, to, own, cells } = await table(deps, principal, query);
  const rows: (string | number)[][] = [];
  for (const date of daysBetween(from, to)) {
    for (const a of own) {
      const c = cells.get(`${a.id}|${date}`);
      if (c) rows.push([date, a.id, a.name, ...MEASURES.map((m) => c[m])]);
    }
  }
  return toCsv(['date', 'activityId', 'activity', ...MEASURES], rows);
}
