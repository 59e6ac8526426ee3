import type { SessionStore } from '@fastify/session';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Session } from 'fastify';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';

const DEFAULT_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Sessions in the `sessions` table (DECISIONS 15): app servers keep no state of their own. */
export class DbSessionStore implements SessionStore {
  constructor(private readonly db: Db) {}

  get(sid: string, callback: (err: unknown, result?: Session | null) => void): void {
    this.db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(and(eq(sessions.sid, sid), gt(sessions.expire, new Date())))
      .then(([row]) => callback(null, (row?.sess as Session | undefined) ?? null), callback);
  }

  set(sid: string, session: Session, callback: (err?: unknown) => void): void {
    const expires = session.cookie?.expires ? new Date(session.cookie.expires) : new Date(Date.now() + DEFAULT_TTL_MS);
    this.db
      .insert(sessions)
      .values({ sid, sess: session, expire: expires })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess: session, expire: expires } })
      .then(() => callback(), callback);
  }

  destroy(sid: string, callback: (err?: unknown) => void): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback(), callback);
  }

  /** Removes expired sessions; returns how many. */
  async prune(now = new Date()): Promise<number> {
    const removed = await this.db.delete(sessions).where(lt(sessions.expire, now)).returning({ sid: sessions.sid });
    return removed.length;
  }
}
