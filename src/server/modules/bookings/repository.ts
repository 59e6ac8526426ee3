import { and, count, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { BookingActor, BookingStatus } from '../../../domain/bookings.js';
import type { Language } from '../../../domain/languages.js';
import type { Db } from '../../db/client.js';
import {
  activities,
  activityTranslations,
  bookingEvents,
  type BookingMailKind,
  bookingMails,
  bookings,
  providers,
  users,
} from '../../db/schema/index.js';
import { isPublicActivity, listedProvider } from '../catalog/public-activity.js';

export type BookingRow = typeof bookings.$inferSelect;

/** What a booking needs to know of its activity (and of who runs it). */
export async function findActivityForBooking(db: Db, activityId: number, language: Language) {
  const [row] = await db
    .select({
      id: activities.id,
      name: sql<string>`coalesce(${activityTranslations.name}, ${activities.name})`,
      address: activities.address,
      city: activities.city,
      latitude: activities.latitude,
      longitude: activities.longitude,
      priceCents: activities.priceCents,
      bookingRequired: activities.bookingRequired,
      eventStart: activities.eventStart,
      eventEnd: activities.eventEnd,
      weeklyHours: activities.weeklyHours,
      availability: activities.availability,
      contactPhone: activities.contactPhone,
      isPublic: sql<boolean>`${isPublicActivity}`,
      // Whether the provider may hear of the booking's guests (docs/permissions.md#rejected-and-demoted-providers).
      providerListed: sql<boolean>`${listedProvider}`,
      language: activities.language,
      providerUserId: providers.userId,
      providerEmail: providers.email,
      providerName: providers.name,
      /** How guests are told who answers: the company, else the provider's name (docs/product.md#who-answers). */
      providerDisplayName: sql<string | null>`coalesce(${providers.company}, ${providers.name})`,
    })
    .from(activities)
    .leftJoin(
      activityTranslations,
      and(eq(activityTranslations.activityId, activities.id), eq(activityTranslations.language, language)),
    )
    .leftJoin(providers, eq(providers.id, activities.providerId))
    .where(eq(activities.id, activityId));
  return row;
}
export type BookingActivity = NonNullable<Awaited<ReturnType<typeof findActivityForBooking>>>;

export async function findByIdempotencyKey(db: Db, key: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.idempotencyKey, key));
  return row;
}

export async function findBooking(db: Db, id: number) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

/** Two-key advisory locks in this namespace serialise the bookings to one guest address. */
const GUEST_ADDRESS_LOCK = 470_114;

/**
 * Holds, until the transaction ends, every other booking to this address (whatever its case),
 * so that two requests at once cannot both count the same bookings and both pass the limit.
 */
