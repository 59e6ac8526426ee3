import {
  AVAILABILITY_LIMITS,
  availableDay,
  bookingRefusal,
  type AvailabilitySettings,
  DEFAULT_AVAILABILITY,
  daysBetween,
  fitsAvailability,
  isOfferedOn,
  normaliseAvailability,
  placesLeft,
  startsOn,
} from '../../../domain/availability.js';
import type { AvailabilityAnswer, ProviderDay } from '../../../domain/availability-schemas.js';
import { BOOKING_MAX_DAYS_AHEAD, type Booking } from '../../../domain/bookings.js';
import { addDays, todayInParis } from '../../../domain/dates.js';
import { upcomingEdition } from '../../../domain/event-dates.js';
import {
  isAdmin,
  isApprovedProvider,
  mayEditActivity,
  mayEditOwnActivities,
  type Principal,
} from '../../../domain/policies.js';
import type { Database, Db } from '../../db/client.js';
import type { Clock, Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { presentBooking } from '../bookings/presenter.js';
import * as repo from './repository.js';

type AvailabilityDeps = Pick<Deps, 'db' | 'clock' | 'availability'>;

/** The settings an activity books by: its own, or the defaults (docs/availability.md#what-a-provider-sets). */
export const settingsOf = (row: Pick<repo.AvailabilityActivity, 'availability'>): AvailabilitySettings =>
  row.availability
    ? // Slots in order, also when written straight into the database (the seed, a script).
      { ...row.availability, slots: [...row.availability.slots].sort() }
    : DEFAULT_AVAILABILITY;

/** The channel the bookings' and activities' triggers announce an activity's changed availability on. */
const AVAILABILITY_CHANNEL = 'availability';
/** How long an answer is kept at most: its lead times move with the clock. */
const ANSWER_TTL_MS = 30_000;
/** The most answers kept; the oldest goes first. */
const MAX_ANSWERS = 5_000;

/**
 * The availability answers given, per activity and range (docs/availability.md#the-answer): a
 * calendar asks for the same months again and again. An activity's answers go when a booking of it
 * or its availability changes, on whichever instance: the triggers of bookings and activities
 * NOTIFY `availability`. A kept answer is at most 30 s old; a booking is checked in the database
 * all the same.
 */
export class AvailabilityAnswers {
  private readonly answers = new Map<string, { at: number; answer: AvailabilityAnswer }>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(
      AVAILABILITY_CHANNEL,
      (payload) => this.drop(Number(payload)),
      () => this.answers.clear(),
    );
  }

  async close(): Promise<void> {
    this.answers.clear();
    await this.stopListening?.().catch(() => undefined);
  }

  /** Forgets the activity's answers (this instance's own changes drop them at once, before the NOTIFY). */
  drop(activityId: number): void {
    const prefix = `${activityId}/`;
    for (const key of this.answers.keys()) if (key.startsWith(prefix)) this.answers.delete(key);
  }

  async get(activityId: number, range: string, compute: () => Promise<AvailabilityAnswer>) {
    const key = `${activityId}/${range}`;
    const now = this.clock.now().getTime();
    const kept = this.answers.get(key);
    if (kept && now - kept.at < ANSWER_TTL_MS && now >= kept.at) return kept.answer;
    const answer = await compute();
    this.answers.delete(key);
    this.answers.set(key, { at: now, answer });
    if (this.answers.size > MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value as string);
    return answer;
  }
}

const activityNotFound = () => new AppError('ACTIVITY_NOT_FOUND', 'Activity not found');

async function bookableActivity(db: Db, id: number) {
  const activity = await repo.activityForAvailability(db, id);
  if (!activity?.isPublic) throw activityNotFound();
  if (!activity.bookingRequired) {
    throw new AppError('BOOKING_NOT_BOOKABLE', 'This activity takes no bookings: go there without one');
  }
  return activity;
}

/**
 * The days from `from` to `to` (at most 92) with their starts and places left, as the booking
 * calendar shows them (docs/availability.md#the-answer). Days before today and past the farthest
 * bookable day are closed.
 */
export async function getAvailability(
  deps: AvailabilityDeps,
  id: number,
  query: { from: string; to: string },
): Promise<AvailabilityAnswer> {
  const { db, clock } = deps;
  return deps.availability.get(id, `${query.from}/${query.to}`, async () => {
    const activity = await bookableActivity(db, id);
    const settings = settingsOf(activity);
    const now = clock.now();
    const today = todayInParis(now);
    const latest = addDays(today, BOOKING_MAX_DAYS_AHEAD);
    const taken = await repo.takenPlaces(db, id, query.from, query.to);
    return {
      confirmation: settings.confirmation,
      durationMinutes: settings.durationMinutes,
      capacity: settings.capacity,
      bySlot: settings.slots.length > 0,
      days: daysBetween(query.from, query.to).map((day) =>
        day < today || day > latest
          ? { date: day, open: false, slots: [] }
          : availableDay(settings, activity, day, now, taken.get(day) ?? new Map()),
      ),
    };
  });
}

