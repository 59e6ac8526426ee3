/**
 * Factories that write test data through the same repository functions the
 * app uses. Each call makes unique names, so tests never collide.
 */
import { eq } from 'drizzle-orm';
import { toCents } from '../../domain/money.js';
import type { Db } from '../db/client.js';
import { activities, activityTags, reviews, tags, users } from '../db/schema/index.js';
import { insertActivity, type NewActivity } from '../modules/activities/repository.js';
import { refreshRatings } from '../modules/reviews/repository.js';

let sequence = 0;
const next = () => ++sequence;

/** An activity; `price` is in euros as the API shows it (stored in cents). */
export async function createActivity(
  db: Db,
  { price, ...overrides }: Partial<NewActivity> & { price?: number | null } = {},
) {
  const n = next();
  const id = await insertActivity(db, {
    ...(price === undefined ? {} : { priceCents: price === null ? null : toCents(price) }),
    name: `Activité test ${n}`,
    description: `Description de test ${n}`,
    language: 'fr',
    category: 'sport',
    city: 'Limoux',
    latitude: 43.0547,
    longitude: 2.2186,
    isActive: true,
    isApproved: true,
    ...overrides,
  });
  return id;
}

export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      email: `user${n}@example.com`,
      emailVerified: true,
      firstName: `First${n}`,
      lastName: `Last${n}`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no user');
  return row;
}

export type TagState = 'approved' | 'pending' | 'rejected';

export async function createTag(db: Db, name: string, state: TagState = 'approved') {
  const approver = state === 'pending' ? null : (await createUser(db, { role: 'admin' })).id;
  const [row] = await db
    .insert(tags)
    .values({
      name,
      status: state,
      isApproved: state === 'approved',
      moderatedBy: approver,
      moderatedAt: approver ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('no tag');
  return row;
}

export async function tagActivity(db: Db, activityId: number, tagId: number, isApproved = true) {
  await db.insert(activityTags).values({ activityId, tagId, isApproved, status: isApproved ? 'approved' : 'pending' });
}

export async function createReview(
  db: Db,
  activityId: number,
  overrides: Partial<typeof reviews.$inferInsert> & { rating: number },
) {
  const n = next();
  const [row] = await db
    .insert(reviews)
    .values({
      activityId,
      guestName: `Guest ${n}`,
      guestEmail: `guest${n}@example.com`,
      comment: `Comment ${n}`,
      ...overrides,
      // The moderation status follows the flag the test gives (approved unless said otherwise).
      isApproved: overrides.isApproved ?? true,
      status: overrides.status ?? ((overrides.isApproved ?? true) ? 'approved' : 'pending'),
    })
    .returning();
  await refreshRatings(db, [activityId]);
  if (!row) throw new Error('no review');
  return row;
}

export async function setActivity(db: Db, id: number, values: Partial<typeof activities.$inferInsert>) {
  await db.update(activities).set(values).where(eq(activities.id, id));
}
