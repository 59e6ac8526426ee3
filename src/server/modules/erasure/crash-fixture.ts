import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { PROJECT_ROOT } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  activities,
  bookingEvents,
  bookings,
  erasures,
  providers,
  reviews,
  sessions,
  users,
} from '../../db/schema/index.js';
import { createActivity, createReview, createUser } from '../../test/factories.js';

/**
 * What the kill -9 tests (crash.pg.test.ts, crash.pglite.test.ts) erase: a provider whose address
 * also booked and reviewed as a guest, with an activity, bookings past and to come and a session;
 * and an admin who asks (docs/privacy.md#nothing-is-half-deleted).
 */
export async function seedPerson(db: Db) {
  const admin = await createUser(db, { role: 'admin', isApproved: true });
  const person = await createUser(db, { role: 'provider', isApproved: true, email: 'crash.person@example.com' });
  const [provider] = await db
    .insert(providers)
    .values({
      userId: person.id,
      name: 'Crash Person',
      email: 'crash.person@example.com',
      status: 'approved',
      isApproved: true,
    })
    .returning();
  const own = await createActivity(db, { providerId: provider?.id ?? null });
  const other = await createActivity(db);
  const values = (bookingDate: string) => ({
    activityId: other,
    customerName: 'Crash Person',
    customerEmail: 'crash.person@example.com',
    customerPhone: '+33 6 22 22 22 22',
    notes: 'Two children',
    bookingDate,
    userId: person.id,
  });
  const made = await db
    .insert(bookings)
    .values([values('2020-01-10'), values('2099-01-10')])
    .returning();
  for (const row of made) {
    await db.insert(bookingEvents).values({ bookingId: row.id, toStatus: 'pending', actor: 'user', message: 'Hello' });
  }
  await db
    .insert(bookings)
    .values({ ...values('2099-02-01'), activityId: own, userId: null, customerEmail: 'a.guest@example.com' });
  await createReview(db, other, { rating: 4, userId: person.id, guestName: null, guestEmail: null });
  await createReview(db, other, { rating: 2, guestEmail: 'crash.person@example.com' });
  await db.insert(sessions).values({
    sid: 'crash-session',
    sess: { userId: person.id, cookie: {} },
    expire: new Date(Date.now() + 3_600_000),
  });
  return { admin, person };
}

/** Everything an erasure may touch, as it is. */
export async function everything(db: Db) {
  return {
    users: await db.select().from(users).orderBy(users.id),
    providers: await db.select().from(providers).orderBy(providers.id),
    activities: await db.select().from(activities).orderBy(activities.id),
    bookings: await db.select().from(bookings).orderBy(bookings.id),
    events: await db.select().from(bookingEvents).orderBy(bookingEvents.id),
    reviews: await db.select().from(reviews).orderBy(reviews.id),
    sessions: await db.select().from(sessions).orderBy(sessions.sid),
    erasures: await db.select().from(erasures).orderBy(erasures.id),
  };
}

/** crash-child.ts as its own process, with `env`; `midway` resolves once it waits inside its transaction. */
export function erasureChild(env: Record<string, string>, ...args: string[]) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(PROJECT_ROOT, 'src/server/modules/erasure/crash-child.ts'), ...args],
    { env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  const midway = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('midway')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', () => reject(new Error(`the erasure ended before it was killed:\n${out}`)));
  });
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
    out,
  }));
  return { child, midway, exited };
}