/**
 * Checks a booking against the availability and the places left, holding the day's lock until
 * the transaction ends (docs/availability.md#places): call it inside the booking's transaction,
 * right before the insert. Answers the settings the booking is taken under.
 */
export async function checkBooking(
  tx: Db,
  activity: Pick<repo.AvailabilityActivity, 'id' | 'availability' | 'weeklyHours' | 'eventStart' | 'eventEnd'>,
  booking: { day: string; slot: string | null; people: number },
  now: Date,
): Promise<AvailabilitySettings> {
  const settings = settingsOf(activity);
  await repo.lockActivityDay(tx, activity.id, booking.day);
  const taken = (await repo.takenPlaces(tx, activity.id, booking.day, booking.day)).get(booking.day) ?? new Map();
  const refusal = bookingRefusal(settings, activity, booking, now, taken);
  const today = todayInParis(now);
  switch (refusal) {
    case null:
      return settings;
    case 'SLOT_REQUIRED': {
      const message = `must be one of the start times: ${settings.slots.join(', ')}`;
      throw new AppError('BOOKING_SLOT_REQUIRED', `slot ${message}`, [{ path: 'slot', message }]);
    }
    case 'SLOT_UNKNOWN': {
      const message =
        settings.slots.length === 0
          ? 'must be left out: this activity is booked by the day'
          : `must be one of the start times: ${settings.slots.join(', ')}`;
      throw new AppError('BOOKING_SLOT_UNKNOWN', `slot ${message}`, [{ path: 'slot', message }]);
    }
    case 'NOT_OFFERED': {
      // An event booked outside its edition says which days it has (docs/product.md#event-dates).
      const edition = upcomingEdition(activity, today);
      if (settings.periods.length === 0 && edition && (booking.day < edition.start || booking.day > edition.end)) {
        const message = `bookingDate must be a day of the edition, ${edition.start} to ${edition.end}`;
        throw new AppError('BOOKING_DATE_OUTSIDE_EDITION', message, [{ path: 'bookingDate', message }]);
      }
      const message = booking.slot
        ? `${booking.day} at ${booking.slot} cannot be booked: pick a day and time the calendar offers`
        : `${booking.day} cannot be booked: pick a day the calendar offers`;
      throw new AppError('BOOKING_NOT_AVAILABLE', message, [{ path: 'bookingDate', message }]);
    }
    case 'TOO_LATE':
      throw new AppError(
        'BOOKING_TOO_LATE',
        settings.leadTimeHours > 0
          ? `Bookings close ${settings.leadTimeHours} hours before the start: pick a later day or time`
          : 'This has started or passed: pick a later day or time',
      );
    case 'FULL': {
      const left = placesLeft(settings, taken, booking.slot) ?? 0;
      throw new AppError(
        'BOOKING_FULL',
        left === 0
          ? 'This is full: pick another day or time'
          : `Only ${left} places are left: book for fewer people, or pick another day or time`,
        [{ path: 'numberOfPeople', message: `must be at most ${left}` }],
      );
    }
  }
}

/**
 * The activity, when `principal` may change it (an admin any, a provider their own unless their
 * application was rejected); to anyone else it does not exist (docs/permissions.md#resources).
 */
async function editableActivity(db: Db, principal: Principal, id: number) {
  const activity = await repo.activityForAvailability(db, id);
  if (!activity) throw activityNotFound();
  if (!mayEditActivity(principal, { ownerUserId: activity.ownerUserId })) {
    // Their own, but their application was rejected: they are told why (docs/permissions.md#rejected-and-demoted-providers).
    if (activity.ownerUserId === principal.id && !mayEditOwnActivities(principal)) {
      throw new AppError(
        'PROVIDER_REJECTED',
        'Your provider application was rejected: your activities cannot be changed. Contact the team',
      );
    }
    throw activityNotFound();
  }
  return activity;
}

/**
 * Whether the guests' details of the caller's bookings may reach them: an approved provider (or
 * an admin). A rejected one sees counts only (docs/permissions.md#rejected-and-demoted-providers).
 */
const seesGuests = (principal: Principal) => isApprovedProvider(principal);

/** The activity, when `principal` may read its availability: an admin, or the provider who runs it. */
async function readableActivity(db: Db, principal: Principal, id: number) {
  const activity = await repo.activityForAvailability(db, id);
  if (!activity || !(isAdmin(principal) || activity.ownerUserId === principal.id)) throw activityNotFound();
  return activity;
}

export async function getSettings(db: Db, principal: Principal, id: number): Promise<AvailabilitySettings> {
  return settingsOf(await readableActivity(db, principal, id));
}

