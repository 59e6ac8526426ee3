import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicReview } from '../../../domain/reviews.js';
import { createActivity, createReview, createUser } from '../../test/factories.js';
import { getJson } from '../../test/http.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();
const ids = {} as Record<'activity' | 'hidden' | 'quiet', number>;

beforeAll(async () => {
  const db = ctx.db;
  ids.activity = await createActivity(db);
  ids.hidden = await createActivity(db, { isActive: false });
  ids.quiet = await createActivity(db);
  const user = await createUser(db, { firstName: 'Sanne', lastName: 'visser', email: 'sanne@example.com' });
  await createReview(db, ids.activity, {
    rating: 5,
    guestName: 'Tom H.',
    guestEmail: 'tom@example.com',
    title: 'Top',
    comment: 'Oldest',
    createdAt: new Date('2025-01-01T10:00:00Z'),
  });
  await createReview(db, ids.activity, {
    rating: 4,
    userId: user.id,
    guestName: null,
    guestEmail: null,
    comment: 'By a user',
    createdAt: new Date('2025-03-01T10:00:00Z'),
  });
  await createReview(db, ids.activity, {
    rating: 3,
    guestName: 'Hidden Name',
    guestEmail: 'anon@example.com',
    isAnonymous: true,
    comment: 'Anonymous',
    createdAt: new Date('2025-02-01T10:00:00Z'),
  });
  await createReview(db, ids.activity, { rating: 1, comment: 'Pending', isApproved: false, createdAt: new Date() });
  await createReview(db, ids.hidden, { rating: 5, comment: 'On a hidden activity' });
});

describe('GET /api/activities/:id/reviews', () => {
  it('lists approved reviews newest first with a display name and no e-mail', async () => {
    const res = await getJson<PublicReview[]>(ctx.app, `/api/activities/${ids.activity}/reviews`);
    expect(res.status).toBe(200);
    expect(res.body.map((r) => [r.comment, r.guestName])).toEqual([
      ['By a user', 'Sanne V.'],
      ['Anonymous', null],
      ['Oldest', 'Tom H.'],
    ]);
    expect(res.body[2]).toMatchObject({ rating: 5, title: 'Top', createdAt: '2025-01-01T10:00:00.000Z' });
    expect(res.text).not.toContain('@');
    expect(res.text).not.toContain('Hidden Name');
    expect(Object.keys(res.body[0] ?? {}).sort()).toEqual([
      'comment',
      'createdAt',
      'guestName',
      'id',
      'rating',
      'title',
    ]);
  });

  it('keeps the activity rating at the average of approved reviews', async () => {
    const res = await getJson<{ rating: number; reviewCount: number }>(ctx.app, `/api/activities/${ids.activity}`);
    expect(res.body).toMatchObject({ rating: 4, reviewCount: 3 });
  });

  it('is an empty list for an activity without reviews', async () => {
    const res = await getJson(ctx.app, `/api/activities/${ids.quiet}/reviews`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('is a 404 for a hidden activity and a 400 for a bad id', async () => {
    expect((await getJson(ctx.app, `/api/activities/${ids.hidden}/reviews`)).status).toBe(404);
    expect((await getJson(ctx.app, '/api/activities/x1/reviews')).status).toBe(400);
  });
});
