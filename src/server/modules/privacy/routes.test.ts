import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PersonalData, personalDataSchema } from '../../../domain/privacy.js';
import {
  activityTags,
  bookingEvents,
  bookings,
  dataLinks,
  outbox,
  sponsorshipRequests,
  tags,
} from '../../db/schema/index.js';
import { fixedClock } from '../../deps.js';
import { createActivity, createReview, createUser } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { sameOrigin, sessionCookieFor } from '../../test/sessions.js';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.js';
import { useTestApp } from '../../test/test-app.js';
import { DATA_LINKS_PER_ADDRESS_HOUR } from './service.js';

let smtp: SmtpStandIn;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
});
afterAll(async () => smtp?.close());

const START = '2026-11-22T10:00:00Z';
const clock = fixedClock(START);
const ctx = useTestApp(() => ({
  env: { SMTP_URL: smtp.url, MAIL_FROM: 'DiscoverLocal <privacy@discoverlocal.test>' },
  deps: { clock },
}));
beforeEach(() => clock.set(START));

let addressCounter = 0;
/** Each request from its own client, so that the per-client limit stays out of the way unless tested. */
const nextAddress = () => `10.34.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const people = {} as {
  visitor: { id: string; email: string; cookie: string };
  provider: { id: string; email: string; cookie: string };
  admin: { id: string; email: string; cookie: string };
};
const ids = {} as { visitorBooking: number; typedBooking: number; otherBooking: number; providerActivity: number };
/** What belongs to other people: none of it may appear in anyone else's file. */
const OTHERS = [
  'stranger@example.com',
  'Sam Stranger',
  'notes of a stranger',
  'A stranger’s review',
  '+33 6 99 99 99 99',
];

async function booking(values: Partial<typeof bookings.$inferInsert> & { activityId: number }) {
  const [row] = await ctx.db
    .insert(bookings)
    .values({
      customerName: 'Sam Stranger',
      customerEmail: 'stranger@example.com',
      customerPhone: '+33 6 99 99 99 99',
      notes: 'notes of a stranger',
      bookingDate: '2026-12-05',
      ...values,
    })
    .returning();
  if (!row) throw new Error('no booking');
  return row.id;
}

beforeAll(async () => {
  const db = ctx.db;
  const visitor = await createUser(db, {
    role: 'visitor',
    roleChosenAt: new Date(),
    email: 'Vera.Visitor@example.com',
  });
  const admin = await createUser(db, { role: 'admin', isApproved: true, roleChosenAt: new Date() });
  const provider = await createProvider(db, { name: 'Paul Provider' });
  people.visitor = { id: visitor.id, email: visitor.email ?? '', cookie: await sessionCookieFor(db, visitor.id) };
  people.admin = { id: admin.id, email: admin.email ?? '', cookie: await sessionCookieFor(db, admin.id) };
  people.provider = { id: provider.user.id, email: provider.user.email ?? '', cookie: provider.cookie };

  const guide = await createActivity(db, { name: 'Visite du guide', bookingRequired: true });
  ids.providerActivity = await createActivity(db, {
    name: 'Cave de Paul',
    bookingRequired: true,
    providerId: provider.provider.id,
    contactEmail: 'cave-paul@example.com',
    contactPhone: '+33 4 68 11 22 33',
  });
  // The visitor's own booking (logged in), one typed by someone with the visitor's address, and a stranger's.
  ids.visitorBooking = await booking({
    activityId: ids.providerActivity,
    userId: visitor.id,
    customerName: 'Vera Visitor',
    customerEmail: 'vera.visitor@example.com',
    customerPhone: '+33 6 11 11 11 11',
    notes: 'vera’s own note',
  });
  ids.typedBooking = await booking({
    activityId: guide,
    customerName: 'Vera typed',
    customerEmail: 'VERA.VISITOR@example.com',
    customerPhone: null,
    notes: null,
  });
  ids.otherBooking = await booking({ activityId: ids.providerActivity });
  await db.insert(bookingEvents).values([
    { bookingId: ids.visitorBooking, fromStatus: null, toStatus: 'pending', actor: 'guest' },
    {
      bookingId: ids.visitorBooking,
      fromStatus: 'pending',
      toStatus: 'confirmed',
      actor: 'provider',
      actorUserId: provider.user.id,
      message: 'See you then',
    },
    { bookingId: ids.otherBooking, fromStatus: null, toStatus: 'pending', actor: 'guest', message: 'stranger event' },
  ]);
  await createReview(db, ids.providerActivity, { rating: 5, userId: visitor.id, guestName: null, guestEmail: null });
  await createReview(db, ids.providerActivity, {
    rating: 2,
    guestName: 'Sam Stranger',
    guestEmail: 'stranger@example.com',
    comment: 'A stranger’s review',
  });
  // The admin's own booking as a guest; the provider's tag proposal and request for a plan.
  await booking({
    activityId: guide,
    customerName: 'Ada Admin',
    customerEmail: admin.email ?? '',
    customerPhone: null,
    notes: 'admin’s own',
  });
  const [tag] = await db.insert(tags).values({ name: 'caves-privacy', proposedBy: provider.user.id }).returning();
  await db.insert(activityTags).values({ activityId: guide, tagId: tag?.id ?? 0, proposedBy: visitor.id });
  await db
    .insert(sponsorshipRequests)
    .values({ activityId: ids.providerActivity, userId: provider.user.id, plan: 'top', message: 'please' });
});

const download = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/me/data', headers: cookie ? { cookie } : {} });

function fileOf(res: { statusCode: number; body: string; headers: Record<string, unknown> }): PersonalData {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-disposition']).toBe('attachment; filename="discoverlocal-data-2026-11-22.json"');
  expect(res.headers['cache-control']).toBe('no-store');
  return personalDataSchema.parse(JSON.parse(res.body));
}

const expectNothingOfOthers = (body: string) => {
  for (const text of OTHERS) expect(body).not.toContain(text);
};

describe('GET /api/me/data', () => {
  it('is refused to a visitor who is not logged in', async () => {
    const res = await download();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it("gives a visitor their account, bookings (by account and by address, with their events) and reviews, and nobody else's", async () => {
    const res = await download(people.visitor.cookie);
    const file = fileOf(res);
    expect(file).toMatchObject({
      format: 'discoverlocal-personal-data/1',
      exportedAt: '2026-11-22T10:00:00.000Z',
      email: people.visitor.email,
      provider: null,
      activities: [],
      favourites: 'kept in your browser only',
    });
    expect(file.account).toMatchObject({ id: people.visitor.id, email: people.visitor.email, role: 'visitor' });
    expect(typeof file.account?.createdAt).toBe('string');
    expect(file.bookings.map((b) => b.id).sort()).toEqual([ids.visitorBooking, ids.typedBooking].sort());
    const own = file.bookings.find((b) => b.id === ids.visitorBooking);
    expect(own).toMatchObject({
      activityName: 'Cave de Paul',
      notes: 'vera’s own note',
      customerPhone: '+33 6 11 11 11 11',
    });
    expect(own?.events).toEqual([
      expect.objectContaining({ toStatus: 'pending', actor: 'guest' }),
      expect.objectContaining({
        fromStatus: 'pending',
        toStatus: 'confirmed',
        actor: 'provider',
        message: 'See you then',
      }),
    ]);
    expect(JSON.stringify(own?.events)).not.toContain(people.provider.id);
    expect(file.reviews).toHaveLength(1);
    expect(file.reviews[0]).toMatchObject({ rating: 5, activityName: 'Cave de Paul' });
    expect(file.tagProposals).toEqual([expect.objectContaining({ kind: 'activityTag', tagName: 'caves-privacy' })]);
    expectNothingOfOthers(res.body);
    expect(res.body).not.toContain(people.provider.email);
    expect(res.body).not.toContain('admin’s own');
  });

  it("gives a provider their application, activities with contact, proposals and plans, but not their guests' data", async () => {
    const res = await download(people.provider.cookie);
    const file = fileOf(res);
    expect(file.account).toMatchObject({ id: people.provider.id, role: 'provider' });
    expect(file.provider).toMatchObject({ name: 'Paul Provider', status: 'approved' });
    expect(file.provider).not.toHaveProperty('moderatedBy');
    expect(file.activities).toEqual([
      expect.objectContaining({
        id: ids.providerActivity,
        contactEmail: 'cave-paul@example.com',
        contactPhone: '+33 4 68 11 22 33',
        isApproved: true,
      }),
    ]);
    expect(file.bookings).toEqual([]);
    expect(file.reviews).toEqual([]);
    expect(file.tagProposals).toEqual([expect.objectContaining({ kind: 'tag', name: 'caves-privacy' })]);
    expect(file.sponsorships).toEqual([expect.objectContaining({ kind: 'request', plan: 'top', message: 'please' })]);
    expectNothingOfOthers(res.body);
    expect(res.body).not.toContain('Vera');
    expect(res.body).not.toContain('vera’s own note');
  });

  it('gives an admin their own data only', async () => {
    const res = await download(people.admin.cookie);
    const file = fileOf(res);
    expect(file.account).toMatchObject({ id: people.admin.id, role: 'admin' });
    expect(file.bookings).toEqual([expect.objectContaining({ customerName: 'Ada Admin', notes: 'admin’s own' })]);
    expect(file.reviews).toEqual([]);
    expectNothingOfOthers(res.body);
    expect(res.body).not.toContain('Vera');
  });
});

const ask = (payload: object, remoteAddress = nextAddress()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/privacy/data-requests',
    headers: sameOrigin,
    payload,
    remoteAddress,
  });
const open = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/privacy/data',
    headers: sameOrigin,
    payload: { token },
    remoteAddress: nextAddress(),
  });

const mailsTo = (address: string) =>
  smtp.received.filter((m) => m.envelopeTo.some((to) => to.toLowerCase() === address.toLowerCase()));
const linkRows = async (email?: string) => {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(dataLinks)
    .where(email ? eq(dataLinks.email, email) : sql`true`);
  return row?.n ?? 0;
};
const outboxRows = async () => (await ctx.db.select({ n: count() }).from(outbox))[0]?.n ?? 0;

/** Asks for a link for `email` and answers the token of the mail it got. */
async function linkFor(email: string, language?: string) {
  const before = mailsTo(email).length;
  const res = await ask({ email, ...(language ? { language } : {}) });
  expect(res.statusCode, res.body).toBe(202);
  await ctx.app.deps.outbox.runOnce();
  const mails = mailsTo(email);
  expect(mails.length).toBe(before + 1);
  const text = mails.at(-1)?.parsed.text ?? '';
  const token = /http:\/\/localhost:5000\/privacy\/data\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no link in ${text}`);
  return { token, text, subject: mails.at(-1)?.parsed.subject };
}

