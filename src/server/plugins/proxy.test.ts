import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './auth.js';
import { authorizeAt, type OidcStandIn, startOidcStandIn } from '../test/oidc-stand-in.js';
import { useTestApp } from '../test/test-app.js';

/**
 * Behind the TLS proxy of a deployment (TRUST_PROXY): the Secure cookie is
 * set, rate limits count the client the proxy names, and the cross-site
 * check compares the scheme the visitor used (docs/deployment.md).
 */
const PUBLIC_URL = 'https://discoverlocal.example';
const PROXY = '10.0.0.2';

let idp: OidcStandIn;
beforeAll(async () => {
  idp = await startOidcStandIn({
    clientId: 'dl',
    clientSecret: 'proxy-secret',
    redirectUri: `${PUBLIC_URL}/api/callback`,
  });
});
afterAll(async () => idp?.close());

const secureEnv = {
  PUBLIC_URL,
  SESSION_SECRET: 'proxy-test-session-secret-0123456789abcdef',
  DEMO_LOGIN: 'true',
  DEMO_LOGIN_ON_PUBLIC_URL: 'true',
};

const viaProxy = (client: string, extra: Record<string, string> = {}) => ({
  remoteAddress: PROXY,
  headers: { 'x-forwarded-for': client, 'x-forwarded-proto': 'https', host: 'discoverlocal.example', ...extra },
});

const cookieOf = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie.join('\n') : (setCookie ?? '')).match(
    new RegExp(`${SESSION_COOKIE}=[^;]+`),
  )?.[0];

describe('behind a trusted proxy (TRUST_PROXY=10.0.0.0/8)', () => {
  const ctx = useTestApp(() => ({
    env: {
      ...secureEnv,
      TRUST_PROXY: '10.0.0.0/8',
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: 'dl',
      OIDC_CLIENT_SECRET: 'proxy-secret',
    },
  }));

  it('logs in through OpenID Connect with a Secure cookie, the visitor having used https', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/login', ...viaProxy('203.0.113.10') });
    expect(start.statusCode).toBe(302);
    const header = String(start.headers['set-cookie']);
    expect(header).toMatch(/Secure/);
    const back = await authorizeAt(String(start.headers.location), 'proxied');
    const done = await ctx.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      ...viaProxy('203.0.113.10', { cookie: cookieOf(start.headers['set-cookie']) ?? '' }),
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/role-selection');
    expect(String(done.headers['set-cookie'])).toMatch(/Secure/);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      ...viaProxy('203.0.113.10', { cookie: cookieOf(done.headers['set-cookie']) ?? '' }),
    });
    expect(me.json()).toMatchObject({ email: 'proxied@example.com' });
  });

  it('sets no cookie on a request that reached the proxy over plain http', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/demo/login/visitor',
      ...viaProxy('203.0.113.11', { 'x-forwarded-proto': 'http' }),
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('counts logins per client, not per proxy: one client is limited, the next is not', async () => {
    const login = (client: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/demo/login/visitor', ...viaProxy(client) });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await login('198.51.100.20')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await login('198.51.100.21')).statusCode).toBe(200);
    // An IPv6 client is counted by its /64: another address in it is the same client.
    for (let i = 0; i < 20; i++) await login(`2001:db8:aa:bb::${i + 1}`);
    expect((await login('2001:db8:aa:bb:1234::1')).statusCode).toBe(429);
    expect((await login('2001:db8:aa:cc::1')).statusCode).toBe(200);
  });

  it('ignores what an untrusted address claims to forward for', async () => {
    const login = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/demo/login/visitor',
        remoteAddress: '192.0.2.50',
        headers: { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` },
      });
    for (let i = 0; i < 20; i++) await login();
    expect((await login()).statusCode).toBe(429);
  });

  it('accepts a write from our https pages and refuses one from an http page on the same host', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/demo/login/visitor', ...viaProxy('203.0.113.12') });
    const cookie = cookieOf(res.headers['set-cookie']) ?? '';
    const write = (origin: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/tags',
        payload: { name: `proxy-${origin.length}` },
        ...viaProxy('203.0.113.12', { cookie, origin }),
      });
    expect((await write('http://discoverlocal.example')).statusCode).toBe(403);
    expect((await write('https://discoverlocal.example')).statusCode).toBe(201);
  });
});

describe('without TRUST_PROXY', () => {
  const ctx = useTestApp(() => ({ env: secureEnv }));

  it('trusts no forwarded header: the scheme stays http, so no Secure cookie is sent', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/demo/login/visitor', ...viaProxy('203.0.113.30') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('the cross-site check without a proxy', () => {
  const ctx = useTestApp();

  it('compares the scheme too: an https page is not our http origin', async () => {
    const login = await ctx.app.inject({ method: 'POST', url: '/api/demo/login/visitor', remoteAddress: '10.5.5.5' });
    const cookie = cookieOf(login.headers['set-cookie']) ?? '';
    const write = (origin: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/tags',
        payload: { name: `scheme-${origin.startsWith('https') ? 's' : 'p'}` },
        headers: { cookie, origin, host: 'localhost:5000' },
      });
    expect((await write('https://localhost:5000')).statusCode).toBe(403);
    expect((await write('http://localhost:5000')).statusCode).toBe(201);
  });
});
