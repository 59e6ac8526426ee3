import { randomBytes } from 'node:crypto';
import { sign } from '@fastify/cookie';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema/index.js';
import { sessionKey } from '../modules/auth/session-store.js';
import { SESSION_COOKIE } from '../plugins/auth.js';
import { testConfig } from './test-app.js';

/**
 * A logged-in session for `userId`, written where the app keeps sessions,
 * and the signed cookie that carries it: what a real login leaves behind.
 */
export async function sessionCookieFor(db: Db, userId: string): Promise<string> {
  const secret = testConfig().auth.sessionSecret;
  if (!secret) throw new Error('tests need a session secret');
  const sid = randomBytes(24).toString('base64url');
  const expires = new Date(Date.now() + 60 * 60 * 1000);
  await db.insert(sessions).values({
    sid: sessionKey(secret, sid),
    expire: expires,
    sess: {
      cookie: {
        originalMaxAge: 3_600_000,
        expires: expires.toISOString(),
        httpOnly: true,
        path: '/api',
        sameSite: 'lax',
      },
      userId,
    },
  });
  return `${SESSION_COOKIE}=${sign(sid, secret)}`;
}

/** Same-origin headers for a write from the app's own pages. */
export const sameOrigin = { origin: 'http://localhost:5000' };
