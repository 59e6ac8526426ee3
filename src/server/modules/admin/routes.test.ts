import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, PendingProvider } from '../../../domain/admin.js';
import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE } from '../../../domain/pagination.js';
import { type AdminActivityTag, type AdminTag, MAX_PENDING_PROPOSALS, type Tag } from '../../../domain/tags.js';
import { activityTags, providers, tags, users } from '../../db/schema/index.js';
import { createActivity, createTag, createUser, tagActivity } from '../../test/factories.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();
let adminId: string;
let adminCookie: string;
let visitorCookie: string;

beforeAll(async () => {
  const admin = await createUser(ctx.db, { role: 'admin', isApproved: true, roleChosenAt: new Date() });
  adminId = admin.id;
  adminCookie = await sessionCookieFor(ctx.db, admin.id);
  const visitor = await createUser(ctx.db, { roleChosenAt: new Date() });
  visitorCookie = await sessionCookieFor(ctx.db, visitor.id);
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, cookie = adminCookie) =>
  ctx.app.inject({ method, url, headers: { cookie, ...sameOrigin }, ...(payload ? { payload } : {}) });

async function applicant(company = 'Domaine Test') {
  const user = await createUser(ctx.db, { role: 'provider', roleChosenAt: new Date(), company });
  const [provider] = await ctx.db
    .insert(providers)
    .values({
      userId: user.id,
      name: 'Jeanne',
      email: user.email ?? 'x@example.com',
      company,
      phone: '0102030405',
      address: 'Limoux',
    })
    .returning();
  if (!provider) throw new Error('no provider');
  return { user, provider };
}

describe('providers', () => {
  it('lists pending applications with the details the admin panel shows', async () => {
    const { provider } = await applicant('Caves du Razès');
    const res = await call('GET', '/api/admin/providers/pending');
    expect(res.statusCode).toBe(200);
    expect(res.json<PendingProvider[]>().find((p) => p.id === provider.id)).toMatchObject({
      name: 'Jeanne',
      company: 'Caves du Razès',
      phone: '0102030405',
      address: 'Limoux',
      role: 'provider',
      status: 'pending',
    });
  });

  it('approves: the application and the account are approved, and it leaves the pending list', async () => {
    const { user, provider } = await applicant();
    const res = await call('POST', `/api/admin/providers/${provider.id}/approve`);
    expect(res.json()).toEqual({ id: provider.id, status: 'approved' });
    const [account] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(account?.isApproved).toBe(true);
    const [row] = await ctx.db.select().from(providers).where(eq(providers.id, provider.id));
    expect(row).toMatchObject({ status: 'approved', isApproved: true, moderatedBy: adminId });
    const pending = await call('GET', '/api/admin/providers/pending');
    expect(pending.json<PendingProvider[]>().some((p) => p.id === provider.id)).toBe(false);
  });

  it('rejects: the account stays unapproved and the application is marked rejected', async () => {
    const { user, provider } = await applicant();
    expect((await call('POST', `/api/admin/providers/${provider.id}/reject`)).json()).toEqual({
      id: provider.id,
      status: 'rejected',
    });
    const [account] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(account?.isApproved).toBe(false);
  });

  it('pages the pending applications newest first, the total in X-Total-Count and the next page in Link', async () => {
    for (let i = 0; i < 5; i++) await applicant(`Paged ${i}`);
    const all = await call('GET', `/api/admin/providers/pending?limit=${LIST_MAX_PAGE_SIZE}`);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe(all.json<PendingProvider[]>().length);
    expect(total).toBeGreaterThanOrEqual(5);
    const ids = all.json<PendingProvider[]>().map((p) => p.id);
    // Newest first, the later id first when two were made in the same moment.
    const byAge = [...all.json<PendingProvider[]>()].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
    );
    expect(ids).toEqual(byAge.map((p) => p.id));
    const first = await call('GET', '/api/admin/providers/pending?limit=2');
    expect(first.json<PendingProvider[]>().map((p) => p.id)).toEqual(ids.slice(0, 2));
    expect(first.headers['x-total-count']).toBe(String(total));
    expect(first.headers.link).toBe('</api/admin/providers/pending?limit=2&offset=2>; rel="next"');
    const seen: number[] = [];
    for (let offset = 0; offset < total; offset += 2) {
      const page = await call('GET', `/api/admin/providers/pending?limit=2&offset=${offset}`);
      seen.push(...page.json<PendingProvider[]>().map((p) => p.id));
    }
    expect(seen).toEqual(ids);
    for (const bad of ['limit=0', 'limit=201', 'offset=-1', 'status=pending']) {
      expect((await call('GET', `/api/admin/providers/pending?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('answers 404 for a missing provider and 400 for a bad id', async () => {
    expect((await call('POST', '/api/admin/providers/999999/approve')).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/providers/abc/approve')).statusCode).toBe(400);
  });
});

describe('users and roles', () => {
  it('lists users with role and approval', async () => {
    const res = await call('GET', `/api/admin/users?limit=${LIST_MAX_PAGE_SIZE}`);
    expect(res.statusCode).toBe(200);
    const list = res.json<AdminUser[]>();
    expect(list.find((u) => u.id === adminId)).toMatchObject({ role: 'admin', isApproved: true });
  });

  it('pages the users newest first, the total in X-Total-Count and the next page in Link', async () => {
    // More than a default page of users, as thousands of OpenID Connect logins make.
    const base = Date.parse('2030-01-01T00:00:00Z');
    await ctx.db.insert(users).values(
      Array.from({ length: LIST_PAGE_SIZE + 5 }, (_, i) => ({
        email: `paged-user-${i}@example.com`,
        firstName: 'Paged',
        lastName: `User ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(users);
    const first = await call('GET', '/api/admin/users');
    expect(first.statusCode).toBe(200);
    expect(first.json<AdminUser[]>()).toHaveLength(LIST_PAGE_SIZE);
    expect(first.headers['x-total-count']).toBe(String(n));
    expect(first.headers.link).toBe(`</api/admin/users?offset=${LIST_PAGE_SIZE}>; rel="next"`);
    // Newest first: the last one made leads.
    expect(first.json<AdminUser[]>()[0]?.email).toBe(`paged-user-${LIST_PAGE_SIZE + 4}@example.com`);
    const seen: string[] = [];
    for (let offset = 0; offset < n; offset += 7) {
      const page = await call('GET', `/api/admin/users?limit=7&offset=${offset}`);
      seen.push(...page.json<AdminUser[]>().map((u) => u.id));
    }
    expect(new Set(seen).size).toBe(n);
    expect(seen).toHaveLength(n);
    const last = await call('GET', `/api/admin/users?limit=7&offset=${n - 2}`);
    expect(last.json<AdminUser[]>()).toHaveLength(2);
    expect(last.headers.link).toBeUndefined();
  });

  it('finds users by every word of a search in their name, e-mail address or company, whatever the case', async () => {
    const ada = await createUser(ctx.db, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@engine.example' });
    const grace = await createUser(ctx.db, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@navy.example',
      company: 'Compilers 100% Inc_',
    });
    const found = async (search: string) => {
      const res = await call('GET', `/api/admin/users?search=${encodeURIComponent(search)}`);
      expect(res.statusCode, search).toBe(200);
      expect(res.headers['x-total-count'], search).toBe(String(res.json<AdminUser[]>().length));
      return res.json<AdminUser[]>().map((u) => u.id);
    };
    expect(await found('ada')).toEqual([ada.id]);
    expect(await found('  LOVELACE   ada ')).toEqual([ada.id]);
    expect(await found('navy.example')).toEqual([grace.id]);
    expect(await found('compilers')).toEqual([grace.id]);
    // A wildcard of SQL's LIKE is a character like any other.
    expect(await found('100%')).toEqual([grace.id]);
    expect(await found('c_')).toEqual([grace.id]);
    expect(await found('%')).toEqual([grace.id]);
    expect(await found('ada hopper')).toEqual([]);
    // An empty search is no search.
    const all = await call('GET', '/api/admin/users?search=%20&limit=1');
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(2);
  });

  it('shows the paging and the search in the OpenAPI document', async () => {
    const spec = (await ctx.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    }>();
    const query = (path: string) =>
      (spec.paths[path]?.get?.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort();
    expect(query('/api/admin/users')).toEqual(['limit', 'offset', 'search']);
    expect(query('/api/admin/providers/pending')).toEqual(['limit', 'offset']);
    expect(query('/api/activities/{id}/reviews')).toEqual(['limit', 'offset']);
  });

  it.each(['limit=0', 'limit=201', 'offset=-1', 'offset=x', 'page=2', `search=${'x'.repeat(101)}`])(
    'refuses the users query %s with a 400',
    async (query) => {
      const res = await call('GET', `/api/admin/users?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    },
  );

  it('changes a role; a user made provider by an admin is approved at once', async () => {
    const user = await createUser(ctx.db, { roleChosenAt: new Date() });
    const res = await call('POST', `/api/admin/users/${user.id}/role`, { role: 'provider' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminUser>()).toMatchObject({ role: 'provider', isApproved: true, providerStatus: 'approved' });
    const back = await call('POST', `/api/admin/users/${user.id}/role`, { role: 'visitor' });
    expect(back.json<AdminUser>()).toMatchObject({ role: 'visitor', isApproved: false });
  });

  it('never demotes the last admin', async () => {
    const others = await ctx.db.select().from(users).where(eq(users.role, 'admin'));
    expect(others.map((u) => u.id)).toEqual([adminId]);
    const res = await call('POST', `/api/admin/users/${adminId}/role`, { role: 'visitor' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/last admin/);
    const [still] = await ctx.db.select().from(users).where(eq(users.id, adminId));
    expect(still?.role).toBe('admin');
    // With a second admin, the first may step down.
    const second = await createUser(ctx.db, { roleChosenAt: new Date() });
    expect((await call('POST', `/api/admin/users/${second.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    const secondCookie = await sessionCookieFor(ctx.db, second.id);
    expect((await call('POST', `/api/admin/users/${adminId}/role`, { role: 'visitor' }, secondCookie)).statusCode).toBe(
      200,
    );
    expect(
      (await call('POST', `/api/admin/users/${second.id}/role`, { role: 'visitor' }, secondCookie)).statusCode,
    ).toBe(409);
    expect((await call('POST', `/api/admin/users/${adminId}/role`, { role: 'admin' }, secondCookie)).statusCode).toBe(
      200,
    );
  });

  it.each([
    [{ role: 'superuser' }, 'role'],
    [{}, 'role'],
    [{ role: 'admin', x: 1 }, 'x'],
  ])('refuses the body %j', async (body, field) => {
    const user = await createUser(ctx.db);
    const res = await call('POST', `/api/admin/users/${user.id}/role`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(field);
  });

  it('refuses a user id that is not a UUID (400) and answers 404 for one that is unknown', async () => {
    expect((await call('POST', '/api/admin/users/42/role', { role: 'admin' })).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/role', { role: 'admin' })).statusCode,
    ).toBe(404);
  });
});

describe('tags', () => {
  let activityId: number;
  beforeAll(async () => {
    activityId = await createActivity(ctx.db);
  });

  it('lets a logged-in user propose a tag, stored pending in its normal form', async () => {
    const res = await call('POST', '/api/tags', { name: '  Lokaal Eten  Bio ' }, visitorCookie);
    expect(res.statusCode).toBe(201);
    expect(res.json<Tag>()).toMatchObject({ name: 'lokaal-eten-bio', isApproved: false });
    const pending = await call('GET', '/api/admin/tags/pending');
    expect(pending.json<AdminTag[]>().map((t) => t.name)).toContain('lokaal-eten-bio');
    const publicTags = await ctx.app.inject({ method: 'GET', url: '/api/tags' });
    expect(publicTags.json<Tag[]>().map((t) => t.name)).not.toContain('lokaal-eten-bio');
  });

  it.each([
    [{ name: '' }, 'at least 2'],
    [{ name: '   ' }, 'at least 2'],
    [{ name: 'a' }, 'at least 2'],
    [{ name: 'x'.repeat(41) }, 'at most 40'],
    [{ name: 'wijn!' }, 'letters, digits'],
    [{ name: "'; drop table tags; --" }, 'letters, digits'],
    [{}, 'name'],
    [{ name: 12 }, 'name'],
  ])('refuses the proposal %j clearly', async (body, text) => {
    const res = await call('POST', '/api/tags', body, visitorCookie);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(text);
  });

  it('refuses a duplicate with a 409, whatever its state', async () => {
    await createTag(ctx.db, 'al-bekend', 'rejected');
    const res = await call('POST', '/api/tags', { name: 'Al Bekend' }, visitorCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toContain('already exists');
  });

  it('proposes a tag for an activity: new tag and link both pending; twice is a 409; hidden activities are 404', async () => {
    const res = await call('POST', `/api/activities/${activityId}/tags`, { name: 'Fietsen' }, visitorCookie);
    expect(res.statusCode).toBe(201);
    expect(res.json<AdminActivityTag>()).toMatchObject({ tagName: 'fietsen', status: 'pending', tagStatus: 'pending' });
    expect(
      (await call('POST', `/api/activities/${activityId}/tags`, { name: 'fietsen' }, visitorCookie)).statusCode,
    ).toBe(409);
    const hidden = await createActivity(ctx.db, { isApproved: false });
    expect((await call('POST', `/api/activities/${hidden}/tags`, { name: 'fietsen' }, visitorCookie)).statusCode).toBe(
      404,
    );
    // One proposal for the admin: the new tag, naming the activity (docs/moderation.md#tags-and-activity-tags).
    const pending = await call('GET', '/api/admin/tags/pending?limit=200');
    expect(pending.json<AdminTag[]>().find((t) => t.name === 'fietsen')).toMatchObject({
      proposedFor: [{ activityId }],
    });
  });

  it('approves, rejects and re-approves a tag; approval takes 0/1 or booleans', async () => {
    const tag = await createTag(ctx.db, 'zonsondergang', 'pending');
    const approve = await call('PATCH', `/api/admin/tags/${tag.id}/approval`, { isApproved: 1 });
    expect(approve.json<AdminTag>()).toMatchObject({ status: 'approved', isApproved: true });
    const reject = await call('PATCH', `/api/admin/tags/${tag.id}/approval`, { isApproved: false });
    expect(reject.json<AdminTag>()).toMatchObject({ status: 'rejected', isApproved: false });
    const [row] = await ctx.db.select().from(tags).where(eq(tags.id, tag.id));
    expect(row?.moderatedBy).toBe(adminId);
    const again = await call('PATCH', `/api/admin/tags/${tag.id}/approval`, { isApproved: true });
    expect(again.json<AdminTag>().status).toBe('approved');
    expect((await call('PATCH', `/api/admin/tags/${tag.id}/approval`, { isApproved: 2 })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/tags/${tag.id}/approval`, { isApproved: 'yes' })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/admin/tags/999999/approval', { isApproved: 1 })).statusCode).toBe(404);
  });

  it('approves an activity tag so that it shows on the activity once its tag is approved too', async () => {
    const link = (
      await call('POST', `/api/activities/${activityId}/tags`, { name: 'avondmarkt' }, visitorCookie)
    ).json<AdminActivityTag>();
    expect(
      (await call('PATCH', `/api/admin/activity-tags/${link.id}/approval`, { isApproved: 1 })).json(),
    ).toMatchObject({
      status: 'approved',
    });
    const before = await ctx.app.inject({ method: 'GET', url: `/api/activities/${activityId}/tags` });
    expect(before.json<Tag[]>().map((t) => t.name)).not.toContain('avondmarkt');
    await call('PATCH', `/api/admin/tags/${link.tagId}/approval`, { isApproved: 1 });
    const after = await ctx.app.inject({ method: 'GET', url: `/api/activities/${activityId}/tags` });
    expect(after.json<Tag[]>().map((t) => t.name)).toContain('avondmarkt');
    const [row] = await ctx.db.select().from(activityTags).where(eq(activityTags.id, link.id));
    expect(row?.moderatedBy).toBe(adminId);
  });
});

describe('tag proposals against abuse, and the admin lists in pages', () => {
  it('caps the proposals one person may have waiting, and refuses the next with its own code', async () => {
    const eager = await createUser(ctx.db, { roleChosenAt: new Date() });
    const cookie = await sessionCookieFor(ctx.db, eager.id);
    await ctx.db
      .insert(tags)
      .values(Array.from({ length: MAX_PENDING_PROPOSALS }, (_, i) => ({ name: `cap-${i}`, proposedBy: eager.id })));
    const res = await call('POST', '/api/tags', { name: 'one-too-many' }, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_PENDING' });
    const link = await call(
      'POST',
      `/api/activities/${await createActivity(ctx.db)}/tags`,
      { name: 'cap-link' },
      cookie,
    );
    expect(link.json()).toMatchObject({ code: 'TOO_MANY_PENDING' });
    expect(await ctx.db.select().from(tags).where(eq(tags.name, 'one-too-many'))).toHaveLength(0);
    // Once an admin has decided one, there is room again.
    const [first] = await ctx.db.select().from(tags).where(eq(tags.name, 'cap-0'));
    await call('PATCH', `/api/admin/tags/${first?.id}/approval`, { isApproved: 0 });
    expect((await call('POST', '/api/tags', { name: 'one-too-many' }, cookie)).statusCode).toBe(201);
  });

  it('limits how fast one account proposes, whatever address it comes from', async () => {
    const quick = await createUser(ctx.db, { roleChosenAt: new Date() });
    const cookie = await sessionCookieFor(ctx.db, quick.id);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/tags',
        headers: { cookie, ...sameOrigin },
        remoteAddress: `192.0.2.${i + 1}`,
        payload: { name: `snel-${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another account is not held back by it.
    const other = await sessionCookieFor(ctx.db, (await createUser(ctx.db, { roleChosenAt: new Date() })).id);
    expect((await call('POST', '/api/tags', { name: 'ander-account' }, other)).statusCode).toBe(201);
  });

  it('pages the admin lists with limit and offset, the total in X-Total-Count and the next page in Link', async () => {
    await ctx.db.insert(tags).values(Array.from({ length: 7 }, (_, i) => ({ name: `paged-${i}` })));
    const all = await call('GET', '/api/admin/tags/pending?limit=200');
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe(all.json<AdminTag[]>().length);
    const first = await call('GET', '/api/admin/tags/pending?limit=3');
    expect(first.json<AdminTag[]>()).toHaveLength(3);
    expect(first.headers['x-total-count']).toBe(String(total));
    expect(first.headers.link).toBe('</api/admin/tags/pending?limit=3&offset=3>; rel="next"');
    const last = await call('GET', `/api/admin/tags/pending?limit=3&offset=${total - 2}`);
    expect(last.json<AdminTag[]>()).toHaveLength(2);
    expect(last.headers.link).toBeUndefined();
    const seen = new Set<number>();
    for (let offset = 0; offset < total; offset += 4) {
      for (const tag of (await call('GET', `/api/admin/tags/pending?limit=4&offset=${offset}`)).json<AdminTag[]>())
        seen.add(tag.id);
    }
    expect(seen.size).toBe(total);
    const approved = await call('GET', '/api/admin/tags?status=approved&limit=1');
    expect(approved.json<AdminTag[]>().every((t) => t.status === 'approved')).toBe(true);
    await tagActivity(ctx.db, await createActivity(ctx.db), (await createTag(ctx.db, 'paged-link')).id, false);
    await tagActivity(ctx.db, await createActivity(ctx.db), (await createTag(ctx.db, 'paged-link-2')).id, false);
    const links = await call('GET', '/api/admin/activity-tags/pending?limit=1');
    expect(links.json<AdminActivityTag[]>()).toHaveLength(1);
    expect(Number(links.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    for (const bad of ['limit=0', 'limit=201', 'offset=-1', 'status=maybe', 'page=2']) {
      expect((await call('GET', `/api/admin/tags?${bad}`)).statusCode, bad).toBe(400);
    }
  });
});
