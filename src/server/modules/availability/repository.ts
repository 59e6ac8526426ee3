import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { AvailabilitySettings, OpeningFacts } from '../../../domain/availability.js';
import type { Db } from '../../db/client.js';
import { activities, bookings, providers } from '../../db/schema/index.js';
import { isPublicActivity } from '../catalog/public-activity.js';

/** The bookings that hold places: a pending one until it is answered, a confirmed one (docs/availability.md#places). */
export const HOLDING_STATUSES = ['pending', 'confirmed'] as const;

/** What availability needs of an activity: its settings, when it is open, and who runs it. */
export async function activityForAvailability(db: Db, id: number) {
  const [row] = await db
    .select({
      id: activities.id,
      /** As its provider wrote it, as their workspace shows it. */
      name: activities.name,
      availability: activities.availability,
      weeklyHours: activities.weeklyHours,
      eventStart: activities.eventStart,
      eventEnd: activities.eventEnd,
      bookingRequired: activities.bookingRequired,
      isPublic: sql<boolean>`${isPublicActivity}`,
      ownerUserId: providers.userId,
    })
    .from(activities)
    .leftJoin(providers, eq(providers.id, activities.providerId))
    .where(eq(activities.id, id));
  return row;
}
export type AvailabilityActivity = NonNullable<Awaited<ReturnType<typeof activityForAvailability>>>;

export const openingFacts = (row: OpeningFacts): OpeningFacts => ({
  weeklyHours: row.weeklyHours,
  eventStart: row.eventStart,
  eventEnd: row.eventEnd,
});

/** People in pending and confirmed bookings per day and slot ('' for day bookings), from `from` to `to`. */
export async function takenPlaces(db: Db, activityId: number, from: string, to: string) {
  const rows = await db
    .select({
      day: bookings.bookingDate,
      slot: bookings.slot,
      people: sql<number>`sum(${bookings.numberOfPeople})::int`,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.activityId, activityId),
        gte(bookings.bookingDate, from),
        lte(bookings.bookingDate, to),
        inArray(bookings.status, [...HOLDING_STATUSES]),
      ),
    )
    .groupBy(bookings.bookingDate, bookings.slot);
  const byDay = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const day = byDay.get(row.day) ?? new Map<string, number>();
    day.set(row.slot ?? '', row.people);
    byDay.set(row.day, day);
  }
  return byDay;
}

/** Two-key advisory locks in this namespace serialise the bookings of one activity's day. */
const ACTIVITY_DAY_LOCK = 470_115;

/**
 * Holds, until the transaction ends, every other booking of this activity's day: two requests at
 * once cannot both count the same places and both take the last ones (docs/availability.md#places).
 */
export async function lockActivityDay(db: Db, activityId: number, day: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ACTIVITY_DAY_LOCK}, hashtext(${`${activityId}/${day}`}))`);
}

export async function saveSettings(db: Db, id: number, settings: AvailabilitySettings, now: Date) {
  await db.update(activities).set({ availability: settings, updatedAt: now }).where(eq(activities.id, id));
}

/** The activity's row, locked until the transaction ends: two changes of its settings wait for each other. */
export async function lockSettings(db: Db, id: number) {
  const [row] = await db
    .select({ availability: activities.availability })
    .from(activities)
    .where(eq(activities.id, id))
    .for('update');
  return row;
}

/** Pending and confirmed bookings of the activity from `from` on (to `to` when given), nearest first. */
export async function holdingBookings(db: Db, activityId: number, from: string, to?: string) {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.activityId, activityId),
        gte(bookings.bookingDate, from),
        to === undefined ? undefined : lte(bookings.bookingDate, to),
        inArray(bookings.status, [...HOLDING_STATUSES]),
      ),
    )
    .orderBy(bookings.bookingDate, bookings.slot, bookings.id)
    .limit(2000);
}
