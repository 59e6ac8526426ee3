import type { Category } from '../../../../domain/activities.js';
import { EVENT_MAX_DAYS } from '../../../../domain/event-dates.js';
import { isInServiceArea, type ServiceArea } from '../../../../domain/geo.js';
import { LANGUAGES, type Language } from '../../../../domain/languages.js';
import {
  normaliseDays,
  WEEKLY_HOURS_MAX_ROWS,
  type WeeklyHoursRow,
  weeklyHoursProblems,
} from '../../../../domain/weekly-hours.js';

/**
 * One DATAtourisme object (JSON-LD, compact keys) to one activity of the guide
 * (docs/datatourisme.md#mapping). Pure: no I/O, no clock but the `today` given, so that every rule
 * is tested field by field. Reading the flux (a ZIP, a folder, a URL) is the source's job, writing
 * the activities the importer's.
 */

/** Which language each field of the guide may come from, the guide's languages only (the flux also has it, pt). */
export type LanguageMap = Partial<Record<Language, string>>;

export type TranslatableField = 'name' | 'description' | 'openingHours';

export interface ImportedPhoto {
  url: string;
  /** "© <credits>", as the photo's caption shows it; null when the flux names nobody. */
  credits: string | null;
  /** The licence as the flux writes it (e.g. "CC BY-SA 4.0"); null when none is given. */
  licence: string | null;
}

export interface ImportedContact {
  phone: string | null;
  email: string | null;
  website: string | null;
}

export interface ImportedActivity {
  /** The object's `@id`, whole: the key of the activity across imports. */
  sourceId: string;
  /** The producer's own `lastUpdate` (or the platform's when missing), an ISO date-time. */
  lastUpdate: string | null;
  category: Category;
  /** The language the name is best in: French when the flux has it, else the first it has. */
  language: Language;
  names: LanguageMap;
  descriptions: LanguageMap;
  openingHoursText: LanguageMap;
  /** Language and field pairs the flux says a translation service wrote. */
  machineTranslated: { language: Language; field: TranslatableField }[];
  address: string | null;
  city: string;
  latitude: number;
  longitude: number;
  contact: ImportedContact;
  /** Whom to ask for a booking, when the flux names someone (its only hint that booking is needed). */
  bookingContact: ImportedContact | null;
  /** The lowest positive adult price; 0 when the offer is free; null when unknown. */
  priceCents: number | null;
  weeklyHours: WeeklyHoursRow[];
  /** The next edition of an event (periods merged); null when none is to come or it is not an event. */
  eventStart: string | null;
  eventEnd: string | null;
  photo: ImportedPhoto | null;
  /** Why the main photo was left out, when there is one and it was. */
  photoSkipped: 'expired_rights' | 'non_commercial' | null;
  /** Who wrote the record (`hasBeenCreatedBy`), for the attribution the licence asks for. */
  creator: string | null;
  publisher: string | null;
}

export type SkipReason =
  | 'not_an_object'
  | 'no_id'
  | 'skipped_class'
  | 'no_name'
  | 'no_position'
  | 'out_of_area'
  /** An event whose every date has passed. */
  | 'ended';

export type Mapped =
  { ok: true; activity: ImportedActivity } | { ok: false; sourceId: string | null; reason: SkipReason };

export interface MappingContext {
  /** Today in Limoux's calendar (YYYY-MM-DD): expired seasons, editions and photo rights are left out. */
  today: string;
  area: ServiceArea;
}

/**
 * Classes to categories, first match in this order (docs/datatourisme.md#categories). `@type` lists
 * every superclass, so the more telling classes come first: a market held as an event is a market.
 */
