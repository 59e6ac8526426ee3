import { signerFactory } from '@fastify/cookie';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DbSessionStore } from '../modules/auth/session-store.js';
import { createActivity, createUser } from '../test/factories.js';
import { sameOrigin, sessionCookieFor } from '../test/sessions.js';
import { useTestApp } from '../test/test-app.js';
import { SESSION_COOKIE } from './auth.js';

/**
 * A request without the session cookie does no session work (docs/benchmarks.md): no lookup in the
 * store, no session made (a new session's id is signed at once, so no signing either), no cookie.
 */
const ctx = useTestApp();
let activityId = 0;

function watchSessions() {
  const signer = signerFactory as unknown as { prototype: { sign(value: string): string } };
  return {
    get: vi.spyOn(DbSessionStore.prototype, 'get'),
    set: vi.spyOn(DbSessionStore.prototype, 'set'),
    destroy: vi.spyOn(DbSessionStore.prototype, 'destroy'),
    sign: vi.spyOn(signer.prototype, 'sign'),
  };
}

beforeAll(async () => {
  activityId = await createActivity(ctx.db);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a request without a session cookie', () => {
  it('reads the public API without any session work and gets no cookie', async () => {
    const spies = watchSessions();
    for (const url of [
      '/api/activities?limit=12',
      `/api/activities/${activityId}`,
      '/api/activities?search=test',
      '/api/tags',
      '/api/auth/session',
      '/api/no-such-route',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(url.includes('no-such') ? 500 : 300);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    expect(spies.get).not.toHaveBeenCalled();
    expect(spies.set).not.toHaveBeenCalled();
    expect(spies.destroy).not.toHaveBeenCalled();
    expect(spies.sign).not.toHaveBeenCalled();
  });

  it('is still refused where a login is needed', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('can log out (nothing to end) and comes back from the identity provider to the login page', async () => {
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: sameOrigin });
    expect(logout.statusCode).toBe(204);
    const callback = await ctx.app.inject({ method: 'GET', url: '/api/callback?code=x&state=y' });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login?error=login_failed');
  });

  it('starts a session where a route logs in', async () => {
    const spies = watchSessions();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/demo/login/visitor', headers: sameOrigin });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=`);
    expect(spies.set).toHaveBeenCalled();
  });
});

describe('a request with a session cookie', () => {
  it('is recognised, with one lookup of its session', async () => {
    const user = await createUser(ctx.db, { role: 'provider', roleChosenAt: new Date() });
    const cookie = await sessionCookieFor(ctx.db, user.id);
    const spies = watchSessions();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(res.json()).toMatchObject({ user: { id: user.id, role: 'provider' } });
    expect(spies.get).toHaveBeenCalledTimes(1);
    expect(res.headers['set-cookie']).toBeUndefined();
    // A public read with the cookie still knows who asks (and looks the session up once).
    const read = await ctx.app.inject({ method: 'GET', url: `/api/activities/${activityId}`, headers: { cookie } });
    expect(read.statusCode).toBe(200);
    expect(spies.get).toHaveBeenCalledTimes(2);
  });

  it('naming no live session is treated as anonymous and not cleared', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `${SESSION_COOKIE}=forged.signature` },
    });
    expect(res.json()).toEqual({ user: null });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