describe('the guest link', () => {
  it('answers 202 for an address the guide does not know, and mails nothing and keeps nothing', async () => {
    const before = { mails: smtp.received.length, links: await linkRows(), outbox: await outboxRows() };
    const res = await ask({ email: 'nobody-here@example.com' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    await ctx.app.deps.outbox.runOnce();
    expect(smtp.received.length).toBe(before.mails);
    expect(await linkRows()).toBe(before.links);
    expect(await outboxRows()).toBe(before.outbox);
  });

  it('mails one link to a known address, in the language asked; the link opens the file once', async () => {
    const { token, text, subject } = await linkFor('Stranger@Example.com', 'en');
    expect(subject).toBe('Your data on DiscoverLocal');
    expect(text).toContain('It works once, within 24 hours.');
    expect(text).toContain('Did you not ask for this?');
    // Only its hash is kept, under the address in lower case.
    const [row] = await ctx.db.select().from(dataLinks).where(eq(dataLinks.email, 'stranger@example.com'));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.expiresAt.toISOString()).toBe('2026-11-23T10:00:00.000Z');

    const first = await open(token);
    const file = fileOf(first);
    expect(file.email).toBe('stranger@example.com');
    expect(file.account).toBeNull();
    expect(file.bookings.map((b) => b.id)).toEqual([ids.otherBooking]);
    expect(file.bookings[0]?.events).toEqual([expect.objectContaining({ message: 'stranger event' })]);
    expect(file.reviews).toEqual([expect.objectContaining({ comment: 'A stranger’s review' })]);
    expect(first.body).not.toContain('Vera');
    expect(first.body).not.toContain('vera.visitor');

    const second = await open(token);
    expect(second.statusCode).toBe(410);
    expect(second.json()).toMatchObject({ code: 'DATA_LINK_USED' });
  });

  it('opens everything of the account that has the address, in Dutch by default', async () => {
    const { token, subject } = await linkFor(people.visitor.email);
    expect(subject).toBe('Je gegevens op DiscoverLocal');
    const file = fileOf(await open(token));
    expect(file.account).toMatchObject({ id: people.visitor.id });
    expect(file.bookings.map((b) => b.id).sort()).toEqual([ids.visitorBooking, ids.typedBooking].sort());
    expect(file.reviews).toHaveLength(1);
  });

  it('refuses a link past 24 hours with 410 DATA_LINK_EXPIRED, and leaves it unused', async () => {
    const { token } = await linkFor('stranger@example.com');
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    const res = await open(token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ code: 'DATA_LINK_EXPIRED' });
    const used = await ctx.db.select({ usedAt: dataLinks.usedAt }).from(dataLinks);
    expect(used.filter((r) => r.usedAt === null).length).toBeGreaterThan(0);
  });

  it('refuses a made-up token with 404 DATA_LINK_INVALID', async () => {
    const res = await open('a'.repeat(43));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'DATA_LINK_INVALID' });
  });

  it('refuses bad bodies with 400 and writes nothing', async () => {
    const before = { links: await linkRows(), outbox: await outboxRows() };
    for (const payload of [
      {},
      { email: 'not-an-address' },
      { email: 'stranger@example.com', language: 'xx' },
      { email: 'stranger@example.com', extra: 1 },
      { email: `${'a'.repeat(250)}@example.com` },
    ]) {
      const res = await ask(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    for (const payload of [
      {},
      { token: 'short' },
      { token: 'a'.repeat(43), extra: true },
      { token: 'bad token with spaces!' },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/privacy/data', headers: sameOrigin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await linkRows()).toBe(before.links);
    expect(await outboxRows()).toBe(before.outbox);
  });

  it(`mails at most ${DATA_LINKS_PER_ADDRESS_HOUR} links to one address in an hour, and answers the same after`, async () => {
    const email = 'ada.limit@example.com';
    await booking({ activityId: ids.providerActivity, customerEmail: email });
    for (let i = 0; i < DATA_LINKS_PER_ADDRESS_HOUR; i++) await linkFor(email);
    const res = await ask({ email: 'ADA.LIMIT@example.com' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    await ctx.app.deps.outbox.runOnce();
    expect(mailsTo(email)).toHaveLength(DATA_LINKS_PER_ADDRESS_HOUR);
    expect(await linkRows(email)).toBe(DATA_LINKS_PER_ADDRESS_HOUR);
    // An hour later, another link goes out; spent links older than a day are removed meanwhile.
    clock.advance(25 * 60 * 60 * 1000);
    await linkFor(email);
    expect(await linkRows(email)).toBe(1);
  });

  it('counts requests for one address sent at once together: never more links than the limit', async () => {
    const email = 'burst@example.com';
    await booking({ activityId: ids.providerActivity, customerEmail: email });
    const answers = await Promise.all(Array.from({ length: 8 }, () => ask({ email })));
    expect(answers.map((res) => res.statusCode)).toEqual(Array.from({ length: 8 }, () => 202));
    expect(await linkRows(email)).toBe(DATA_LINKS_PER_ADDRESS_HOUR);
  });

  it('stops a client that asks again and again (429)', async () => {
    const client = '10.99.0.1';
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await ask({ email: `robot${i}@example.com` }, client)).statusCode);
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
  });
});
