/**
 * DATAtourisme-shaped objects written by the team for the tests (docs/datatourisme.md#fixtures):
 * the shape of real exports, with the guide's own facts (the seed's places), never a real record.
 */

export type Shape = 2020 | 2023;

export interface TestPlace {
  uuid: string;
  types: string[];
  names: Record<string, string>;
  descriptions?: Record<string, string>;
  latitude: string | null;
  longitude: string | null;
  street?: string[];
  postalCode?: string;
  city?: string;
  shape?: Shape;
}

const languageMap = (texts: Record<string, string>) =>
  Object.fromEntries(Object.entries(texts).map(([language, value]) => [language, [value]]));

/** One object as the flux gives it: every superclass in `@type`, numbers and dates as strings. */
export function testObject(place: TestPlace, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const shape = place.shape ?? 2023;
  const city = {
    '@id': `https://data.datatourisme.fr/test/city-${place.postalCode ?? '11300'}`,
    insee: '11206',
    'rdfs:label': languageMap({ fr: place.city ?? 'Limoux' }),
    isPartOfDepartment: { insee: '11', isPartOfRegion: { insee: '76' } },
  };
  return {
    '@id': `https://data.datatourisme.${shape === 2020 ? 'gouv.fr' : 'fr'}/10/${place.uuid}`,
    'dc:identifier': place.uuid.slice(0, 8),
    '@type': place.types,
    'rdfs:label': languageMap(place.names),
    ...(place.descriptions
      ? { hasDescription: [{ '@type': ['Description'], shortDescription: languageMap(place.descriptions) }] }
      : {}),
    isLocatedAt: [
      {
        '@type': ['schema:Place'],
        'schema:address': [
          {
            '@type': ['schema:PostalAddress'],
            'schema:streetAddress': place.street ?? [],
            'schema:postalCode': place.postalCode ?? '11300',
            'schema:addressLocality': place.city ?? 'Limoux',
            hasAddressCity: shape === 2020 ? [city] : city,
          },
        ],
        ...(place.latitude !== null && place.longitude !== null
          ? { 'schema:geo': { 'schema:latitude': place.latitude, 'schema:longitude': place.longitude } }
          : {}),
      },
    ],
    hasBeenCreatedBy: { '@id': 'https://data.datatourisme.fr/test/creator', 'schema:legalName': 'Office de test' },
    hasBeenPublishedBy: [{ 'schema:legalName': 'Agence de test' }],
    lastUpdate: '2026-10-01T09:00:00',
    lastUpdateDatatourisme: '2026-10-02T03:12:45.123Z',
    ...extra,
  };
}

/** The Saturday market of Limoux, as a tourist office would describe it. */
export const market = (extra: Record<string, unknown> = {}, shape: Shape = 2023) =>
  testObject(
    {
      uuid: '0b4a1c52-7e1f-4d3b-9a61-2f0c8d1e5a01',
      types: ['CulturalEvent', 'EntertainmentAndEvent', 'Market', 'PointOfInterest', 'SaleEvent', 'schema:Event'],
      names: { fr: 'Marché de Limoux', en: 'Limoux market', de: 'Markt in Limoux' },
      descriptions: { fr: 'Le marché du vendredi sur la place de la République.' },
      latitude: '43.0543',
      longitude: '2.2184',
      street: ['Place de la République'],
      shape,
    },
    extra,
  );

/** A place far outside the service area (Strasbourg). */
export const farAway = () =>
  testObject({
    uuid: '5d7e9f10-1111-4c2d-8e3f-000000000002',
    types: ['CulturalSite', 'PlaceOfInterest', 'PointOfInterest', 'Museum'],
    names: { fr: 'Musée lointain' },
    latitude: '48.5734',
    longitude: '7.7521',
  });
