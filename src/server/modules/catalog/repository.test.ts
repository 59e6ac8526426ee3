import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, activitySources, activityTranslations, providers } from '../../db/schema/index.js';
import { publicActivitiesAsBefore } from '../../test/catalog-reference.js';
import { createActivity, createTag, tagActivity } from '../../test/factories.js';
import { createProvider } from '../../test/providers.js';
import { useTestApp } from '../../test/test-app.js';
import { turnsDuring } from '../../test/turns.js';
import type { CatalogRow } from './model.js';
import { publicActivities } from './repository.js';

const ctx = useTestApp();

describe('reading the catalogue (docs/read-model.md#keeping-it-current)', () => {
  it('reads it whole in chunks by id as in one piece: every public activity once, with its texts and tags', async () => {
    const wine = await createTag(ctx.db, 'chunked-wine', 'approved');
    const made: number[] = [];
    for (let i = 0; i < 11; i++) {
      // Every third one is not public: chunks are counted in public activities, and ranges skip the others.
      const id = await createActivity(ctx.db, { name: `Chunked ${i}`, isApproved: i % 3 !== 2 });
      made.push(id);
      await ctx.db.insert(activityTranslations).values({
        activityId: id,
        language: 'nl',
        name: `In stukken ${i}`,
        description: `Beschrijving ${i}`,
        sortName: `in stukken ${i}`,
      });
      if (i % 2 === 0) await tagActivity(ctx.db, id, wine.id);
    }
    const whole = await publicActivities(ctx.db);
    for (const size of [1, 2, 3, 5]) {
      const chunked = await publicActivities(ctx.db, undefined, size);
      expect(chunked).toEqual(whole);
    }
    const ours = whole.filter((row) => made.includes(row.id));
    expect(ours.map((row) => row.original.name)).toEqual([0, 1, 3, 4, 6, 7, 9, 10].map((i) => `Chunked ${i}`));
    expect(ours.map((row) => row.translations.nl?.name)).toEqual(
      [0, 1, 3, 4, 6, 7, 9, 10].map((i) => `In stukken ${i}`),
    );
    expect(ours.map((row) => row.tags.map((t) => t.name))).toEqual(
      [0, 1, 3, 4, 6, 7, 9, 10].map((i) => (i % 2 === 0 ? ['chunked-wine'] : [])),
    );
    // Those named, in chunks too.
    expect(await publicActivities(ctx.db, made, 2)).toEqual(ours);
  });

  it('lets the event loop turn between chunks, so that the app answers while it reads everything', async () => {
    for (let i = 0; i < 5; i++) await createActivity(ctx.db, { name: `Turning ${i}` });
    const { result: read, turns } = await turnsDuring(() => publicActivities(ctx.db, undefined, 1));
    expect(read.length).toBeGreaterThanOrEqual(5);
    expect(turns).toBeGreaterThanOrEqual(read.length);
  });
});

/** A tag list's order is not fixed by the database (the answers sort it): compared by id. */
const byTagId = (rows: CatalogRow[]) =>
  rows.map((row) => ({ ...row, tags: [...row.tags].sort((a, b) => a.id - b.id) }));

