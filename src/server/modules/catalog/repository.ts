import { setImmediate } from 'node:timers/promises';
import { asc, between, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { ActivitySource, AnsweredBy } from '../../../domain/activities.js';
import { DATATOURISME, type MachineTranslatedField } from '../../../domain/attribution.js';

import type { Language } from '../../../domain/languages.js';
import { type Db, queryRows } from '../../db/client.js';
import { activities, activityTags, activityTranslations, tags } from '../../db/schema/index.js';
import { ensureStatistics, STATISTICS_MIN_ACTIVITIES } from '../../db/statistics.js';
import type { SourcePhoto } from '../../db/schema/imports.js';
import type { CatalogRow, LocalizedText, PublicTag } from './model.js';
import { isPublicActivity } from './public-activity.js';

const tagColumns = { id: tags.id, name: tags.name, description: tags.description, isApproved: tags.isApproved };

/** Approved tags (the filter chips). */
export async function approvedTags(db: Db): Promise<PublicTag[]> {
  return db.select(tagColumns).from(tags).where(eq(tags.status, 'approved')).orderBy(asc(tags.name));
}

const NO_WEEKLY_HOURS: CatalogRow['weeklyHours'] = [];
const NO_TAGS: PublicTag[] = [];

/**
 * How many activities the whole catalogue is read in at a time: what one chunk's query and rows
 * take is the read's peak, on PGlite for good (docs/read-model.md#keeping-it-current).
 */
const READ_CHUNK = 250;

/**
 * Public activities (active, approved and of a listed provider, docs/permissions.md#public-activities),
 * all of them or those of `ids`, with their texts in every language and their approved tags: what the
 * read model holds. Read in chunks of READ_CHUNK by id (readerOf: one query per chunk on the embedded
 * database, three side by side on PostgreSQL); the next chunk is asked for before this one's rows are
 * made, so that on PostgreSQL the server reads the one while the process makes the other (three
 * connections of the pool at most). What is read but not kept stays small: one or two chunks
 * (docs/read-model.md#keeping-it-current). `onChunk`: given each chunk's rows as they are made (a whole
 * read's chunks come in ascending ids), and how many the read gives at most.
 */
export async function publicActivities(
  db: Db,
  ids?: number[],
  chunkSize = READ_CHUNK,
  onChunk?: (rows: readonly CatalogRow[], total: number) => void,
): Promise<CatalogRow[]> {
  // A large read joins by the planner's statistics: it gets them first where they are missing or stale.
  if (!ids || ids.length > STATISTICS_MIN_ACTIVITIES) await ensureStatistics(db);
  const chunks: Which[] = [];
  let total = ids?.length ?? 0;
  if (ids) {
    for (let i = 0; i < ids.length; i += chunkSize) {
      const chunk = ids.slice(i, i + chunkSize);
      chunks.push((column) => inArray(column, chunk));
    }
  } else {
    // The public ids first (a small read, as one JSON text: 50,000 rows of one column cost PGlite 0.35 s
    // of this thread), then each chunk as a range of ids, read by the primary key.
    const [listed] = await queryRows<{ ids: string }>(
      db,
      sql`select coalesce(json_agg(${activities.id} order by ${activities.id}), '[]')::text as ids
        from ${activities} where ${isPublicActivity}`,
    );
    const all = JSON.parse(listed?.ids ?? '[]') as number[];
    total = all.length;
    for (let i = 0; i < all.length; i += chunkSize) {
      const first = all[i] as number;
      const last = all[Math.min(all.length, i + chunkSize) - 1] as number;
      chunks.push((column) => between(column, first, last));
    }
  }
  const read = readerOf(db);
  const shared = new Shared();
  const out: CatalogRow[] = [];
  let next = chunks.length > 0 ? read(chunks[0] as Which) : undefined;
  for (let i = 0; next; i++) {
    const entries = await next;
    next = i + 1 < chunks.length ? read(chunks[i + 1] as Which) : undefined;
    // Its failure is thrown where it is awaited, not as an unhandled rejection should this one's rows fail.
    next?.catch(() => undefined);
    const from = out.length;
    for (const entry of entries) out.push(rowOf(entry, shared));
    onChunk?.(out.slice(from), total);
    // The embedded database answers a query without letting the event loop turn (its SQL runs in
    // WebAssembly on this thread): a whole read while the app serves (a change of everything) would
    // hold every request for seconds. Between chunks, what waits is answered from the snapshot in use.
    await setImmediate();
  }
  return out;
}

/**
 * One copy of each value that many activities repeat, for one read (docs/read-model.md#memory): the
 * same texts (opening hours, places, towns, a chain's descriptions), tags, weekly rows and who
 * answers. The database gives each row its own copy.
 */
export class Shared {
  private readonly strings = new Map<string, string>();
  private readonly objects = new Map<string, unknown>();
  private readonly tags = new Map<number, PublicTag[]>();
  private readonly answering = new Map<string, AnsweredBy>();
  private readonly team: AnsweredBy = { kind: 'team' };

  text<T extends string | null>(value: T): T {
    if (value === null) return value;
    const known = this.strings.get(value);
    if (known !== undefined) return known as T;
    this.strings.set(value, value);
    return value;
  }

  object<T>(value: T): T {
    const key = JSON.stringify(value);
    const known = this.objects.get(key);
    if (known !== undefined) return known as T;
    this.objects.set(key, value);
    return value;
  }

  /** A tag as read (the same id may come with other values from a later chunk's query). */
  tag([id, name, description, isApproved]: TagEntry): PublicTag {
    const known = this.tags.get(id);
    const same = known?.find((t) => t.name === name && t.description === description && t.isApproved === isApproved);
    if (same) return same;
    const tag = { id, name, description, isApproved };
    if (known) known.push(tag);
    else this.tags.set(id, [tag]);
    return tag;
  }

  /** Who answers an activity's bookings: its listed provider (by name), or the team (docs/product.md#who-answers). */
  answeredBy(providerName: string | null): AnsweredBy {
    if (!providerName) return this.team;
    let known = this.answering.get(providerName);
    if (known === undefined) {
      known = { kind: 'provider', name: providerName };
      this.answering.set(providerName, known);
    }
    return known;
  }

  /** A text in one language, its repeated parts shared (its names are its own). */
  localized(
    name: string,
    description: string,
    location: string | null,
    openingHours: string | null,
    marketDays: string | null,
    sortName: string,
  ): LocalizedText {
    return {
      name,
      description: this.text(description),
      location: this.text(location),
      openingHours: this.text(openingHours),
      marketDays: this.text(marketDays),
      sortName,
    };
  }
}

/** Which activities a chunk is: a condition on a column holding activity ids (a range, or a list). */
type Which = (activityId: AnyPgColumn) => SQL;

/**
 * An activity's columns (ActivityEntry) but its texts and tags, from `activities` joined with
 * providers `p` and activity_sources `s`. Numbers, days and times come as the same JSON values and
 * JavaScript values from both ways of reading (a time as milliseconds since 1970, truncated as
 * `new Date` truncates the microseconds of a text).
 */
const activityColumns = sql`
  ${activities.id}, ${activities.language}, ${activities.category}, ${activities.address}, ${activities.city},
  ${activities.latitude}, ${activities.longitude}, ${activities.imageUrl}, ${activities.rating}::float8,
  ${activities.reviewCount}, ${activities.priceCents}, ${activities.eventStart}::text, ${activities.eventEnd}::text,
  ${activities.weeklyHours}, ${activities.contactPhone}, ${activities.contactEmail}, ${activities.website},
  ${activities.bookingRequired}, ${activities.setting}, ${activities.isSponsored}, ${activities.sponsorLevel},
  floor(extract(epoch from ${activities.createdAt}) * 1000)::float8,
  floor(extract(epoch from ${activities.updatedAt}) * 1000)::float8,
  ${activities.searchText},
  case when ${activities.providerId} is not null then coalesce(p.company, p.name) end,
  ${activities.name}, ${activities.description}, ${activities.location}, ${activities.openingHours},
  ${activities.marketDays}, ${activities.sortName}`;

/** An activity's source row (SourceEntry), or null. */
const sourceColumn = sql`case when s.activity_id is not null then json_build_array(s.creator, s.publisher,
  s.last_update, s.machine_translated, s.photo, s.imported_values->>'imageUrl',
  -- What the import last wrote, only where a field is said to be machine-translated: is it still?
  case when jsonb_array_length(s.machine_translated) > 0 then s.imported_values end) end`;

const activitiesJoined = sql`
  from ${activities}
  left join providers p on p.id = ${activities.providerId}
  left join activity_sources s on s.activity_id = ${activities.id}`;

/** A chunk's texts (TextEntry, after the activity's id), by activity. */
const textsOf = (which: Which) => sql`
  select ${activityTranslations.activityId}, ${activityTranslations.language}, ${activityTranslations.name},
    ${activityTranslations.description}, ${activityTranslations.location}, ${activityTranslations.openingHours},
    ${activityTranslations.marketDays}, ${activityTranslations.sortName}
  from ${activityTranslations} where ${which(activityTranslations.activityId)}`;

/** A chunk's approved tags (TagEntry, after the activity's id). */
const tagsOf = (which: Which) => sql`
  select ${activityTags.activityId}, ${tags.id}, ${tags.name}, ${tags.description}, ${tags.isApproved}
  from ${activityTags} join ${tags} on ${tags.id} = ${activityTags.tagId}
  where ${which(activityTags.activityId)} and ${activityTags.status} = 'approved' and ${tags.status} = 'approved'`;

/**
 * One chunk of public activities as one JSON text, for the embedded database: each activity an array
 * of its columns (ActivityEntry), with its texts and its approved tags grouped per activity by the
 * database. PGlite turns every column of every row into a JavaScript value one at a time, in
 * JavaScript, and drizzle maps each row again: one text for JSON.parse costs a fraction of that
 * (docs/read-model.md#keeping-it-current). The texts and tags are grouped from the chunk's rows of
 * their tables (a subquery per activity costs more, most of all in WebAssembly).
 */
const chunkOf = (which: Which) => sql`
  select coalesce(json_agg(json_build_array(${activityColumns}, texts.list, approved.list, ${sourceColumn})), '[]')::text
    as chunk
  ${activitiesJoined}
  left join (
    select texts.activity_id as id,
      json_agg(json_build_array(texts.language, texts.name, texts.description, texts.location, texts.opening_hours,
        texts.market_days, texts.sort_name) order by texts.language) as list
    from (${textsOf(which)}) texts group by texts.activity_id
  ) texts on texts.id = ${activities.id}
  left join (
    select approved.activity_id as id,
      json_agg(json_build_array(approved.id, approved.name, approved.description, approved.is_approved)
        order by approved.id) as list
    from (${tagsOf(which)}) approved group by approved.activity_id
  ) approved on approved.id = ${activities.id}
  where ${isPublicActivity} and ${which(activities.id)}`;

/**
 * One chunk's public activities, on PostgreSQL: the activities, their texts and their tags as rows of
 * arrays, three queries side by side on the pool, without drizzle's mapping. The server sends each
 * column as it is stored; building JSON of the same (escaping every character of 100 MB of text at
 * 50,000 activities) cost it more than node-postgres reading the rows
 * (docs/benchmarks.md#the-guide-at-50000).
 */
const activityRowsOf = (which: Which) => sql`
  select ${activityColumns}, null, null, ${sourceColumn}
  ${activitiesJoined}
  where ${isPublicActivity} and ${which(activities.id)}`;

/** An activity as it is read (chunkOf, activityRowsOf; its texts and tags added to the rows by readRows). */
type ActivityEntry = [
  id: number,
  language: Language,
  category: CatalogRow['category'],
  address: string | null,
  city: string,
  latitude: number,
  longitude: number,
  imageUrl: string | null,
  rating: number,
  reviewCount: number,
  priceCents: number | null,
  eventStart: string | null,
  eventEnd: string | null,
  weeklyHours: CatalogRow['weeklyHours'],
  contactPhone: string | null,
  contactEmail: string | null,
  website: string | null,
  bookingRequired: boolean,
  setting: CatalogRow['setting'],
  isSponsored: boolean,
  sponsorLevel: number,
  createdAt: number,
  updatedAt: number,
  searchText: string,
  providerName: string | null,
  name: string,
  description: string,
  location: string | null,
  openingHours: string | null,
  marketDays: string | null,
  sortName: string,
  translations: TextEntry[] | null,
  tags: TagEntry[] | null,
  source: SourceEntry | null,
];
/** Where an activity's texts and tags are in its ActivityEntry. */
const ACTIVITY_TEXTS = 31;
const ACTIVITY_TAGS = 32;

/** A text in one language: language, name, description, location, opening hours, market days, sort name. */
type TextEntry = [Language, string, string, string | null, string | null, string | null, string];
type TagEntry = [id: number, name: string, description: string | null, isApproved: boolean];
type SourceEntry = [
  creator: string | null,
  publisher: string | null,
  lastUpdate: string | null,
  machineTranslated: { language: string; field: string }[],
  photo: SourcePhoto | null,
  importedImageUrl: string | null,
  importedValues: Record<string, unknown> | null,
];

/** Reads one chunk's public activities, with texts, tags and source, ordered by id. */
type Reader = (which: Which) => Promise<ActivityEntry[]>;

const dialect = new PgDialect();

/** The way to read the catalogue on the database behind `db`: rows on PostgreSQL's pool, else one JSON text. */
function readerOf(db: Db): Reader {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return (which) => readRows(client, which);
  return async (which) => {
    const [result] = await queryRows<{ chunk: string }>(db, chunkOf(which));
    const chunk = JSON.parse(result?.chunk ?? '[]') as ActivityEntry[];
    // By id (json_agg keeps the order its rows come in, which the query does not fix).
    return chunk.sort((a, b) => a[0] - b[0]);
  };
}

async function readRows(pool: pg.Pool, which: Which): Promise<ActivityEntry[]> {
  const rows = async <T extends unknown[]>(query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await pool.query<T>({ text, values: params, rowMode: 'array' })).rows;
  };
  const [found, texts, approved] = await Promise.all([
    rows<ActivityEntry>(sql`${activityRowsOf(which)} order by ${activities.id}`),
    rows<[number, ...TextEntry]>(sql`${textsOf(which)} order by 1, 2`),
    rows<[number, ...TagEntry]>(sql`${tagsOf(which)} order by 1, 2`),
  ]);
  const at = new Map(found.map((entry, i) => [entry[0], i]));
  for (const [id, ...text] of texts) {
    const entry = found[at.get(id) ?? -1];
    if (entry) (entry[ACTIVITY_TEXTS] ??= []).push(text);
  }
  for (const [id, ...tag] of approved) {
    const entry = found[at.get(id) ?? -1];
    if (entry) (entry[ACTIVITY_TAGS] ??= []).push(tag);
  }
  return found;
}

