import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../deps.js';
import { createActivity, createUser } from '../test/factories.js';
import { createProvider } from '../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../test/sessions.js';
import { type SmtpStandIn, startSmtpStandIn } from '../test/smtp-stand-in.js';
import { useTestApp } from '../test/test-app.js';
import { scrubLogLine, serializeError } from './log-redaction.js';

/**
 * Logs never hold personal data (docs/privacy.md#logs): real flows through HTTP, the log captured at
 * `debug`, and none of what a guest typed, nor the client's address, in any line.
 */
let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(async () => smtp?.close());

const lines: string[] = [];
const ctx = useTestApp(() => ({
  env: { LOG_LEVEL: 'debug', SMTP_URL: smtp.url, MAIL_FROM: 'DiscoverLocal <logs@discoverlocal.test>' },
  deps: {
    clock: fixedClock('2026-11-22T10:00:00Z'),
    logStream: { write: (line: string) => void lines.push(line) },
  },
}));

/** What the guest types, each value distinct enough to be found anywhere in a line. */
const GUEST = {
  customerName: 'Zoë Quintessa-Varga',
  customerEmail: 'zoe.quintessa@example.org',
  customerPhone: '+33 6 24 68 13 57',
  notes: 'allergic to hazelnuts, Quintessa',
};
const CLIENT_IP = '203.0.113.77';
const ADMIN_SEARCH = 'Quintessa';

const request = (options: InjectOptions & { headers?: Record<string, string> }) =>
  ctx.app.inject({ remoteAddress: CLIENT_IP, ...options, headers: { ...sameOrigin, ...options.headers } });

describe('the log of real flows (docs/privacy.md#logs)', () => {
  it('holds no name, address, phone, notes, link token or client address', async () => {
    const { provider } = await createProvider(ctx.db);
    const activityId = await createActivity(ctx.db, { bookingRequired: true, providerId: provider.id, price: 10 });
    const admin = await createUser(ctx.db, { role: 'admin', isApproved: true, roleChosenAt: new Date() });
    const adminCookie = await sessionCookieFor(ctx.db, admin.id);

    // A booking with every personal field, and its mails sent.
    const booked = await request({
      method: 'POST',
      url: '/api/bookings',
      payload: { activityId, bookingDate: '2026-12-05', numberOfPeople: 2, language: 'en', ...GUEST },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await ctx.app.deps.outbox.runOnce()).toBeGreaterThan(0);

    // A data request, its mail, and the download through the link; the link's page as a browser opens it.
    const asked = await request({
      method: 'POST',
      url: '/api/privacy/data-requests',
      payload: { email: GUEST.customerEmail, language: 'en' },
    });
    expect(asked.statusCode).toBe(202);
    await ctx.app.deps.outbox.runOnce();
    const mail = smtp.received.find((m) => m.parsed.subject === 'Your data on DiscoverLocal');
    const token = /\/privacy\/data\/([A-Za-z0-9_-]+)/.exec(mail?.parsed.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    await request({ method: 'GET', url: `/privacy/data/${token}`, headers: { accept: 'text/html' } });
    const downloaded = await request({ method: 'POST', url: '/api/privacy/data', payload: { token } });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.body).toContain(GUEST.notes);
    // Used again: a refusal, logged at info.
    expect((await request({ method: 'POST', url: '/api/privacy/data', payload: { token } })).statusCode).toBe(410);

    // Personal values in query strings: an admin's search among people, an address typed into a URL.
    await request({ method: 'GET', url: `/api/admin/users?search=${ADMIN_SEARCH}`, headers: { cookie: adminCookie } });
    await request({ method: 'GET', url: `/api/activities?email=${encodeURIComponent(GUEST.customerEmail)}` });

    // A mail that cannot be sent: the mail server is down.
    await smtp.stop();
    try {
      const again = await request({
        method: 'POST',
        url: '/api/privacy/data-requests',
        payload: { email: GUEST.customerEmail },
        remoteAddress: CLIENT_IP,
      });
      expect(again.statusCode).toBe(202);
      expect(await ctx.app.deps.outbox.runOnce()).toBe(0);
    } finally {
      await smtp.start();
    }

    const log = lines.join('');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // The flows were logged: the request lines at debug and info, and the failed mail.
    expect(log).toContain('/api/privacy/data-requests');
    expect(log).toContain('/privacy/data/[redacted]');
    expect(log).toContain('search=%5Bredacted%5D');
    expect(log).toContain('email=%5Bredacted%5D');
    expect(
      entries.some((e) => e.msg === 'mail not sent; it will be tried again' && typeof e.outboxId === 'number'),
    ).toBe(true);
    expect(entries.some((e) => e.level === 20)).toBe(true);
    for (const value of [...Object.values(GUEST), 'Zoë', 'Quintessa', '24 68 13 57', token, CLIENT_IP]) {
      expect(log, value).not.toContain(value);
    }
    // No request line names the client's address or port, and no line names a recipient.
    for (const entry of entries) {
      const req = entry.req as Record<string, unknown> | undefined;
      expect(req ? Object.keys(req).sort() : []).toEqual(req ? ['host', 'method', 'url'] : []);
      expect(entry).not.toHaveProperty('to');
      expect(entry).not.toHaveProperty('ip');
    }
    // The code itself wrote no address: the last-look scrubbing never had to act.
    expect(log).not.toContain('[address]');
  });

  it('keeps the values of a failed query out of a logged error', () => {
    const cause = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    const error = new DrizzleQueryError(
      'insert into "bookings" ("customer_name", "customer_email") values ($1, $2)',
      [GUEST.customerName, GUEST.customerEmail],
      cause,
    );
    const before = lines.length;
    ctx.app.log.error({ err: error }, 'database unavailable');
    const line = lines.slice(before).join('');
    expect(line).toContain('insert into \\"bookings\\"');
    expect(line).toContain('params: [redacted]');
    expect(line).toContain('Connection terminated unexpectedly');
    expect(line).not.toContain(GUEST.customerName);
    expect(line).not.toContain('zoe.quintessa');
    expect(serializeError(error)).not.toHaveProperty('params');
    expect(serializeError(error).cause).toMatchObject({ code: 'ECONNRESET' });
  });

  it('blanks any e-mail address left in a line, without breaking its JSON', () => {
    const line = `${JSON.stringify({ msg: 'x', err: 'rejected:\nzoe@example.org; \\\\ann@example.com, \u0001bob@example.net' })}\n`;
    const scrubbed = scrubLogLine(line);
    expect(scrubbed).not.toMatch(/zoe@|ann@|bob@/);
    expect(JSON.parse(scrubbed)).toEqual({ msg: 'x', err: 'rejected:\n[address]; \\\\[address], \u0001[address]' });
  });
});
