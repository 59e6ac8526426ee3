import { beforeAll, describe, expect, it } from 'vitest';
import type { Tag } from '../../../domain/tags.js';
import { createActivity, createTag, tagActivity } from '../../test/factories.js';
import { getJson } from '../../test/http.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();
const ids = {} as Record<'visible' | 'hidden', number>;

beforeAll(async () => {
  const db = ctx.db;
  ids.visible = await createActivity(db);
  ids.hidden = await createActivity(db, { isApproved: false });
  const wijn = await createTag(db, 'wijn');
  const gratis = await createTag(db, 'gratis');
  const honden = await createTag(db, 'honden-toegestaan', 'pending');
  const insta = await createTag(db, 'instagrammable', 'rejected');
  await tagActivity(db, ids.visible, wijn.id);
  await tagActivity(db, ids.visible, gratis.id, false);
  await tagActivity(db, ids.visible, honden.id);
  await tagActivity(db, ids.visible, insta.id);
  await tagActivity(db, ids.hidden, wijn.id);
});

describe('GET /api/tags', () => {
  it('lists approved tags only, by name', async () => {
    const res = await getJson<Tag[]>(ctx.app, '/api/tags');
    expect(res.status).toBe(200);
    expect(res.body.map((t) => t.name)).toEqual(['gratis', 'wijn']);
    expect(res.body.every((t) => t.isApproved === true)).toBe(true);
    expect(Object.keys(res.body[0] ?? {}).sort()).toEqual(['description', 'id', 'isApproved', 'name']);
  });
});

describe('GET /api/activities/:id/tags', () => {
  it('lists only approved tags linked by an approved activity tag', async () => {
    const res = await getJson<Tag[]>(ctx.app, `/api/activities/${ids.visible}/tags`);
    expect(res.status).toBe(200);
    expect(res.body.map((t) => t.name)).toEqual(['wijn']);
  });

  it('is a 404 for a hidden or missing activity and a 400 for a bad id', async () => {
    expect((await getJson(ctx.app, `/api/activities/${ids.hidden}/tags`)).status).toBe(404);
    expect((await getJson(ctx.app, '/api/activities/424242/tags')).body).toMatchObject({
      message: 'Activity not found',
    });
    expect((await getJson(ctx.app, '/api/activities/abc/tags')).status).toBe(400);
  });
});
