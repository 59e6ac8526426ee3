import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tags } from '../../db/schema/index.js';
import { createActivity, createTag, tagActivity } from '../../test/factories.js';
import { getJson } from '../../test/http.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

/** The read model's version once every committed change has reached it. */
async function settledVersion() {
  await ctx.app.deps.catalog.sync();
  return ctx.app.deps.catalog.version;
}

describe('the read model follows the tags (docs/read-model.md#keeping-it-current)', () => {
  it('is not rebuilt for a proposal, nor for a statement that changes no row', async () => {
    const before = await settledVersion();
    const proposal = await createTag(ctx.db, 'proposal-only', 'pending');
    await ctx.db.update(tags).set({ name: 'nothing-changes' }).where(eq(tags.id, 2_000_000));
    expect(await settledVersion()).toBe(before);

    // Approving it is a change the public sees: the model is patched and lists the tag.
    await ctx.db.update(tags).set({ status: 'approved', isApproved: true }).where(eq(tags.id, proposal.id));
    expect(await settledVersion()).toBeGreaterThan(before);
    const listed = await getJson<{ name: string }[]>(ctx.app, '/api/tags');
    expect(listed.body.map((t) => t.name)).toContain('proposal-only');
  });

  it('is patched when an approved tag is renamed or removed', async () => {
    const tag = await createTag(ctx.db, 'old-name', 'approved');
    const before = await settledVersion();
    await ctx.db.update(tags).set({ name: 'new-name' }).where(eq(tags.id, tag.id));
    const renamed = await settledVersion();
    expect(renamed).toBeGreaterThan(before);
    await ctx.db.delete(tags).where(eq(tags.id, tag.id));
    expect(await settledVersion()).toBeGreaterThan(renamed);
    const listed = await getJson<{ name: string }[]>(ctx.app, '/api/tags');
    expect(listed.body.map((t) => t.name)).not.toContain('new-name');
  });

  it('reads again only the activities carrying a tag that changes, never the whole catalogue', async () => {
    const tag = await createTag(ctx.db, 'patched-tag', 'pending');
    const carrying = await createActivity(ctx.db, { name: 'Carries the tag' });
    const other = await createActivity(ctx.db, { name: 'Carries no tag' });
    await tagActivity(ctx.db, carrying, tag.id);
    const second = await createActivity(ctx.db, { name: 'Carries the tag too' });
    await tagActivity(ctx.db, second, tag.id);
    const wholeReads = ctx.app.deps.catalog.wholeReads;
    const tagsOf = async (id: number) =>
      (await getJson<{ tags: string[] }>(ctx.app, `/api/activities/${id}`)).body.tags;
    expect(await tagsOf(carrying)).toEqual([]);

    const before = await settledVersion();
    await ctx.db.update(tags).set({ status: 'approved', isApproved: true }).where(eq(tags.id, tag.id));
    // The transaction's notifications (the tags, then each activity carrying it) make one batch.
    expect(await settledVersion()).toBe(before + 1);
    expect(await tagsOf(carrying)).toEqual(['patched-tag']);
    const filtered = await getJson<{ id: number }[]>(ctx.app, '/api/activities?tags=patched-tag');
    expect(filtered.body.map((a) => a.id).sort()).toEqual([carrying, second].sort());

    await ctx.db.update(tags).set({ name: 'patched-renamed' }).where(eq(tags.id, tag.id));
    await settledVersion();
    expect(await tagsOf(carrying)).toEqual(['patched-renamed']);
    const found = await getJson<{ id: number }[]>(ctx.app, '/api/activities?search=patched-renamed');
    expect(found.body.map((a) => a.id).sort()).toEqual([carrying, second].sort());

    await ctx.db.update(tags).set({ status: 'rejected', isApproved: false }).where(eq(tags.id, tag.id));
    await settledVersion();
    expect(await tagsOf(carrying)).toEqual([]);
    expect(await tagsOf(other)).toEqual([]);
    const listed = await getJson<{ name: string }[]>(ctx.app, '/api/tags');
    expect(listed.body.map((t) => t.name)).not.toContain('patched-renamed');
    expect(ctx.app.deps.catalog.wholeReads).toBe(wholeReads);
  });
});
