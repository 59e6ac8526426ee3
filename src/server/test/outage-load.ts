import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../app.js';
import { type Db, queryRows } from '../db/client.js';
import type { Mailer, MailMessage } from '../modules/mail/mailer.js';
import { sendScheduledMails } from '../modules/bookings/service.js';
import { checkLapsedSponsorships, endExpiredSponsorships } from '../modules/sponsorships/service.js';
import { sameOrigin } from './sessions.js';

/**
 * A mixed load for the outage tests (docs/testing.md#outages): public reads, bookings (each queues
 * its mails), a logged-in read, outbox rounds and the hourly jobs (sponsorships, scheduled mails), drawn from a seeded
 * generator so that the moments of a failing run can be told and tried again.
 */

/** mulberry32: a small seeded generator. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A mail server that takes 0-20 ms a mail and counts what it was handed, by recipient. */
export function countingMailer(random: () => number): Mailer & { sent: Map<string, number> } {
  const sent = new Map<string, number>();
  return {
    sent,
    send: async (message: MailMessage) => {
      await sleep(Math.floor(random() * 21));
      sent.set(message.to, (sent.get(message.to) ?? 0) + 1);
    },
    close: () => undefined,
  };
}

/** The team's address: the tests' activity has no provider, so the team hears of each booking. */
export const TEAM_EMAIL = 'team@example.com';

export interface MixedLoad {
  /** Bookings answered 201: id and the guest's address. */
  acknowledged: Map<number, string>;
  /** A new guest's booking request, from an address of its own (the limit counts per client). */
  booking(): InjectOptions;
  /** Sends `request` and notes a 201 in `acknowledged`. */
  book(request?: InjectOptions): Promise<{ statusCode: number; body: string }>;
  /** `workers` clients sending requests one after another until `stop.now`; rejects on a wrong answer. */
  run(workers: number, stop: { now: boolean }): Promise<void>;
  between(low: number, high: number): number;
}

export function mixedLoad(options: {
  app: () => App;
  activityId: number;
  cookie: string;
  random: () => number;
  /** Tells the guests of this run apart from others on the same database. */
  tag: string;
}): MixedLoad {
  const { random, tag } = options;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const acknowledged = new Map<number, string>();
  let guests = 0;

  const booking = (): InjectOptions => {
    guests++;
    return {
      method: 'POST',
      url: '/api/bookings',
      headers: { ...sameOrigin, 'idempotency-key': `outage-${tag}-${guests}` },
      remoteAddress: `10.${(guests >> 16) & 255}.${(guests >> 8) & 255}.${guests & 255}`,
      payload: {
        activityId: options.activityId,
        customerName: `Gast ${guests}`,
        customerEmail: `guest-${tag}-${guests}@example.com`,
        bookingDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      },
    };
  };

  const book = async (request = booking()) => {
    const res = await options.app().inject(request);
    if (res.statusCode === 201) {
      acknowledged.set(res.json<{ id: number }>().id, (request.payload as { customerEmail: string }).customerEmail);
    }
    return res;
  };

  async function oneStep(): Promise<void> {
    const app = options.app();
    const kind = between(0, 9);
    if (kind <= 3) {
      const id = options.activityId;
      const reads = ['/api/activities', `/api/activities/${id}`, '/api/activities?search=cavayere', '/api/stats'];
      const url = reads[kind] ?? '/api/activities';
      const res = await app.inject({ url });
      if (res.statusCode !== 200) throw new Error(`public read ${url} answered ${res.statusCode}: ${res.body}`);
    } else if (kind <= 6) {
      const res = await book();
      if (res.statusCode !== 201 && res.statusCode !== 503) {
        throw new Error(`booking answered ${res.statusCode}: ${res.body}`);
      }
    } else if (kind === 7) {
      const res = await app.inject({ url: '/api/auth/user', headers: { cookie: options.cookie } });
      if (res.statusCode !== 200 && res.statusCode !== 503) throw new Error(`/api/auth/user: ${res.statusCode}`);
    } else if (kind === 8) {
      await app.deps.outbox.runOnce();
    } else {
      // The hourly jobs as server.ts runs them: a failure goes to the log there.
      await Promise.all([
        endExpiredSponsorships(app.deps),
        checkLapsedSponsorships(app.deps),
        sendScheduledMails(app.deps),
      ]).catch(() => undefined);
    }
  }

  return {
    acknowledged,
    booking,
    book,
    between,
    run(workers, stop) {
      const one = async () => {
        while (!stop.now) {
          await oneStep();
          await sleep(between(0, 5));
        }
      };
      return Promise.all(Array.from({ length: workers }, one)).then(() => undefined);
    },
  };
}

/**
 * Nothing half-written: each booking has its guest's mail and the team's in the outbox (they are
 * written in one transaction with it), and every booking answered 201 is there.
 */
export async function expectNothingHalfWritten(db: Db, acknowledged: Map<number, string>, where: string) {
  const rows = await queryRows<{ id: number; mails: number }>(
    db,
    sql`select b.id, (select count(*) from outbox o where o.payload->>'to' = b.customer_email)::int as mails
        from bookings b`,
  );
  for (const row of rows) expect(row.mails, `${where}: booking ${row.id}'s guest mails`).toBe(1);
  const ids = new Set(rows.map((r) => r.id));
  for (const id of acknowledged.keys()) expect(ids.has(id), `${where}: acknowledged booking ${id}`).toBe(true);
  const [team] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from outbox where payload->>'to' = ${TEAM_EMAIL}`,
  );
  expect(team?.n, `${where}: one team mail per booking`).toBe(rows.length);
}
