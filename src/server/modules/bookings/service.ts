import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { toCsv } from '../../../domain/analytics.js';
import {
  BOOKING_EXPORT_MAX,
  BOOKING_MAX_DAYS_AHEAD,
  type AdminBooking,
  type AnsweredBy,
  type Booking,
  type BookingActor,
  type BookingStatus,
  type CreateBookingBody,
  mayMoveBooking,
} from '../../../domain/bookings.js';
import { addDays, hourInParis, todayInParis } from '../../../domain/dates.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/languages.js';
import { bookingTotalCents } from '../../../domain/money.js';
import type { Page } from '../../../domain/pagination.js';
import { isAdmin, mayAnswerBooking, type Principal } from '../../../domain/policies.js';
import type { Db } from '../../db/client.js';
import type { BookingMailKind } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { AppError, isUniqueViolation } from '../../errors.js';
import type { UserRow } from '../auth/repository.js';
import type { MailMessage } from '../mail/mailer.js';
import { teamRecipients } from '../mail/notices.js';
import { enqueueMail } from '../mail/outbox.js';
import * as mails from '../mail/templates.js';
import { reviewInvitation } from '../reviews/service.js';
import { cancelDeadline, startTime } from '../../../domain/availability.js';
import { hoursOnDay } from '../../../domain/weekly-hours.js';
import { checkBooking, settingsOf } from '../availability/service.js';
import { presentBooking as present } from './presenter.js';
import { bookingReminder } from './reminder.js';
import * as repo from './repository.js';

type BookingDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'outbox' | 'secret' | 'site' | 'availability' | 'dayTurns'>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const notFound = () => new AppError('BOOKING_NOT_FOUND', 'Booking not found');

/**
 * Whether a booking's address is the booker's own: they were logged in, and their identity
 * provider verified that very address. Anyone else may have typed someone else's address
 * (docs/mail.md#what-a-guest-mail-repeats).
 */
function addressProved(
  account: Pick<UserRow, 'email' | 'emailVerified'> | null | undefined,
  customerEmail: string,
): boolean {
  return Boolean(account?.emailVerified && account.email?.toLowerCase() === customerEmail.toLowerCase());
}

/**
 * Booking requests one guest address may get in 24 hours, unless the booker proved it is theirs
 * (docs/mail.md#how-many-mails-an-address-gets). Each sends a mail to that address at once (and at
 * most two later: the provider's answer, a cancellation); a family planning a week books a few.
 */
export const GUEST_ADDRESS_BOOKINGS_PER_DAY = 20;

/**
 * What the booking mails say of a booking and its activity (docs/mail.md#the-mails): also when it
 * starts and how long it lasts (docs/availability.md), until when the guest may cancel it, and the
 * phone of whoever answers it (the activity's contact phone for its provider, the site settings'
 * for the team).
 */
async function factsOf(
  deps: Pick<BookingDeps, 'site'>,
  row: repo.BookingRow,
  activity: repo.BookingActivity,
  guestAddressProved: boolean,
): Promise<mails.BookingFacts> {
  const settings = settingsOf(activity);
  const openingHours =
    row.slot === null
      ? hoursOnDay(activity.weeklyHours, row.bookingDate)
          .map(({ opens, closes }) => ({ opens, closes }))
          .sort((a, b) => a.opens.localeCompare(b.opens))
      : [];
  return {
    id: row.id,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    numberOfPeople: row.numberOfPeople,
    bookingDate: row.bookingDate,
    totalAmountCents: row.totalAmountCents,
    priceKnown: activity.priceCents !== null,
    notes: row.notes,
    guestAddressProved,
    slot: row.slot,
    startTime: startTime(activity, row.bookingDate, row.slot),
    openingHours,
    durationMinutes: settings.durationMinutes,
    cancelUntil: settings.cancelUntilHours > 0 ? cancelDeadline(settings, activity, row.bookingDate, row.slot) : null,
    phone: answererOf(activity).kind === 'provider' ? activity.contactPhone : (await deps.site.current()).contactPhone,
    activity,
  };
}

/**
 * The token of a booking's cancel link: a keyed hash of its id, so every
 * mail can carry the link and nothing needs storing. Only mails hold it.
 */
