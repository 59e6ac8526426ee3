import { count, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AvailabilitySettings,
  availabilityProblems,
  DEFAULT_AVAILABILITY,
  fitsAvailability,
  normaliseAvailability,
} from '../../../domain/availability.js';
import { type AvailabilityAnswer, availabilitySettingsBody } from '../../../domain/availability-schemas.js';
import { type Booking, createBookingBody } from '../../../domain/bookings.js';
import { addDays } from '../../../domain/dates.js';
import { ERROR_CODES } from '../../../domain/errors.js';
import { activities, bookingEvents, bookings, outbox } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createActivity } from '../../test/factories.js';
import { type OpenApiDocument, operationsOf, requestArb } from '../../test/openapi-inputs.js';
import { createProvider } from '../../test/providers.js';
import { sameOrigin } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';
import { HOLDING_STATUSES } from './repository.js';

/**
 * Generated inputs for the availability's writes (docs/testing.md#generated-inputs): bodies of
 * `PUT /api/provider/activities/:id/availability` and bookings with slots, drawn mostly well-formed
 * and often not. Never a 5xx; a refused request changed nothing; the API accepts exactly the
 * settings the shared schema accepts and keeps them normalised, whole, and never drops a booking;
 * a booking is taken exactly when the availability answer offers it, and never past the places.
 * GENERATED_RUNS requests per operation, as the other generated inputs.
 */
const RUNS = Number(process.env.GENERATED_RUNS ?? 100);
const LOOSE_RUNS = Math.ceil(RUNS / 3);

// Wednesday 30 June 2027, 10:00 in Limoux.
const TODAY = '2027-06-30';
const clock = fixedClock('2027-06-30T08:00:00Z');
const ctx = useTestApp(() => ({ deps: { clock } }));

let owner: Awaited<ReturnType<typeof createProvider>>;
let settingsActivity: number;
let slotted: number;
let byDay: number;
let document: OpenApiDocument;

const SLOTTED: AvailabilitySettings = {
  ...DEFAULT_AVAILABILITY,
  slots: ['10:00', '14:00'],
  durationMinutes: 120,
  capacity: 8,
  leadTimeHours: 2,
  confirmation: 'instant',
  closed: [
    { date: addDays(TODAY, 3), slot: '14:00' },
    { date: addDays(TODAY, 4), slot: null },
  ],
};
const BY_DAY: AvailabilitySettings = { ...DEFAULT_AVAILABILITY, capacity: 12 };
const HOURS = [{ days: [2, 3, 4, 5, 6, 7], opens: '09:00', closes: '18:00', seasonStart: null, seasonEnd: null }];

beforeAll(async () => {
  owner = await createProvider(ctx.db);
  const owned = { bookingRequired: true, providerId: owner.provider.id, price: 20 };
  settingsActivity = await createActivity(ctx.db, { ...owned, weeklyHours: HOURS });
  slotted = await createActivity(ctx.db, { ...owned, availability: SLOTTED });
  byDay = await createActivity(ctx.db, { ...owned, availability: BY_DAY, weeklyHours: HOURS });
  // Bookings to come of the activity whose settings change: each PUT says which no longer fit.
  const values = [
    { day: 1, slot: '10:00', status: 'pending' },
    { day: 2, slot: '14:00', status: 'confirmed' },
    { day: 5, slot: null, status: 'confirmed' },
    { day: 8, slot: '21:00', status: 'pending' },
    { day: 9, slot: '09:00', status: 'declined' },
    { day: -1, slot: null, status: 'confirmed' },
  ] as const;
  await ctx.db.insert(bookings).values(
    values.map((v, i) => ({
      activityId: settingsActivity,
      customerName: `Guest ${i}`,
      customerEmail: `kept${i}@example.com`,
      bookingDate: addDays(TODAY, v.day),
      slot: v.slot,
      status: v.status,
      numberOfPeople: 2,
    })),
  );
  document = (await ctx.app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
});

/** Mostly a valid value, sometimes not (never, with `sometimes` 0). */
const mostly = <T, U>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<U>, sometimes = 1) =>
  sometimes === 0 ? valid : fc.oneof({ weight: 6, arbitrary: valid }, { weight: sometimes, arbitrary: invalid });
