import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import {
  activities,
  activityRevisions,
  activityTags,
  bookingEvents,
  bookings,
  dataLinks,
  providers,
  reviews,
  sponsorshipPayments,
  sponsorshipRequests,
  sponsorships,
  tags,
  users,
} from '../../db/schema/index.js';

/** Compares a column with an address whatever the case of either (the indexes are on lower()). */
const sameAddress = (column: typeof users.email | typeof bookings.customerEmail, email: string) =>
  sql`lower(${column}) = lower(${email})`;

/** The account whose address this is (whatever its case), if any. */
export async function findAccountByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(sameAddress(users.email, email));
  return row;
}

export async function findAccount(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Whether the guide holds anything under the address: an account, a booking or a review. */
export async function holdsAnything(db: Db, email: string): Promise<boolean> {
  const [row] = await queryRows<{ held: boolean }>(
    db,
    sql`select (
      exists (select 1 from ${users} where lower(${users.email}) = lower(${email}))
      or exists (select 1 from ${bookings} where lower(${bookings.customerEmail}) = lower(${email}))
      or exists (select 1 from ${reviews} where lower(${reviews.guestEmail}) = lower(${email}))
    ) as held`,
  );
  return row?.held === true;
}

/** The provider application of an account. */
export async function providerOfAccount(db: Db, userId: string) {
  const [row] = await db.select().from(providers).where(eq(providers.userId, userId));
  return row;
}

/** A provider's activities, with the changes the account itself submitted for them. */
export async function activitiesOfProvider(db: Db, providerId: number, userId: string) {
  const rows = await db
    .select({
      id: activities.id,
      name: activities.name,
      description: activities.description,
      language: activities.language,
      category: activities.category,
      location: activities.location,
      address: activities.address,
      city: activities.city,
      latitude: activities.latitude,
      longitude: activities.longitude,
      contactEmail: activities.contactEmail,
      contactPhone: activities.contactPhone,
      website: activities.website,
      priceCents: activities.priceCents,
      openingHours: activities.openingHours,
      bookingRequired: activities.bookingRequired,
      isActive: activities.isActive,
      isApproved: activities.isApproved,
      sponsorLevel: activities.sponsorLevel,
      sponsoredUntil: activities.sponsoredUntil,
      createdAt: activities.createdAt,
      updatedAt: activities.updatedAt,
    })
    .from(activities)
    .where(eq(activities.providerId, providerId))
    .orderBy(asc(activities.id));
  const ids = rows.map((r) => r.id);
  const revisions =
    ids.length === 0
      ? []
      : await db
          .select({
            id: activityRevisions.id,
            activityId: activityRevisions.activityId,
            content: activityRevisions.content,
            status: activityRevisions.status,
            moderatedAt: activityRevisions.moderatedAt,
            moderationReason: activityRevisions.moderationReason,
            createdAt: activityRevisions.createdAt,
          })
          .from(activityRevisions)
          .where(and(inArray(activityRevisions.activityId, ids), eq(activityRevisions.submittedBy, userId)))
          .orderBy(asc(activityRevisions.id));
  return { rows, revisions };
}

/** Bookings made by the account or to the address (whatever its case), with their activity's name. */
export async function bookingsOf(db: Db, { userId, email }: { userId: string | null; email: string | null }) {
  const who = [
    ...(userId ? [eq(bookings.userId, userId)] : []),
    ...(email ? [sameAddress(bookings.customerEmail, email)] : []),
  ];
  if (who.length === 0) return { rows: [], events: [] };
  const rows = await db
    .select({
      id: bookings.id,
      activityId: bookings.activityId,
      activityName: activities.name,
      customerName: bookings.customerName,
      customerEmail: bookings.customerEmail,
      customerPhone: bookings.customerPhone,
      numberOfPeople: bookings.numberOfPeople,
      bookingDate: bookings.bookingDate,
      slot: bookings.slot,
      totalAmountCents: bookings.totalAmountCents,
      status: bookings.status,
      notes: bookings.notes,
      language: bookings.language,
      anonymisedAt: bookings.anonymisedAt,
      createdAt: bookings.createdAt,
      updatedAt: bookings.updatedAt,
    })
    .from(bookings)
    .innerJoin(activities, eq(activities.id, bookings.activityId))
    .where(or(...who))
    .orderBy(asc(bookings.bookingDate), asc(bookings.id));
  const ids = rows.map((r) => r.id);
  const events =
    ids.length === 0
      ? []
      : await db
          .select({
            bookingId: bookingEvents.bookingId,
            fromStatus: bookingEvents.fromStatus,
            toStatus: bookingEvents.toStatus,
            actor: bookingEvents.actor,
            message: bookingEvents.message,
            createdAt: bookingEvents.createdAt,
          })
          .from(bookingEvents)
          .where(inArray(bookingEvents.bookingId, ids))
          .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id));
  return { rows, events };
}

/** Reviews written by the account or under the address (whatever its case), with their activity's name. */
export async function reviewsOf(db: Db, { userId, email }: { userId: string | null; email: string | null }) {
  const who = [
    ...(userId ? [eq(reviews.userId, userId)] : []),
    ...(email ? [sql`lower(${reviews.guestEmail}) = lower(${email})`] : []),
  ];
  if (who.length === 0) return [];
  return db
    .select({
      id: reviews.id,
      activityId: reviews.activityId,
      activityName: activities.name,
      guestName: reviews.guestName,
      guestEmail: reviews.guestEmail,
      isAnonymous: reviews.isAnonymous,
      rating: reviews.rating,
      title: reviews.title,
      comment: reviews.comment,
      language: reviews.language,
      bookingId: reviews.bookingId,
      status: reviews.status,
      moderatedAt: reviews.moderatedAt,
      moderationReason: reviews.moderationReason,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
    })
    .from(reviews)
    .innerJoin(activities, eq(activities.id, reviews.activityId))
    .where(or(...who))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));
}