export function cancelToken(secret: string, bookingId: number): string {
  return createHmac('sha256', secret).update(`booking-cancel:${bookingId}`).digest('base64url');
}

function isCancelToken(secret: string, bookingId: number, token: string): boolean {
  const expected = Buffer.from(cancelToken(secret, bookingId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Where the guest cancels: the link in their mails. */
const cancelUrl = ({ config, secret }: Pick<BookingDeps, 'config' | 'secret'>, id: number) =>
  `${config.auth.publicUrl}/boekingen/${id}/annuleren?token=${cancelToken(secret, id)}`;

/**
 * Who answers a booking (docs/product.md#who-answers): the provider who runs the activity while
 * they are listed, by their company's name (else their own); else the team (seeded places have no
 * provider; a rejected or demoted provider's open bookings fall to the team,
 * docs/permissions.md#rejected-and-demoted-providers).
 */
function answererOf(activity: repo.BookingActivity): AnsweredBy {
  return activity.providerDisplayName && activity.providerListed
    ? { kind: 'provider', name: activity.providerDisplayName }
    : { kind: 'team' };
}

/**
 * Who hears of a booking on the answering side: the provider who runs the activity while they are
 * listed, in the language of their activity's text; else the team (its inbox, or every admin,
 * docs/mail.md#notices), with a link to the admins' inbox. Each with the facts in their own
 * language: the activity's name as they know it, not as the guest booked it (docs/mail.md#language).
 */
async function answererRecipients(
  tx: Db,
  deps: BookingDeps,
  activity: repo.BookingActivity,
  facts: mails.BookingFacts,
  bookingLanguage: Language,
) {
  const forTeam = !(activity.providerEmail && answererOf(activity).kind === 'provider');
  const recipients =
    !forTeam && activity.providerEmail
      ? [{ email: activity.providerEmail, name: activity.providerName, language: activity.language }]
      : await teamRecipients(tx, (await deps.site.current()).teamInbox);
  const names = new Map<Language, string>([[bookingLanguage, facts.activity.name]]);
  const withFacts: { to: (typeof recipients)[number]; facts: mails.BookingFacts }[] = [];
  for (const to of recipients) {
    // One query per language, one after another: inside a transaction `tx` is one connection.
    let name = names.get(to.language);
    if (name === undefined) {
      name = (await repo.findActivityForBooking(tx, activity.id, to.language))?.name ?? facts.activity.name;
      names.set(to.language, name);
    }
    withFacts.push({ to, facts: { ...facts, activity: { ...facts.activity, name } } });
  }
  return { recipients: withFacts, forTeam };
}

/** A hash of what a booking request asks, to tell a retry from another request under the same key. */
function requestHash(body: CreateBookingBody, userId: string | null): string {
  const { totalAmount: _ignored, ...asked } = body;
  const sorted = Object.fromEntries(Object.entries({ ...asked, userId }).sort(([a], [b]) => a.localeCompare(b)));
  return sha256(JSON.stringify(sorted));
}

export interface CreatedBooking {
  booking: Booking;
  /** True when an earlier request with the same Idempotency-Key made it. */
  replayed: boolean;
}

/**
 * A booking request (docs/product.md#bookings): only for a public activity
 * that takes bookings, for today or later, with the total computed here.
 * The guest's and the provider's mails are queued in the same transaction.
 * With an Idempotency-Key, a retry of the same request answers the first
 * booking instead of making a second.
 */
export async function createBooking(
  deps: BookingDeps,
  user: UserRow | null,
  body: CreateBookingBody,
  idempotencyKey: string | undefined,
): Promise<CreatedBooking> {
  const { db, clock, config } = deps;
  const hash = requestHash(body, user?.id ?? null);
  if (idempotencyKey) {
    const earlier = await repo.findByIdempotencyKey(db, idempotencyKey);
    if (earlier) return replay(db, earlier, hash);
  }
  const language = body.language ?? DEFAULT_LANGUAGE;
  const activity = await repo.findActivityForBooking(db, body.activityId, language);
  if (!activity?.isPublic) throw new AppError('ACTIVITY_NOT_FOUND', 'Activity not found');
  if (!activity.bookingRequired) {
    throw new AppError('BOOKING_NOT_BOOKABLE', 'This activity takes no bookings: go there without one');
  }
  const now = clock.now();
  const today = todayInParis(now);
  if (body.bookingDate < today) {
    throw new AppError('BOOKING_DATE_PAST', `bookingDate must be today (${today}) or later`, [
      { path: 'bookingDate', message: `bookingDate must be today (${today}) or later` },
    ]);
  }
  // The same last day as the availability answer's (docs/availability.md#when-it-can-be-booked).
  const latest = addDays(today, BOOKING_MAX_DAYS_AHEAD);
  if (body.bookingDate > latest) {
    throw new AppError('BOOKING_DATE_TOO_FAR', `bookingDate must be on or before ${latest}`, [
      { path: 'bookingDate', message: `bookingDate must be on or before ${latest}` },
    ]);
  }
  const proved = addressProved(user, body.customerEmail);
  // This day's bookings on this instance one at a time, each waiting without a connection (availability/turns.ts).
  const dayTransaction = <T>(work: (tx: Db) => Promise<T>) =>
    deps.dayTurns.run(activity.id, body.bookingDate, () => db.transaction(work));
  try {
    const row = await dayTransaction(async (tx) => {
      // Anyone can type any address: it gets a limited number of booking mails a day, counted in the
      // database so that every instance counts together, and refused before anything is written.
      if (!proved) {
        await repo.lockGuestAddress(tx, body.customerEmail);
        const since = new Date(now.getTime() - 86_400_000);
        if ((await repo.countBookingsTo(tx, body.customerEmail, since)) >= GUEST_ADDRESS_BOOKINGS_PER_DAY) {
          throw new AppError(
            'BOOKING_EMAIL_LIMIT',
            `This e-mail address had ${GUEST_ADDRESS_BOOKINGS_PER_DAY} booking requests in the last 24 hours; log in with it to book, or try again later`,
          );
        }
      }
      // Within the availability and the places left, under the day's lock (docs/availability.md#places).
      const settings = await checkBooking(
        tx,
        activity,
        { day: body.bookingDate, slot: body.slot, people: body.numberOfPeople },
        now,
      );
      const instant = settings.confirmation === 'instant';
      const booking = await repo.insertBooking(tx, {
        activityId: activity.id,
        userId: user?.id ?? null,
        customerName: body.customerName,
        customerEmail: body.customerEmail,
        customerPhone: body.customerPhone,
        numberOfPeople: body.numberOfPeople,
        bookingDate: body.bookingDate,
        slot: body.slot,
        status: instant ? 'confirmed' : 'pending',
        totalAmountCents: bookingTotalCents(activity.priceCents, body.numberOfPeople),
        notes: body.notes,
        language,
        idempotencyKey: idempotencyKey ?? null,
        requestHash: hash,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insertEvent(tx, {
        bookingId: booking.id,
        fromStatus: null,
        toStatus: booking.status,
        actor: user ? 'user' : 'guest',
        actorUserId: user?.id ?? null,
        createdAt: now,
      });
      const facts = await factsOf(deps, booking, activity, proved);
      // Confirmed at once: the guest's mail is the confirmation, with its calendar file, that names
      // nobody as having confirmed it (docs/mail.md#the-mails).
      const guestMail = instant
        ? mails.bookingConfirmedMail(
            facts,
            language,
            answererOf(activity),
            cancelUrl(deps, booking.id),
            config.auth.publicUrl,
            true,
          )
        : mails.bookingReceivedMail(
            facts,
            language,
            answererOf(activity),
            cancelUrl(deps, booking.id),
            config.auth.publicUrl,
          );
      await enqueueMail(tx, guestMail, now);
      const { recipients, forTeam } = await answererRecipients(tx, deps, activity, facts, language);
      for (const { to, facts: theirs } of recipients) {
        const message = mails.newBookingMail(theirs, to, to.language, config.auth.publicUrl, forTeam, instant);
        await enqueueMail(tx, message, now);
      }
      return booking;
    });
    deps.availability.drop(activity.id);
    deps.outbox.notify();
    return { booking: present(row, activity.name), replayed: false };
  } catch (error) {
    // The same key sent twice at once: the second finds the first once it has committed.
    if (idempotencyKey && isUniqueViolation(error)) {
      const earlier = await repo.findByIdempotencyKey(db, idempotencyKey);
      if (earlier) return replay(db, earlier, hash);
    }
    throw error;
  }
}

async function replay(db: Db, earlier: repo.BookingRow, hash: string): Promise<CreatedBooking> {
  if (earlier.requestHash !== hash) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was used for another booking request; send a new key for a new request',
    );
  }
  const activity = await repo.findActivityForBooking(db, earlier.activityId, earlier.language);
  return { booking: present(earlier, activity?.name ?? ''), replayed: true };
}

/** The booking, when `principal` may answer it: an admin, or the provider who runs its activity. */
async function bookingForProvider(db: Db, principal: Principal, id: number) {
  const booking = await repo.findBooking(db, id);
  if (!booking) throw notFound();
  // Another provider's booking is as good as missing: ids reveal nothing (docs/permissions.md).
  if (!mayAnswerBooking(principal, { ownerUserId: await repo.providerUserOfBooking(db, id) })) throw notFound();
  return booking;
}

interface Transition {
  to: BookingStatus;
  actor: BookingActor;
  actorUserId: string | null;
  message?: string | null;
  /** The mails the change sends, made from the booking after it, in the change's transaction. */
  mails: (
    facts: mails.BookingFacts,
    booking: repo.BookingRow,
    activity: repo.BookingActivity,
    tx: Db,
  ) => MailMessage[] | Promise<MailMessage[]>;
}

/** Moves a booking to its next status, keeps who and when, and queues the mails, in one transaction. */
async function move(deps: BookingDeps, booking: repo.BookingRow, change: Transition): Promise<Booking> {
  const { db, clock } = deps;
  const from = booking.status;
  if (!mayMoveBooking(from, change.to)) {
    throw new AppError('BOOKING_STATUS_CONFLICT', `A ${from} booking cannot become ${change.to}`);
  }
  const language = booking.language;
  const activity = await repo.findActivityForBooking(db, booking.activityId, language);
  if (!activity) throw notFound();
  const proved = addressProved(await repo.bookerAccount(db, booking), booking.customerEmail);
  const now = clock.now();
  const moved = await db.transaction(async (tx) => {
    const row = await repo.moveStatus(tx, booking.id, from, change.to, now);
    // Someone else changed it meanwhile: answer as they left it.
    if (!row) throw new AppError('BOOKING_STATUS_CONFLICT', 'The booking was changed meanwhile; reload it');
    await repo.insertEvent(tx, {
      bookingId: row.id,
      fromStatus: from,
      toStatus: change.to,
      actor: change.actor,
      actorUserId: change.actorUserId,
      message: change.message ?? null,
      createdAt: now,
    });
    const facts = await factsOf(deps, row, activity, proved);
    for (const message of await change.mails(facts, row, activity, tx)) {
      await enqueueMail(tx, message, now);
    }
    return row;
  });
  deps.availability.drop(moved.activityId);
  deps.outbox.notify();
  return present(moved, activity.name);
}

/** Who the guest is told answered: the team when an admin did, else the provider. */
const answeredBy = (principal: Principal, activity: repo.BookingActivity): AnsweredBy =>
  isAdmin(principal) ? { kind: 'team' } : answererOf(activity);

/**
 * The provider (or an admin: the team, docs/permissions.md#resources) confirms: the guest gets a
 * mail with a calendar file that says who confirmed.
 */
export async function confirmBooking(deps: BookingDeps, principal: Principal, id: number): Promise<Booking> {
  const booking = await bookingForProvider(deps.db, principal, id);
  const { publicUrl } = deps.config.auth;
  return move(deps, booking, {
    to: 'confirmed',
    actor: isAdmin(principal) ? 'admin' : 'provider',
    actorUserId: principal.id,
    mails: (facts, row, activity) => [
      mails.bookingConfirmedMail(
        facts,
        row.language,
        answeredBy(principal, activity),
        cancelUrl(deps, row.id),
        publicUrl,
      ),
    ],
  });
}

/**
 * The provider (or an admin) ends a booking with an optional message the guest reads in their mail:
 * declines a request, or cancels one they can no longer take.
 */
async function endForGuest(
  deps: BookingDeps,
  principal: Principal,
  id: number,
  message: string | null,
  to: 'declined' | 'cancelled',
  mailOf: typeof mails.bookingDeclinedMail,
): Promise<Booking> {
  const booking = await bookingForProvider(deps.db, principal, id);
  return move(deps, booking, {
    to,
    actor: isAdmin(principal) ? 'admin' : 'provider',
    actorUserId: principal.id,
    message,
    mails: (facts, row, activity) => [
      mailOf(facts, row.language, answeredBy(principal, activity), message, deps.config.auth.publicUrl),
    ],
  });
}

/** The provider (or an admin) declines, with an optional message for the guest. */
export const declineBooking = (deps: BookingDeps, principal: Principal, id: number, message: string | null) =>
  endForGuest(deps, principal, id, message, 'declined', mails.bookingDeclinedMail);

/**
 * The provider (or an admin) cancels a booking they accepted, with an optional message: when the
 * activity's availability changed and the booking no longer fits it (docs/availability.md#changing-availability),
 * or the day cannot go ahead. The guest gets a mail.
 */
export const cancelForGuest = (deps: BookingDeps, principal: Principal, id: number, message: string | null) =>
  endForGuest(deps, principal, id, message, 'cancelled', mails.bookingCancelledByProviderMail);

/** Whether `user` made this booking: logged in when booking, or booking with their verified address. */
function isBooker(booking: repo.BookingRow, user: UserRow | null): boolean {
  if (!user) return false;
  if (booking.userId === user.id) return true;
  return addressProved(user, booking.customerEmail);
}

/**
 * The booking behind a guest's link (its token) or of the logged-in booker;
 * a wrong token is refused, and to anyone else the booking does not exist.
 */
async function bookingOfGuest(deps: BookingDeps, id: number, user: UserRow | null, token: string | undefined) {
  const booking = await repo.findBooking(deps.db, id);
  if (token !== undefined) {
    if (!booking || !isCancelToken(deps.secret, id, token)) {
      throw new AppError('CANCEL_LINK_INVALID', 'This link is not valid for this booking');
    }
    return { booking, actor: 'guest' as const };
  }
  if (!user) throw new AppError('UNAUTHENTICATED', 'Log in, or use the link in your booking mail');
  if (!booking || !isBooker(booking, user)) throw notFound();
  return { booking, actor: 'user' as const };
}

/** A booking as its guest sees it (the cancel page, My bookings). */
export async function getGuestBooking(
  deps: BookingDeps,
  id: number,
  user: UserRow | null,
  token: string | undefined,
): Promise<Booking> {
  const { booking } = await bookingOfGuest(deps, id, user, token);
  const activity = await repo.findActivityForBooking(deps.db, booking.activityId, booking.language);
  return present(booking, activity?.name ?? '');
}

/** The guest cancels a pending or confirmed booking: by the link in their mail, or logged in. */
export async function cancelBooking(
  deps: BookingDeps,
  id: number,
  user: UserRow | null,
  token: string | undefined,
): Promise<Booking> {
  const { booking, actor } = await bookingOfGuest(deps, id, user, token);
  const { publicUrl } = deps.config.auth;
  // A confirmed booking is the guest's to cancel until the provider's limit; a request not yet
  // answered may be withdrawn until its start (docs/availability.md#cancelling).
  const activity = await repo.findActivityForBooking(deps.db, booking.activityId, booking.language);
  if (activity && (booking.status === 'confirmed' || booking.status === 'pending')) {
    const settings = settingsOf(activity);
    const limit = booking.status === 'confirmed' ? settings.cancelUntilHours : 0;
    const deadline = cancelDeadline({ cancelUntilHours: limit }, activity, booking.bookingDate, booking.slot);
    if (deps.clock.now().getTime() >= deadline.getTime()) {
      throw new AppError(
        'BOOKING_CANCEL_TOO_LATE',
        limit > 0
          ? `This booking can be cancelled until ${limit} hours before its start: contact the provider`
          : 'This booking has started: it can no longer be cancelled here; contact the provider',
      );
    }
  }
  return move(deps, booking, {
    to: 'cancelled',
    actor,
    actorUserId: actor === 'user' ? (user?.id ?? null) : null,
    mails: async (facts, row, activity, tx) => {
      const { recipients } = await answererRecipients(tx, deps, activity, facts, row.language);
      return [
        mails.bookingCancelledMail(facts, row.language, publicUrl),
        ...recipients.map(({ to, facts: theirs }) =>
          mails.bookingCancelledForProviderMail(theirs, to, to.language, publicUrl),
        ),
      ];
    },
  });
}

/** The bookings of the activities a provider runs (an admin: all), filtered and paged. */
export async function listProviderBookings(
  db: Db,
  principal: Principal,
  query: Omit<repo.BookingListFilter, 'providerUserId'>,
): Promise<Page<Booking>> {
  const { rows, total } = await repo.listBookings(db, {
    ...query,
    ...(isAdmin(principal) ? {} : { providerUserId: principal.id }),
  });
  return { total, items: rows.map(({ booking, activityName }) => present(booking, activityName)) };
}

/** A provider's bookings as CSV, for their own records (docs/provider-workspace.md#numbers). */
export async function providerBookingsCsv(
  db: Db,
  principal: Principal,
  query: Omit<repo.BookingListFilter, 'providerUserId' | 'limit' | 'offset' | 'activityId' | 'provider'>,
): Promise<string> {
  const { items } = await listProviderBookings(db, principal, { ...query, limit: BOOKING_EXPORT_MAX, offset: 0 });
  return bookingsCsv(items);
}

/**
 * Bookings as CSV, one per line; with `answeredBy` (the admins' export) also who answers each. `toCsv`
 * defuses a cell a spreadsheet would read as a formula (docs/provider-workspace.md#numbers).
 */
function bookingsCsv(items: (Booking & { answeredBy?: AnsweredBy })[], withAnswerer = false): string {
  const header = [
    'id',
    'activity',
    'date',
    'people',
    'totalEUR',
    'status',
    'name',
    'email',
    'phone',
    'notes',
    'language',
    'createdAt',
    ...(withAnswerer ? ['answeredBy'] : []),
  ];
  return toCsv(
    header,
    items.map((b) => [
      b.id,
      b.activityName,
      b.bookingDate,
      b.numberOfPeople,
      b.totalAmount.toFixed(2),
      b.status,
      b.customerName,
      b.customerEmail,
      b.customerPhone,
      b.notes,
      b.language,
      b.createdAt,
      ...(withAnswerer ? [b.answeredBy?.kind === 'provider' ? b.answeredBy.name : 'team'] : []),
    ]),
  );
}

/**
 * Every booking, for the admins' inbox (docs/product.md#bookings-inbox): filtered by status, dates,
 * activity and provider (`none`: the team's own listings), paged, each with who answers it.
 */
export async function listAdminBookings(
  db: Db,
  query: Omit<repo.BookingListFilter, 'providerUserId'>,
): Promise<Page<AdminBooking>> {
  const { rows, total } = await repo.listBookings(db, query);
  return {
    total,
    items: rows.map(({ booking, activityName, providerId, providerName, providerListed }) => ({
      ...present(booking, activityName),
      providerId,
      answeredBy:
        providerId !== null && providerName && providerListed
          ? { kind: 'provider' as const, name: providerName }
          : { kind: 'team' as const },
    })),
  };
}

/** The admins' inbox as CSV: the same filters, every page (at most BOOKING_EXPORT_MAX rows). */
export async function adminBookingsCsv(
  db: Db,
  query: Omit<repo.BookingListFilter, 'providerUserId' | 'limit' | 'offset'>,
): Promise<string> {
  const { items } = await listAdminBookings(db, { ...query, limit: BOOKING_EXPORT_MAX, offset: 0 });
  return bookingsCsv(items, true);
}

/** The logged-in person's own bookings. */
export async function listMyBookings(db: Db, user: UserRow): Promise<Booking[]> {
  const rows = await repo.listBookingsOf(db, user.id, user.emailVerified ? user.email : null);
  return rows.map(({ booking, activityName }) => present(booking, activityName));
}

export type ScheduledMailDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'outbox' | 'secret' | 'site'>;

/** What a scheduled mail is made from: the booking, its activity, the facts its mails tell. */
export interface ScheduledMailSubject {
  booking: repo.BookingRow;
  activity: repo.BookingActivity;
  facts: mails.BookingFacts;
  /** Who answers the booking, as the guest's mails name them. */
  by: AnsweredBy;
  /** The guest's cancel link. */
  cancelUrl: string;
  /** The moment the round runs as of (the clock's now, or the moment an admin chose, docs/mail.md#scheduled-mails). */
  at: Date;
}

/**
 * A mail the scheduled job sends once per booking when the booking's day calls for it
 * (docs/mail.md#scheduled-mails): the reminder the day before, the review invitation the day after.
 * Each kind says which bookings it is for and makes its mail.
 */
export interface ScheduledMail {
  kind: BookingMailKind;
  /** The statuses of the bookings it goes to (checked again, under a lock, when it is queued). */
  statuses: readonly BookingStatus[];
  /** The booked days it is due for when it is `today` in Limoux, both included. */
  days(today: string): { from: string; to: string };
  /**
   * The mail, made in the transaction that marks the booking as having had it; null when the
   * booking needs none after all (it is marked all the same and never looked at again).
   */
  compose(tx: Db, deps: ScheduledMailDeps, about: ScheduledMailSubject): Promise<MailMessage | null>;
}

/** Every scheduled mail about bookings. */
export const SCHEDULED_MAILS: readonly ScheduledMail[] = [bookingReminder, reviewInvitation];

/** Scheduled mail goes out between these hours in Limoux, not at night; later rounds catch up. */
export const SCHEDULED_MAIL_HOURS = { from: 9, until: 21 } as const;
/** Bookings taken per kind and round; the next round takes the rest. */
const SCHEDULED_MAIL_BATCH = 500;

export interface ScheduledRound {
  /** The kinds to send (all of them by default). */
  kinds?: readonly ScheduledMail[];
  /**
   * The moment the round runs as of: which hour it is, which days are due, whether the guest may
   * still cancel. The clock's now by default; an admin's chosen moment on the servers that allow it
   * (docs/mail.md#running-a-round-at-a-chosen-moment). The mails are queued now all the same.
   */
  at?: Date;
}

/**
 * One round of the scheduled job (server.ts runs it at start and hourly): queues each due mail
 * in the outbox, in the same transaction as the row in booking_mails that says the booking had
 * it. The booking is locked first, so two app instances (or two rounds) queue it once: the
 * second finds the row and leaves it; a round cut short by a crash rolled back both and the next
 * round queues it. Answers how many mails it queued.
 */
export async function sendScheduledMails(
  deps: ScheduledMailDeps,
  { kinds = SCHEDULED_MAILS, at = deps.clock.now() }: ScheduledRound = {},
): Promise<number> {
  const { db } = deps;
  const hour = hourInParis(at);
  if (hour < SCHEDULED_MAIL_HOURS.from || hour >= SCHEDULED_MAIL_HOURS.until) return 0;
  const today = todayInParis(at);
  let queued = 0;
  for (const kind of kinds) {
    const due = await repo.dueForScheduledMail(
      db,
      { kind: kind.kind, statuses: kind.statuses, ...kind.days(today) },
      SCHEDULED_MAIL_BATCH,
    );
    for (const bookingId of due) {
      if (await queueScheduledMail(deps, kind, bookingId, at)) queued++;
    }
  }
  if (queued > 0) deps.outbox.notify();
  return queued;
}

async function queueScheduledMail(deps: ScheduledMailDeps, kind: ScheduledMail, bookingId: number, at: Date) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const booking = await repo.lockBooking(tx, bookingId);
    // Cancelled meanwhile: no mail, and no mark (it is no longer due).
    if (!booking || !kind.statuses.includes(booking.status)) return false;
    if (!(await repo.markScheduledMail(tx, booking.id, kind.kind, now))) return false;
    const language = booking.language;
    const activity = await repo.findActivityForBooking(tx, booking.activityId, language);
    if (!activity) return false;
    const proved = addressProved(await repo.bookerAccount(tx, booking), booking.customerEmail);
    const message = await kind.compose(tx, deps, {
      booking,
      activity,
      facts: await factsOf(deps, booking, activity, proved),
      by: answererOf(activity),
      cancelUrl: cancelUrl(deps, booking.id),
      at,
    });
    if (!message) return false;
    await enqueueMail(tx, message, now);
    return true;
  });
}
