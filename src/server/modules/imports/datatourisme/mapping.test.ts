import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_AREA } from '../../../../domain/geo.js';
import { categoryOf, mapObject, type MappingContext, nextEdition, priceOf, weeklyHoursOf } from './mapping.js';
import { farAway, market, testObject } from './test-objects.js';

const context: MappingContext = { today: '2026-11-26', area: DEFAULT_SERVICE_AREA };

function mapped(object: unknown) {
  const result = mapObject(object, context);
  if (!result.ok) throw new Error(`not mapped: ${result.reason}`);
  return result.activity;
}

const hours = (...rows: Record<string, unknown>[]) => ({
  isLocatedAt: [
    {
      'schema:geo': { 'schema:latitude': '43.0543', 'schema:longitude': '2.2184' },
      'schema:openingHoursSpecification': rows,
    },
  ],
});

const row = (days: string[], opens: string, closes: string, validFrom?: string, validThrough?: string) => ({
  'schema:dayOfWeek': days.map((day) => ({ '@id': `schema:${day}` })),
  'schema:opens': opens,
  'schema:closes': closes,
  ...(validFrom ? { 'schema:validFrom': validFrom } : {}),
  ...(validThrough ? { 'schema:validThrough': validThrough } : {}),
});

describe('one DATAtourisme object to an activity (docs/datatourisme.md#mapping)', () => {
  it('keeps the whole @id as its key, names and descriptions per language, French first', () => {
    const activity = mapped(market());
    expect(activity.sourceId).toBe('https://data.datatourisme.fr/10/0b4a1c52-7e1f-4d3b-9a61-2f0c8d1e5a01');
    expect(activity.language).toBe('fr');
    expect(activity.names).toEqual({ fr: 'Marché de Limoux', en: 'Limoux market', de: 'Markt in Limoux' });
    expect(activity.descriptions).toEqual({ fr: 'Le marché du vendredi sur la place de la République.' });
    expect(activity.category).toBe('markten');
    expect(activity.latitude).toBe(43.0543);
    expect(activity.longitude).toBe(2.2184);
    expect(activity.address).toBe('Place de la République, 11300 Limoux');
    expect(activity.city).toBe('Limoux');
    expect(activity.creator).toBe('Office de test');
    expect(activity.publisher).toBe('Agence de test');
    expect(activity.lastUpdate).toBe('2026-10-01T09:00:00');
  });

  it('reads the 2020 shapes (the city wrapped in an array) as the 2023 ones', () => {
    const old = mapped(market({}, 2020));
    const now = mapped(market());
    expect(old.sourceId).toMatch(/^https:\/\/data\.datatourisme\.gouv\.fr\//);
    expect({ ...old, sourceId: '' }).toEqual({ ...now, sourceId: '' });
  });

  it('takes the city from the commune when the address has no locality', () => {
    const object = market();
    const place = (object['isLocatedAt'] as Record<string, unknown>[])[0] as Record<string, unknown>;
    const address = (place['schema:address'] as Record<string, unknown>[])[0] as Record<string, unknown>;
    delete address['schema:addressLocality'];
    expect(mapped(object).city).toBe('Limoux');
  });

  it('names a name only in another language the original, and leaves out languages the guide lacks', () => {
    const object = testObject({
      uuid: 'a1',
      types: ['PointOfView', 'PointOfInterest'],
      names: { it: 'Belvedere', nl: 'Uitzicht over de Aude', en: 'Aude view' },
      latitude: '43.05',
      longitude: '2.21',
    });
    const activity = mapped(object);
    expect(activity.language).toBe('nl');
    expect(activity.names).toEqual({ nl: 'Uitzicht over de Aude', en: 'Aude view' });
    expect(activity.category).toBe('viewpoints');
  });

  it('says which fields of which languages a translation service wrote, wherever the flux says it', () => {
    const object = market({
      hasTranslatedProperty: [
        { 'dc:contributor': 'https://translate.example', 'rdf:language': 'en', 'rdf:predicate': 'rdfs:label' },
        { 'rdf:language': 'pt', 'rdf:predicate': 'rdfs:label' },
      ],
      hasDescription: [
        {
          shortDescription: { fr: ['Le marché.'], de: ['Der Markt.'] },
          hasTranslatedProperty: [{ 'rdf:language': 'de', 'rdf:predicate': 'shortDescription' }],
        },
      ],
    });
    expect(mapped(object).machineTranslated).toEqual([
      { language: 'de', field: 'description' },
      { language: 'en', field: 'name' },
    ]);
  });

  it('takes the descriptions first, then the short comment, per language', () => {
    const object = market({
      'rdfs:comment': { fr: ['Court.'], es: ['Mercado de Limoux.'] },
      hasDescription: [{ 'dc:description': { fr: ['Long texte.'] } }],
    });
    expect(mapped(object).descriptions).toEqual({ fr: 'Long texte.', es: 'Mercado de Limoux.' });
  });

  it('takes the contact and the booking contact from the first agent that has each', () => {
    const activity = mapped(
      market({
        hasContact: [
          { 'schema:legalName': 'Mairie', 'schema:telephone': ['04 68 31 11 82'] },
          { 'schema:email': ['marche@example.fr'], 'foaf:homepage': ['https://example.fr'] },
        ],
        hasBookingContact: [{ 'schema:telephone': ['04 68 00 00 00'] }],
      }),
    );
    expect(activity.contact).toEqual({
      phone: '04 68 31 11 82',
      email: 'marche@example.fr',
      website: 'https://example.fr',
    });
    expect(activity.bookingContact).toEqual({ phone: '04 68 00 00 00', email: null, website: null });
    expect(mapped(market()).bookingContact).toBeNull();
  });
});

describe('what is left out, and why', () => {
  it('names the reason: not an object, no @id, a class the guide does not list, no name, no position, out of area', () => {
    expect(mapObject('[]', context)).toEqual({ ok: false, sourceId: null, reason: 'not_an_object' });
    expect(mapObject({ '@type': ['Market'] }, context)).toEqual({ ok: false, sourceId: null, reason: 'no_id' });
    const hotel = testObject({
      uuid: 'h1',
      types: ['Accommodation', 'Hotel', 'PlaceOfInterest', 'PointOfInterest'],
      names: { fr: 'Hôtel' },
      latitude: '43.05',
      longitude: '2.21',
    });
    expect(mapObject(hotel, context)).toMatchObject({ ok: false, reason: 'skipped_class' });
    expect(mapObject(market({ 'rdfs:label': { it: ['Mercato'] } }), context)).toMatchObject({
      ok: false,
      reason: 'no_name',
    });
    const nowhere = testObject({
      uuid: 'n1',
      types: ['PointOfView'],
      names: { fr: 'Vue' },
      latitude: null,
      longitude: null,
    });
    expect(mapObject(nowhere, context)).toMatchObject({ ok: false, reason: 'no_position' });
    expect(mapObject(market({ isLocatedAt: [{ 'schema:geo': { 'schema:latitude': 'abc' } }] }), context)).toMatchObject(
      { reason: 'no_position' },
    );
    expect(mapObject(farAway(), context)).toEqual({
      ok: false,
      sourceId: 'https://data.datatourisme.fr/10/5d7e9f10-1111-4c2d-8e3f-000000000002',
      reason: 'out_of_area',
    });
  });

  it('leaves out an event whose every date has passed', () => {
    const object = market({ takesPlaceAt: [{ startDate: '2025-07-01', endDate: '2025-07-03' }] });
    expect(mapObject(object, context)).toMatchObject({ ok: false, reason: 'ended' });
  });
});

describe('categories from the classes, first match wins (docs/datatourisme.md#categories)', () => {
  const of = (...classes: string[]) => categoryOf(new Set(classes));
  it('puts a market held as an event among the markets, a festival among the festivals', () => {
    expect(of('CulturalEvent', 'EntertainmentAndEvent', 'Market', 'SaleEvent')).toBe('markten');
    expect(of('Festival', 'CulturalEvent', 'EntertainmentAndEvent')).toBe('feesten');
    expect(of('EntertainmentAndEvent')).toBe('feesten');
    expect(of('SportsEvent', 'EntertainmentAndEvent')).toBe('sport');
    expect(of('ClimbingWall', 'SportsAndLeisurePlace', 'PointOfInterest')).toBe('sport');
    expect(of('PointOfView', 'PointOfInterest')).toBe('viewpoints');
    expect(of('Lake', 'NaturalHeritage', 'PointOfInterest')).toBe('zomeractiviteiten');
    expect(of('WalkingTour', 'Tour', 'PointOfInterest')).toBe('uitjes');
    expect(of('Castle', 'CulturalSite', 'PointOfInterest')).toBe('uitjes');
  });
  it('leaves out trade events, places to sleep or eat and services, but lists a cellar that sells its wine', () => {
    expect(of('BusinessEvent', 'EntertainmentAndEvent')).toBeNull();
    expect(of('Hotel', 'Accommodation')).toBeNull();
    expect(of('Restaurant', 'FoodEstablishment')).toBeNull();
    expect(of('TouristInformationCenter', 'ServiceProvider')).toBeNull();
    expect(of('Store', 'WineCellar', 'TastingProvider')).toBe('uitjes');
    expect(of('PointOfInterest')).toBeNull();
  });
});

describe('the price (docs/datatourisme.md#prices)', () => {
  const offers = (...specs: Record<string, unknown>[]) => ({ offers: [{ 'schema:priceSpecification': specs }] });
  const policy = (id: string) => ({ hasEligiblePolicy: [{ '@id': `kb:${id}` }] });
  it('is the lowest positive adult price in cents, strings read as numbers', () => {
    const object = offers(
      { 'schema:minPrice': ['12.5'], 'schema:maxPrice': ['20'], ...policy('BaseRateFullRate') },
      { 'schema:minPrice': ['8'], ...policy('ChildRate') },
      { 'schema:price': '15', ...policy('BaseRateFullRate') },
    );
    expect(priceOf(object)).toBe(1250);
  });
  it('is not free when children go free but adults pay', () => {
    const object = offers({ 'schema:price': '0', ...policy('Free') }, { 'schema:minPrice': ['6'] });
    expect(priceOf(object)).toBe(600);
  });
  it('is free only when no positive price exists, and unknown when nothing is said', () => {
    expect(priceOf(offers({ ...policy('Free') }))).toBe(0);
    expect(priceOf(offers({ 'schema:minPrice': ['0'] }))).toBe(0);
    expect(priceOf({})).toBeNull();
    expect(priceOf(offers({ 'schema:minPrice': ['gratuit'] }))).toBeNull();
  });
  it('falls back to the lowest positive reduced price when no adult price is given', () => {
    expect(priceOf(offers({ 'schema:minPrice': ['4'], ...policy('ReducedRate') }))).toBe(400);
  });
});

describe('weekly hours (docs/datatourisme.md#hours)', () => {
  it('groups one row per day into rows of the same times and season', () => {
    const object = hours(
      row(['Tuesday'], '09:30:00', '12:00:00'),
      row(['Wednesday'], '09:30:00', '12:00:00'),
      row(['Tuesday'], '14:00:00', '18:00:00'),
      row(['Monday'], '09:30:00', '12:00:00'),
    );
    expect(weeklyHoursOf(object, '2026-11-26')).toEqual([
      { days: [1, 2, 3], opens: '09:30', closes: '12:00', seasonStart: null, seasonEnd: null },
      { days: [2], opens: '14:00', closes: '18:00', seasonStart: null, seasonEnd: null },
    ]);
  });

  it('drops expired seasons, makes a shorter validity a season, a year or more all year, and midnight 24:00', () => {
    const object = hours(
      row(['Saturday'], '10:00:00', '19:00:00', '2025-04-01T00:00:00', '2025-10-31T23:59:59'),
      row(['Saturday', 'Sunday'], '10:00:00', '23:59:59', '2026-06-15T00:00:00', '2027-09-15T00:00:00'),
      row(['Monday'], '10:00:00', '18:00:00', '2026-04-01', '2027-03-31'),
      row(['Friday'], '09:00:00', '12:00:00', '2026-06-01', '2026-12-31'),
    );
    expect(weeklyHoursOf(object, '2026-11-26')).toEqual([
      { days: [1], opens: '10:00', closes: '18:00', seasonStart: null, seasonEnd: null },
      { days: [6, 7], opens: '10:00', closes: '24:00', seasonStart: null, seasonEnd: null },
      { days: [5], opens: '09:00', closes: '12:00', seasonStart: '06-01', seasonEnd: '12-31' },
    ]);
  });

  it('leaves rows without times to the hours text, and gives up on rows that break the guide’s rules', () => {
    expect(weeklyHoursOf(hours(row(['Monday'], '', '')), '2026-11-26')).toEqual([]);
    const overlapping = hours(row(['Monday'], '09:00:00', '12:00:00'), row(['Monday'], '11:00:00', '13:00:00'));
    expect(weeklyHoursOf(overlapping, '2026-11-26')).toEqual([]);
  });

  it('keeps the hours text in every language, also an event’s opening details', () => {
    const object = market({
      isLocatedAt: [
        {
          'schema:geo': { 'schema:latitude': '43.0543', 'schema:longitude': '2.2184' },
          TextOpeningHoursSpecification: { fr: ['Le vendredi matin'], en: ['Friday mornings'] },
        },
      ],
      takesPlaceAt: [{ startDate: '2026-12-04', endDate: '2026-12-04', openingDetails: { de: ['Freitagmorgen'] } }],
    });
    expect(mapped(object).openingHoursText).toEqual({
      fr: 'Le vendredi matin',
      en: 'Friday mornings',
      de: 'Freitagmorgen',
    });
  });
});

describe('event editions (docs/datatourisme.md#events)', () => {
  const periods = (...days: [string, string][]) => ({
    takesPlaceAt: days.map(([startDate, endDate]) => ({ startDate, endDate, startTime: '20:00:00' })),
  });
  it('merges consecutive or overlapping periods, in any order, and keeps the next edition', () => {
    const object = periods(
      ['2027-07-12', '2027-07-12'],
      ['2026-07-10', '2026-07-12'],
      ['2027-07-10', '2027-07-11'],
      ['2027-07-11', '2027-07-14'],
      ['2027-08-01', '2027-08-01'],
    );
    expect(nextEdition(object, '2026-11-26')).toEqual({ start: '2027-07-10', end: '2027-07-14' });
  });
  it('keeps an edition that runs today, and makes hundreds of one-day periods one edition', () => {
    const days: [string, string][] = [];
    for (
      let d = new Date('2026-06-01T00:00:00Z');
      d <= new Date('2027-03-31T00:00:00Z');
      d.setUTCDate(d.getUTCDate() + 1)
    )
      days.push([d.toISOString().slice(0, 10), d.toISOString().slice(0, 10)]);
    expect(days.length).toBeGreaterThan(300);
    // The guide shows at most half a year of one edition.
    expect(nextEdition(periods(...days), '2026-11-26')).toEqual({ start: '2026-06-01', end: '2026-11-30' });
  });
  it('reads the top-level start and end dates when there are no periods', () => {
    const object = { 'schema:startDate': ['2027-02-06'], 'schema:endDate': ['2027-03-28'] };
    expect(nextEdition(object, '2026-11-26')).toEqual({ start: '2027-02-06', end: '2027-03-28' });
    expect(nextEdition({}, '2026-11-26')).toBeNull();
  });
});

describe('the main photo (docs/datatourisme.md#photos)', () => {
  const photo = (annotation: Record<string, unknown>) => ({
    hasMainRepresentation: [
      {
        'ebucore:hasRelatedResource': [{ 'ebucore:locator': ['https://images.example/marche.jpg'] }],
        'ebucore:hasAnnotation': [annotation],
      },
    ],
  });
  it('keeps its URL, credits and licence', () => {
    const activity = mapped(
      market(photo({ credits: ['Jean Test', 'Jean Test'], 'ebucore:isCoveredBy': 'CC BY-SA 4.0' })),
    );
    expect(activity.photo).toEqual({
      url: 'https://images.example/marche.jpg',
      credits: 'Jean Test',
      licence: 'CC BY-SA 4.0',
    });
    expect(activity.photoSkipped).toBeNull();
  });
  it('leaves out a photo whose licence forbids commercial use, or whose rights have ended', () => {
    const nc = mapped(market(photo({ credits: ['X'], 'ebucore:isCoveredBy': 'By-NC-ND 4.0' })));
    expect(nc.photo).toBeNull();
    expect(nc.photoSkipped).toBe('non_commercial');
    const ended = mapped(market(photo({ rightsEndDate: '2026-01-01' })));
    expect(ended.photoSkipped).toBe('expired_rights');
    expect(mapped(market()).photo).toBeNull();
  });
});