/** The tags the account proposed, and the tags it proposed for an activity. */
export async function tagProposalsOf(db: Db, userId: string) {
  const proposedTags = await db
    .select({
      id: tags.id,
      name: tags.name,
      description: tags.description,
      status: tags.status,
      moderatedAt: tags.moderatedAt,
      moderationReason: tags.moderationReason,
      createdAt: tags.createdAt,
    })
    .from(tags)
    .where(eq(tags.proposedBy, userId))
    .orderBy(asc(tags.id));
  const links = await db
    .select({
      id: activityTags.id,
      tagId: activityTags.tagId,
      tagName: tags.name,
      activityId: activityTags.activityId,
      activityName: activities.name,
      status: activityTags.status,
      moderatedAt: activityTags.moderatedAt,
      moderationReason: activityTags.moderationReason,
      createdAt: activityTags.createdAt,
    })
    .from(activityTags)
    .innerJoin(tags, eq(tags.id, activityTags.tagId))
    .innerJoin(activities, eq(activities.id, activityTags.activityId))
    .where(eq(activityTags.proposedBy, userId))
    .orderBy(asc(activityTags.id));
  return { tags: proposedTags, links };
}

/** The account's paid sponsorships with their payments, and its requests for a plan. */
export async function sponsorshipsOf(db: Db, userId: string) {
  const paid = await db
    .select({
      id: sponsorships.id,
      activityId: sponsorships.activityId,
      activityName: activities.name,
      plan: sponsorships.plan,
      status: sponsorships.status,
      stripeSubscriptionId: sponsorships.stripeSubscriptionId,
      stripeCustomerId: sponsorships.stripeCustomerId,
      amountCents: sponsorships.amountCents,
      currentPeriodEnd: sponsorships.currentPeriodEnd,
      paidThrough: sponsorships.paidThrough,
      cancelAtPeriodEnd: sponsorships.cancelAtPeriodEnd,
      createdAt: sponsorships.createdAt,
      updatedAt: sponsorships.updatedAt,
    })
    .from(sponsorships)
    .leftJoin(activities, eq(activities.id, sponsorships.activityId))
    .where(eq(sponsorships.userId, userId))
    .orderBy(asc(sponsorships.id));
  const ids = paid.map((s) => s.id);
  const payments =
    ids.length === 0
      ? []
      : await db
          .select({
            sponsorshipId: sponsorshipPayments.sponsorshipId,
            stripeInvoiceId: sponsorshipPayments.stripeInvoiceId,
            amountCents: sponsorshipPayments.amountCents,
            currency: sponsorshipPayments.currency,
            paidAt: sponsorshipPayments.paidAt,
          })
          .from(sponsorshipPayments)
          .where(inArray(sponsorshipPayments.sponsorshipId, ids))
          .orderBy(asc(sponsorshipPayments.paidAt));
  const requests = await db
    .select({
      id: sponsorshipRequests.id,
      activityId: sponsorshipRequests.activityId,
      activityName: activities.name,
      plan: sponsorshipRequests.plan,
      message: sponsorshipRequests.message,
      status: sponsorshipRequests.status,
      until: sponsorshipRequests.until,
      reason: sponsorshipRequests.reason,
      decidedAt: sponsorshipRequests.decidedAt,
      createdAt: sponsorshipRequests.createdAt,
    })
    .from(sponsorshipRequests)
    .innerJoin(activities, eq(activities.id, sponsorshipRequests.activityId))
    .where(eq(sponsorshipRequests.userId, userId))
    .orderBy(asc(sponsorshipRequests.id));
  return { paid, payments, requests };
}

/** Two-key advisory locks in this namespace serialise the data requests for one address. */
const DATA_REQUEST_LOCK = 470_115;

/**
 * Holds, until the transaction ends, every other data request for this address (whatever its case),
 * so that two requests at once cannot both count the same links and both pass the limit.
 */
export async function lockAddress(db: Db, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${DATA_REQUEST_LOCK}, hashtext(lower(${email})))`);
}

/** How many links were made for this address since `since`. */
export async function countLinksSince(db: Db, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(dataLinks)
    .where(and(eq(dataLinks.email, email.toLowerCase()), gte(dataLinks.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertLink(
  db: Db,
  link: { tokenHash: string; email: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(dataLinks).values({ ...link, email: link.email.toLowerCase() });
}

/** Removes the links that were used or expired and were made before `before`. */
export async function deleteSpentLinks(db: Db, now: Date, before: Date): Promise<void> {
  await db
    .delete(dataLinks)
    .where(and(lt(dataLinks.createdAt, before), or(isNotNull(dataLinks.usedAt), lt(dataLinks.expiresAt, now))));
}

/** Marks the link used if it is unused and not expired; answers its address, or undefined. */
export async function useLink(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(dataLinks)
    .set({ usedAt: now })
    .where(and(eq(dataLinks.tokenHash, tokenHash), isNull(dataLinks.usedAt), gt(dataLinks.expiresAt, now)))
    .returning({ email: dataLinks.email });
  return row;
}

export async function findLink(db: Db, tokenHash: string) {
  const [row] = await db.select().from(dataLinks).where(eq(dataLinks.tokenHash, tokenHash));
  return row;
}
