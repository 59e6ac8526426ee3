import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_AREA } from '../../../domain/geo.js';
import type { CatalogRow, LocalizedText } from '../catalog/model.js';
import { mapObject } from '../imports/datatourisme/mapping.js';
import { datatourismeObject } from './datatourisme.js';

/** One listing written as a flux object and read back by the import's mapping (docs/datatourisme.md#export). */
const text = (name: string, description: string, openingHours: string | null = null): LocalizedText => ({
  name,
  description,
  location: null,
  openingHours,
  marketDays: null,
  sortName: name.toLowerCase(),
});

const row = (overrides: Partial<CatalogRow> = {}): CatalogRow => ({
  id: 7,
  language: 'nl',
  category: 'zomeractiviteiten',
  address: 'Chemin de la Rivière',
  city: 'Quillan',
  latitude: 42.875,
  longitude: 2.18,
  imageUrl: '/api/photos/abc-800.webp',
  rating: 4.5,
  reviewCount: 3,
  priceCents: 0,
  eventStart: null,
  eventEnd: null,
  weeklyHours: [],
  contactPhone: null,
  contactEmail: 'info@kano.test',
  website: null,
  bookingRequired: true,
  setting: null,
  source: null,
  isSponsored: false,
  sponsorLevel: 0,
  createdAt: Date.parse('2026-01-01T00:00:00Z'),
  updatedAt: Date.parse('2026-06-01T12:00:00Z'),
  searchText: '',
  answeredBy: { kind: 'team' } as CatalogRow['answeredBy'],
  original: text('Kanoën op de Aude', 'Een tocht van twee uur.', 'Op afspraak'),
  translations: { es: text('Piragüismo en el Aude', 'Dos horas.') },
  tags: [],
  ...overrides,
});

const context = { publicUrl: 'https://guide.test', today: '2026-11-26', publisherName: 'DiscoverLocal' };
const mapped = (r: CatalogRow) => {
  const result = mapObject(datatourismeObject(r, context), { today: context.today, area: DEFAULT_SERVICE_AREA });
  if (!result.ok) throw new Error(`left out: ${result.reason}`);
  return result.activity;
};

describe('a listing as a DATAtourisme object', () => {
  it('comes back with its languages (Dutch as the original when there is no French), a free price and a booking contact', () => {
    const activity = mapped(row());
    expect(activity).toMatchObject({
      sourceId: 'https://guide.test/activity/7',
      category: 'zomeractiviteiten',
      language: 'nl',
      names: { nl: 'Kanoën op de Aude', es: 'Piragüismo en el Aude' },
      descriptions: { nl: 'Een tocht van twee uur.', es: 'Dos horas.' },
      openingHoursText: { nl: 'Op afspraak' },
      priceCents: 0,
      latitude: 42.875,
      longitude: 2.18,
      city: 'Quillan',
      contact: { email: 'info@kano.test', phone: null },
      bookingContact: { email: 'info@kano.test' },
      photo: { url: 'https://guide.test/api/photos/abc-800.webp', credits: null, licence: null },
      creator: 'DiscoverLocal',
      lastUpdate: '2026-06-01T12:00:00.000Z',
    });
  });

  it('keeps a season across the new year, an ended season’s next run, midnight, and all-year rows', () => {
    const weeklyHours = [
      { days: [6, 7], opens: '10:00', closes: '24:00', seasonStart: null, seasonEnd: null },
      // Across the new year, running now (late November).
      { days: [1, 2], opens: '09:00', closes: '12:00', seasonStart: '11-01', seasonEnd: '02-28' },
      // This year's run has ended: next year's is written.
      { days: [3], opens: '14:00', closes: '18:00', seasonStart: '04-01', seasonEnd: '09-30' },
    ];
    const object = datatourismeObject(row({ weeklyHours }), context);
    const specs = (object['isLocatedAt'] as Record<string, unknown>[])[0]?.['schema:openingHoursSpecification'];
    expect(specs).toMatchObject([
      { 'schema:closes': '23:59:59' },
      { 'schema:validFrom': '2026-11-01', 'schema:validThrough': '2027-02-28' },
      { 'schema:validFrom': '2027-04-01', 'schema:validThrough': '2027-09-30' },
    ]);
    expect(mapped(row({ weeklyHours })).weeklyHours).toEqual(
      expect.arrayContaining(weeklyHours.map((h) => expect.objectContaining(h))),
    );
    expect(mapped(row({ weeklyHours })).weeklyHours).toHaveLength(3);
  });

  it('gives each category a class the import maps back to it, and an event its dates', () => {
    for (const category of ['markten', 'feesten', 'sport', 'viewpoints', 'zomeractiviteiten', 'uitjes'] as const) {
      expect(mapped(row({ category })).category).toBe(category);
    }
    const festival = mapped(row({ category: 'feesten', eventStart: '2027-07-14', eventEnd: '2027-07-16' }));
    expect(festival).toMatchObject({ eventStart: '2027-07-14', eventEnd: '2027-07-16' });
  });
});
