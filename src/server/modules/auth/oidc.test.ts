import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../domain/auth.js';
import { users } from '../../db/schema/index.js';
import { SESSION_COOKIE } from '../../plugins/auth.js';
import { authorizeAt, type OidcStandIn, startOidcStandIn } from '../../test/oidc-stand-in.js';
import { sameOrigin } from '../../test/sessions.js';
import { useTestApp } from '../../test/test-app.js';

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

const sessionCookie = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie.join('\n') : (setCookie ?? '')).match(
    new RegExp(`${SESSION_COOKIE}=[^;]+`),
  )?.[0];

/** GET /api/login as a browser: the redirect to the provider and the login session cookie. */
async function startLogin(returnTo?: string) {
  const url = returnTo ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : '/api/login';
  const res = await ctx.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  const cookie = sessionCookie(res.headers['set-cookie']);
  expect(cookie).toBeDefined();
  return { location, cookie: cookie as string };
}

async function callback(callbackUrl: URL, cookie: string | undefined) {
  return ctx.app.inject({
    method: 'GET',
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    headers: cookie ? { cookie } : {},
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