export async function lockGuestAddress(db: Db, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${GUEST_ADDRESS_LOCK}, hashtext(lower(${email})))`);
}

/** How many bookings name this address (whatever its case) since `since`. */
export async function countBookingsTo(db: Db, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(and(sql`lower(${bookings.customerEmail}) = lower(${email})`, gte(bookings.createdAt, since)));
  return row?.n ?? 0;
}

/** The e-mail address of the account that made a booking logged in, and whether it is verified. */
export async function bookerAccount(db: Db, booking: Pick<BookingRow, 'userId'>) {
  if (!booking.userId) return null;
  const [row] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, booking.userId));
  return row ?? null;
}

export async function insertBooking(db: Db, values: typeof bookings.$inferInsert) {
  const [row] = await db.insert(bookings).values(values).returning();
  if (!row) throw new Error('insert returned no booking');
  return row;
}

export async function insertEvent(
  db: Db,
  event: {
    bookingId: number;
    fromStatus: BookingStatus | null;
    toStatus: BookingStatus;
    actor: BookingActor;
    actorUserId: string | null;
    message?: string | null;
    createdAt: Date;
  },
) {
  await db.insert(bookingEvents).values(event);
}

/** Moves a booking from one status to the next only if nobody moved it meanwhile; undefined otherwise. */
export async function moveStatus(db: Db, id: number, from: BookingStatus, to: BookingStatus, now: Date) {
  const [row] = await db
    .update(bookings)
    .set({ status: to, updatedAt: now })
    .where(and(eq(bookings.id, id), eq(bookings.status, from)))
    .returning();
  return row;
}

export interface BookingListFilter {
  /** Only bookings of activities this account runs (undefined: every booking, for admins). */
  providerUserId?: string;
  status?: BookingStatus;
  from?: string;
  to?: string;
  /** Only this activity's bookings. */
  activityId?: number;
  /** Only the bookings of this provider's activities; `none`: of the activities without a provider. */
  provider?: number | 'none';
  limit: number;
  offset: number;
}

/** A page of bookings with their activity's name and provider, the nearest dates first. */
export async function listBookings(db: Db, filter: BookingListFilter) {
  const conditions: SQL[] = [];
  if (filter.providerUserId) conditions.push(eq(providers.userId, filter.providerUserId));
  if (filter.status) conditions.push(eq(bookings.status, filter.status));
  if (filter.from) conditions.push(gte(bookings.bookingDate, filter.from));
  if (filter.to) conditions.push(lte(bookings.bookingDate, filter.to));
  if (filter.activityId !== undefined) conditions.push(eq(bookings.activityId, filter.activityId));
  if (filter.provider === 'none') conditions.push(isNull(activities.providerId));
  else if (filter.provider !== undefined) conditions.push(eq(activities.providerId, filter.provider));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const base = () =>
    db
      .select({
        booking: bookings,
        activityName: activities.name,
        providerId: activities.providerId,
        providerName: sql<string | null>`coalesce(${providers.company}, ${providers.name})`,
        // Whether the provider answers it, or the team (docs/permissions.md#rejected-and-demoted-providers).
        providerListed: sql<boolean>`${listedProvider}`,
      })
      .from(bookings)
      .innerJoin(activities, eq(activities.id, bookings.activityId))
      .leftJoin(providers, eq(providers.id, activities.providerId))
      .where(where);
  const [rows, [total]] = await Promise.all([
    base().orderBy(bookings.bookingDate, bookings.id).limit(filter.limit).offset(filter.offset),
    db
      .select({ n: count() })
      .from(bookings)
      .innerJoin(activities, eq(activities.id, bookings.activityId))
      .leftJoin(providers, eq(providers.id, activities.providerId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The bookings of a person: made while logged in, or with their verified address; not those an
 * erasure detached from a deleted account and keeps only for their provider until their day
 * (docs/privacy.md#deleting-an-account): a new account with the same address starts empty.
 */
export async function listBookingsOf(db: Db, userId: string, verifiedEmail: string | null) {
  const mine = verifiedEmail
    ? or(
        eq(bookings.userId, userId),
        and(sql`lower(${bookings.customerEmail}) = lower(${verifiedEmail})`, eq(bookings.eraseAfterDay, false)),
      )
    : eq(bookings.userId, userId);
  // The activity's name in the language the guest booked in.
  return db
    .select({
      booking: bookings,
      activityName: sql<string>`coalesce(${activityTranslations.name}, ${activities.name})`,
    })
    .from(bookings)
    .innerJoin(activities, eq(activities.id, bookings.activityId))
    .leftJoin(
      activityTranslations,
      and(eq(activityTranslations.activityId, activities.id), eq(activityTranslations.language, bookings.language)),
    )
    .where(mine)
    .orderBy(desc(bookings.bookingDate), desc(bookings.id))
    .limit(500);
}

/** The provider account behind a booking's activity (null when nobody runs it in the app). */
export async function providerUserOfBooking(db: Db, bookingId: number): Promise<string | null> {
  const [row] = await db
    .select({ userId: providers.userId })
    .from(bookings)
    .innerJoin(activities, eq(activities.id, bookings.activityId))
    .leftJoin(providers, eq(providers.id, activities.providerId))
    .where(eq(bookings.id, bookingId));
  return row?.userId ?? null;
}

/**
 * The bookings a scheduled mail of `kind` is due for (docs/mail.md#scheduled-mails): in one of
 * `statuses`, booked for a day from `from` to `to`, and not had that mail yet; the oldest first.
 */
export async function dueForScheduledMail(
  db: Db,
  due: { kind: BookingMailKind; statuses: readonly BookingStatus[]; from: string; to: string },
  limit: number,
) {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        inArray(bookings.status, [...due.statuses]),
        gte(bookings.bookingDate, due.from),
        lte(bookings.bookingDate, due.to),
        sql`not exists (select 1 from booking_mails m where m.booking_id = bookings.id and m.kind = ${due.kind})`,
      ),
    )
    .orderBy(bookings.bookingDate, bookings.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The booking, locked until the transaction ends: a change of its status waits meanwhile. */
export async function lockBooking(db: Db, id: number) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row;
}

/** Marks that the booking has had the scheduled mail of `kind`; false when it had it already. */
export async function markScheduledMail(db: Db, bookingId: number, kind: BookingMailKind, now: Date) {
  const rows = await db
    .insert(bookingMails)
    .values({ bookingId, kind, queuedAt: now })
    .onConflictDoNothing()
    .returning({ bookingId: bookingMails.bookingId });
  return rows.length > 0;
}
