import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../domain/auth.js';
import { providers, sessions, users } from '../../db/schema/index.js';
import { SESSION_COOKIE } from '../../plugins/auth.js';
import { createUser } from '../../test/factories.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { testConfig, useTestApp } from '../../test/test-app.js';
import { sign } from '@fastify/cookie';

const ctx = useTestApp();

const sessionCount = async () => (await ctx.db.select({ n: count() }).from(sessions))[0]?.n ?? 0;
const cookieOf = (setCookie: string | string[] | undefined) => {
  const header = Array.isArray(setCookie) ? setCookie.join('\n') : (setCookie ?? '');
  return header.match(new RegExp(`${SESSION_COOKIE}=[^;]+`))?.[0];
};

describe('anonymous visitors', () => {
  it('get no session, no cookie and cause no database write on public reads', async () => {
    const before = await sessionCount();
    for (const url of ['/api/activities', '/api/tags', '/api/stats', '/api/auth/user']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    expect(await sessionCount()).toBe(before);
  });

  it('get a 401 from /api/auth/user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('get a 200 with no user from /api/auth/session, with no cookie and nothing cached', async () => {
    const before = await sessionCount();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await sessionCount()).toBe(before);
  });
});

describe('who is logged in', () => {
  it('is the same user from /api/auth/session and /api/auth/user, and neither answer is kept by a cache', async () => {
    const user = await createUser(ctx.db, { role: 'provider', roleChosenAt: new Date() });
    const cookie = await sessionCookieFor(ctx.db, user.id);
    const session = await ctx.app.inject({ url: '/api/auth/session', headers: { cookie } });
    const me = await ctx.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: me.json() });
    expect(me.json<AuthUser>()).toMatchObject({ id: user.id, role: 'provider' });
    expect(session.headers['cache-control']).toBe('no-store');
    // Every route that needs a login is personal: no-store unless it says otherwise.
    expect(me.headers['cache-control']).toBe('no-store');
  });
});

describe('demo login', () => {
  it('logs in as the demo admin with an HttpOnly SameSite=Lax cookie and a session in the database', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/demo/login/admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AuthUser>()).toMatchObject({ email: 'admin@discoverlocal.test', role: 'admin', roleChosen: true });
    const header = String(res.headers['set-cookie']);
    expect(header).toContain(`${SESSION_COOKIE}=`);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).not.toMatch(/Secure/i);
    // Only the API reads the session: pages and assets never carry the cookie.
    expect(header).toMatch(/Path=\/api(;|$)/);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: cookieOf(res.headers['set-cookie']) },
    });
    expect(me.json<AuthUser>().role).toBe('admin');
  });

  it('gives a new session id at login (rotation), and logout destroys it', async () => {
    const visitor = await createUser(ctx.db, { roleChosenAt: new Date() });
    const before = await sessionCookieFor(ctx.db, visitor.id);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/demo/login/provider',
      headers: { cookie: before, ...sameOrigin },
    });
    const after = cookieOf(login.headers['set-cookie']);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    // The old session no longer logs anyone in, and a late request still
    // carrying it must not tell the browser to drop the new cookie.
    const late = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: before } });
    expect(late.statusCode).toBe(401);
    expect(late.headers['set-cookie']).toBeUndefined();
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: after } });
    expect(me.json<AuthUser>()).toMatchObject({ role: 'provider', isApproved: true, providerStatus: 'approved' });

    // A link cannot log anyone out: only a POST, from our own pages.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: after } })).statusCode).toBe(
      404,
    );
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: after, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: after } })).statusCode,
    ).toBe(200);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: after, ...sameOrigin },
    });
    expect(logout.statusCode).toBe(204);
    // The browser is told to drop the cookie, not only the server its session.
    expect(String(logout.headers['set-cookie'])).toMatch(
      new RegExp(`${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`, 'i'),
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: after } })).statusCode,
    ).toBe(401);
  });

  it('answers a cookie that names no live session as anonymous, without touching the cookie or the database', async () => {
    const known = await sessionCookieFor(ctx.db, (await createUser(ctx.db, { roleChosenAt: new Date() })).id);
    const [name, value = ''] = known.split('=');
    const forged = `${name}=${value.slice(0, -3)}abc`;
    const unknown = `${name}=nosuchsession.${value.split('.')[1]}`;
    const before = await sessionCount();
    for (const cookie of [forged, unknown, `${name}=garbage`]) {
      for (const url of ['/api/auth/user', '/api/activities?limit=1']) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode, `${url} with ${cookie}`).toBe(url === '/api/auth/user' ? 401 : 200);
        expect(res.headers['set-cookie'], `${url} with ${cookie}`).toBeUndefined();
      }
    }
    expect(await sessionCount()).toBe(before);
  });

  it('keeps session ids only as keyed hashes: the sessions table logs nobody in', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/demo/login/visitor', remoteAddress: '10.1.1.1' });
    const cookie = cookieOf(res.headers['set-cookie']) ?? '';
    const sid = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(sid.length).toBeGreaterThan(20);
    const rows = await ctx.db.select({ sid: sessions.sid }).from(sessions);
    expect(rows.some((row) => row.sid === sid)).toBe(false);
    // Whoever copies a stored key into a cookie is nobody.
    const stolen = rows.at(-1)?.sid ?? '';
    const replay = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `${SESSION_COOKIE}=${sign(stolen, testConfig().auth.sessionSecret ?? '')}` },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses an unknown demo account', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/demo/login/root' })).statusCode).toBe(400);
  });
});

