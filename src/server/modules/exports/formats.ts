import type { Activity } from '../../../domain/activities.js';
import { LANGUAGES, type Language } from '../../../domain/languages.js';
import { toEuros } from '../../../domain/money.js';
import type { WeeklyHoursRow } from '../../../domain/weekly-hours.js';
import type { CatalogActivity, LocalizedText } from '../catalog/model.js';
import { activityLd, eventLd, pageUrl, previewImage } from '../pages/head.js';
import type { Attribution } from './repository.js';

/**
 * The open-data exports of every public activity in every language (docs/api.md#open-data-exports):
 * GeoJSON, CSV and JSON-LD, each written as a sequence of chunks (one per activity) so that no
 * export is ever one string. Pure: the rows, their attribution and the licence are given.
 */

export const EXPORT_FORMATS = ['geojson', 'csv', 'jsonld'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  geojson: 'application/geo+json; charset=utf-8',
  csv: 'text/csv; charset=utf-8; header=present',
  jsonld: 'application/ld+json; charset=utf-8',
};

export interface Licence {
  name: string;
  url: string;
}

export interface ExportInput {
  rows: readonly CatalogActivity[];
  attributions: ReadonlyMap<number, Attribution>;
  licence: Licence;
  publicUrl: string;
  /** Today in Limoux (YYYY-MM-DD): which run of a season's hours JSON-LD gives. */
  today: string;
  /** The activity as its page shows it in its original language (the JSON-LD's rules are the page's). */
  activityOf: (row: CatalogActivity) => Activity;
}

export const DATATOURISME_NAME = 'DATAtourisme';
export const DATATOURISME_URL = 'https://www.datatourisme.fr/';

/** The text an activity has in each language, none made up: a translation, or the original in its own language. */
export function textsByLanguage(row: CatalogActivity): Partial<Record<Language, LocalizedText>> {
  const out: Partial<Record<Language, LocalizedText>> = {};
  for (const language of LANGUAGES) {
    const text = row.translations[language] ?? (language === row.language ? row.original : undefined);
    if (text && text.name.trim() !== '') out[language] = text;
  }
  return out;
}

type TextField = 'name' | 'description' | 'openingHours';

function perLanguage(row: CatalogActivity, field: TextField): Partial<Record<Language, string>> {
  const out: Partial<Record<Language, string>> = {};
  for (const [language, text] of Object.entries(textsByLanguage(row)) as [Language, LocalizedText][]) {
    const value = text[field];
    if (value !== null && value.trim() !== '') out[language] = value;
  }
  return out;
}

export const activityUrl = (publicUrl: string, id: number) => pageUrl(publicUrl, `/activity/${id}`, null);

/** The absolute address of an activity's picture, or null. */
export const imageUrlOf = (publicUrl: string, imageUrl: string | null) =>
  imageUrl ? new URL(imageUrl, `${publicUrl}/`).href : null;

/** "Source: <creator>, via DATAtourisme, updated <date>", the credit the source's licence asks for. */
export function creditOf(attribution: Attribution): string {
  const via = attribution.source === 'datatourisme' ? DATATOURISME_NAME : attribution.source;
  const who = attribution.creator ?? attribution.publisher;
  const updated = attribution.lastUpdate ? `, updated ${attribution.lastUpdate.slice(0, 10)}` : '';
  return `Source: ${who ? `${who}, via ${via}` : via}${updated}`;
}

const sourceOf = (attribution: Attribution | undefined) =>
  attribution
    ? {
        name: attribution.source === 'datatourisme' ? DATATOURISME_NAME : attribution.source,
        creator: attribution.creator,
        publisher: attribution.publisher,
        lastUpdate: attribution.lastUpdate,
        credit: creditOf(attribution),
      }
    : null;

// ---------------------------------------------------------------- GeoJSON

