import { createHash } from 'node:crypto';
import { asc, count, eq, gt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '../../../domain/activities.js';
import { haversineKm, LIMOUX } from '../../../domain/geo.js';
import { LANGUAGES, type Language } from '../../../domain/languages.js';
import { buildSearchDocument, normalizeText } from '../../../domain/search.js';
import { getJson } from '../../test/http.js';
import { useTestApp } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-db.js';
import { type Db, queryRows } from '../client.js';
import { activities, activityTags, activityTranslations, reviews } from '../schema/index.js';
import { resetDemoContent } from './index.js';
import { seedScale } from './scale.js';

/** The day the demo content is written on: the synthetic activities do not depend on it. */
const SEEDED_ON = new Date('2026-06-01T10:00:00Z');
const TOTAL = 400;
const DEMO = 36;

/**
 * Everything the scale seeder writes that does not depend on the day it runs (the rows' own
 * `updated_at` and the tags' and reviews' `created_at` are the time of writing), as one hash.
 */
async function fingerprint(db: Db): Promise<{ hash: string; firstName: string | undefined; rows: number[] }> {
  const synthetic = gt(activities.id, DEMO);
  const rows = await db
    .select()
    .from(activities)
    .where(synthetic)
    .orderBy(asc(activities.id))
    .then((all) => all.map(({ updatedAt: _updatedAt, ...row }) => row));
  const translations = await db
    .select()
    .from(activityTranslations)
    .where(gt(activityTranslations.activityId, DEMO))
    .orderBy(asc(activityTranslations.activityId), asc(activityTranslations.language));
  const links = await db
    .select({
      id: activityTags.id,
      activityId: activityTags.activityId,
      tagId: activityTags.tagId,
      status: activityTags.status,
    })
    .from(activityTags)
    .where(gt(activityTags.activityId, DEMO))
    .orderBy(asc(activityTags.id));
  const written = await db
    .select({
      id: reviews.id,
      activityId: reviews.activityId,
      guestName: reviews.guestName,
      guestEmail: reviews.guestEmail,
      rating: reviews.rating,
      comment: reviews.comment,
      language: reviews.language,
      status: reviews.status,
    })
    .from(reviews)
    .where(gt(reviews.activityId, DEMO))
    .orderBy(asc(reviews.id));
  const hash = createHash('sha256')
    .update(JSON.stringify([rows, translations, links, written]))
    .digest('hex');
  return { hash, firstName: rows[0]?.name, rows: [rows.length, translations.length, links.length, written.length] };
}

const ctx = useTestApp();
let added: number;
beforeAll(async () => {
  await resetDemoContent(ctx.db, { accounts: true }, SEEDED_ON);
  added = await seedScale(ctx.db, TOTAL);
});

describe('the scale seeder (npm run db:seed -- --scale N)', () => {
  it('adds public activities until the guide holds N, and the public list shows them all', async () => {
    expect(added).toBe(TOTAL - DEMO);
    const [all] = await ctx.db.select({ n: count() }).from(activities);
    expect(all?.n).toBe(TOTAL);
    const hidden = await ctx.db
      .select({ id: activities.id })
      .from(activities)
      .where(sql`not (${activities.isActive} and ${activities.isApproved})`);
    expect(hidden).toEqual([]);
    const listed = await getJson<Activity[]>(ctx.app, '/api/activities?limit=1');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.headers['x-total-count']).toBe(String(TOTAL));
  });

  it('gives each one its text in five languages, its sort names and its search text', async () => {
    const rows = await ctx.db
      .select({
        id: activities.id,
        name: activities.name,
        description: activities.description,
        language: activities.language,
        city: activities.city,
        sortName: activities.sortName,
        searchText: activities.searchText,
      })
      .from(activities)
      .where(gt(activities.id, DEMO));
    const texts = await ctx.db.select().from(activityTranslations).where(gt(activityTranslations.activityId, DEMO));
    expect(rows).toHaveLength(TOTAL - DEMO);
    for (const row of rows) {
      const own = texts.filter((t) => t.activityId === row.id);
      // The original is French; the four others are translations.
      expect(row.language).toBe('fr');
      expect(own.map((t) => t.language).sort()).toEqual(LANGUAGES.filter((l) => l !== 'fr').sort());
      const textOf = (language: Language) => {
        const text = language === 'fr' ? row : own.find((t) => t.language === language);
        if (!text) throw new Error(`activity ${row.id} has no ${language} text`);
        return text;
      };
      for (const language of LANGUAGES) {
        expect(textOf(language).name, `${row.id} ${language}`).toMatch(new RegExp(` ${row.id}$`));
        expect(textOf(language).description.length).toBeGreaterThan(40);
      }
      expect(row.sortName).toBe(normalizeText(row.name));
      for (const t of own) expect(t.sortName).toBe(normalizeText(t.name));
      expect(row.searchText).toBe(
        buildSearchDocument([...LANGUAGES.flatMap((l) => [textOf(l).name, textOf(l).description]), row.city]),
      );
    }
    // The search finds one by a word of its Dutch name.
    const [some] = rows;
    const nl = texts.find((t) => t.activityId === some?.id && t.language === 'nl');
    const found = await getJson<Activity[]>(
      ctx.app,
      `/api/activities?lng=nl&search=${encodeURIComponent(nl?.name ?? '')}`,
    );
    expect(found.body.map((a) => a.id)).toContain(some?.id);
  });

  it('gives them approved tags and reviews, each rating the average of its approved reviews', async () => {
    const [tagged] = await queryRows<{ activities: number; links: number; pending: number }>(
      ctx.db,
      sql`select count(distinct activity_id)::int as activities, count(*)::int as links,
        count(*) filter (where not is_approved)::int as pending from activity_tags where activity_id > ${DEMO}`,
    );
    expect(tagged?.pending).toBe(0);
    expect(tagged?.activities).toBeGreaterThan((TOTAL - DEMO) / 3);
    const ratings = await queryRows<{ id: number; rating: number; n: number; expected: number; expected_n: number }>(
      ctx.db,
      sql`select a.id, a.rating::float as rating, a.review_count as n,
        coalesce(round(avg(r.rating) filter (where r.status = 'approved'), 1), 0)::float as expected,
        count(r.id) filter (where r.status = 'approved')::int as expected_n
      from activities a left join reviews r on r.activity_id = a.id where a.id > ${DEMO} group by a.id`,
    );
    expect(ratings).toHaveLength(TOTAL - DEMO);
    for (const row of ratings)
      expect({ id: row.id, rating: row.rating, n: row.n }).toEqual({
        id: row.id,
        rating: row.expected,
        n: row.expected_n,
      });
    expect(ratings.filter((r) => r.n > 0).length).toBeGreaterThan((TOTAL - DEMO) / 2);
    expect(new Set(ratings.map((r) => r.rating)).size).toBeGreaterThan(5);
  });

  it('places them within 60 km of Limoux, some sponsored, a third with weekly rows and a sixth with an event edition', async () => {
    const rows = await ctx.db
      .select({
        latitude: activities.latitude,
        longitude: activities.longitude,
        sponsorLevel: activities.sponsorLevel,
        weeklyHours: activities.weeklyHours,
        eventStart: activities.eventStart,
      })
      .from(activities)
      .where(gt(activities.id, DEMO));
    for (const row of rows)
      expect(haversineKm(LIMOUX, { lat: row.latitude, lon: row.longitude })).toBeLessThanOrEqual(60.5);
    expect(rows.filter((r) => r.sponsorLevel > 0).length).toBeGreaterThan(0);
    // The n-th activity's times come from n % 6 (docs/when.md#speed).
    expect(rows.filter((r) => r.weeklyHours.length > 0)).toHaveLength(122);
    expect(rows.filter((r) => r.eventStart !== null)).toHaveLength(60);
  });

  it('adds nothing when the guide already holds N, or more', async () => {
    const before = await fingerprint(ctx.db);
    expect(await seedScale(ctx.db, TOTAL)).toBe(0);
    expect(await seedScale(ctx.db, TOTAL - 100)).toBe(0);
    expect(await fingerprint(ctx.db)).toEqual(before);
  });

  it('writes the same activities every time, whatever the transaction size, and the same as the row-by-row seeder did', async () => {
    const first = await fingerprint(ctx.db);
    // Measured on the seeder as it was before issue 31 (250 activities per transaction, row by row):
    // the 364 activities after the demo's 36, with their texts, tag links and reviews.
    expect(first.rows).toEqual([364, 1456, 348, 545]);
    expect(first.firstName).toBe('Marché paysan Rennes-le-Château 37');
    expect(first.hash).toBe('d4a15685db446c8c859eb37d0678a90e5a2ea3970fd3d074a796c0d713aa5a67');
    const other = await createTestDatabase();
    try {
      await resetDemoContent(other.db, { accounts: true }, new Date('2026-12-31T10:00:00Z'));
      // Two transactions (250 + 114) instead of one.
      expect(await seedScale(other.db, TOTAL, { perTransaction: 250 })).toBe(TOTAL - DEMO);
      expect(await fingerprint(other.db)).toEqual(first);
    } finally {
      await other.close();
    }
    await expect(seedScale(ctx.db, TOTAL + 1, { perTransaction: 100 })).rejects.toThrow(/multiple of 250/);
    const [all] = await ctx.db.select({ n: count() }).from(activities).where(eq(activities.isApproved, true));
    expect(all?.n).toBe(TOTAL);
  });
});