const dayArb = (from: number, to: number, sometimes = 1) =>
  mostly(
    fc.integer({ min: from, max: to }).map((n) => addDays(TODAY, n)),
    fc.constantFrom('2027-02-30', '14 July', '', '2027-7-14', 20270714, null),
    sometimes,
  );
const timeArb = (sometimes: number) =>
  mostly(
    fc.constantFrom('09:00', '10:00', '14:00', '21:00', '22:30', '23:45', '00:00'),
    fc.constantFrom('24:00', '9:00', '10h', '', '10:00:00', 1000, null),
    sometimes,
  );
const hoursArb = (sometimes: number) =>
  mostly(fc.constantFrom(0, 2, 24, 720), fc.constantFrom(721, -1, 1.5, '2', null), sometimes);
/**
 * Settings bodies: half with every field of the right shape (which the rules across fields may
 * still refuse: a slot past midnight, a closed slot that is not one, periods the wrong way round),
 * half with a wrong value now and then anywhere.
 */
const settingsBodyArb = fc.constantFrom(0, 1).chain((sometimes) =>
  fc
    .record(
      {
        periods: mostly(
          fc.array(
            fc.record({
              start: dayArb(-5, 20, sometimes),
              end: dayArb(-5, 40, sometimes),
              days: fc.array(mostly(fc.integer({ min: 1, max: 7 }), fc.constantFrom(0, 8, 1.5, '1'), sometimes), {
                minLength: 1 - sometimes,
                maxLength: 8,
              }),
            }),
            { maxLength: 2 },
          ),
          fc.constantFrom('summer', {}, null),
          sometimes,
        ),
        closed: mostly(
          fc.array(
            fc.record(
              { date: dayArb(-3, 20, sometimes), slot: fc.option(timeArb(sometimes), { nil: undefined, freq: 2 }) },
              { requiredKeys: ['date'] },
            ),
            { maxLength: 3 },
          ),
          fc.constantFrom('none', [null]),
          sometimes,
        ),
        slots: mostly(fc.array(timeArb(sometimes), { maxLength: 3 }), fc.constantFrom('10:00', [[]]), sometimes),
        durationMinutes: mostly(
          fc.constantFrom(null, 15, 60, 90, 120, 180, 1440),
          fc.constantFrom(10, 1441, 60.5, '60'),
          sometimes,
        ),
        capacity: mostly(
          fc.constantFrom(null, 1, 4, 12, 10_000),
          fc.constantFrom(0, 10_001, -1, 2.5, 'ten'),
          sometimes,
        ),
        confirmation: mostly(fc.constantFrom('manual', 'instant'), fc.constantFrom('auto', '', 1), sometimes),
        leadTimeHours: hoursArb(sometimes),
        cancelUntilHours: hoursArb(sometimes),
        extra: fc.constantFrom(...(sometimes === 0 ? ['x'] : ['x', 'x', 'x', 1])),
      },
      { requiredKeys: [] },
    )
    .map((body) => {
      // A field nobody asked for, now and then.
      const { extra, ...rest } = body;
      return extra === 1 ? { ...rest, extra } : rest;
    }),
);

/** Rows a refused request must not have written. */
const rowCounts = async () =>
  Promise.all(
    [bookings, bookingEvents, outbox].map(async (table) => (await ctx.db.select({ n: count() }).from(table))[0]?.n),
  );
const storedSettings = async (id: number) =>
  (
    await ctx.db
      .select({ availability: activities.availability, updatedAt: activities.updatedAt })
      .from(activities)
      .where(eq(activities.id, id))
  )[0];
