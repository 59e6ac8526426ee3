import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../domain/auth.js';
import { sessions, users } from '../../db/schema/index.js';
import { SESSION_COOKIE } from '../../plugins/auth.js';
import { authorizeAt, type OidcStandIn, startOidcStandIn } from '../../test/oidc-stand-in.js';
import { sameOrigin } from '../../test/sessions.js';
import { testConfig, useTestApp } from '../../test/test-app.js';
import { sessionKey } from './session-store.js';

const PUBLIC_URL = 'http://localhost:5000';
let idp: OidcStandIn;

beforeAll(async () => {
  idp = await startOidcStandIn({
    clientId: 'discoverlocal',
    clientSecret: 'stand-in-secret',
    redirectUri: `${PUBLIC_URL}/api/callback`,
  });
});
afterAll(async () => idp?.close());

const ctx = useTestApp(() => ({
  env: {
    PUBLIC_URL,
    OIDC_ISSUER_URL: idp.issuer,
    OIDC_CLIENT_ID: 'discoverlocal',
    OIDC_CLIENT_SECRET: 'stand-in-secret',
  },
}));

/** Each request from its own address: these tests are about the flow, not the per-address limit. */
let addressCount = 0;
const nextAddress = () => `10.77.${Math.floor(++addressCount / 250)}.${addressCount % 250}`;

const sessionCookie = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie.join('\n') : (setCookie ?? '')).match(
    new RegExp(`${SESSION_COOKIE}=[^;]+`),
  )?.[0];

/** GET /api/login as a browser: the redirect to the provider and the login session cookie. */
async function startLogin(returnTo?: string) {
  const url = returnTo ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : '/api/login';
  const res = await ctx.app.inject({ method: 'GET', url, remoteAddress: nextAddress() });
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  const cookie = sessionCookie(res.headers['set-cookie']);
  expect(cookie).toBeDefined();
  return { location, cookie: cookie as string };
}

/** GET /api/login, and when its cookie expires. */
async function startLoginWithExpiry() {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/login', remoteAddress: nextAddress() });
  const header = String(res.headers['set-cookie']);
  return {
    cookie: sessionCookie(res.headers['set-cookie']),
    expires: Date.parse(/Expires=([^;]+)/i.exec(header)?.[1] ?? ''),
  };
}

async function callback(callbackUrl: URL, cookie: string | undefined) {
  return ctx.app.inject({
    method: 'GET',
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    headers: cookie ? { cookie } : {},
    remoteAddress: nextAddress(),
  });
}

async function me(cookie: string | undefined) {
  return ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });
}