/** A catalogue row of an activity as read. */
function rowOf(entry: ActivityEntry, shared: Shared): CatalogRow {
  const [
    id,
    language,
    category,
    address,
    city,
    latitude,
    longitude,
    imageUrl,
    rating,
    reviewCount,
    priceCents,
    eventStart,
    eventEnd,
    weeklyHours,
    contactPhone,
    contactEmail,
    website,
    bookingRequired,
    setting,
    isSponsored,
    sponsorLevel,
    createdAt,
    updatedAt,
    searchText,
    providerName,
    name,
    description,
    location,
    openingHours,
    marketDays,
    sortName,
    translations,
    tagEntries,
    stored,
  ] = entry;
  const original = shared.localized(name, description, location, openingHours, marketDays, sortName);
  const texts: Partial<Record<Language, LocalizedText>> = {};
  for (const t of translations ?? []) texts[t[0]] = shared.localized(t[1], t[2], t[3], t[4], t[5], t[6]);
  return {
    id,
    language,
    category,
    address: shared.text(address),
    city: shared.text(city),
    latitude,
    longitude,
    imageUrl,
    rating,
    reviewCount,
    priceCents,
    eventStart,
    eventEnd,
    weeklyHours: weeklyHours.length === 0 ? NO_WEEKLY_HOURS : shared.object(weeklyHours),
    contactPhone,
    contactEmail,
    website,
    bookingRequired,
    setting,
    isSponsored,
    sponsorLevel,
    createdAt,
    updatedAt,
    searchText,
    // A public activity's provider is listed (or it has none): they answer its bookings, else the team.
    answeredBy: shared.object<AnsweredBy>(providerName ? { kind: 'provider', name: providerName } : { kind: 'team' }),
    original,
    translations: texts,
    tags: tagEntries ? tagEntries.map((tag) => shared.tag(tag)) : NO_TAGS,
    source: stored
      ? sourceOf(
          {
            creator: stored[0],
            publisher: stored[1],
            lastUpdate: stored[2],
            machineTranslated: stored[3],
            photo: stored[4],
            importedImageUrl: stored[5],
            importedValues: stored[6],
          },
          language,
          imageUrl,
          original,
          texts,
        )
      : null,
  };
}