/** A GeoJSON FeatureCollection (RFC 7946): a Point per activity, its texts as objects per language. */
export function* geojsonChunks(input: ExportInput): Generator<string> {
  const { licence, publicUrl } = input;
  yield `{"type":"FeatureCollection","license":${JSON.stringify(licence)},"features":[`;
  let first = true;
  for (const row of input.rows) {
    const feature = {
      type: 'Feature',
      id: row.id,
      geometry: { type: 'Point', coordinates: [row.longitude, row.latitude] },
      properties: {
        id: row.id,
        url: activityUrl(publicUrl, row.id),
        category: row.category,
        originalLanguage: row.language,
        name: perLanguage(row, 'name'),
        description: perLanguage(row, 'description'),
        openingHoursText: perLanguage(row, 'openingHours'),
        address: row.address,
        city: row.city,
        price: row.priceCents === null ? null : toEuros(row.priceCents),
        weeklyHours: row.weeklyHours,
        eventStart: row.eventStart,
        eventEnd: row.eventEnd,
        contactPhone: row.contactPhone,
        contactEmail: row.contactEmail,
        website: row.website,
        bookingRequired: row.bookingRequired,
        image: imageUrlOf(publicUrl, row.imageUrl),
        source: sourceOf(input.attributions.get(row.id)),
      },
    };
    yield `${first ? '' : ','}\n${JSON.stringify(feature)}`;
    first = false;
  }
  yield '\n]}\n';
}

// ---------------------------------------------------------------- CSV

/** Opens the file as UTF-8 in spreadsheet apps that would otherwise guess a legacy encoding. */
export const UTF8_BOM = '\uFEFF';

const CSV_TEXT_COLUMNS = (['name', 'description', 'opening_hours'] as const).flatMap((field) =>
  LANGUAGES.map((language) => `${field}_${language}`),
);

export const CSV_COLUMNS = [
  'id',
  'url',
  'category',
  'original_language',
  ...CSV_TEXT_COLUMNS,
  'address',
  'city',
  'latitude',
  'longitude',
  'price_eur',
  'weekly_hours',
  'event_start',
  'event_end',
  'phone',
  'email',
  'website',
  'booking_required',
  'image_url',
  'source',
  'source_creator',
  'source_publisher',
  'source_updated',
  'licence',
  'licence_url',
] as const;

/**
 * One field as RFC 4180 has it: quoted when it holds a comma, a quote, a line break or starts or
 * ends with a space, quotes doubled. Free text that a spreadsheet would run as a formula (starting
 * with `=`, `@`, a tab, a carriage return, or `+`/`-` not followed by a digit) gets a leading `'`.
 */
