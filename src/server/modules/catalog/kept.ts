import { type FileHandle, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Db, MIGRATIONS_DIR, queryRows } from '../../db/client.js';
import { ensurePrivateDir, writePrivately } from '../../private-dir.js';
import type { Language } from '../../../domain/languages.js';
import type { Entry, KeptModel, LocalizedText } from './model.js';
import type { IndexParts } from './search-index.js';

/**
 * The read model kept in a file under DATA_DIR (docs/read-model.md#the-kept-snapshot), so that a
 * start restores it and reads again only what changed since, instead of the whole catalogue.
 *
 * The file: MAGIC, the header's length (4 bytes), the header (JSON), then the body in parts, each
 * as `v8.serialize` writes it (typed arrays and the objects shared within a part come back as they
 * were): the snapshot's entries, PART_ENTRIES to a part, then its tables (the texts' strings, the
 * search index, the approved tags). A restore reads the tables, then one part of entries at a time,
 * so that it holds one part's bytes beside the snapshot it makes, not the whole file's.
 */
export const KEPT_FILE = 'read-model.bin';
/**
 * What the body holds and how: bump it whenever the snapshot's entries (CatalogActivity, what
 * repository.ts reads), its search index or this file change, so that an older file is not used.
 */
export const FORMAT = 5;
/** Activities per part of the body (a few MB of the file at most). */
const PART_ENTRIES = 5000;
const MAGIC = Buffer.from('DLREADMODEL\n', 'latin1');

export interface KeptHeader {
  format: number;
  /** The last migration's tag when it was written. */
  migration: string;
  /** The database's identity (`databaseIdentity`). */
  identity: string;
  /** pg_current_snapshot() taken before the catalogue it holds was read: every change visible in it is in the file. */
  snapshot: string;
  activities: number;
  /** The body's parts in file order (the entries', then the tables'): their lengths and CRC-32s. */
  parts: { bytes: number; crc: number }[];
}

/** Which database and schema a file must come from to be used. */
export interface KeptIdentity {
  migration: string;
  identity: string;
}

let lastMigration: string | undefined;

/** The tag of the last migration (the app applies them all before it starts). */
async function migrationTag(): Promise<string> {
  if (lastMigration === undefined) {
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    lastMigration = journal.entries.at(-1)?.tag ?? '';
  }
  return lastMigration;
}

/**
 * The database's identity (src/server/db/migrations/0028_catalog_changes.sql) and the cluster's
 * system identifier: a copy of the database restored on another server (other transaction ids) is
 * another database to a kept file.
 */
export async function keptIdentity(db: Db): Promise<KeptIdentity> {
  const [row] = await queryRows<{ id: string; system: string }>(
    db,
    sql`select (select id::text from catalog_identity) as id,
      (select system_identifier::text from pg_control_system()) as system`,
  );
  if (!row?.id) throw new Error('catalog_identity is empty');
  return { migration: await migrationTag(), identity: `${row.id}/${row.system}` };
}

/** pg_current_snapshot(), as text. */
export async function currentSnapshot(db: Db): Promise<string> {
  const [row] = await queryRows<{ snapshot: string }>(db, sql`select pg_current_snapshot()::text as snapshot`);
  const snapshot = row?.snapshot;
  if (!snapshot) throw new Error('no snapshot');
  return snapshot;
}

/**
 * Whether `snapshot` names transactions this database has not reached: a file kept from the same
 * database at a later point than a copy put back by hand (the backup command gives a restored
 * database a new identity, scripts/backup.ts).
 */
export async function isAhead(db: Db, snapshot: string): Promise<boolean> {
  const [row] = await queryRows<{ ahead: boolean }>(
    db,
    sql`select pg_snapshot_xmax(${snapshot}::pg_snapshot) > pg_snapshot_xmax(pg_current_snapshot()) as ahead`,
  );
  return row?.ahead === true;
}

/**
 * The activities changed by a transaction not visible in `snapshot` (0: everything), from the
 * change log the triggers write (docs/read-model.md#the-kept-snapshot).
 */