describe('the catalogue read as one query per chunk (docs/read-model.md#keeping-it-current)', () => {
  it('gives what the row by row read through drizzle gave: every field, texts in every language, tags, weekly rows, sources', async () => {
    // Text that JSON escapes, in several scripts.
    const odd = 'Guillemets "doubles", barre \\ oblique, ligne\nnouvelle\ttab \u0001 😀 é ü ß 中文';
    const weekly = [{ days: [2, 3, 4], opens: '10:00', closes: '18:00', seasonStart: '04-01', seasonEnd: '10-31' }];
    const wine = await createTag(ctx.db, 'rich-wine', 'approved');
    const walk = await createTag(ctx.db, 'rich-walk "odd"', 'approved');
    const waiting = await createTag(ctx.db, 'rich-waiting', 'pending');
    const withCompany = await createProvider(ctx.db, { name: 'Julie Rich' });
    await ctx.db
      .update(providers)
      .set({ company: 'Cave "Rich" SARL' })
      .where(eq(providers.id, withCompany.provider.id));
    const named = await createProvider(ctx.db, { name: 'Paul Rich' });
    const emptyCompany = await createProvider(ctx.db, { name: 'Empty Company' });
    await ctx.db.update(providers).set({ company: '' }).where(eq(providers.id, emptyCompany.provider.id));
    const unlisted = await createProvider(ctx.db, { name: 'Pending Rich', approved: false });

    const first = await createActivity(ctx.db, {
      name: `Rich ${odd}`,
      description: odd,
      location: 'Place de la République',
      openingHours: 'ma-vr 10-18',
      marketDays: 'vendredi',
      providerId: withCompany.provider.id,
      weeklyHours: weekly,
      eventStart: '2026-12-01',
      eventEnd: '2026-12-24',
      priceCents: null,
      sponsorLevel: 2,
      isSponsored: true,
      setting: 'outdoor',
      latitude: 43.1 + 0.2 / 3, // 43.16666666666667: every digit of a double
      longitude: -2.000000000000001,
      contactPhone: '+33 4 68 00 00 00',
      contactEmail: 'rich@example.com',
      website: 'https://rich.example.com/?a=1&b="2"',
      bookingRequired: true,
    });
    const second = await createActivity(ctx.db, {
      name: 'Rich second',
      description: odd,
      providerId: named.provider.id,
      weeklyHours: weekly,
      priceCents: 0,
      language: 'nl',
    });
    const imported = await createActivity(ctx.db, { name: 'Rich imported', imageUrl: 'https://img.example.com/a.jpg' });
    const importedBare = await createActivity(ctx.db, {
      name: 'Rich imported bare',
      imageUrl: 'https://img.example.com/own.jpg',
    });
    const teamAnswers = await createActivity(ctx.db, {
      name: 'Rich empty company',
      providerId: emptyCompany.provider.id,
    });
    const hidden = await createActivity(ctx.db, { name: 'Rich unlisted', providerId: unlisted.provider.id });
    const inactive = await createActivity(ctx.db, { name: 'Rich inactive', isActive: false });
    const made = [first, second, imported, importedBare, teamAnswers, hidden, inactive];

    const texts = (id: number, description: string) =>
      (['nl', 'en', 'de', 'es'] as const).map((language) => ({
        activityId: id,
        language,
        name: `${language} ${id} ${odd}`,
        description,
        location: language === 'de' ? null : `Ort ${language}`,
        openingHours: language === 'en' ? 'Tue-Sat 10-18' : null,
        marketDays: null,
        sortName: `${language} ${id}`,
      }));
    await ctx.db.insert(activityTranslations).values([...texts(first, odd), ...texts(second, 'Gedeeld')]);
    await ctx.db.insert(activityTranslations).values([
      {
        activityId: imported,
        language: 'en',
        name: 'Imported',
        description: 'As the service wrote it',
        sortName: 'imported',
      },
      {
        activityId: imported,
        language: 'nl',
        name: 'Herschreven',
        description: 'Hier herschreven',
        sortName: 'herschreven',
      },
    ]);
    const at = new Date('2026-11-01T08:00:00Z');
    await ctx.db.insert(activitySources).values([
      {
        activityId: imported,
        source: 'datatourisme',
        sourceId: `https://data.datatourisme.fr/rich/${imported}`,
        contentHash: 'a'.repeat(64),
        importedValues: {
          imageUrl: 'https://img.example.com/a.jpg',
          'en.description': 'As the service wrote it',
          'nl.name': 'Vertaald',
        },
        creator: 'Office de Tourisme',
        publisher: null,
        lastUpdate: '2026-10-01T12:00:00+02:00',
        machineTranslated: [
          { language: 'en', field: 'description' },
          { language: 'nl', field: 'name' },
        ],
        photo: { url: 'https://img.example.com/a.jpg', credits: 'Jean "Photo"', licence: 'CC BY', skipped: null },
        createdAt: at,
        updatedAt: at,
      },
      {
        activityId: importedBare,
        source: 'datatourisme',
        sourceId: `https://data.datatourisme.fr/rich/${importedBare}`,
        contentHash: 'b'.repeat(64),
        importedValues: { imageUrl: 'https://img.example.com/theirs.jpg' },
        creator: null,
        publisher: 'Région',
        lastUpdate: null,
        machineTranslated: [],
        photo: null,
        createdAt: at,
        updatedAt: at,
      },
    ]);
    await tagActivity(ctx.db, first, wine.id);
    await tagActivity(ctx.db, first, walk.id);
    await tagActivity(ctx.db, first, waiting.id);
    await tagActivity(ctx.db, second, wine.id, false);
    await tagActivity(ctx.db, imported, walk.id);
    // Times with microseconds (the read truncates them to milliseconds as `new Date` does), and one before 1970.
    await ctx.db.execute(
      sql`update ${activities} set created_at = '2026-01-02 03:04:05.678999+00', updated_at = '1969-12-31 23:59:59.9995+00' where id = ${first}`,
    );
    await ctx.db.execute(sql`update ${activities} set rating = 4.5, review_count = 3 where id = ${second}`);

    const now = await publicActivities(ctx.db);
    expect(byTagId(now)).toEqual(byTagId(await publicActivitiesAsBefore(ctx.db)));
    expect(byTagId(await publicActivities(ctx.db, made, 3))).toEqual(
      byTagId(await publicActivitiesAsBefore(ctx.db, made)),
    );

    // What the fixture is meant to cover is there.
    const row = (id: number) => now.find((r) => r.id === id);
    expect(row(hidden)).toBeUndefined();
    expect(row(inactive)).toBeUndefined();
    expect(row(first)?.answeredBy).toEqual({ kind: 'provider', name: 'Cave "Rich" SARL' });
    expect(row(second)?.answeredBy).toEqual({ kind: 'provider', name: 'Paul Rich' });
    expect(row(teamAnswers)?.answeredBy).toEqual({ kind: 'team' });
    expect(row(first)?.original.description).toBe(odd);
    expect(row(first)?.translations.de?.name).toBe(`de ${first} ${odd}`);
    expect(row(first)?.createdAt).toBe(Date.parse('2026-01-02T03:04:05.678Z'));
    expect(row(first)?.updatedAt).toBe(Date.parse('1969-12-31T23:59:59.999Z'));
    expect(row(first)?.weeklyHours).toEqual(weekly);
    expect(row(first)?.latitude).toBe(43.1 + 0.2 / 3);
    expect(
      row(first)
        ?.tags.map((t) => t.name)
        .sort(),
    ).toEqual(['rich-walk "odd"', 'rich-wine']);
    expect(row(second)?.tags).toEqual([]);
    expect(row(second)?.rating).toBe(4.5);
    expect(row(imported)?.source).toEqual({
      name: 'DATAtourisme',
      creator: 'Office de Tourisme',
      publisher: null,
      updatedAt: '2026-10-01',
      photoCredits: 'Jean "Photo"',
      photoLicence: 'CC BY',
      machineTranslated: [{ language: 'en', field: 'description' }],
    });
    expect(row(importedBare)?.source?.photoCredits).toBeNull();
    // Repeated values are shared within a read (docs/read-model.md#memory).
    expect(row(first)?.weeklyHours).toBe(row(second)?.weeklyHours);
    expect(row(first)?.translations.nl?.description).toBe(row(second)?.original.description);
  });
});
