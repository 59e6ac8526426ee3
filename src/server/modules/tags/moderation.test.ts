import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AdminActivityTag, type AdminTag, MAX_PENDING_PROPOSALS, type Tag } from '../../../domain/tags.js';
import { activityTags, tags } from '../../db/schema/index.js';
import { createActivity, createTag, createUser } from '../../test/factories.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';

/** A tag proposed on an activity is one decision for the admin (docs/moderation.md#tags-and-activity-tags). */
const ctx = useTestApp();
let adminId: string;
let adminCookie: string;
let providerCookie: string;
let otherCookie: string;

beforeAll(async () => {
  const admin = await createUser(ctx.db, { role: 'admin', isApproved: true, roleChosenAt: new Date() });
  adminId = admin.id;
  adminCookie = await sessionCookieFor(ctx.db, admin.id);
  const provider = await createUser(ctx.db, { role: 'provider', isApproved: true, roleChosenAt: new Date() });
  providerCookie = await sessionCookieFor(ctx.db, provider.id);
  otherCookie = await sessionCookieFor(ctx.db, (await createUser(ctx.db, { roleChosenAt: new Date() })).id);
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, cookie = adminCookie) =>
  ctx.app.inject({ method, url, headers: { cookie, ...sameOrigin }, ...(payload ? { payload } : {}) });

const propose = async (activityId: number, name: string, cookie = providerCookie) => {
  const res = await call('POST', `/api/activities/${activityId}/tags`, { name }, cookie);
  expect(res.statusCode).toBe(201);
  return res.json<AdminActivityTag>();
};
const decideTag = (tagId: number, isApproved: 0 | 1) =>
  call('PATCH', `/api/admin/tags/${tagId}/approval`, { isApproved });
const pendingTags = async () => (await call('GET', '/api/admin/tags/pending?limit=200')).json<AdminTag[]>();
const pendingLinks = async () =>
  (await call('GET', '/api/admin/activity-tags/pending?limit=200')).json<AdminActivityTag[]>();
const shownOn = async (activityId: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/activities/${activityId}/tags` })).json<Tag[]>().map((t) => t.name);
const linkRow = async (id: number) => (await ctx.db.select().from(activityTags).where(eq(activityTags.id, id)))[0];

describe('a new tag proposed on an activity', () => {
  it('waits as one proposal: the tag, naming the activity, and not again among the activity tags', async () => {
    const activityId = await createActivity(ctx.db, { name: 'Kaasmakerij' });
    const link = await propose(activityId, 'geitenkaas');
    const tag = (await pendingTags()).find((t) => t.name === 'geitenkaas');
    expect(tag).toMatchObject({ status: 'pending', proposedFor: [{ activityId, activityName: 'Kaasmakerij' }] });
    expect((await pendingLinks()).map((l) => l.id)).not.toContain(link.id);
  });

  it('is approved with one decision: the tag and its link to the activity, which then shows it', async () => {
    const activityId = await createActivity(ctx.db);
    const link = await propose(activityId, 'Zonnebloemen');
    expect(await shownOn(activityId)).not.toContain('zonnebloemen');

    const res = await decideTag(link.tagId, 1);
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminTag>()).toMatchObject({ status: 'approved', proposedFor: [], activityCount: 1 });
    expect(await shownOn(activityId)).toContain('zonnebloemen');
    expect(await linkRow(link.id)).toMatchObject({ status: 'approved', isApproved: true, moderatedBy: adminId });
    expect((await pendingTags()).map((t) => t.name)).not.toContain('zonnebloemen');
    expect((await pendingLinks()).map((l) => l.id)).not.toContain(link.id);
  });

  it('is rejected with one decision, and approving the tag after all brings its link back', async () => {
    const activityId = await createActivity(ctx.db);
    const link = await propose(activityId, 'nachtmarkt');
    expect((await decideTag(link.tagId, 0)).json<AdminTag>().status).toBe('rejected');
    expect(await linkRow(link.id)).toMatchObject({ status: 'rejected', isApproved: false, moderatedBy: adminId });
    expect((await pendingLinks()).map((l) => l.id)).not.toContain(link.id);

    expect((await decideTag(link.tagId, 1)).json<AdminTag>().status).toBe('approved');
    expect(await linkRow(link.id)).toMatchObject({ status: 'approved' });
    expect(await shownOn(activityId)).toContain('nachtmarkt');
  });

  it('decides every activity its proposer asked it for while it waited, and no one else’s', async () => {
    const [first, second, third] = [
      await createActivity(ctx.db),
      await createActivity(ctx.db),
      await createActivity(ctx.db),
    ];
    const own = await propose(first, 'kanovaren');
    const ownAgain = await propose(second, 'kanovaren');
    const someoneElse = await propose(third, 'kanovaren', otherCookie);
    expect((await pendingTags()).find((t) => t.name === 'kanovaren')?.proposedFor.map((a) => a.activityId)).toEqual([
      first,
      second,
    ]);
    // Another person's proposal of the waiting tag is theirs: decided on its own, marked as such.
    expect((await pendingLinks()).find((l) => l.id === someoneElse.id)).toMatchObject({ tagStatus: 'pending' });

    await decideTag(own.tagId, 1);
    expect(await shownOn(first)).toContain('kanovaren');
    expect(await shownOn(second)).toContain('kanovaren');
    expect(await shownOn(third)).not.toContain('kanovaren');
    expect((await pendingLinks()).find((l) => l.id === someoneElse.id)).toMatchObject({
      status: 'pending',
      tagStatus: 'approved',
    });
    expect((await linkRow(ownAgain.id))?.status).toBe('approved');
  });

  it('counts as one of the proposals a person may have waiting', async () => {
    const eager = await createUser(ctx.db, { roleChosenAt: new Date() });
    const cookie = await sessionCookieFor(ctx.db, eager.id);
    await ctx.db
      .insert(tags)
      .values(
        Array.from({ length: MAX_PENDING_PROPOSALS - 2 }, (_, i) => ({ name: `veel-${i}`, proposedBy: eager.id })),
      );
    await propose(await createActivity(ctx.db), 'druivenpluk', cookie);
    // The tag and its link were one: there is room for one more.
    expect((await call('POST', '/api/tags', { name: 'nog-een' }, cookie)).statusCode).toBe(201);
    expect((await call('POST', '/api/tags', { name: 'te-veel' }, cookie)).json()).toMatchObject({
      code: 'TOO_MANY_PENDING',
    });
  });
});

describe('an approved tag proposed on an activity', () => {
  it('is one decision too: the activity tag, which the tag’s own decisions leave alone', async () => {
    const activityId = await createActivity(ctx.db);
    const wandelen = await createTag(ctx.db, 'bergwandelen');
    const link = await propose(activityId, 'bergwandelen');
    expect(link).toMatchObject({ status: 'pending', tagStatus: 'approved' });
    expect((await pendingLinks()).map((l) => l.id)).toContain(link.id);
    expect((await pendingTags()).map((t) => t.name)).not.toContain('bergwandelen');

    const res = await call('PATCH', `/api/admin/activity-tags/${link.id}/approval`, { isApproved: 1 });
    expect(res.json()).toMatchObject({ status: 'approved' });
    expect(await shownOn(activityId)).toContain('bergwandelen');

    // Taking the tag away everywhere hides it; approving it again shows it where it was.
    await decideTag(wandelen.id, 0);
    expect(await shownOn(activityId)).not.toContain('bergwandelen');
    expect((await linkRow(link.id))?.status).toBe('approved');
    await decideTag(wandelen.id, 1);
    expect(await shownOn(activityId)).toContain('bergwandelen');
  });

  it('leaves a link an admin rejected on its own rejected when its tag is approved after all', async () => {
    const activityId = await createActivity(ctx.db);
    const link = await propose(activityId, 'paardrijden');
    // Decided on its own first (the API allows it), then the tag rejected and approved after all.
    await call('PATCH', `/api/admin/activity-tags/${link.id}/approval`, { isApproved: 0 });
    await decideTag(link.tagId, 0);
    await decideTag(link.tagId, 1);
    expect((await linkRow(link.id))?.status).toBe('rejected');
    expect(await shownOn(activityId)).not.toContain('paardrijden');
  });
});