export async function changedSince(db: Db, snapshot: string): Promise<number[]> {
  const rows = await queryRows<{ activity_id: number }>(
    db,
    sql`select activity_id from catalog_changes where not pg_visible_in_snapshot(xid, ${snapshot}::pg_snapshot)`,
  );
  return rows.map((r) => Number(r.activity_id));
}

/**
 * Writes the file whole or not at all (`writePrivately`): a process killed mid-write leaves the old
 * file or none. Two instances sharing DATA_DIR: the last one written wins, and either file is valid.
 */
export async function writeKept(
  dir: string,
  header: Omit<KeptHeader, 'format' | 'activities' | 'parts'>,
  model: KeptModel,
  partEntries = PART_ENTRIES,
): Promise<number> {
  const packer = new Packer();
  const parts: Buffer[] = [];
  for (let i = 0; i < model.entries.length; i += partEntries) {
    parts.push(serialize(model.entries.slice(i, i + partEntries).map((entry) => packer.entry(entry))));
  }
  // The index's names are the texts' sort names: written as their places in the table, so that they
  // come back as the same strings.
  const names = Int32Array.from(model.index.names, (name) => packer.string(name));
  const tables: KeptTables = {
    strings: packer.strings,
    index: { ...model.index, names },
    approvedTags: model.approvedTags,
  };
  parts.push(serialize(tables));
  const full: KeptHeader = {
    format: FORMAT,
    ...header,
    activities: model.entries.length,
    parts: parts.map((part) => ({ bytes: part.length, crc: crc32(part) })),
  };
  const head = Buffer.from(JSON.stringify(full), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  await ensurePrivateDir(dir);
  await writePrivately(path.join(dir, KEPT_FILE), (file) => file.writev([MAGIC, length, head, ...parts]));
  return MAGIC.length + 4 + head.length + parts.reduce((sum, part) => sum + part.length, 0);
}

/** Why a file is not used (a warning in the log; the app then reads everything). */
export class KeptFileRejected extends Error {}

/** `length` bytes of `file` from `position`, or KeptFileRejected when it ends before. */
async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const bytes = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await file.read(bytes, done, length - done, position + done);
    if (bytesRead === 0) throw new KeptFileRejected('truncated');
    done += bytesRead;
  }
  return bytes;
}

/**
 * The file's header and snapshot, when it exists (null when not) and is one this database may use;
 * a file that cannot be used throws KeptFileRejected (or the error that reading it raised). Read a
 * part at a time: the tables first, then the entries, each part's bytes let go once its entries are
 * made again (docs/read-model.md#the-kept-snapshot).
 */