/** The bookings to come that the settings no longer offer, for the provider to cancel or keep. */
async function outsideBookings(
  db: Db,
  activity: repo.AvailabilityActivity,
  settings: AvailabilitySettings,
  today: string,
): Promise<Booking[]> {
  const rows = await repo.holdingBookings(db, activity.id, today);
  return rows
    .filter((row) => !fitsAvailability(settings, activity, { day: row.bookingDate, slot: row.slot }))
    .map((row) => presentBooking(row, activity.name));
}

/**
 * Replaces the activity's settings (docs/availability.md#changing-availability): accepted bookings
 * stay whatever changes; those the new settings do not offer are listed in the answer, to cancel
 * or keep.
 */
export async function putSettings(
  deps: AvailabilityDeps,
  principal: Principal,
  id: number,
  body: AvailabilitySettings,
): Promise<{ availability: AvailabilitySettings; outside: Booking[] }> {
  const { db, clock } = deps;
  const activity = await editableActivity(db, principal, id);
  const now = clock.now();
  const today = todayInParis(now);
  const settings = normaliseAvailability(body, today);
  // Read in the change's transaction: a 503 never follows a change that was made.
  const outside = await db.transaction(async (tx) => {
    await repo.lockSettings(tx, id);
    await repo.saveSettings(tx, id, settings, now);
    return seesGuests(principal) ? outsideBookings(tx, activity, settings, today) : [];
  });
  deps.availability.drop(id);
  return { availability: settings, outside };
}

/**
 * Closes a day, or one slot of it (`open: false`), or opens it again: from the provider's day view
 * (docs/availability.md#the-providers-day). Bookings already made stay.
 */
export async function setClosed(
  deps: AvailabilityDeps,
  principal: Principal,
  id: number,
  closure: { date: string; slot: string | null },
  closed: boolean,
): Promise<AvailabilitySettings> {
  const { db, clock } = deps;
  await editableActivity(db, principal, id);
  const now = clock.now();
  const today = todayInParis(now);
  if (closure.date < today) {
    const message = `must be today (${today}) or later`;
    throw new AppError('VALIDATION_FAILED', `date ${message}`, [{ path: 'date', message }]);
  }
  const settings = await db.transaction(async (tx) => {
    const row = await repo.lockSettings(tx, id);
    const current = row?.availability ?? DEFAULT_AVAILABILITY;
    if (closure.slot !== null && !current.slots.includes(closure.slot)) {
      const message = `must be one of the start times${current.slots.length ? `: ${current.slots.join(', ')}` : ' (this activity is booked by the day)'}`;
      throw new AppError('VALIDATION_FAILED', `slot ${message}`, [{ path: 'slot', message }]);
    }
    const others = current.closed.filter((c) => !(c.date === closure.date && c.slot === closure.slot));
    const next = normaliseAvailability({ ...current, closed: closed ? [...others, closure] : others }, today);
    if (next.closed.length > AVAILABILITY_LIMITS.closed) {
      const message = `must have at most ${AVAILABILITY_LIMITS.closed} closed dates`;
      throw new AppError('VALIDATION_FAILED', `closed ${message}`, [{ path: 'closed', message }]);
    }
    await repo.saveSettings(tx, id, next, now);
    return next;
  });
  deps.availability.drop(id);
  return settings;
}

/** A provider's day: each start with its places taken and left, whether it is closed, and its bookings. */
export async function providerDay(
  deps: AvailabilityDeps,
  principal: Principal,
  id: number,
  date: string,
): Promise<ProviderDay> {
  const { db } = deps;
  const activity = await readableActivity(db, principal, id);
  const settings = settingsOf(activity);
  const rows = await repo.holdingBookings(db, id, date, date);
  const taken = (await repo.takenPlaces(db, id, date, date)).get(date) ?? new Map<string, number>();
  const open = startsOn(settings, date);
  const starts: (string | null)[] = settings.slots.length === 0 ? [null] : [...settings.slots];
  // A booking made for a slot that is no longer offered shows under its own start.
  if (settings.slots.length > 0) {
    for (const row of rows) if (!starts.includes(row.slot)) starts.push(row.slot);
  }
  return {
    date,
    offered: isOfferedOn(settings, activity, date),
    capacity: settings.capacity,
    slots: starts
      .sort((a, b) => (a ?? '').localeCompare(b ?? ''))
      .map((start) => {
        const mine = rows.filter((row) => (settings.slots.length === 0 ? true : row.slot === start));
        return {
          start,
          closed: !open.includes(start),
          taken:
            settings.slots.length === 0
              ? [...taken.values()].reduce((a, b) => a + b, 0)
              : (taken.get(start ?? '') ?? 0),
          placesLeft: placesLeft(settings, taken, start),
          bookings: seesGuests(principal) ? mine.map((row) => presentBooking(row, activity.name)) : [],
        };
      }),
  };
}