const CATEGORY_CLASSES: readonly [Category, readonly string[]][] = [
  ['markten', ['Market', 'BricABrac', 'GarageSale', 'FairOrShow', 'CoveredMarket']],
  ['viewpoints', ['PointOfView', 'Summit', 'Peak', 'Col', 'Cliff']],
  [
    'zomeractiviteiten',
    ['Beach', 'Lake', 'ThemePark', 'MiniGolf', 'SummerToboggan', 'SightseeingBoat', 'ZooAnimalPark', 'EquipmentRental'],
  ],
  [
    'sport',
    [
      'SportsEvent',
      'ClimbingWall',
      'EquestrianCenter',
      'GolfCourse',
      'TennisComplex',
      'SwimmingPool',
      'SportsAndLeisurePlace',
      'Course',
      'AccompaniedPractice',
    ],
  ],
  [
    'feesten',
    [
      'Festival',
      'Concert',
      'ShowEvent',
      'TheaterEvent',
      'Exhibition',
      'DanceEvent',
      'ScreeningEvent',
      'TraditionalCelebration',
      'Carnival',
      'Parade',
      'LocalAnimation',
      'SocialEvent',
      'CulturalEvent',
      'EntertainmentAndEvent',
    ],
  ],
  [
    'uitjes',
    [
      'Tour',
      'WalkingTour',
      'CyclingTour',
      'HorseTour',
      'FluvialTour',
      'RoadTour',
      'Visit',
      'CulturalSite',
      'ReligiousSite',
      'Castle',
      'Museum',
      'RemarkableBuilding',
      'NaturalHeritage',
      'ParkAndGarden',
      'TastingProvider',
      'WineCellar',
    ],
  ],
];

/**
 * Classes whose objects the guide does not list, whatever else they are: where to sleep, eat or
 * shop, services, and trade events (docs/datatourisme.md#categories).
 */
const SKIPPED_CLASSES = new Set([
  'Accommodation',
  'AccommodationProduct',
  'FoodEstablishment',
  'Store',
  'ServiceProvider',
  'Transport',
  'MedicalPlace',
  'BusinessPlace',
  'TouristInformationCenter',
  'BusinessEvent',
]);

/** Classes that make a store or a food place worth listing after all: a wine cellar that sells its wine. */
const LISTED_DESPITE_SKIP = new Set(['TastingProvider', 'WineCellar', 'Market', 'CoveredMarket']);

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first record of a property that is an array in some years' files and an object in others. */
const firstRecord = (value: unknown): Record<string, unknown> | null => asArray(value).find(isRecord) ?? null;

const records = (value: unknown): Record<string, unknown>[] => asArray(value).filter(isRecord);

/** A string property, or the first of an array of them, trimmed; numbers given as numbers too. */
function text(value: unknown): string | null {
  for (const item of asArray(value)) {
    if (typeof item === 'string' && item.trim()) return item.trim();
    if (typeof item === 'number' && Number.isFinite(item)) return String(item);
    if (isRecord(item) && typeof item['@value'] === 'string' && item['@value'].trim()) return item['@value'].trim();
  }
  return null;
}

/** The class names of `@type`, prefixes (`schema:`) left out. */
function classesOf(object: Record<string, unknown>): Set<string> {
  return new Set(
    asArray(object['@type'])
      .filter((t): t is string => typeof t === 'string')
      .map((t) => t.slice(t.indexOf(':') + 1)),
  );
}

/** The category of an object's classes, or null when the guide does not list it. */
export function categoryOf(classes: ReadonlySet<string>): Category | null {
  const skipped = [...classes].some((c) => SKIPPED_CLASSES.has(c));
  if (skipped && ![...classes].some((c) => LISTED_DESPITE_SKIP.has(c))) return null;
  for (const [category, names] of CATEGORY_CLASSES) {
    if (names.some((name) => classes.has(name))) return category;
  }
  return null;
}

/** A language map (`{"fr": ["..."]}`) reduced to the guide's languages, the first non-empty value of each. */
export function languageMap(value: unknown): LanguageMap {
  const out: LanguageMap = {};
  const map = firstRecord(value);
  if (!map) return out;
  for (const language of LANGUAGES) {
    const found = text(map[language]);
    if (found) out[language] = found;
  }
  return out;
}

/** `b`'s languages that `a` lacks, added to `a`. */
const fill = (a: LanguageMap, b: LanguageMap): LanguageMap => ({ ...b, ...a });

function descriptionsOf(object: Record<string, unknown>): LanguageMap {
  let out: LanguageMap = {};
  for (const description of records(object['hasDescription'])) {
    out = fill(out, languageMap(description['dc:description']));
    out = fill(out, languageMap(description['shortDescription']));
  }
  return fill(out, languageMap(object['rdfs:comment']));
}