export interface StoredSource {
  creator: string | null;
  publisher: string | null;
  lastUpdate: string | null;
  machineTranslated: { language: string; field: string }[];
  photo: SourcePhoto | null;
  importedImageUrl: string | null;
  importedValues: Record<string, unknown> | null;
}

const sameText = (a: unknown, b: unknown) => (typeof a === 'string' ? a : '') === (typeof b === 'string' ? b : '');

/**
 * An imported activity's attribution as the page shows it (docs/datatourisme.md#attribution): the
 * producer's last update as a day; the photo's credits only while the photo shown is the one the
 * import made; a field marked machine-translated only while its text is still what the import wrote
 * (a text rewritten here is nobody's translation service's).
 */
export function sourceOf(
  stored: StoredSource,
  language: Language,
  imageUrl: string | null,
  original: LocalizedText,
  texts: Partial<Record<Language, LocalizedText>>,
): ActivitySource {
  const photoShown = imageUrl !== null && imageUrl === stored.importedImageUrl;
  const day = stored.lastUpdate ? /^\d{4}-\d{2}-\d{2}/.exec(stored.lastUpdate)?.[0] : undefined;
  const machineTranslated = stored.machineTranslated.flatMap(({ language: lang, field }) => {
    const pair = { language: lang as Language, field: field as MachineTranslatedField };
    const text = lang === language ? (texts[pair.language] ?? original) : texts[pair.language];
    const imported = stored.importedValues?.[lang === language ? field : `${lang}.${field}`];
    return text && sameText(text[pair.field], imported) ? [pair] : [];
  });
  return {
    name: DATATOURISME.name,
    creator: stored.creator,
    publisher: stored.publisher,
    updatedAt: day ?? null,
    photoCredits: photoShown ? (stored.photo?.credits ?? null) : null,
    photoLicence: photoShown ? (stored.photo?.licence ?? null) : null,
    machineTranslated,
  };
}