const bookingsOf = (id: number) =>
  ctx.db.select().from(bookings).where(eq(bookings.activityId, id)).orderBy(bookings.id);

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.9.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** Never a 5xx; a 4xx in JSON is the API's error shape. */
function expectClearAnswer(res: { statusCode: number; body: string; headers: Record<string, unknown> }, what: string) {
  expect(res.statusCode, `${what} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('application/json')) {
    const body = JSON.parse(res.body) as { code?: string; message?: string };
    expect(ERROR_CODES, what).toContain(body.code);
    expect(body.message, what).toBeTruthy();
  }
}

describe('generated availability settings (PUT /api/provider/activities/:id/availability)', () => {
  it(
    `accepts exactly what the shared schema accepts, keeps it whole and never drops a booking: ${RUNS} bodies`,
    { timeout: 300_000 },
    async () => {
      const url = `/api/provider/activities/${settingsActivity}/availability`;
      const bookingsBefore = await bookingsOf(settingsActivity);
      const seen = { accepted: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(settingsBodyArb, async (body) => {
          const wire = JSON.stringify(body);
          const what = `PUT ${wire}`;
          const before = await storedSettings(settingsActivity);
          const res = await ctx.app.inject({
            method: 'PUT',
            url,
            headers: { cookie: owner.cookie, ...sameOrigin, 'content-type': 'application/json' },
            payload: wire,
          });
          expectClearAnswer(res, what);
          const parsed = availabilitySettingsBody.safeParse(JSON.parse(wire));
          if (!parsed.success) {
            seen.refused++;
            expect(res.statusCode, `${what} → ${res.body}`).toBe(400);
            const paths = res.json<{ details: { path: string }[] }>().details.map((d) => d.path);
            // The schema's first complaint is among the answer's (a field nobody asked for is named itself).
            const issue = parsed.error.issues[0];
            const path = issue?.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : (issue?.path ?? []);
            expect(paths, what).toContain(path.join('.'));
            expect(await storedSettings(settingsActivity), what).toEqual(before);
            return;
          }
          seen.accepted++;
          expect(res.statusCode, `${what} → ${res.body}`).toBe(200);
          const { availability, outside } = res.json<{ availability: AvailabilitySettings; outside: Booking[] }>();
          expect(availability, what).toEqual(normaliseAvailability(parsed.data, TODAY));
          expect((await storedSettings(settingsActivity))?.availability, what).toEqual(availability);
          // Whole: the kept settings hold together, in order, without a past closed date.
          expect(availabilityProblems(availability), what).toEqual([]);
          expect(availability.slots, what).toEqual([...new Set(availability.slots)].sort());
          expect(
            availability.closed.every((c) => c.date >= TODAY),
            what,
          ).toBe(true);
          // `outside`: the holding bookings to come that the new settings no longer offer.
          const facts = { weeklyHours: HOURS, eventStart: null, eventEnd: null };
          const expected = bookingsBefore
            .filter((b) => (HOLDING_STATUSES as readonly string[]).includes(b.status) && b.bookingDate >= TODAY)
            .filter((b) => !fitsAvailability(availability, facts, { day: b.bookingDate, slot: b.slot }))
            .map((b) => b.id);
          expect(outside.map((b) => b.id).sort(), what).toEqual(expected.sort());
        }),
        { numRuns: RUNS },
      );
      // Changed settings never drop a booking.
      expect(await bookingsOf(settingsActivity)).toEqual(bookingsBefore);
      // The generator keeps reaching both sides of the rules.
      expect(seen.accepted, JSON.stringify(seen)).toBeGreaterThan(RUNS / 20);
      expect(seen.refused, JSON.stringify(seen)).toBeGreaterThan(RUNS / 20);
    },
  );

  // A third as many: the document's loose requests (wrong types, content types, origins) mostly stop at
  // the schema, which the bodies above already cover field by field.
  it(
    `answers loose requests from the OpenAPI document without a 5xx, changing nothing unless accepted: ${LOOSE_RUNS} requests`,
    { timeout: 300_000 },
    async () => {
      const operation = operationsOf(document).find(
        (o) => o.method === 'PUT' && o.path === '/api/provider/activities/{id}/availability',
      );
      if (!operation) throw new Error('the operation is not in the document');
      const requests = requestArb(operation, {
        pathValues: { id: fc.constant(String(settingsActivity)) },
        origin: sameOrigin.origin,
      });
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const before = await storedSettings(settingsActivity);
          const res = await ctx.app.inject({
            method: 'PUT',
            url: request.url,
            headers: { ...request.headers, cookie: owner.cookie },
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          const what = `PUT ${request.url} ${JSON.stringify(request.headers)} ${request.payload?.slice(0, 300)}`;
          expectClearAnswer(res, what);
          if (res.statusCode !== 200) expect(await storedSettings(settingsActivity), what).toEqual(before);
        }),
        { numRuns: LOOSE_RUNS },
      );
    },
  );
});

describe('generated bookings with slots (POST /api/bookings)', () => {
  it(
    `takes a booking exactly when the answer offers it, never past the places, and writes nothing when refused: ${RUNS} bookings`,
    { timeout: 300_000 },
    async () => {
      // Drawn here: the activities exist once the file's setup ran.
      const bodyArb = fc.record(
        {
          activityId: fc.constantFrom(slotted, byDay),
          numberOfPeople: mostly(fc.integer({ min: 1, max: 8 }), fc.constantFrom(0, 9, 2.5, '2', null)),
          bookingDate: dayArb(-2, 12),
          slot: fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom('10:00', '14:00', null) },
            { weight: 1, arbitrary: fc.constantFrom('11:00', '09:00', '24:00', '', '10:00:00', 10) },
          ),
        },
        { requiredKeys: ['activityId', 'bookingDate', 'numberOfPeople'] },
      );
      const seen = { taken: 0, refused: 0 };
      const refusals = new Set<string>();
      let guest = 0;
      await fc.assert(
        fc.asyncProperty(bodyArb, async (drawn) => {
          guest++;
          const body = { customerName: 'Gast', customerEmail: `generated${guest}@example.com`, ...drawn };
          const wire = JSON.stringify(body);
          const what = `POST /api/bookings ${wire}`;
          const parsed = createBookingBody.safeParse(JSON.parse(wire));
          // What the booking calendar offers for this day, asked just before.
          let offered = false;
          if (parsed.success) {
            const { bookingDate, slot, numberOfPeople } = parsed.data;
            const asked = await ctx.app.inject({
              url: `/api/activities/${parsed.data.activityId}/availability?from=${bookingDate}&to=${bookingDate}`,
            });
            const start = asked.json<AvailabilityAnswer>().days[0]?.slots.find((s) => s.start === slot);
            offered = start !== undefined && (start.placesLeft === null || start.placesLeft >= numberOfPeople);
          }
          const before = await rowCounts();
          const res = await ctx.app.inject({
            method: 'POST',
            url: '/api/bookings',
            remoteAddress: nextAddress(),
            headers: { ...sameOrigin, 'content-type': 'application/json' },
            payload: wire,
          });
          expectClearAnswer(res, what);
          if (res.statusCode !== 201) {
            seen.refused++;
            refusals.add(res.json<{ code: string }>().code);
            expect(offered, `${what}: offered, yet refused → ${res.body}`).toBe(false);
            expect(await rowCounts(), what).toEqual(before);
            return;
          }
          seen.taken++;
          expect(offered, `${what}: not offered, yet taken`).toBe(true);
          const booking = res.json<Booking>();
          expect(booking.status, what).toBe(booking.activityId === slotted ? 'confirmed' : 'pending');
          // Never past the places of the start.
          const [held] = await ctx.db
            .select({ people: sql<number>`coalesce(sum(${bookings.numberOfPeople}), 0)::int` })
            .from(bookings)
            .where(
              sql`${bookings.activityId} = ${booking.activityId} and ${bookings.bookingDate} = ${booking.bookingDate}
                and ${bookings.slot} is not distinct from ${booking.slot}
                and ${bookings.status} in ('pending', 'confirmed')`,
            );
          expect(held?.people, what).toBeLessThanOrEqual(booking.activityId === slotted ? 8 : 12);
        }),
        { numRuns: RUNS },
      );
      expect(seen.taken, JSON.stringify(seen)).toBeGreaterThan(RUNS / 20);
      expect(seen.refused, JSON.stringify(seen)).toBeGreaterThan(RUNS / 20);
      // The rules behind the schema answered too, not only the schema.
      expect(
        [...refusals].filter((code) => code !== 'VALIDATION_FAILED').length,
        [...refusals].join(', '),
      ).toBeGreaterThan(2);
    },
  );
});
