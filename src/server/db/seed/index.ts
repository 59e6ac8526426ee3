import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { activities, adminSettings, users } from '../schema/index.js';
import { SEED_MARKER_KEY, type SeedOptions, seedDemo, truncateAll } from './demo.js';

/** Any number works; it only has to be the same for every instance of the app. */
const SEED_LOCK = 470_112;

/**
 * Seeds the demo content when asked (`SEED=demo`) and the database is empty.
 * Never seeds twice: not after a restart, not when two instances start at once.
 * Returns true when it seeded.
 */
export async function seedOnFirstStart(
  db: Db,
  mode: 'demo' | 'none',
  options: SeedOptions,
  now = new Date(),
): Promise<boolean> {
  if (mode === 'none') return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [marker] = await tx.select().from(adminSettings).where(eq(adminSettings.key, SEED_MARKER_KEY));
    if (marker) return false;
    const [userCount] = await tx.select({ n: count() }).from(users);
    const [activityCount] = await tx.select({ n: count() }).from(activities);
    if ((userCount?.n ?? 0) > 0 || (activityCount?.n ?? 0) > 0) return false;
    await seedDemo(tx, now, options);
    return true;
  });
}

/** Replaces all content with a fresh copy of the demo content. */
export async function resetDemoContent(db: Db, options: SeedOptions, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await truncateAll(tx);
    await seedDemo(tx, now, options);
  });
}
