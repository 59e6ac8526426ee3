import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';
import { systemClock } from '../../deps.js';
import { createTestDatabase } from '../../test/test-db.js';
import type { MailMessage } from './mailer.js';
import { createOutbox, enqueueMail } from './outbox.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A mail server that takes `ms` per mail and remembers what it received. */
function slowMailer(ms: number) {
  const received: string[] = [];
  return {
    received,
    send: async (message: MailMessage) => {
      await new Promise((r) => setTimeout(r, ms));
      received.push(message.messageId);
    },
    close: () => undefined,
  };
}

describe('the outbox at shutdown (docs/mail.md#never-lost-not-sent-twice)', () => {
  it('stops after the mail being sent, not after the backlog; the rest goes out after the restart, once each', async () => {
    const db = database.db;
    for (let i = 0; i < 60; i++) {
      await enqueueMail(
        db,
        { to: `guest${i}@example.com`, subject: 's', text: 't', html: 'h', messageId: `m${i}` },
        new Date(),
      );
    }
    const first = slowMailer(40);
    const worker = createOutbox({ db, mailer: first, clock: systemClock, log: quiet });
    worker.start(60_000);
    await new Promise((r) => setTimeout(r, 150));
    const asked = performance.now();
    await worker.stop();
    // Only the mail in hand is finished: the backlog, 60 x 40 ms, would take seconds.
    expect(performance.now() - asked).toBeLessThan(1000);
    expect(first.received.length).toBeGreaterThan(0);
    expect(first.received.length).toBeLessThan(60);
    const pending = await db.select().from(outbox).where(eq(outbox.status, 'pending'));
    expect(pending).toHaveLength(60 - first.received.length);

    const second = slowMailer(0);
    const restarted = createOutbox({ db, mailer: second, clock: systemClock, log: quiet });
    await restarted.runOnce();
    expect([...first.received, ...second.received].sort()).toEqual(
      Array.from({ length: 60 }, (_, i) => `m${i}`).sort(),
    );
  });
});
