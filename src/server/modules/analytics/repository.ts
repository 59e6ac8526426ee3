import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { ActivityEvent } from '../../../domain/analytics.js';
import type { Db } from '../../db/client.js';
import { activities, activityDailyStats, bookingEvents, bookings, providers } from '../../db/schema/index.js';
import { isPublicActivity } from '../catalog/public-activity.js';

const COLUMN = {
  view: 'views',
  favourite: 'favourites',
  website: 'websiteClicks',
  phone: 'phoneClicks',
  directions: 'directionsClicks',
} as const satisfies Record<ActivityEvent, keyof typeof activityDailyStats.$inferInsert>;

/** The activity an event is about, if public, with the account that runs it. */
export async function publicActivityOwner(db: Db, id: number) {
  const [row] = await db
    .select({ id: activities.id, providerUserId: providers.userId })
    .from(activities)
    .leftJoin(providers, eq(providers.id, activities.providerId))
    .where(and(eq(activities.id, id), isPublicActivity));
  return row;
}

/** Adds one to the day's counter (one statement: concurrent events never lose a count). */
export async function count(db: Db, activityId: number, day: string, event: ActivityEvent) {
  const column = activityDailyStats[COLUMN[event]];
  await db
    .insert(activityDailyStats)
    .values({ activityId, day, [COLUMN[event]]: 1 })
    .onConflictDoUpdate({
      target: [activityDailyStats.activityId, activityDailyStats.day],
      set: { [COLUMN[event]]: sql`${column} + 1` },
    });
}

export async function providerActivities(db: Db, userId: string) {
  return db
    .select({ id: activities.id, name: activities.name })
    .from(activities)
    .innerJoin(providers, eq(providers.id, activities.providerId))
    .where(eq(providers.userId, userId))
    .orderBy(activities.sortName, activities.id);
}

export async function dailyStats(db: Db, ids: number[], from: string, to: string) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(activityDailyStats)
    .where(
      and(
        inArray(activityDailyStats.activityId, ids),
        gte(activityDailyStats.day, from),
        lte(activityDailyStats.day, to),
      ),
    );
}

const parisDay = (column: unknown) => sql<string>`to_char(${column} at time zone 'Europe/Paris', 'YYYY-MM-DD')`;

/** Booking requests per activity and day (the day they were made, in Paris). */
export async function bookingRequests(db: Db, ids: number[], from: string, to: string) {
  if (ids.length === 0) return [];
  const day = parisDay(bookings.createdAt);
  return db
    .select({ activityId: bookings.activityId, day, n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(inArray(bookings.activityId, ids), sql`${day} between ${from} and ${to}`))
    .groupBy(bookings.activityId, day);
}

/** Confirmations per activity and day (the day the provider confirmed). */
export async function confirmations(db: Db, ids: number[], from: string, to: string) {
  if (ids.length === 0) return [];
  const day = parisDay(bookingEvents.createdAt);
  return db
    .select({ activityId: bookings.activityId, day, n: sql<number>`count(*)::int` })
    .from(bookingEvents)
    .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
    .where(
      and(
        inArray(bookings.activityId, ids),
        eq(bookingEvents.toStatus, 'confirmed'),
        sql`${day} between ${from} and ${to}`,
      ),
    )
    .groupBy(bookings.activityId, day);
}