describe('OpenID Connect login', () => {
  it('sends the browser to the provider with PKCE (S256), state and nonce, and the redirect URI from PUBLIC_URL', async () => {
    const { location } = await startLogin();
    const url = new URL(location);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/callback`);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });

  it('creates a new user from the claims, rotates the session, and sends them to role selection', async () => {
    const { location, cookie } = await startLogin();
    const back = await authorizeAt(location, 'marie');
    const res = await callback(back, cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/role-selection');
    const loggedIn = sessionCookie(res.headers['set-cookie']);
    expect(loggedIn).toBeDefined();
    expect(loggedIn).not.toBe(cookie);
    const user = (await me(loggedIn)).json<AuthUser>();
    expect(user).toMatchObject({
      email: 'marie@example.com',
      firstName: 'Marie',
      lastName: 'Test',
      role: 'visitor',
      roleChosen: false,
    });
    // The pre-login session is gone: it cannot be replayed.
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('recognises a returning user (same account, no duplicate) and sends them home once their role is chosen', async () => {
    const first = await startLogin();
    const firstCookie = sessionCookie(
      (await callback(await authorizeAt(first.location, 'tom'), first.cookie)).headers['set-cookie'],
    );
    const firstUser = (await me(firstCookie)).json<AuthUser>();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/role',
      headers: { cookie: firstCookie as string, ...sameOrigin },
      payload: { role: 'visitor' },
    });

    const again = await startLogin();
    const res = await callback(await authorizeAt(again.location, 'tom'), again.cookie);
    expect(res.headers.location).toBe('/');
    // A login started from a page comes back to it.
    const fromPage = await startLogin('/activity/3?lng=fr');
    const back = await callback(await authorizeAt(fromPage.location, 'tom'), fromPage.cookie);
    expect(back.headers.location).toBe('/activity/3?lng=fr');
    const secondUser = (await me(sessionCookie(res.headers['set-cookie']))).json<AuthUser>();
    expect(secondUser.id).toBe(firstUser.id);
    expect(secondUser.roleChosen).toBe(true);
    const rows = await ctx.db.select().from(users).where(eq(users.email, 'tom@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('links a verified e-mail to an account made beforehand (e.g. by npm run admin), and does not trust an unverified one', async () => {
    await ctx.db
      .insert(users)
      .values({ email: 'boss@example.com', role: 'admin', isApproved: true, roleChosenAt: new Date() });
    const login = await startLogin();
    const res = await callback(await authorizeAt(login.location, 'boss'), login.cookie);
    expect((await me(sessionCookie(res.headers['set-cookie']))).json<AuthUser>()).toMatchObject({
      role: 'admin',
      email: 'boss@example.com',
    });

    await ctx.db.insert(users).values({ email: 'unverified-eve@example.com', role: 'admin', roleChosenAt: new Date() });
    const eve = await startLogin();
    const eveRes = await callback(await authorizeAt(eve.location, 'unverified-eve'), eve.cookie);
    const eveUser = (await me(sessionCookie(eveRes.headers['set-cookie']))).json<AuthUser>();
    expect(eveUser).toMatchObject({ role: 'visitor', email: null });
  });

  it('never stores an unverified e-mail on a returning login, nor one that another account holds', async () => {
    const first = await startLogin();
    const firstRes = await callback(await authorizeAt(first.location, 'dana'), first.cookie);
    const dana = (await me(sessionCookie(firstRes.headers['set-cookie']))).json<AuthUser>();
    expect(dana.email).toBe('dana@example.com');
    // The provider now says an admin's address is Dana's, unverified: nothing changes.
    await ctx.db.insert(users).values({ email: 'Chief@Example.com', emailVerified: true, role: 'admin' });
    idp.setClaims('dana', { email: 'chief@example.com', email_verified: false });
    const again = await startLogin();
    await callback(await authorizeAt(again.location, 'dana'), again.cookie);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, dana.id));
    expect(row).toMatchObject({ email: 'dana@example.com', emailVerified: true, role: 'visitor' });
    // Verified, but the address (in another case) belongs to another account: still not taken.
    idp.setClaims('dana', { email: 'CHIEF@example.com', email_verified: true });
    const third = await startLogin();
    await callback(await authorizeAt(third.location, 'dana'), third.cookie);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, dana.id));
    expect(after).toMatchObject({ email: 'dana@example.com', role: 'visitor' });
    const chiefs = await ctx.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'chief@example.com'`);
    expect(chiefs).toHaveLength(1);
    expect(chiefs[0]?.oidcSubject).toBeNull();
    // A new verified address of one's own is taken.
    idp.setClaims('dana', { email: 'dana.new@example.com', email_verified: true });
    const fourth = await startLogin();
    await callback(await authorizeAt(fourth.location, 'dana'), fourth.cookie);
    const [moved] = await ctx.db.select().from(users).where(eq(users.id, dana.id));
    expect(moved).toMatchObject({ email: 'dana.new@example.com', emailVerified: true });
  });

  it('refuses a second account with the same e-mail in another case (unique whatever the case)', async () => {
    await ctx.db.insert(users).values({ email: 'case@example.com' });
    await expect(ctx.db.insert(users).values({ email: 'CASE@Example.COM' })).rejects.toThrow();
  });

  it('cuts a name longer than the table keeps instead of failing the login', async () => {
    const long = `l${'o'.repeat(149)}ng`;
    const login = await startLogin();
    const res = await callback(await authorizeAt(login.location, long), login.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/role-selection');
    const user = (await me(sessionCookie(res.headers['set-cookie']))).json<AuthUser>();
    expect(user.firstName).toHaveLength(100);
    expect(user.firstName?.startsWith('Loooo')).toBe(true);
  });

  it('logs in with control characters in the claims: stripped from names, a strange e-mail or picture dropped', async () => {
    idp.setClaims('zero', {
      given_name: 'Ze\u0000ro\u001b[31m',
      family_name: 'Null\tByte\u0085',
      email: 'zero\u0000@example.com',
      picture: 'https://img.example/\u0000.png',
    });
    const login = await startLogin();
    const res = await callback(await authorizeAt(login.location, 'zero'), login.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/role-selection');
    const user = (await me(sessionCookie(res.headers['set-cookie']))).json<AuthUser>();
    expect([user.firstName, user.lastName, user.email]).toEqual(['Zero[31m', 'Null Byte', null]);
    const [row] = await ctx.db.select().from(users).where(eq(users.oidcSubject, 'zero'));
    expect(row?.profileImageUrl).toBeNull();
  });

  it('refuses a subject holding a control character, and ends any failure after the provider at the login page', async () => {
    const login = await startLogin();
    const res = await callback(await authorizeAt(login.location, 'bell\u0007'), login.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=login_failed');

    // Whatever fails once the provider has answered (here the database refuses the user) is no 500.
    await ctx.db.execute(sql`
      create function refuse_doomed() returns trigger language plpgsql as $$
      begin
        if new.first_name = 'Doomed' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await ctx.db.execute(
      sql`create trigger refuse_doomed before insert on users for each row execute function refuse_doomed()`,
    );
    try {
      const doomed = await startLogin();
      const failed = await callback(await authorizeAt(doomed.location, 'doomed'), doomed.cookie);
      expect(failed.statusCode).toBe(302);
      expect(failed.headers.location).toBe('/login?error=login_failed');
      expect((await me(sessionCookie(failed.headers['set-cookie']) ?? doomed.cookie)).statusCode).toBe(401);
    } finally {
      await ctx.db.execute(sql`drop trigger refuse_doomed on users`);
      await ctx.db.execute(sql`drop function refuse_doomed()`);
    }
  });

  it('gives the login under way a session of minutes, and the logged-in user one of a month', async () => {
    const { cookie, expires } = await startLoginWithExpiry();
    const inMinutes = (expires - Date.now()) / 60_000;
    expect(inMinutes).toBeGreaterThan(8);
    expect(inMinutes).toBeLessThanOrEqual(10);
    // The session row ends when the cookie does (stored under the keyed hash of its id).
    const sid = decodeURIComponent(String(cookie).split('=')[1] ?? '').split('.')[0] ?? '';
    const secret = testConfig().auth.sessionSecret ?? '';
    const [stored] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sessionKey(secret, sid)));
    expect(Math.abs((stored?.expire.getTime() ?? 0) - expires)).toBeLessThan(2000);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.sid, sid))).toHaveLength(0);
    const login = await startLogin();
    const res = await callback(await authorizeAt(login.location, 'monthly'), login.cookie);
    const setCookie = String(res.headers['set-cookie']);
    const days = (Date.parse(/Expires=([^;]+)/i.exec(setCookie)?.[1] ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(cookie).toBeDefined();
  });

  it('comes back to a path with any characters, percent-encoded, and never to the API', async () => {
    const login = await startLogin('/zoek?q=château 城');
    const res = await callback(await authorizeAt(login.location, 'tom'), login.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/zoek?q=ch%C3%A2teau%20%E5%9F%8E');
    for (const sneaky of ['/./api/logout', '/x/../api/logout', '/%2e/api/logout']) {
      const refused = await ctx.app.inject({ method: 'GET', url: `/api/login?returnTo=${encodeURIComponent(sneaky)}` });
      expect(refused.statusCode, sneaky).toBe(400);
    }
  });

  it('refuses a tampered state: no login, back to the login page with an error', async () => {
    const { location, cookie } = await startLogin();
    const back = await authorizeAt(location, 'mallory');
    back.searchParams.set('state', 'forged-state');
    const res = await callback(back, cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=login_failed');
    expect((await me(sessionCookie(res.headers['set-cookie']) ?? cookie)).statusCode).toBe(401);
    const rows = await ctx.db.select().from(users).where(eq(users.email, 'mallory@example.com'));
    expect(rows).toHaveLength(0);
  });

  it('refuses a callback without a login under way (missing state), and a failed callback from the provider', async () => {
    const back = await authorizeAt((await startLogin()).location, 'nina');
    const noSession = await callback(back, undefined);
    expect(noSession.headers.location).toBe('/login?error=login_failed');

    const { cookie } = await startLogin();
    const denied = new URL(
      `${PUBLIC_URL}/api/callback?error=access_denied&error_description=User+cancelled&state=whatever`,
    );
    const res = await callback(denied, cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=login_failed');
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('OpenID Connect provider down', () => {
  const down = useTestApp(() => ({
    env: {
      PUBLIC_URL,
      OIDC_ISSUER_URL: 'http://127.0.0.1:9/',
      OIDC_CLIENT_ID: 'x',
      OIDC_CLIENT_SECRET: 'y',
      OUTSIDE_TIMEOUT_MS: '500',
    },
  }));

  it('sends the browser back to the login page with a clear error instead of failing', async () => {
    const res = await down.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=provider_unavailable');
  });
});
