import { and, eq } from 'drizzle-orm';
import type { Language } from '../../../domain/languages.js';
import { LANGUAGES } from '../../../domain/languages.js';
import { buildSearchDocument, normalizeText } from '../../../domain/search.js';
import type { Db } from '../../db/client.js';
import { activities, activityTranslations } from '../../db/schema/index.js';
// Only active and approved activities of a listed provider are public (docs/permissions.md#public-activities).
import { isPublicActivity as isPublic } from '../catalog/public-activity.js';

/**
 * Writes of activities and the one public check the API makes in the
 * database; the public reads come from the read model (docs/read-model.md).
 */

export async function isPublicActivity(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.id, id), isPublic));
  return row !== undefined;
}

export interface ActivityText {
  name: string;
  description: string;
  location?: string | null;
  openingHours?: string | null;
  marketDays?: string | null;
}

export type NewActivity = Omit<
  typeof activities.$inferInsert,
  'id' | 'sortName' | 'searchText' | 'rating' | 'reviewCount' | 'updatedAt'
> & { translations?: Partial<Record<Language, ActivityText>> };

/** The normalised text of every language, kept in activities.search_text. */
function searchDocument(a: NewActivity): string {
  const texts = Object.values(a.translations ?? {}).flatMap((t) => [t.name, t.description, t.location]);
  return buildSearchDocument([a.name, a.description, a.location, a.city, ...texts]);
}

/** Inserts an activity with its translations; keeps the sort and search keys in step. */
export async function insertActivity(db: Db, input: NewActivity): Promise<number> {
  const { translations = {}, ...fields } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(activities)
      .values({ ...fields, sortName: normalizeText(fields.name), searchText: searchDocument(input) })
      .returning({ id: activities.id });
    if (!row) throw new Error('insert returned no row');
    const rows = LANGUAGES.flatMap((language) => {
      const t = translations[language];
      return t
        ? [
            {
              activityId: row.id,
              language,
              name: t.name,
              description: t.description,
              location: t.location ?? null,
              openingHours: t.openingHours ?? null,
              marketDays: t.marketDays ?? null,
              sortName: normalizeText(t.name),
            },
          ]
        : [];
    });
    if (rows.length > 0) await tx.insert(activityTranslations).values(rows);
    return row.id;
  });
}
