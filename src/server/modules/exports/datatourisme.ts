import type { Category } from '../../../domain/activities.js';
import { LANGUAGES, type Language } from '../../../domain/languages.js';
import { seasonRun, type WeeklyHoursRow } from '../../../domain/weekly-hours.js';
import type { CatalogActivity } from '../catalog/model.js';
import { imageUrlOf, textsByLanguage } from './formats.js';

/**
 * The guide's own listings in the shape of a DATAtourisme flux object (docs/datatourisme.md#export),
 * the shape the import's mapping reads (imports/datatourisme/mapping.ts), so that a tourist office
 * can load them into its regional database, and so that an import of the export gives the same
 * activities back (tested). Pure.
 */

/**
 * One class per category (with the generic classes every place has), chosen among those the
 * import's table maps back to the same category (docs/datatourisme.md#categories).
 */
export const CATEGORY_TYPES: Record<Category, string[]> = {
  markten: ['Market', 'PlaceOfInterest', 'PointOfInterest'],
  feesten: ['Festival', 'EntertainmentAndEvent', 'PointOfInterest'],
  sport: ['SportsAndLeisurePlace', 'PlaceOfInterest', 'PointOfInterest'],
  viewpoints: ['PointOfView', 'PlaceOfInterest', 'PointOfInterest'],
  zomeractiviteiten: ['ThemePark', 'PlaceOfInterest', 'PointOfInterest'],
  uitjes: ['CulturalSite', 'PlaceOfInterest', 'PointOfInterest'],
};

const SCHEMA_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const languageMap = (values: Partial<Record<Language, string | null>>) => {
  const out: Record<string, string[]> = {};
  for (const language of LANGUAGES) {
    const value = values[language];
    if (value && value.trim() !== '') out[language] = [value];
  }
  return out;
};

/** A season's next run (`seasonRun`, this year's or the next) as dates; nothing for a row of all year. */
function seasonOf(row: WeeklyHoursRow, today: string) {
  if (!row.seasonStart || !row.seasonEnd) return {};
  const { start, end } = seasonRun(row.seasonStart, row.seasonEnd, today);
  return { 'schema:validFrom': start, 'schema:validThrough': end };
}

/** Weekly hours as `schema:openingHoursSpecification`: one spec per row, seasons as dates. */
function openingHoursSpecs(rows: readonly WeeklyHoursRow[], today: string): Record<string, unknown>[] {
  return rows.map((row) => ({
    '@type': ['schema:OpeningHoursSpecification'],
    'schema:dayOfWeek': row.days.map((day) => ({ '@id': `schema:${SCHEMA_DAYS[day - 1]}` })),
    'schema:opens': `${row.opens}:00`,
    'schema:closes': row.closes === '24:00' ? '23:59:59' : `${row.closes}:00`,
    ...seasonOf(row, today),
  }));
}

export interface OwnListingContext {
  publicUrl: string;
  today: string;
  /** Who wrote the records: the guide, under its name. */
  publisherName: string;
}

/** One of the guide's own listings as a DATAtourisme object. */
export function datatourismeObject(row: CatalogActivity, context: OwnListingContext): Record<string, unknown> {
  const { publicUrl, today } = context;
  const texts = textsByLanguage(row);
  const pick = (field: 'name' | 'description' | 'openingHours') =>
    Object.fromEntries(Object.entries(texts).map(([language, text]) => [language, text[field]])) as Partial<
      Record<Language, string | null>
    >;
  const agent = {
    '@type': ['foaf:Agent'],
    ...(row.contactPhone ? { 'schema:telephone': [row.contactPhone] } : {}),
    ...(row.contactEmail ? { 'schema:email': [row.contactEmail] } : {}),
    ...(row.website ? { 'foaf:homepage': [row.website] } : {}),
  };
  const hasContact = Object.keys(agent).length > 1;
  const descriptions = languageMap(pick('description'));
  const hoursText = languageMap(pick('openingHours'));
  const image = imageUrlOf(publicUrl, row.imageUrl);
  const guide = { '@id': `${publicUrl}/`, 'schema:legalName': context.publisherName };
  return {
    '@id': `${publicUrl}/activity/${row.id}`,
    'dc:identifier': String(row.id),
    '@type': CATEGORY_TYPES[row.category],
    'rdfs:label': languageMap(pick('name')),
    ...(Object.keys(descriptions).length > 0
      ? { hasDescription: [{ '@type': ['Description'], 'dc:description': descriptions }] }
      : {}),
    isLocatedAt: [
      {
        '@type': ['schema:Place'],
        'schema:address': [
          {
            '@type': ['schema:PostalAddress'],
            'schema:streetAddress': row.address ? [row.address] : [],
            'schema:addressLocality': row.city,
          },
        ],
        'schema:geo': {
          '@type': ['schema:GeoCoordinates'],
          'schema:latitude': String(row.latitude),
          'schema:longitude': String(row.longitude),
        },
        ...(row.weeklyHours.length > 0
          ? { 'schema:openingHoursSpecification': openingHoursSpecs(row.weeklyHours, today) }
          : {}),
        ...(Object.keys(hoursText).length > 0 ? { TextOpeningHoursSpecification: hoursText } : {}),
      },
    ],
    ...(hasContact ? { hasContact: [agent] } : {}),
    // The flux's only way to say that booking is needed: whom to book with.
    ...(row.bookingRequired && hasContact ? { hasBookingContact: [agent] } : {}),
    ...(row.priceCents === null
      ? {}
      : {
          offers: [
            {
              '@type': ['schema:Offer'],
              'schema:priceSpecification': [
                {
                  '@type': ['schema:UnitPriceSpecification'],
                  'schema:price': [(row.priceCents / 100).toFixed(2)],
                  'schema:priceCurrency': 'EUR',
                  ...(row.priceCents > 0 ? { hasEligiblePolicy: [{ '@id': 'kb:BaseRateFullRate' }] } : {}),
                },
              ],
            },
          ],
        }),
    ...(row.eventStart
      ? { takesPlaceAt: [{ '@type': ['Period'], startDate: row.eventStart, endDate: row.eventEnd ?? row.eventStart }] }
      : {}),
    ...(image
      ? {
          hasMainRepresentation: [
            {
              '@type': ['foaf:Document'],
              'ebucore:hasRelatedResource': [{ '@type': ['ebucore:Resource'], 'ebucore:locator': [image] }],
            },
          ],
        }
      : {}),
    hasBeenCreatedBy: guide,
    hasBeenPublishedBy: [guide],
    lastUpdate: new Date(row.updatedAt).toISOString(),
    lastUpdateDatatourisme: new Date(row.updatedAt).toISOString(),
  };
}