const FIELD_OF_PREDICATE: Record<string, TranslatableField> = {
  'rdfs:label': 'name',
  'rdfs:comment': 'description',
  'dc:description': 'description',
  shortDescription: 'description',
  TextOpeningHoursSpecification: 'openingHours',
  openingDetails: 'openingHours',
  additionalInformation: 'openingHours',
};

/** Every `hasTranslatedProperty` of the object, wherever it sits (top level, descriptions, hours). */
function machineTranslated(object: Record<string, unknown>): ImportedActivity['machineTranslated'] {
  const found = new Map<string, { language: Language; field: TranslatableField }>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 6) return;
    for (const item of asArray(value)) {
      if (!isRecord(item)) continue;
      for (const entry of records(item['hasTranslatedProperty'])) {
        const language = text(entry['rdf:language']);
        const predicate = text(entry['rdf:predicate']);
        const field = predicate ? FIELD_OF_PREDICATE[predicate.replace(/^:/, '')] : undefined;
        if (field && language && (LANGUAGES as readonly string[]).includes(language)) {
          found.set(`${language}/${field}`, { language: language as Language, field });
        }
      }
      for (const [key, child] of Object.entries(item)) {
        if (key !== 'hasTranslatedProperty' && typeof child === 'object') visit(child, depth + 1);
      }
    }
  };
  visit(object, 0);
  return [...found.values()].sort((a, b) => a.language.localeCompare(b.language) || a.field.localeCompare(b.field));
}

