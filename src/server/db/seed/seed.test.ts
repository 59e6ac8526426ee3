import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../domain/activities.js';
import { weeklyHoursProblem } from '../../../domain/weekly-hours.js';
import { PROJECT_ROOT } from '../../config.js';
import { createTestDatabase, migratedEmbeddedDatabase } from '../../test/test-db.js';
import { type Database, openPglite, queryRows } from '../client.js';
import { activities, activityTranslations, bookings, providers, reviews, tags, users } from '../schema/index.js';
import places from './data/places.json' with { type: 'json' };
import { availabilitySettingsBody } from '../../../domain/availability-schemas.js';
import { fitsAvailability, isOfferedOn } from '../../../domain/availability.js';
import { addDays } from '../../../domain/dates.js';
import { BOOKABLE_BY_CHOICE, demoAvailability, EDITIONS, firstOfferedDay, nextEdition } from './availability.js';
import { ARTWORK, nextYearly, SETTING_OF } from './demo.js';
import { resetDemoContent, seedOnFirstStart } from './index.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const total = async (table: PgTable) => {
  const [row] = await database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
};

/**
 * Every demo booking is written (10), and each to come is on an offered day, in a slot the day has,
 * within the places; the rafting's 10:00 on its first day three weeks ahead and a day of the Sieur
 * d'Arques tasting are full; the past rafting booking lies in the season.
 */
async function expectBookingsWithin(database: Database, today: string) {
  const rows = await database.db
    .select({
      id: activities.id,
      slug: activities.slug,
      availability: activities.availability,
      weeklyHours: activities.weeklyHours,
      eventStart: activities.eventStart,
      eventEnd: activities.eventEnd,
    })
    .from(activities)
    .where(eq(activities.bookingRequired, true));
  const [all] = await database.db.select({ n: count() }).from(bookings);
  expect(all?.n, today).toBe(10);
  const held = await queryRows<{ activity_id: number; booking_date: string; slot: string | null; people: number }>(
    database.db,
    sql`select activity_id, booking_date::text as booking_date, slot, sum(number_of_people)::int as people
      from bookings where status in ('pending', 'confirmed') and booking_date >= ${today}
      group by activity_id, booking_date, slot`,
  );
  for (const group of held) {
    const row = rows.find((r) => r.id === group.activity_id);
    if (!row?.availability) throw new Error(`a booking of activity ${group.activity_id}, which takes none`);
    const day = { day: group.booking_date, slot: group.slot };
    expect(fitsAvailability(row.availability, row, day), `${today}: ${row.slug} ${JSON.stringify(day)}`).toBe(true);
    expect(group.people).toBeLessThanOrEqual(row.availability.capacity ?? Infinity);
  }
  const full = held.filter((g) => g.people === rows.find((r) => r.id === g.activity_id)?.availability?.capacity);
  expect(full.map((g) => g.slot).sort(), today).toEqual(['10:00', null]);
  const past = await queryRows<{ booking_date: string }>(
    database.db,
    sql`select b.booking_date::text as booking_date from bookings b join activities a on a.id = b.activity_id
      where a.slug = 'rafting-gorges-de-l-aude' and b.booking_date < ${today}`,
  );
  expect(
    past.map((b) => b.booking_date.slice(5) >= '04-01' && b.booking_date.slice(5) <= '09-30'),
    today,
  ).toEqual([true]);
}

