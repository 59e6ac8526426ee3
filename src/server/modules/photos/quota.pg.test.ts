import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PHOTO_QUOTA } from '../../../domain/images.js';
import type { Db } from '../../db/client.js';
import { activities, photos } from '../../db/schema/index.js';
import { createActivity } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { useTestApp } from '../../test/test-app.js';
import { recordPhoto } from './service.js';

/**
 * Two uploads of one account at the same moment (docs/provider-workspace.md#quota): PostgreSQL
 * runs their transactions side by side, so only the quota's lock keeps both from taking the last
 * place. PostgreSQL only: the embedded database runs one transaction at a time.
 */
const ctx = useTestApp();

/** Waits until a transaction waits for an advisory lock (the quota's is the only one the app takes). */
async function someoneWaitsForTheQuota(stop: { done: boolean }): Promise<'waits' | 'stopped'> {
  while (!stop.done) {
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`pg_locks`)
      .where(sql`locktype = 'advisory' and not granted`);
    if ((row?.n ?? 0) > 0) return 'waits';
    await sleep(20);
  }
  return 'stopped';
}

describe('the quota with two uploads at once', () => {
  it('counts one upload of an account at a time: the second waits for the first, then is refused', async () => {
    const { provider } = await createProvider(ctx.db);
    // One place left: 199 photos in use, each on an activity of its own.
    const keys = Array.from({ length: PHOTO_QUOTA.photos - 1 }, () => randomUUID());
    const filled = await ctx.db
      .insert(activities)
      .values(
        keys.map((key, i) => ({
          name: `Rempli ${i}`,
          description: 'Une activité pour remplir le quota.',
          category: 'uitjes' as const,
          city: 'Limoux',
          latitude: 43.05,
          longitude: 2.22,
          sortName: `rempli ${i}`,
          providerId: provider.id,
          imageUrl: `/uploads/${key}.webp`,
        })),
      )
      .returning({ id: activities.id });
    await ctx.db
      .insert(photos)
      .values(keys.map((key, i) => ({ key, providerId: provider.id, activityId: filled[i]?.id, bytes: 1 })));
    const [a, b] = [
      await createActivity(ctx.db, { providerId: provider.id }),
      await createActivity(ctx.db, { providerId: provider.id }),
    ];
    // What an upload's transaction does: the activity names the new photo, then the photo is recorded.
    const putInUse = async (tx: Db, activityId: number) => {
      const key = randomUUID();
      await tx
        .update(activities)
        .set({ imageUrl: `/uploads/${key}.webp` })
        .where(eq(activities.id, activityId));
      await recordPhoto(tx, { key, bytes: 1, providerId: provider.id, activityId });
    };

    let commitFirst = () => {};
    const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
    let firstRecorded = () => {};
    const recorded = new Promise<void>((resolve) => (firstRecorded = resolve));
    const first = ctx.db.transaction(async (tx) => {
      await putInUse(tx, a);
      firstRecorded();
      await firstMayCommit;
    });
    await recorded;
    const second = ctx.db.transaction(async (tx) => putInUse(tx, b));
    // Without the lock the second would count 200 (the first's photo is not committed yet) and pass.
    const stop = { done: false };
    const seen = await Promise.race([
      second.then(
        () => 'passed',
        () => 'refused',
      ),
      someoneWaitsForTheQuota(stop),
    ]);
    stop.done = true;
    commitFirst();
    await first;
    expect(seen).toBe('waits');
    await expect(second).rejects.toMatchObject({ code: 'PHOTO_QUOTA_REACHED', statusCode: 409 });
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(photos)
      .where(eq(photos.providerId, provider.id));
    expect(row?.n).toBe(PHOTO_QUOTA.photos);
  });
});