/** A coordinate given as a string or a number, within its range; null otherwise. */
function coordinate(value: unknown, limit: number): number | null {
  const raw = text(value);
  if (raw === null) return null;
  const number = Number(raw.replace(',', '.'));
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

function contactOf(agents: Record<string, unknown>[]): ImportedContact {
  const pick = (key: string) => agents.map((agent) => text(agent[key])).find((v): v is string => v !== null) ?? null;
  return { phone: pick('schema:telephone'), email: pick('schema:email'), website: pick('foaf:homepage') };
}

const ADULT_POLICIES = new Set(['BaseRateFullRate', 'FullRate', 'BaseRate']);

/**
 * The lowest positive adult price in cents (a full-rate price, or one without a policy); failing
 * that the lowest positive price of any kind; 0 only when the offer names no positive price but
 * says it is free or costs 0; null when it says nothing (docs/datatourisme.md#mapping).
 */
export function priceOf(object: Record<string, unknown>): number | null {
  const adult: number[] = [];
  const other: number[] = [];
  let free = false;
  for (const offer of records(object['offers'])) {
    for (const spec of records(offer['schema:priceSpecification'])) {
      const policies = records(spec['hasEligiblePolicy']).map((p) => String(p['@id'] ?? '').replace(/^kb:/, ''));
      if (policies.includes('Free')) free = true;
      const isAdult = policies.length === 0 || policies.some((p) => ADULT_POLICIES.has(p));
      for (const key of ['schema:price', 'schema:minPrice', 'schema:maxPrice']) {
        for (const value of asArray(spec[key])) {
          const number = Number(String(value).replace(',', '.'));
          if (!Number.isFinite(number) || number < 0) continue;
          if (number === 0) free = true;
          else (isAdult ? adult : other).push(Math.round(number * 100));
        }
      }
    }
  }
  if (adult.length > 0) return Math.min(...adult);
  if (other.length > 0) return Math.min(...other);
  return free ? 0 : null;
}

const WEEKDAY_NUMBERS: Record<string, number> = {
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6,
  Sunday: 7,
};

/** "09:30:00" to "09:30"; "23:59:59" and "24:00:00" to the guide's midnight. */
function timeOf(value: unknown, closing: boolean): string | null {
  const raw = text(value);
  const match = raw?.match(/^(\d{1,2}):(\d{2})/);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (closing && ((hours === 23 && minutes === 59) || (hours === 24 && minutes === 0))) return '24:00';
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

const dayOf = (value: unknown): string | null => text(value)?.match(/^\d{4}-\d{2}-\d{2}/)?.[0] ?? null;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/**
 * Weekly hours from `openingHoursSpecification` (docs/datatourisme.md#hours): rows of expired
 * validity left out, rows with the same season and times grouped into one row of their days; a
 * validity of a year or more (or none) is all year, a shorter one a season of its days of the year.
 * Rows the guide's hours cannot say (no times, no day) are left to the hours text; when what is
 * left still breaks the guide's rules (overlaps, too many rows), there are no weekly hours at all.
 */
export function weeklyHoursOf(object: Record<string, unknown>, today: string): WeeklyHoursRow[] {
  const place = firstRecord(object['isLocatedAt']);
  if (!place) return [];
  const grouped = new Map<string, WeeklyHoursRow>();
  for (const spec of records(place['schema:openingHoursSpecification'])) {
    const from = dayOf(spec['schema:validFrom']);
    const through = dayOf(spec['schema:validThrough']);
    if (through !== null && through < today) continue;
    const opens = timeOf(spec['schema:opens'], false);
    const closes = timeOf(spec['schema:closes'], true);
    const days = asArray(spec['schema:dayOfWeek'])
      .map((d) => (isRecord(d) ? d['@id'] : d))
      .map((d) => (typeof d === 'string' ? WEEKDAY_NUMBERS[d.slice(d.indexOf(':') + 1)] : undefined))
      .filter((d): d is number => d !== undefined);
    if (!opens || !closes || closes <= opens || days.length === 0) continue;
    const allYear = from === null || through === null || dayNumber(through) - dayNumber(from) >= 364;
    const seasonStart = allYear ? null : (from as string).slice(5);
    const seasonEnd = allYear ? null : (through as string).slice(5);
    const key = `${seasonStart}/${seasonEnd}/${opens}/${closes}`;
    const row = grouped.get(key);
    if (row) row.days = normaliseDays([...row.days, ...days]);
    else grouped.set(key, { days: normaliseDays(days), opens, closes, seasonStart, seasonEnd });
  }
  const rows = [...grouped.values()].sort(
    (a, b) =>
      (a.seasonStart ?? '').localeCompare(b.seasonStart ?? '') ||
      (a.days[0] ?? 0) - (b.days[0] ?? 0) ||
      a.opens.localeCompare(b.opens),
  );
  if (rows.length > WEEKLY_HOURS_MAX_ROWS || weeklyHoursProblems(rows).length > 0) return [];
  return rows;
}

/**
 * The next edition of an event (docs/datatourisme.md#events): its periods (`takesPlaceAt`, or the
 * top-level start and end dates) sorted, consecutive or overlapping ones merged, the first that has
 * not ended by `today` kept, and cut to the longest edition the guide shows.
 */
export function nextEdition(object: Record<string, unknown>, today: string): { start: string; end: string } | null {
  const periods: { start: string; end: string }[] = [];
  for (const period of records(object['takesPlaceAt'])) {
    const start = dayOf(period['startDate']);
    const end = dayOf(period['endDate']) ?? start;
    if (start && end && end >= start) periods.push({ start, end });
  }
  if (periods.length === 0) {
    const starts = asArray(object['schema:startDate']).map(dayOf);
    const ends = asArray(object['schema:endDate']).map(dayOf);
    starts.forEach((start, i) => {
      const end = ends[i] ?? start;
      if (start && end && end >= start) periods.push({ start, end });
    });
  }
  periods.sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
  const editions: { start: string; end: string }[] = [];
  for (const period of periods) {
    const last = editions.at(-1);
    if (last && dayNumber(period.start) <= dayNumber(last.end) + 1) {
      if (period.end > last.end) last.end = period.end;
    } else editions.push({ ...period });
  }
  const next = editions.find((edition) => edition.end >= today);
  if (!next) return null;
  const maxEnd = new Date((dayNumber(next.start) + EVENT_MAX_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return { start: next.start, end: next.end > maxEnd ? maxEnd : next.end };
}

/** Licences that forbid commercial use ("NC"): the guide sells sponsorship, so such a photo is not shown. */
const NON_COMMERCIAL = /(^|[^a-z])nc([^a-z]|$)|non[- ]?commercial|pas d'utilisation commerciale/i;

function photoOf(object: Record<string, unknown>, today: string): Pick<ImportedActivity, 'photo' | 'photoSkipped'> {
  const representation = firstRecord(object['hasMainRepresentation']);
  const resource = firstRecord(representation?.['ebucore:hasRelatedResource']);
  const url = text(resource?.['ebucore:locator']);
  if (!representation || !url || !/^https?:\/\//i.test(url)) return { photo: null, photoSkipped: null };
  const annotation = firstRecord(representation['ebucore:hasAnnotation']) ?? {};
  const rightsEnd = dayOf(annotation['rightsEndDate']);
  if (rightsEnd !== null && rightsEnd < today) return { photo: null, photoSkipped: 'expired_rights' };
  const licence = text(annotation['ebucore:isCoveredBy']);
  if (licence && NON_COMMERCIAL.test(licence)) return { photo: null, photoSkipped: 'non_commercial' };
  const credits = asArray(annotation['credits'])
    .map((c) => text(c))
    .filter((c): c is string => c !== null);
  return {
    photo: { url, credits: credits.length > 0 ? [...new Set(credits)].join(', ') : null, licence },
    photoSkipped: null,
  };
}

function addressOf(place: Record<string, unknown> | null): { address: string | null; city: string | null } {
  const address = firstRecord(place?.['schema:address']);
  if (!address) return { address: null, city: null };
  const streets = [
    ...new Set(
      asArray(address['schema:streetAddress'])
        .map((s) => text(s))
        .filter((s): s is string => s !== null),
    ),
  ];
  const postalCode = text(address['schema:postalCode']);
  const commune = languageMap(firstRecord(address['hasAddressCity'])?.['rdfs:label']);
  const city = text(address['schema:addressLocality']) ?? commune.fr ?? Object.values(commune)[0] ?? null;
  const line = [streets.join(', '), [postalCode, city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return { address: line || null, city };
}

/** Maps one object; every reason it is left out is named (the import's report counts them). */
export function mapObject(value: unknown, context: MappingContext): Mapped {
  if (!isRecord(value)) return { ok: false, sourceId: null, reason: 'not_an_object' };
  const sourceId = text(value['@id']);
  if (!sourceId) return { ok: false, sourceId: null, reason: 'no_id' };
  const classes = classesOf(value);
  const category = categoryOf(classes);
  if (!category) return { ok: false, sourceId, reason: 'skipped_class' };
  const names = languageMap(value['rdfs:label']);
  const language = names.fr ? 'fr' : LANGUAGES.find((l) => names[l]);
  if (!language) return { ok: false, sourceId, reason: 'no_name' };
  const place = firstRecord(value['isLocatedAt']);
  const geo = firstRecord(place?.['schema:geo']);
  const latitude = coordinate(geo?.['schema:latitude'], 90);
  const longitude = coordinate(geo?.['schema:longitude'], 180);
  if (latitude === null || longitude === null) return { ok: false, sourceId, reason: 'no_position' };
  if (!isInServiceArea(context.area, { lat: latitude, lon: longitude })) {
    return { ok: false, sourceId, reason: 'out_of_area' };
  }
  const { address, city } = addressOf(place);
  let openingHoursText = languageMap(place?.['TextOpeningHoursSpecification']);
  for (const period of records(value['takesPlaceAt'])) {
    openingHoursText = fill(openingHoursText, languageMap(period['openingDetails']));
  }
  const bookingAgents = records(value['hasBookingContact']);
  const bookingContact = bookingAgents.length > 0 ? contactOf(bookingAgents) : null;
  const edition = nextEdition(value, context.today);
  const isEvent = classes.has('EntertainmentAndEvent') || classes.has('Event');
  if (isEvent && !edition && (records(value['takesPlaceAt']).length > 0 || value['schema:startDate'] !== undefined)) {
    return { ok: false, sourceId, reason: 'ended' };
  }
  const creator = text(firstRecord(value['hasBeenCreatedBy'])?.['schema:legalName']);
  const publisher = text(firstRecord(value['hasBeenPublishedBy'])?.['schema:legalName']);
  return {
    ok: true,
    activity: {
      sourceId,
      lastUpdate: text(value['lastUpdate']) ?? text(value['lastUpdateDatatourisme']),
      category,
      language,
      names,
      descriptions: descriptionsOf(value),
      openingHoursText,
      machineTranslated: machineTranslated(value),
      address,
      city: city ?? '',
      latitude,
      longitude,
      contact: contactOf(records(value['hasContact'])),
      bookingContact,
      priceCents: priceOf(value),
      weeklyHours: weeklyHoursOf(value, context.today),
      eventStart: edition?.start ?? null,
      eventEnd: edition?.end ?? null,
      ...photoOf(value, context.today),
      creator,
      publisher,
    },
  };
}