export async function readKept(
  dir: string,
  expected: KeptIdentity,
): Promise<{ header: KeptHeader; model: KeptModel; bytes: number } | null> {
  let file: FileHandle;
  try {
    file = await open(path.join(dir, KEPT_FILE), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const { size } = await file.stat();
    if (size < MAGIC.length + 4) throw new KeptFileRejected('not a read model file');
    const start = await readAt(file, 0, MAGIC.length + 4);
    if (!start.subarray(0, MAGIC.length).equals(MAGIC)) throw new KeptFileRejected('not a read model file');
    const headLength = start.readUInt32BE(MAGIC.length);
    const bodyStart = MAGIC.length + 4 + headLength;
    if (bodyStart > size) throw new KeptFileRejected('truncated header');
    const header = JSON.parse((await readAt(file, MAGIC.length + 4, headLength)).toString('utf8')) as KeptHeader;
    if (header.format !== FORMAT) throw new KeptFileRejected(`format ${header.format}, not ${FORMAT}`);
    if (header.migration !== expected.migration) {
      throw new KeptFileRejected(`made at migration ${header.migration}, not ${expected.migration}`);
    }
    if (header.identity !== expected.identity) throw new KeptFileRejected('made from another database');
    const { parts } = header;
    if (!Array.isArray(parts) || parts.length === 0) throw new KeptFileRejected('its content is not a read model');
    const offsets: number[] = [];
    let offset = bodyStart;
    for (const part of parts) {
      offsets.push(offset);
      offset += part.bytes;
    }
    if (offset !== size) throw new KeptFileRejected(`${size - bodyStart} bytes of parts, not ${offset - bodyStart}`);
    const part = async (k: number): Promise<unknown> => {
      const { bytes, crc } = parts[k] as KeptHeader['parts'][number];
      const body = await readAt(file, offsets[k] as number, bytes);
      if (crc32(body) !== crc) throw new KeptFileRejected('its checksum does not match');
      return deserialize(body);
    };
    const tables = (await part(parts.length - 1)) as KeptTables;
    if (!Array.isArray(tables?.strings) || typeof tables.index !== 'object' || tables.index === null) {
      throw new KeptFileRejected('its content is not a read model');
    }
    // Node's deserializer makes each typed array a view of the part's bytes when it can: copied, those
    // bytes (words and all) are not kept alive by them.
    const { strings, index: stored } = tables;
    if (!Array.isArray(stored.starts) || !Array.isArray(stored.postings) || !(stored.names instanceof Int32Array)) {
      throw new KeptFileRejected('its content is not a read model');
    }
    const names = Array.from(stored.names, (k) => {
      const name = strings[k];
      if (name === undefined) throw new KeptFileRejected('a name names a string the file does not have');
      return name;
    });
    const index: IndexParts = {
      size: stored.size,
      words: stored.words,
      starts: stored.starts.map((list) => list.slice()),
      postings: stored.postings.map((list) => list.slice()),
      names,
      nameOwners: stored.nameOwners.slice(),
    };
    const unpack = unpacker(strings);
    const entries: Entry[] = [];
    for (let k = 0; k < parts.length - 1; k++) {
      const packedEntries = await part(k);
      if (!Array.isArray(packedEntries)) throw new KeptFileRejected('its content is not a read model');
      for (const entry of packedEntries as PackedEntry[]) entries.push(unpack(entry));
    }
    const model: KeptModel = { entries, index, approvedTags: tables.approvedTags };
    checkShape(model, header.activities);
    return { header, model, bytes: size };
  } finally {
    await file.close();
  }
}

/** The fields of a text (LocalizedText), in the order a packed text lists them. */
const TEXT_FIELDS = ['name', 'description', 'location', 'openingHours', 'marketDays', 'sortName'] as const;

/** An entry as the file holds it: its texts as indexes into the table of strings (Packer). */
type PackedEntry = Omit<Entry, 'original' | 'translations'> & {
  original: number[];
  translations: Record<string, number[]>;
};

/**
 * The last part of the body: the texts' strings, the search index (its names as places in the
 * strings) and the approved tags.
 */
interface KeptTables extends Omit<KeptModel, 'entries' | 'index'> {
  strings: string[];
  index: Omit<IndexParts, 'names'> & { names: Int32Array };
}

/**
 * `v8.serialize` keeps the objects shared between entries (tags, weekly rows, who answers), not the
 * strings: a text several activities have (a chain's description, opening hours, a town) would be
 * written, read and kept once per activity (at 50,000 synthetic activities, 730,000 copies of 38
 * million characters; sharing them again after a restore took seconds of hashing). So the texts'
 * strings are written once, in a table, and each text as the indexes of its fields (-1: null).
 * A text with other fields than TEXT_FIELDS is refused (FORMAT must change with them). The objects
 * shared are shared within a part of PART_ENTRIES activities: a weekly row or a tag common to
 * several parts comes back once per part (a few hundred small objects at 50,000).
 */
class Packer {
  readonly strings: string[] = [];
  private readonly indexOf = new Map<string, number>();
  private readonly texts = new Map<object, number[]>();

  /** The place of `value` in the table, added when new. */
  string(value: string): number {
    let index = this.indexOf.get(value);
    if (index === undefined) {
      index = this.strings.length;
      this.strings.push(value);
      this.indexOf.set(value, index);
    }
    return index;
  }

  private text(text: LocalizedText): number[] {
    let done = this.texts.get(text);
    if (done) return done;
    if (Object.keys(text).length !== TEXT_FIELDS.length)
      throw new Error('a text has fields the kept file does not know');
    done = TEXT_FIELDS.map((field) => {
      const value = text[field];
      return value === null ? -1 : this.string(value);
    });
    this.texts.set(text, done);
    return done;
  }

  entry(entry: Entry): PackedEntry {
    const translations: Record<string, number[]> = {};
    for (const [language, text] of Object.entries(entry.translations)) translations[language] = this.text(text);
    return { ...entry, original: this.text(entry.original), translations };
  }
}

/** Makes the entries of the file again, from its table of strings: each distinct text of a part once. */
function unpacker(strings: string[]): (entry: PackedEntry) => Entry {
  // The short strings many activities repeat (a category, a town, a date), shared again too.
  const shared = new Map<string, string>();
  const share = <T extends string | null>(value: T): T => {
    if (value === null) return value;
    const known = shared.get(value);
    if (known !== undefined) return known as T;
    shared.set(value, value);
    return value;
  };
  // A text shared by entries of one part is one array of that part; held weakly, the part's arrays go with it.
  const texts = new WeakMap<object, LocalizedText>();
  const unpack = (fields: number[]): LocalizedText => {
    if (!Array.isArray(fields)) throw new KeptFileRejected('its content is not a read model');
    let text = texts.get(fields);
    if (text) return text;
    const at = (k: number): string | null => {
      const index = fields[k] as number;
      if (index === -1) return null;
      const value = strings[index];
      if (value === undefined) throw new KeptFileRejected('a text names a string the file does not have');
      return value;
    };
    const name = at(0);
    const description = at(1);
    const sortName = at(5);
    if (name === null || description === null || sortName === null) throw new KeptFileRejected('a text lacks its name');
    text = { name, description, location: at(2), openingHours: at(3), marketDays: at(4), sortName };
    texts.set(fields, text);
    return text;
  };
  return (entry) => {
    const translations: Partial<Record<Language, LocalizedText>> = {};
    for (const [language, fields] of Object.entries(entry.translations ?? {})) {
      translations[language as Language] = unpack(fields);
    }
    // Written out field by field: a literal is kept compactly (docs/read-model.md#memory).
    return {
      id: entry.id,
      language: share(entry.language),
      category: share(entry.category),
      address: share(entry.address),
      city: share(entry.city),
      latitude: entry.latitude,
      longitude: entry.longitude,
      imageUrl: share(entry.imageUrl),
      rating: entry.rating,
      reviewCount: entry.reviewCount,
      priceCents: entry.priceCents,
      eventStart: share(entry.eventStart),
      eventEnd: share(entry.eventEnd),
      weeklyHours: entry.weeklyHours,
      contactPhone: entry.contactPhone,
      contactEmail: entry.contactEmail,
      website: share(entry.website),
      bookingRequired: entry.bookingRequired,
      setting: share(entry.setting),
      isSponsored: entry.isSponsored,
      sponsorLevel: entry.sponsorLevel,
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
      answeredBy: entry.answeredBy,
      original: unpack(entry.original),
      translations,
      tags: entry.tags,
      source: entry.source,
      tagNames: entry.tagNames,
    };
  };
}

/** What the snapshot's constructor relies on, checked (a file of a bug of ours is rejected too). */
function checkShape(model: KeptModel, activities: number) {
  const { entries, index, approvedTags } = model;
  const fine =
    Array.isArray(entries) &&
    entries.length === activities &&
    Array.isArray(approvedTags) &&
    index.size === activities &&
    Array.isArray(index.words) &&
    Array.isArray(index.names) &&
    index.nameOwners instanceof Int32Array &&
    index.names.length === index.nameOwners.length &&
    index.starts.every((s) => s instanceof Int32Array && s.length === index.words.length + 1) &&
    index.postings.every((p, f) => p instanceof Int32Array && p.length === index.starts[f]?.[index.words.length]) &&
    entries.every((e, i) => typeof e.id === 'number' && (i === 0 || e.id > (entries[i - 1]?.id ?? 0)));
  if (!fine) throw new KeptFileRejected('its content is not a read model');
}