export function csvField(value: string | number | boolean | null, text = false): string {
  if (value === null) return '';
  let out = String(value);
  if (text && /^(?:[=@\t\r]|[+-](?!\d))/.test(out)) out = `'${out}`;
  return /[",\r\n]|^\s|\s$/.test(out) ? `"${out.replaceAll('"', '""')}"` : out;
}

/** Weekly hours in one cell: `1,2,3 09:00-18:00` per row (days 1 = Monday), `[MM-DD/MM-DD]` for a season, rows joined by `; `. */
export function weeklyHoursText(rows: readonly WeeklyHoursRow[]): string {
  return rows
    .map(
      (row) =>
        `${row.days.join(',')} ${row.opens}-${row.closes}${row.seasonStart ? ` [${row.seasonStart}/${row.seasonEnd}]` : ''}`,
    )
    .join('; ');
}

/** CSV (RFC 4180, CRLF line ends) with a header row and a UTF-8 BOM; a column per text field and language. */
export function* csvChunks(input: ExportInput): Generator<string> {
  const { licence, publicUrl } = input;
  yield `${UTF8_BOM}${CSV_COLUMNS.join(',')}\r\n`;
  for (const row of input.rows) {
    const texts = { name: perLanguage(row, 'name'), description: perLanguage(row, 'description') };
    const hours = perLanguage(row, 'openingHours');
    const attribution = input.attributions.get(row.id);
    const cells = [
      csvField(row.id),
      csvField(activityUrl(publicUrl, row.id)),
      csvField(row.category),
      csvField(row.language),
      ...LANGUAGES.map((l) => csvField(texts.name[l] ?? null, true)),
      ...LANGUAGES.map((l) => csvField(texts.description[l] ?? null, true)),
      ...LANGUAGES.map((l) => csvField(hours[l] ?? null, true)),
      csvField(row.address, true),
      csvField(row.city, true),
      csvField(row.latitude),
      csvField(row.longitude),
      csvField(row.priceCents === null ? null : toEuros(row.priceCents).toFixed(2)),
      csvField(weeklyHoursText(row.weeklyHours) || null),
      csvField(row.eventStart),
      csvField(row.eventEnd),
      csvField(row.contactPhone),
      csvField(row.contactEmail, true),
      csvField(row.website, true),
      csvField(row.bookingRequired),
      csvField(imageUrlOf(publicUrl, row.imageUrl)),
      csvField(attribution ? creditOf(attribution) : null, true),
      csvField(attribution?.creator ?? null, true),
      csvField(attribution?.publisher ?? null, true),
      csvField(attribution?.lastUpdate ?? null),
      csvField(licence.name, true),
      csvField(licence.url),
    ];
    yield `${cells.join(',')}\r\n`;
  }
}

// ---------------------------------------------------------------- JSON-LD

const tagged = (values: Partial<Record<Language, string>>) =>
  Object.entries(values).map(([language, value]) => ({ '@language': language, '@value': value }));

/**
 * A page's JSON-LD node (pages/head.ts: the same rules), with every language's name and
 * description as language-tagged values instead of the page's one language, the licence, and the
 * source it is based on for an imported activity.
 */
function ldNode(node: Record<string, unknown>, row: CatalogActivity, input: ExportInput): Record<string, unknown> {
  const { '@context': _context, inLanguage: _language, ...rest } = node;
  const attribution = input.attributions.get(row.id);
  return {
    ...rest,
    name: tagged(perLanguage(row, 'name')),
    description: tagged(perLanguage(row, 'description')),
    license: input.licence.url,
    ...(attribution
      ? {
          creditText: creditOf(attribution),
          isBasedOn: {
            '@type': 'Dataset',
            name: attribution.source === 'datatourisme' ? DATATOURISME_NAME : attribution.source,
            ...(attribution.source === 'datatourisme' ? { url: DATATOURISME_URL } : {}),
            ...(attribution.creator ? { creator: { '@type': 'Organization', name: attribution.creator } } : {}),
            ...(attribution.publisher ? { publisher: { '@type': 'Organization', name: attribution.publisher } } : {}),
            ...(attribution.lastUpdate ? { dateModified: attribution.lastUpdate } : {}),
          },
        }
      : {}),
  };
}

/** schema.org JSON-LD: a Dataset naming the licence, then each activity (and its next edition as an Event). */
export function* jsonldChunks(input: ExportInput): Generator<string> {
  const { licence, publicUrl } = input;
  const dataset = {
    '@type': 'Dataset',
    '@id': `${publicUrl}/api/export/activities.jsonld`,
    name: 'DiscoverLocal: activities around Limoux',
    url: `${publicUrl}/`,
    inLanguage: [...LANGUAGES],
    license: licence.url,
    usageInfo: licence.name,
    isAccessibleForFree: true,
  };
  yield `{"@context":"https://schema.org","@graph":[\n${JSON.stringify(dataset)}`;
  for (const row of input.rows) {
    const activity = input.activityOf(row);
    const url = activityUrl(publicUrl, row.id);
    const image = previewImage(publicUrl, row.imageUrl);
    yield `,\n${JSON.stringify(ldNode(activityLd(activity, url, image, input.today), row, input))}`;
    const event = eventLd(activity, url, image, input.today);
    if (event) yield `,\n${JSON.stringify(ldNode(event, row, input))}`;
  }
  yield '\n]}\n';
}

export const CHUNKS: Record<ExportFormat, (input: ExportInput) => Generator<string>> = {
  geojson: geojsonChunks,
  csv: csvChunks,
  jsonld: jsonldChunks,
};