describe('demo seed', () => {
  it('seeds an empty database once, and never again', async () => {
    expect(await seedOnFirstStart(database.db, 'none', { accounts: true })).toBe(false);
    expect(await total(activities)).toBe(0);
    expect(await seedOnFirstStart(database.db, 'demo', { accounts: true }, new Date('2026-06-01T00:00:00Z'))).toBe(
      true,
    );
    expect(await seedOnFirstStart(database.db, 'demo', { accounts: true })).toBe(false);
    expect(await total(activities)).toBe(36);
  });

  it('holds every publish-ready place, in all six categories, with five translations each', async () => {
    const perCategory = await database.db
      .select({ category: activities.category, n: count() })
      .from(activities)
      .groupBy(activities.category);
    const counts = Object.fromEntries(perCategory.map((r) => [r.category, r.n]));
    expect(counts).toEqual({ markten: 5, feesten: 5, sport: 4, viewpoints: 7, zomeractiviteiten: 5, uitjes: 10 });
    expect(Object.keys(counts).sort()).toEqual([...CATEGORIES].sort());
    const slugs = (await database.db.select({ slug: activities.slug }).from(activities)).map((r) => r.slug);
    expect(slugs.sort()).toEqual(places.map((p) => p.id).sort());
    for (const unpublished of ['marche-de-couiza', 'pic-de-brau', 'escalade-pech-cardou'])
      expect(slugs).not.toContain(unpublished);
    expect(await total(activityTranslations)).toBe(36 * 5);
    const [limoux] = await database.db.select().from(activities).where(eq(activities.slug, 'marche-de-limoux'));
    expect(limoux).toMatchObject({
      city: 'Limoux',
      latitude: 43.0547,
      longitude: 2.2186,
      priceCents: 0,
      category: 'markten',
    });
    expect(limoux?.marketDays).toContain('Vendredi');
    expect(limoux?.imageUrl).toMatch(/^\/images\/activities\/markten-[12]\.svg$/);
  });

  it('dates the festivals by their facts: the Embrasement on the next 14 July, the Brass Festival and the Festival de Carcassonne on their next edition', async () => {
    const dated = await database.db
      .select({ slug: activities.slug, eventStart: activities.eventStart, eventEnd: activities.eventEnd })
      .from(activities)
      .where(sql`${activities.eventStart} is not null`)
      .orderBy(activities.slug);
    // Seeded on 2026-06-01 (above): the Brass Festival's 2026 edition was over.
    expect(dated).toEqual([
      { slug: 'embrasement-de-la-cite', eventStart: '2026-07-14', eventEnd: null },
      { slug: 'festival-de-carcassonne', eventStart: '2026-07-01', eventEnd: '2026-07-31' },
      { slug: 'limoux-brass-festival', eventStart: '2027-04-27', eventEnd: '2027-05-01' },
    ]);
    expect(nextYearly('2026-07-14', { month: 7, day: 14 })).toBe('2026-07-14');
    expect(nextYearly('2026-07-15', { month: 7, day: 14 })).toBe('2027-07-14');
    expect(nextYearly('2026-12-31', { month: 1, day: 1 })).toBe('2027-01-01');
    // An edition that runs is still the next one, up to its last day.
    const carcassonne = EDITIONS['festival-de-carcassonne'];
    if (!carcassonne) throw new Error('no edition of the Festival de Carcassonne');
    expect(nextEdition('2026-07-31', carcassonne)).toEqual({ eventStart: '2026-07-01', eventEnd: '2026-07-31' });
    expect(nextEdition('2026-08-01', carcassonne)).toEqual({ eventStart: '2027-07-01', eventEnd: '2027-07-31' });
  });

  it('gives every activity that takes bookings an availability that fits its facts, and seeds bookings within it', async () => {
    const rows = await database.db
      .select({
        id: activities.id,
        slug: activities.slug,
        bookingRequired: activities.bookingRequired,
        availability: activities.availability,
        weeklyHours: activities.weeklyHours,
        eventStart: activities.eventStart,
        eventEnd: activities.eventEnd,
      })
      .from(activities);
    const bookable = rows.filter((r) => r.bookingRequired);
    expect(bookable.map((r) => r.slug).sort()).toEqual([
      'festival-de-carcassonne',
      'limoux-brass-festival',
      'maison-guinot',
      'rafting-gorges-de-l-aude',
      'sieur-d-arques',
    ]);
    // Only those have settings, and each passes the API's own validation.
    expect(
      rows
        .filter((r) => r.availability !== null)
        .map((r) => r.slug)
        .sort(),
    ).toEqual(bookable.map((r) => r.slug).sort());
    for (const row of bookable)
      expect(availabilitySettingsBody.parse(row.availability), row.slug ?? '').toEqual(row.availability);
    const of = (slug: string) => {
      const row = bookable.find((r) => r.slug === slug);
      if (!row?.availability) throw new Error(`${slug} has no availability`);
      return { ...row, settings: row.availability };
    };
    // The rafting in its season (April to September), in two slots with places.
    const rafting = of('rafting-gorges-de-l-aude');
    expect(rafting.settings).toMatchObject({ slots: ['10:00', '14:00'], durationMinutes: 180, capacity: 8 });
    expect(rafting.settings.periods.map((p) => `${p.start}/${p.end}`)).toEqual([
      '2026-04-01/2026-09-30',
      '2027-04-01/2027-09-30',
      '2028-04-01/2028-09-30',
    ]);
    expect(isOfferedOn(rafting.settings, rafting, '2026-09-30')).toBe(true);
    expect(isOfferedOn(rafting.settings, rafting, '2026-10-01')).toBe(false);
    // The festivals on their edition's days, by their editions (no periods of their own).
    const brass = of('limoux-brass-festival');
    expect(brass.settings.periods).toEqual([]);
    expect(
      ['2027-04-26', '2027-04-27', '2027-05-01', '2027-05-02'].map((d) => isOfferedOn(brass.settings, brass, d)),
    ).toEqual([false, true, true, false]);
    // The tastings by the day with a limit, one confirmed at once; the Guinot's Tuesday to Saturday.
    expect(of('sieur-d-arques').settings).toMatchObject({ slots: [], capacity: 12, confirmation: 'instant' });
    const guinot = of('maison-guinot');
    expect(guinot.settings).toMatchObject({ slots: [], capacity: 10, confirmation: 'manual' });
    // 2026-06-01 is a Monday: closed; Tuesday open; 25 December closed.
    expect(['2026-06-01', '2026-06-02', '2026-12-25'].map((d) => isOfferedOn(guinot.settings, guinot, d))).toEqual([
      false,
      true,
      false,
    ]);

    await expectBookingsWithin(database, '2026-06-01');
  });

  it("seeds its bookings within the availability whatever the day: in a season or out, on an edition's last day, at New Year", async () => {
    const other = await createTestDatabase();
    try {
      // Out of every season and at New Year; on an edition's last day; in the rafting's season on the
      // last day of the Festival de Carcassonne.
      for (const day of ['2026-12-31', '2026-05-01', '2026-07-31']) {
        await resetDemoContent(other.db, { accounts: true }, new Date(`${day}T10:00:00Z`));
        await expectBookingsWithin(other, day);
      }
    } finally {
      await other.close();
    }
  });

  it('seeds on any day of the year: every activity that takes bookings has bookable days in the next 12 months', () => {
    const bookable = places.filter((p) => p.booking_required === true || BOOKABLE_BY_CHOICE.includes(p.id));
    for (let day = '2027-01-01'; day <= '2028-12-31'; day = addDays(day, 1)) {
      const settings = demoAvailability(day);
      for (const place of bookable) {
        const edition = EDITIONS[place.id];
        const facts = {
          weeklyHours: [],
          ...(edition ? nextEdition(day, edition) : { eventStart: null, eventEnd: null }),
        };
        const own = settings[place.id];
        if (!own) throw new Error(`${place.id} takes bookings without settings`);
        expect(firstOfferedDay(own, facts, day, 365), `${place.id} seeded on ${day}`).not.toBeNull();
      }
    }
  });

  it("gives structured hours to the places whose whole week is checked: the Alet abbey's and the markets', valid by the rules", async () => {
    const rows = await database.db
      .select({ slug: activities.slug, weeklyHours: activities.weeklyHours })
      .from(activities)
      .where(sql`${activities.weeklyHours} <> '[]'::jsonb`);
    expect(rows.map((r) => r.slug).sort()).toEqual([
      'abbaye-d-alet-les-bains',
      'marche-d-esperaza',
      'marche-de-carcassonne',
      'marche-de-limoux',
      'marche-de-quillan',
    ]);
    const week = rows.find((r) => r.slug === 'abbaye-d-alet-les-bains')?.weeklyHours ?? [];
    expect(weeklyHoursProblem(week)).toBeNull();
    expect(week.map((r) => `${r.days.join('')} ${r.opens}-${r.closes} ${r.seasonStart}/${r.seasonEnd}`)).toEqual([
      '12345 14:00-18:00 03-25/10-31',
      '67 10:00-12:00 03-25/10-31',
      '67 14:00-18:00 03-25/10-31',
      '1234567 10:00-13:00 07-01/08-31',
      '1234567 14:00-19:00 07-01/08-31',
    ]);
  });

  it('says of every place whether it is indoors, outdoors or both', async () => {
    const rows = await database.db.select({ slug: activities.slug, setting: activities.setting }).from(activities);
    expect(Object.keys(SETTING_OF).sort()).toEqual(places.map((p) => p.id).sort());
    for (const row of rows) expect(row.setting, row.slug ?? '').toBe(SETTING_OF[row.slug ?? '']);
    // The museums are indoors, the lakes outdoors (the suggestions rely on both kinds being there).
    expect(rows.filter((r) => r.setting === 'indoor').length).toBeGreaterThanOrEqual(5);
    expect(rows.find((r) => r.slug === 'lac-de-montbel')?.setting).toBe('outdoor');
  });

  it('gives every market rows that say what its free text says: its days and times, nothing more', async () => {
    const FRENCH_DAYS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];
    /** 07:30 as the French text writes it: 7h30; 24:00 is midnight. */
    const frenchTime = (time: string) =>
      time === '24:00'
        ? 'minuit'
        : time.replace(/^0?(\d+):(\d\d)$/, (_, h: string, m: string) => `${h}h${m === '00' ? '' : m}`);
    const rows = await database.db
      .select({ slug: activities.slug, marketDays: activities.marketDays, weeklyHours: activities.weeklyHours })
      .from(activities)
      .where(eq(activities.category, 'markten'));
    expect(rows).toHaveLength(places.filter((p) => p.category === 'markten').length);
    for (const market of rows) {
      const text = (market.marketDays ?? '').toLowerCase();
      expect(text, market.slug ?? '').not.toBe('');
      if (market.slug === 'marche-de-mirepoix') {
        // Its Thursday market has no times: text only, so no day reads as closed (docs/when.md#market-days).
        expect(market.weeklyHours).toEqual([]);
        continue;
      }
      expect(weeklyHoursProblem(market.weeklyHours), market.slug ?? '').toBeNull();
      expect(market.weeklyHours.length, market.slug ?? '').toBeGreaterThan(0);
      const days = new Set(market.weeklyHours.flatMap((r) => r.days));
      for (const [index, name] of FRENCH_DAYS.entries()) {
        // Each day of the rows is named in the text, and each day named has rows.
        expect(days.has(index + 1), `${market.slug} ${name}`).toBe(new RegExp(`\\b${name}`).test(text));
      }
      for (const row of market.weeklyHours) {
        for (const time of [row.opens, row.closes]) {
          // The whole time: 12h is not 12h30, 7h is not 17h.
          expect(text, `${market.slug} ${time}`).toMatch(new RegExp(`(?<!\\d)${frenchTime(time)}(?!\\d)`));
        }
        if (row.seasonStart !== null) expect(text, `${market.slug} season`).toContain('juillet-août');
      }
    }
  });

  it('gives each activity artwork that exists and shows what it is', async () => {
    const rows = await database.db.select({ slug: activities.slug, imageUrl: activities.imageUrl }).from(activities);
    for (const { imageUrl } of rows) {
      expect(existsSync(path.join(PROJECT_ROOT, 'public', imageUrl ?? 'missing')), imageUrl ?? '').toBe(true);
    }
    // Every chosen picture belongs to a seeded place (a misspelt slug would fall back silently).
    const slugs = new Set(rows.map((row) => row.slug));
    expect(Object.keys(ARTWORK).filter((slug) => !slugs.has(slug))).toEqual([]);
    const image = (slug: string) => rows.find((row) => row.slug === slug)?.imageUrl;
    expect(image('voie-verte-pyrenees-cathares')).toBe('/images/activities/sport-1.svg');
    expect(image('rafting-gorges-de-l-aude')).toBe('/images/activities/sport-2.svg');
    expect(image('embrasement-de-la-cite')).toBe('/images/activities/feesten-2.svg');
    expect(image('dinosauria-esperaza')).toBe('/images/activities/uitjes-3.svg');
  });

  it('has one activity at each sponsor level, demo users of every role, reviews both approved and pending, and bookings', async () => {
    const sponsors = await database.db
      .select({ level: activities.sponsorLevel, n: count() })
      .from(activities)
      .where(sql`${activities.sponsorLevel} > 0`)
      .groupBy(activities.sponsorLevel);
    expect(Object.fromEntries(sponsors.map((s) => [s.level, s.n]))).toEqual({ 1: 1, 2: 1, 3: 1 });
    const roles = await database.db.select({ role: users.role, approved: users.isApproved }).from(users);
    expect(roles).toEqual(
      expect.arrayContaining([
        { role: 'admin', approved: true },
        { role: 'provider', approved: true },
        { role: 'provider', approved: false },
        { role: 'visitor', approved: false },
      ]),
    );
    const pending = await database.db.select({ n: count() }).from(reviews).where(eq(reviews.isApproved, false));
    expect(pending[0]?.n).toBeGreaterThan(0);
    const rated = await database.db
      .select({ n: count() })
      .from(activities)
      .where(sql`${activities.reviewCount} > 0`);
    expect(rated[0]?.n).toBeGreaterThan(30);
    const topRated = await database.db
      .select({ n: count() })
      .from(activities)
      .where(sql`${activities.rating} >= 4`);
    expect(topRated[0]?.n).toBeGreaterThanOrEqual(10);
    expect(await total(bookings)).toBeGreaterThan(0);
    const tagStates = await database.db
      .select({ name: tags.name, ok: tags.isApproved, by: tags.moderatedBy })
      .from(tags);
    expect(tagStates.find((t) => t.name === 'instagrammable')).toMatchObject({ ok: false, by: expect.any(String) });
    expect(tagStates.find((t) => t.name === 'honden-toegestaan')).toMatchObject({ ok: false, by: null });
    expect(tagStates.find((t) => t.name === 'wijn')).toMatchObject({ ok: true });
  });

  it('ties one review to a confirmed booking that is over ("Verified booking"), and no typed address', async () => {
    const tied = await queryRows<{ guest_name: string; booking_date: string; status: string; email_matches: boolean }>(
      database.db,
      sql`select r.guest_name, b.booking_date::text as booking_date, b.status,
        lower(b.customer_email) = lower(r.guest_email) as email_matches
      from reviews r join bookings b on b.id = r.booking_id`,
    );
    expect(tied).toEqual([
      { guest_name: 'Ruben K.', booking_date: '2026-05-08', status: 'confirmed', email_matches: true },
    ]);
    // The past bookings are more than a week old at the seed: no invitation goes out at start.
    const past = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from bookings where booking_date < '2026-06-01' and booking_date >= '2026-05-25'`,
    );
    expect(past[0]?.n).toBe(0);
  });

  it('keeps each rating at the average of approved reviews', async () => {
    const rows = await queryRows<{ rating: number; expected: number; n: number; expected_n: number }>(
      database.db,
      sql`
      select a.slug, a.rating::float as rating, a.review_count as n,
        coalesce(round(avg(r.rating) filter (where r.is_approved), 1), 0)::float as expected,
        count(r.id) filter (where r.is_approved)::int as expected_n
      from activities a left join reviews r on r.activity_id = a.id group by a.id`,
    );
    for (const row of rows) {
      expect(row.rating).toBe(row.expected);
      expect(row.n).toBe(row.expected_n);
    }
  });

  it('applies the migrations again without harm', async () => {
    await database.migrate();
    expect(await total(activities)).toBe(36);
  });

  it('resets to the same demo content without duplicates', async () => {
    await resetDemoContent(database.db, { accounts: true });
    expect(await total(activities)).toBe(36);
    expect(await total(users)).toBe(4);
    expect(await seedOnFirstStart(database.db, 'demo', { accounts: true })).toBe(false);
  });

  it('writes no demo account where the demo logins are off: the content alone, nobody to log in as', async () => {
    const other = await createTestDatabase();
    try {
      expect(await seedOnFirstStart(other.db, 'demo', { accounts: false })).toBe(true);
      const [a] = await other.db.select({ n: count() }).from(activities);
      const [u] = await other.db.select({ n: count() }).from(users);
      const [p] = await other.db.select({ n: count() }).from(providers);
      expect({ activities: a?.n, users: u?.n, providers: p?.n }).toEqual({ activities: 36, users: 0, providers: 0 });
      // The reviews and bookings are there, as guests'.
      const [r] = await other.db.select({ n: count() }).from(reviews);
      expect(r?.n).toBeGreaterThan(0);
      const owned = await other.db
        .select({ id: activities.id })
        .from(activities)
        .where(sql`${activities.providerId} is not null`);
      expect(owned).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('does not seed a database that already has content of its own', async () => {
    const other = await createTestDatabase();
    try {
      await other.db.insert(users).values({ email: 'someone@example.com' });
      expect(await seedOnFirstStart(other.db, 'demo', { accounts: true })).toBe(false);
      const [n] = await other.db.select({ n: count() }).from(activities);
      expect(n?.n).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('embedded database restarts', () => {
  it('keeps its folder, and the data folder around it, to this user only (0700)', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dl-private-'));
    try {
      await chmod(dataDir, 0o755);
      const database = await openPglite(path.join(dataDir, 'pglite'));
      await database.close();
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(dataDir, 'pglite'))).mode & 0o777).toBe(0o700);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps every row of a file-backed embedded database across a restart and seeds nothing twice', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'dl-restart-'));
    try {
      const first = await migratedEmbeddedDatabase(dir);
      expect(await seedOnFirstStart(first.db, 'demo', { accounts: true })).toBe(true);
      await first.db.insert(users).values({ email: 'kept@example.com' });
      await first.close();

      const second = await openPglite(dir);
      await second.migrate();
      expect(await seedOnFirstStart(second.db, 'demo', { accounts: true })).toBe(false);
      const [a] = await second.db.select({ n: count() }).from(activities);
      const [u] = await second.db.select({ n: count() }).from(users);
      expect(a?.n).toBe(36);
      expect(u?.n).toBe(5);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
