import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activitySources } from '../../db/schema/index.js';

/** Who an imported activity comes from, as its licence asks to credit it (docs/datatourisme.md#mapping). */
export interface Attribution {
  source: string;
  creator: string | null;
  publisher: string | null;
  lastUpdate: string | null;
}

/** Ids per query: well under PostgreSQL's limit of parameters. */
const CHUNK = 1000;

/**
 * The attribution of each imported activity among `ids` (those with a source row); the guide's
 * own listings have none. Read per export, in chunks (docs/api.md#open-data-exports).
 */
export async function attributionsOf(db: Db, ids: readonly number[]): Promise<Map<number, Attribution>> {
  const out = new Map<number, Attribution>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .select({
        activityId: activitySources.activityId,
        source: activitySources.source,
        creator: activitySources.creator,
        publisher: activitySources.publisher,
        lastUpdate: activitySources.lastUpdate,
      })
      .from(activitySources)
      .where(inArray(activitySources.activityId, ids.slice(i, i + CHUNK)));
    for (const { activityId, ...attribution } of rows) out.set(activityId, attribution);
  }
  return out;
}
