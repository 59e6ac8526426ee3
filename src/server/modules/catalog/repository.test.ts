import { describe, expect, it } from 'vitest';
import { activityTranslations } from '../../db/schema/index.js';
import { createActivity, createTag, tagActivity } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
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
});