describe('demo login switched off', () => {
  const prod = useTestApp(() => ({ env: { DEMO_LOGIN: 'false' } }));
  it('is a 404', async () => {
    const res = await prod.app.inject({ method: 'POST', url: '/api/demo/login/admin' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
  it('sends /api/login to the demo portal when no identity provider is configured', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });
  it('passes the page to come back to on to the demo portal', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/api/login?returnTo=%2Factivity%2F3%3Flng%3Dfr' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?returnTo=%2Factivity%2F3%3Flng%3Dfr');
  });
  it.each(['//evil.example', 'https://evil.example/', '/api/logout', 'activity/3'])(
    'refuses to come back to %s',
    async (returnTo) => {
      const res = await prod.app.inject({ method: 'GET', url: `/api/login?returnTo=${encodeURIComponent(returnTo)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/returnTo.*path on this site/);
      expect(res.headers.location).toBeUndefined();
    },
  );
});

describe('POST /api/auth/role', () => {
  const choose = async (body: unknown, userId?: string) => {
    const user = userId ?? (await createUser(ctx.db, { roleChosenAt: null })).id;
    const cookie = await sessionCookieFor(ctx.db, user);
    return {
      user,
      res: await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/role',
        headers: { cookie, ...sameOrigin },
        payload: body as object,
      }),
    };
  };

  it('makes a visitor, once; the visitor may later apply once as a provider, and nothing else', async () => {
    const { user, res } = await choose({ role: 'visitor' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AuthUser>()).toMatchObject({ role: 'visitor', roleChosen: true });
    const visitorAgain = await choose({ role: 'visitor' }, user);
    expect(visitorAgain.res.statusCode).toBe(409);
    expect(visitorAgain.res.json()).toMatchObject({ code: 'ROLE_ALREADY_CHOSEN' });
    const applies = await choose({ role: 'provider', company: 'Plus tard SARL' }, user);
    expect(applies.res.statusCode).toBe(200);
    expect(applies.res.json<AuthUser>()).toMatchObject({
      role: 'provider',
      isApproved: false,
      providerStatus: 'pending',
    });
    const [row] = await ctx.db.select().from(providers).where(eq(providers.userId, user));
    expect(row).toMatchObject({ company: 'Plus tard SARL', status: 'pending' });
    // A provider, pending or not, chooses nothing any more.
    const again = await choose({ role: 'provider', company: 'X' }, user);
    expect(again.res.statusCode).toBe(409);
  });

  it('refuses a provider application from an account whose e-mail nobody verified', async () => {
    const user = await createUser(ctx.db, { roleChosenAt: null, emailVerified: false });
    const { res } = await choose({ role: 'provider', company: 'Unverified SARL' }, user.id);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('no verified e-mail address');
    expect(await ctx.db.select().from(providers).where(eq(providers.userId, user.id))).toHaveLength(0);
  });

  it('makes a pending provider with a company, and records the application', async () => {
    const { user, res } = await choose({
      role: 'provider',
      company: '  Les Caves  ',
      phone: '+33 4 68 00 00 00',
      address: 'Limoux',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AuthUser>()).toMatchObject({
      role: 'provider',
      isApproved: false,
      providerStatus: 'pending',
      company: 'Les Caves',
      // The booking dialog fills the account's phone in (docs/availability.md#what-the-guest-sees).
      phone: '+33 4 68 00 00 00',
    });
    const [row] = await ctx.db.select().from(providers).where(eq(providers.userId, user));
    expect(row).toMatchObject({ company: 'Les Caves', status: 'pending', isApproved: false });
  });

  it.each([
    [{ role: 'provider' }, 'company'],
    [{ role: 'provider', company: '   ' }, 'company'],
    [{ role: 'admin' }, 'role'],
    [{ role: 'provider', company: 'X', phone: 'call me' }, 'phone'],
    [{ role: 'provider', company: 'x'.repeat(201) }, 'company'],
    [{ role: 'visitor', extra: 1 }, 'extra'],
  ])('refuses %j, naming %s, and changes nothing', async (body, field) => {
    const { user, res } = await choose(body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(field);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user));
    expect(row?.roleChosenAt).toBeNull();
  });

  it('refuses a form post or a text body (JSON only)', async () => {
    const user = await createUser(ctx.db, { roleChosenAt: null });
    const cookie = await sessionCookieFor(ctx.db, user.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/role',
      headers: { cookie, ...sameOrigin, 'content-type': 'text/plain' },
      payload: '{"role":"visitor"}',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('cross-site protection', () => {
  it('refuses a cookie-authenticated write from another origin, or with no origin at all', async () => {
    const user = await createUser(ctx.db, { roleChosenAt: null });
    const cookie = await sessionCookieFor(ctx.db, user.id);
    for (const headers of [{ origin: 'https://evil.example' }, {}, { referer: 'https://evil.example/page' }]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/role',
        headers: { cookie, ...headers },
        payload: { role: 'visitor' },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.roleChosenAt).toBeNull();
    const same = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/role',
      headers: { cookie, referer: 'http://localhost:5000/role-selection' },
      payload: { role: 'visitor' },
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits demo logins per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push(
        (await ctx.app.inject({ method: 'POST', url: '/api/demo/login/visitor', remoteAddress: '10.9.8.7' }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 18).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
