import { and, asc, eq, isNull, lte, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';
import type { Clock } from '../../deps.js';
import type { Mailer, MailMessage } from './mailer.js';

/** A worker holds a row this long while it sends; after a crash another takes it over then. */
const LEASE_MS = 60_000;
/** First retry after 10 s, doubling, at most an hour apart. */
const FIRST_RETRY_MS = 10_000;
const MAX_RETRY_MS = 60 * 60 * 1000;
/** About three days of retries before a mail is given up (and logged as an error). */
export const MAX_MAIL_ATTEMPTS = 80;

export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Queues a mail in the same transaction as the change that causes it
 * (docs/mail.md): if the change commits, the mail is sent, however often the
 * mail server or this process fails; if it rolls back, no mail exists.
 */
export async function enqueueMail(tx: Db, message: MailMessage, now: Date): Promise<void> {
  await tx.insert(outbox).values({ kind: 'mail', payload: message, nextAttemptAt: now, createdAt: now });
}

export interface Outbox {
  /** Sends every mail that is due now, one after another; answers how many went out. */
  runOnce(): Promise<number>;
  /** Tells a started worker that new mail was committed. */
  notify(): void;
  /** Polls for due mail every `intervalMs` (the server process does; tests call runOnce). */
  start(intervalMs?: number): void;
  /**
   * Stops polling and waits for the mail being sent now, not for the rest of the round: a shutdown
   * after a busy hour does not wait for a backlog to drain (what is left goes out after the restart).
   */
  stop(): Promise<void>;
}

interface OutboxOptions {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export function createOutbox({ db, mailer, clock, log }: OutboxOptions): Outbox {
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let stopping = false;

  /** Takes the oldest due row for this worker (skipping rows another worker holds). */
  async function claim() {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(outbox)
        .where(
          and(
            eq(outbox.status, 'pending'),
            lte(outbox.nextAttemptAt, now),
            or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, now)),
          ),
        )
        .orderBy(asc(outbox.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return undefined;
      await tx
        .update(outbox)
        .set({ lockedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${outbox.attempts} + 1` })
        .where(eq(outbox.id, row.id));
      return { ...row, attempts: row.attempts + 1 };
    });
  }

  async function sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (stopping) return sent;
      const row = await claim();
      if (!row) return sent;
      const message = row.payload as MailMessage;
      try {
        await mailer.send(message);
        await db
          .update(outbox)
          .set({ status: 'sent', doneAt: clock.now(), lockedUntil: null, lastError: null })
          .where(eq(outbox.id, row.id));
        sent += 1;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const givenUp = row.attempts >= MAX_MAIL_ATTEMPTS;
        await db
          .update(outbox)
          .set({
            status: givenUp ? 'failed' : 'pending',
            lockedUntil: null,
            lastError: reason.slice(0, 1000),
            nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(row.attempts)),
          })
          .where(eq(outbox.id, row.id));
        // The row's id, never its recipient (docs/privacy.md#logs): the row says whom it is for.
        const details = { outboxId: row.id, attempts: row.attempts, err: reason };
        if (givenUp) log.error(details, 'mail given up after every retry');
        else log.warn(details, 'mail not sent; it will be tried again');
        // The mail server is down: the other due mails wait for the next round.
        return sent;
      }
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = sendDue()
      .catch((error: unknown) => {
        // The database is away: the mails are safe in the outbox, the next round sends them.
        log.warn({ err: error }, 'outbox round failed; it will run again');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  return {
    runOnce,
    notify: () => {
      if (timer) void runOnce();
    },
    start(intervalMs = 5000) {
      if (timer) return;
      stopping = false;
      timer = setInterval(() => void runOnce(), intervalMs);
      timer.unref();
      void runOnce();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      stopping = true;
      await running;
    },
  };
}
