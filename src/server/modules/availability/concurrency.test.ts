import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVAILABILITY } from '../../../domain/availability.js';
import type { AvailabilityAnswer } from '../../../domain/availability-schemas.js';
import { bookings, outbox } from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createActivity } from '../../test/factories.js';
import { sameOrigin } from '../../test/sessions.js';
import { TEST_DB_KIND } from '../../test/test-db.js';
import { useTestApp } from '../../test/test-app.js';
import { DayTurns } from './turns.js';

/**
 * Two requests at once cannot both take the last places (docs/availability.md#places): the
 * booking's transaction holds the activity's day under an advisory lock while it counts and
 * inserts. Sent over a real socket, all at once, each from its own forwarded address so that the
 * per-address rate limit leaves the places to answer.
 */
const clock = fixedClock('2027-06-30T08:00:00Z');
const ctx = useTestApp(() => ({ env: { TRUST_PROXY: 'loopback' }, deps: { clock } }));

let base: string;
let activityId: number;
const DAY = '2027-07-14';

beforeAll(async () => {
  activityId = await createActivity(ctx.db, {
    bookingRequired: true,
    price: 15,
    availability: { ...DEFAULT_AVAILABILITY, slots: ['10:00', '14:00'], durationMinutes: 120, capacity: 10 },
  });
  // Seven of the ten places of the 10:00 slot are taken.
  await ctx.db.insert(bookings).values({
    activityId,
    customerName: 'Group',
    customerEmail: 'group@example.com',
    numberOfPeople: 7,
    bookingDate: DAY,
    slot: '10:00',
    status: 'confirmed',
  });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

describe(`bookings at once on ${TEST_DB_KIND}`, () => {
  it('50 parallel bookings of 1 person for the last 3 places give exactly 3 bookings, on both databases', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await fetch(`${base}/api/bookings`, {
          method: 'POST',
          headers: { ...sameOrigin, 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
          body: JSON.stringify({
            activityId,
            customerName: `Guest ${i}`,
            customerEmail: `parallel${i}@example.com`,
            numberOfPeople: 1,
            bookingDate: DAY,
            slot: '10:00',
          }),
        });
        return { status: res.status, body: (await res.json()) as { code?: string; id?: number } };
      }),
    );
    const taken = answers.filter((a) => a.status === 201);
    expect(taken).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => `${a.status} ${a.body.code}`)).toEqual(Array(47).fill('409 BOOKING_FULL'));

    // In the database: exactly those three, each with its guest's mail, and not one more.
    const rows = await ctx.db
      .select({ id: bookings.id, people: bookings.numberOfPeople })
      .from(bookings)
      .where(and(eq(bookings.activityId, activityId), eq(bookings.bookingDate, DAY), eq(bookings.slot, '10:00')));
    expect(rows).toHaveLength(4);
    expect(rows.reduce((sum, row) => sum + row.people, 0)).toBe(10);
    expect(
      rows
        .filter((row) => row.people === 1)
        .map((row) => row.id)
        .sort(),
    ).toEqual(taken.map((a) => a.body.id).sort());
    const [mails] = await ctx.db
      .select({ n: count() })
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' like 'parallel%@example.com'`);
    expect(mails?.n).toBe(3);

    // The answer says full; the other slot kept all its places.
    const answer = await fetch(`${base}/api/activities/${activityId}/availability?from=${DAY}&to=${DAY}`);
    expect(((await answer.json()) as AvailabilityAnswer).days[0]?.slots).toEqual([
      { start: '10:00', placesLeft: 0 },
      { start: '14:00', placesLeft: 10 },
    ]);
  });
});

describe('DayTurns', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("gives one activity's day one turn at a time, in order, other days at once; a failed turn passes on", async () => {
    const turns = new DayTurns();
    const log: string[] = [];
    const step =
      (name: string, ms: number, fail = false) =>
      async () => {
        log.push(`${name} starts`);
        await sleep(ms);
        log.push(`${name} ends`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      turns.run(1, DAY, step('a', 30)),
      turns.run(1, DAY, step('b', 10, true)),
      turns.run(1, DAY, step('c', 10)),
      turns.run(2, DAY, step('other activity', 5)),
      turns.run(1, '2027-07-15', step('other day', 5)),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'a',
      'b',
      'c',
      'other activity',
      'other day',
    ]);
    const sameDay = log.filter((entry) => /^[abc] /.test(entry));
    expect(sameDay).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
    // The others did not wait for a.
    expect(log.indexOf('other day ends')).toBeLessThan(log.indexOf('a ends'));
  });

  it('answers 503 to a turn that does not come in time, and the queue goes on without it', async () => {
    const turns = new DayTurns();
    let finishStuck = () => undefined as void;
    const stuck = turns.run(1, DAY, () => new Promise<string>((resolve) => (finishStuck = () => resolve('stuck'))));
    let ranLate = false;
    const late = turns.run(
      1,
      DAY,
      async () => {
        ranLate = true;
        return 'late';
      },
      20,
    );
    await expect(late).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const next = turns.run(1, DAY, async () => 'next');
    finishStuck();
    expect(await stuck).toBe('stuck');
    expect(await next).toBe('next');
    expect(ranLate).toBe(false);
  });
});
