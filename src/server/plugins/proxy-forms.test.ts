import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './auth.js';
import { authorizeAt, type OidcStandIn, startOidcStandIn } from '../test/oidc-stand-in.js';
import { type Answer, requestFrom, startReverseProxy } from '../test/reverse-proxy.js';
import { useTestApp } from '../test/test-app.js';

/**
 * Every form of TRUST_PROXY the README and docs/deployment.md offer, behind
 * a real proxy over real TCP connections: visitors connect (from loopback
 * addresses of their own) to a proxy that forwards to the listening app from
 * 127.0.0.1 with X-Forwarded-For and X-Forwarded-Proto: https. Each form
 * logs in with a Secure cookie (demo portal and OpenID Connect), counts the
 * login limit per visitor, and lets the cross-site check see https.
 */
const PUBLIC_URL = 'https://discoverlocal.example';
const HOST = 'discoverlocal.example';

let idp: OidcStandIn;
beforeAll(async () => {
  idp = await startOidcStandIn({
    clientId: 'dl',
    clientSecret: 'hop-secret',
    redirectUri: `${PUBLIC_URL}/api/callback`,
  });
});
afterAll(async () => idp?.close());

const cookieOf = (answer: Answer) =>
  (answer.headers['set-cookie'] ?? []).join('\n').match(new RegExp(`${SESSION_COOKIE}=[^;]+`))?.[0] ?? '';

describe.each(['1', '2', '127.0.0.1', '127.0.0.1/32', 'loopback', '127.0.0.1, ::1'])('TRUST_PROXY=%s', (form) => {
  const ctx = useTestApp(() => ({
    env: {
      PUBLIC_URL,
      SESSION_SECRET: 'proxy-forms-session-secret-0123456789abcdef',
      DEMO_LOGIN: 'true',
      DEMO_LOGIN_ON_PUBLIC_URL: 'true',
      TRUST_PROXY: form,
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: 'dl',
      OIDC_CLIENT_SECRET: 'hop-secret',
    },
  }));
  let proxy: Awaited<ReturnType<typeof startReverseProxy>>;
  /** A request from the visitor at `from`, through the proxy. */
  const visit = (from: string, options: Parameters<typeof requestFrom>[2]) =>
    requestFrom(from, proxy.port, { ...options, headers: { host: HOST, ...options.headers } });

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    proxy = await startReverseProxy(typeof address === 'object' && address ? address.port : 0);
    // Two proxies in a row for the hop count of two: the visitor reaches the first.
    if (form === '2') {
      const inner = proxy;
      const outer = await startReverseProxy(inner.port);
      proxy = { port: outer.port, close: async () => (await outer.close(), inner.close()) };
    }
  });
  afterAll(async () => proxy?.close());

  it('logs in on the demo portal with a Secure cookie that then works', async () => {
    const login = await visit('127.0.0.2', { method: 'POST', path: '/api/demo/login/visitor' });
    expect(login.status, login.body).toBe(200);
    expect(String(login.headers['set-cookie'])).toMatch(/; Secure/);
    const me = await visit('127.0.0.2', { path: '/api/auth/user', headers: { cookie: cookieOf(login) } });
    expect(me.status).toBe(200);
  });

  it('logs in through OpenID Connect: the state cookie and the session are both set', async () => {
    const start = await visit('127.0.0.6', { path: '/api/login' });
    expect(start.status).toBe(302);
    expect(String(start.headers['set-cookie'])).toMatch(/; Secure/);
    const back = await authorizeAt(String(start.headers.location), 'hopper');
    const done = await visit('127.0.0.6', {
      path: `${back.pathname}${back.search}`,
      headers: { cookie: cookieOf(start) },
    });
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/role-selection');
    const me = await visit('127.0.0.6', { path: '/api/auth/user', headers: { cookie: cookieOf(done) } });
    expect(JSON.parse(me.body)).toMatchObject({ email: 'hopper@example.com' });
  });

  it('counts the login limit per visitor, not for the proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await visit('127.0.0.3', { method: 'POST', path: '/api/demo/login/visitor' })).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await visit('127.0.0.4', { method: 'POST', path: '/api/demo/login/visitor' })).status).toBe(200);
  });

  it('sees https: a write from our https page passes the cross-site check, one from http does not', async () => {
    const cookie = cookieOf(await visit('127.0.0.5', { method: 'POST', path: '/api/demo/login/visitor' }));
    const write = (origin: string) =>
      visit('127.0.0.5', {
        method: 'POST',
        path: '/api/tags',
        headers: { cookie, origin },
        body: { name: `hop ${form.length}${origin.length}` },
      });
    expect((await write(`http://${HOST}`)).status).toBe(403);
    expect((await write(`https://${HOST}`)).status).toBe(201);
  });
});
