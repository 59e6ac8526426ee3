import { createHmac } from 'node:crypto';
import type { SessionStore } from '@fastify/session';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Session } from 'fastify';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';

const DEFAULT_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The key a session is stored under: a keyed hash of its id, so that a copy
 * of the sessions table (a backup, a leak) logs nobody in (docs/security.md).
 */
export function sessionKey(secret: string, sid: string): string {
  return createHmac('sha256', secret).update(sid).digest('base64url');
}

/** Sessions in the `sessions` table (docs/accounts.md): app servers keep no state of their own. */
export class DbSessionStore implements SessionStore {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  private key(sid: string): string {
    return sessionKey(this.secret, sid);
  }

  get(sid: string, callback: (err: unknown, result?: Session | null) => void): void {
    this.db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(and(eq(sessions.sid, this.key(sid)), gt(sessions.expire, new Date())))
      .then(([row]) => callback(null, (row?.sess as Session | undefined) ?? null), callback);
  }

  set(sid: string, session: Session, callback: (err?: unknown) => void): void {
    const expires = session.cookie?.expires ? new Date(session.cookie.expires) : new Date(Date.now() + DEFAULT_TTL_MS);
    this.db
      .insert(sessions)
      .values({ sid: this.key(sid), sess: session, expire: expires })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess: session, expire: expires } })
      .then(() => callback(), callback);
  }

  destroy(sid: string, callback: (err?: unknown) => void): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, this.key(sid)))
      .then(() => callback(), callback);
  }

  /** Removes expired sessions; returns how many. */
  async prune(now = new Date()): Promise<number> {
    const removed = await this.db.delete(sessions).where(lt(sessions.expire, now)).returning({ sid: sessions.sid });
    return removed.length;
  }
}
