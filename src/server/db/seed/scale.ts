import { count, sql } from 'drizzle-orm';
import { CATEGORIES, type Category } from '../../../domain/activities.js';
import { addDays } from '../../../domain/dates.js';
import { LANGUAGES, type Language } from '../../../domain/languages.js';
import type { WeeklyHoursRow } from '../../../domain/weekly-hours.js';
import { buildSearchDocument, normalizeText } from '../../../domain/search.js';
import { CATALOG_CHANNEL } from '../../modules/catalog/service.js';
import { type Db, queryRows } from '../client.js';
import { activities, tags } from '../schema/index.js';

/**
 * Synthetic activities on top of the demo content, for measuring the guide at
 * size (`npm run db:seed -- --scale 10000`, docs/benchmarks.md): made-up but
 * realistic (texts in five languages from the region's vocabulary, positions
 * within 60 km of Limoux, prices, tags, approved reviews, some sponsors), the
 * same every time (a seeded random generator). Never part of the demo content.
 * How it writes them quickly: docs/benchmarks.md#the-scale-seeder.
 */

/** A small, seeded generator: the same numbers every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

const TOWNS = [
  'Limoux',
  'Alet-les-Bains',
  'Couiza',
  'Quillan',
  'Espéraza',
  'Rennes-le-Château',
  'Saint-Hilaire',
  'Pieusse',
  'Magrie',
  'Cépie',
  'Pomas',
  'Roquetaillade',
  'Antugnac',
  'Axat',
  'Chalabre',
  'Puivert',
  'Mirepoix',
  'Carcassonne',
  'Castelnaudary',
  'Arques',
  'Bugarach',
  'Belcaire',
  'Montréal',
  'Fanjeaux',
] as const;

/** What a place is, per category and language: the words visitors search for. */
const KINDS: Record<Category, Record<Language, readonly string[]>> = {
  markten: {
    nl: ['Weekmarkt', 'Boerenmarkt', 'Avondmarkt', 'Biologische markt'],
    en: ['Weekly market', 'Farmers market', 'Evening market', 'Organic market'],
    fr: ['Marché hebdomadaire', 'Marché paysan', 'Marché nocturne', 'Marché bio'],
    de: ['Wochenmarkt', 'Bauernmarkt', 'Abendmarkt', 'Biomarkt'],
    es: ['Mercado semanal', 'Mercado campesino', 'Mercado nocturno', 'Mercado ecológico'],
  },
  feesten: {
    nl: ['Dorpsfeest', 'Wijnfeest', 'Zomerfestival', 'Carnaval'],
    en: ['Village fête', 'Wine festival', 'Summer festival', 'Carnival'],
    fr: ['Fête du village', 'Fête du vin', 'Festival d’été', 'Carnaval'],
    de: ['Dorffest', 'Weinfest', 'Sommerfestival', 'Karneval'],
    es: ['Fiesta del pueblo', 'Fiesta del vino', 'Festival de verano', 'Carnaval'],
  },
  sport: {
    nl: ['Wandelroute', 'Fietstocht', 'Kanotocht', 'Klimroute'],
    en: ['Hiking trail', 'Cycling tour', 'Canoe trip', 'Climbing route'],
    fr: ['Randonnée', 'Balade à vélo', 'Descente en canoë', 'Voie d’escalade'],
    de: ['Wanderweg', 'Radtour', 'Kanutour', 'Kletterroute'],
    es: ['Ruta de senderismo', 'Ruta en bicicleta', 'Descenso en canoa', 'Vía de escalada'],
  },
  viewpoints: {
    nl: ['Uitzichtpunt', 'Belvedère', 'Bergtop', 'Kasteelruïne'],
    en: ['Viewpoint', 'Belvedere', 'Summit', 'Castle ruin'],
    fr: ['Point de vue', 'Belvédère', 'Sommet', 'Ruines du château'],
    de: ['Aussichtspunkt', 'Belvedere', 'Gipfel', 'Burgruine'],
    es: ['Mirador', 'Belvedere', 'Cumbre', 'Ruinas del castillo'],
  },
  zomeractiviteiten: {
    nl: ['Zwemmeer', 'Zomerkamp', 'Openluchtbioscoop', 'Boomklimpark'],
    en: ['Swimming lake', 'Summer camp', 'Open-air cinema', 'Treetop park'],
    fr: ['Lac de baignade', 'Camp d’été', 'Cinéma en plein air', 'Parc accrobranche'],
    de: ['Badesee', 'Sommercamp', 'Freiluftkino', 'Kletterwald'],
    es: ['Lago para bañarse', 'Campamento de verano', 'Cine al aire libre', 'Parque de aventura'],
  },
  uitjes: {
    nl: ['Wijnkelder', 'Museum', 'Abdij', 'Proeverij'],
    en: ['Wine cellar', 'Museum', 'Abbey', 'Tasting'],
    fr: ['Cave à vin', 'Musée', 'Abbaye', 'Dégustation'],
    de: ['Weinkeller', 'Museum', 'Abtei', 'Verkostung'],
    es: ['Bodega', 'Museo', 'Abadía', 'Degustación'],
  },
};

const DESCRIPTIONS: Record<Language, readonly string[]> = {
  nl: [
    'Een rustige plek in de vallei van de Aude, geliefd bij gezinnen.',
    'Lokale producenten, blanquette en verse kaas uit de Pyreneeën.',
    'Mooi uitzicht op de Corbières en de kastelen van de Katharen.',
    'Goed bereikbaar met de fiets over de groene route langs de rivier.',
  ],
  en: [
    'A quiet spot in the Aude valley, loved by families.',
    'Local producers, blanquette and fresh Pyrenean cheese.',
    'Fine views of the Corbières and the Cathar castles.',
    'Easy to reach by bike along the greenway by the river.',
  ],
  fr: [
    'Un coin tranquille de la vallée de l’Aude, apprécié des familles.',
    'Producteurs locaux, blanquette et fromage frais des Pyrénées.',
    'Belle vue sur les Corbières et les châteaux cathares.',
    'Facile d’accès à vélo par la voie verte le long de la rivière.',
  ],
  de: [
    'Ein ruhiger Ort im Tal der Aude, bei Familien beliebt.',
    'Lokale Erzeuger, Blanquette und frischer Käse aus den Pyrenäen.',
    'Schöner Blick auf die Corbières und die Katharerburgen.',
    'Mit dem Rad gut erreichbar über den Grünweg am Fluss.',
  ],
  es: [
    'Un rincón tranquilo del valle del Aude, apreciado por las familias.',
    'Productores locales, blanquette y queso fresco de los Pirineos.',
    'Bonitas vistas de las Corbières y los castillos cátaros.',
    'Fácil acceso en bicicleta por la vía verde junto al río.',
  ],
};

/**
 * `normalizeText` of every description an activity can have (two of DESCRIPTIONS one after the
 * other) and of every town, made once: normalising them again for every activity was a fifth of
 * the seeder's own time. Only the names (which hold the activity's number) are normalised each time.
 */
const NORMALIZED = new Map(
  [
    ...LANGUAGES.flatMap((language) =>
      DESCRIPTIONS[language].map((text, d) => `${text} ${DESCRIPTIONS[language][(d + 1) % 4]}`),
    ),
    ...TOWNS,
  ].map((text) => [text, normalizeText(text)]),
);
const normalizeKept = (text: string) => NORMALIZED.get(text) ?? normalizeText(text);

const REVIEW_TEXTS = ['Heel mooi!', 'Great day out', 'Très agréable', 'Sehr schön', 'Muy bonito', 'Aanrader'];
/**
 * The generator's step: each step draws its activities, then their tags, then their reviews, so
 * the same seed gives the same rows as long as the step stays 250 (it was the batch size when the
 * seeder wrote row by row; changing it changes every synthetic activity after the first 250).
 */
const STEP = 250;
/**
 * Activities written per transaction, each table in one statement that reads one JSON parameter
 * (`jsonb_to_recordset`): five statements per 2,500 activities instead of thousands of bind
 * parameters, the same on PostgreSQL and the embedded database. A multiple of STEP.
 */
const PER_TRANSACTION = 2_500;

/**
 * When the n-th synthetic activity is open (docs/when.md#speed), from `n` alone so that the other
 * random facts stay as they were: half have no structured times, a third weekly rows (a market
 * morning, a week with a lunch break, a summer season, hours past midnight), the rest an event
 * edition of 1 to 10 days somewhere between November 2026 and early 2028.
 */
function timesOf(n: number, category: Category) {
  const none = { weeklyHours: [] as WeeklyHoursRow[], eventStart: null, eventEnd: null };
  const slot = n % 6;
  if (slot < 3) return none;
  if (slot === 5) {
    const eventStart = addDays('2026-11-01', (n * 7) % 430);
    const days = n % 10;
    return { ...none, eventStart, eventEnd: days === 0 ? null : addDays(eventStart, days) };
  }
  const row = (
    days: number[],
    opens: string,
    closes: string,
    seasonStart: string | null = null,
    seasonEnd: string | null = null,
  ) => ({
    days,
    opens,
    closes,
    seasonStart,
    seasonEnd,
  });
  if (category === 'markten') return { ...none, weeklyHours: [row([(n % 7) + 1], '07:00', '12:30')] };
  switch (n % 4) {
    case 0:
      return {
        ...none,
        weeklyHours: [row([2, 3, 4, 5, 6, 7], '10:00', '12:00'), row([2, 3, 4, 5, 6, 7], '14:00', '18:00')],
      };
    case 1:
      return { ...none, weeklyHours: [row([1, 2, 3, 4, 5, 6, 7], '09:00', '19:00', '04-01', '09-30')] };
    case 2:
      return { ...none, weeklyHours: [row([5, 6], '20:00', '24:00'), row([6, 7], '00:00', '02:00')] };
    default:
      return {
        ...none,
        weeklyHours: [
          row([1, 2, 3, 4, 5], '08:30', '17:30'),
          row([1, 2, 3, 4, 5, 6, 7], '10:00', '16:00', '11-01', '03-31'),
        ],
      };
  }
}
const DEG_PER_KM_LAT = 1 / 111.2;

/** One synthetic activity as written: its row (with its id, taken from the sequence beforehand) and its texts. */
function makeActivity(random: ReturnType<typeof generator>, n: number, id: number, base: number) {
  const category = random.pick(CATEGORIES);
  const town = random.pick(TOWNS);
  const kind = Math.floor(random.next() * 4);
  const description = Math.floor(random.next() * 4);
  const texts = Object.fromEntries(
    LANGUAGES.map((language) => {
      const name = `${KINDS[category][language][kind]} ${town} ${n}`;
      const text = `${DESCRIPTIONS[language][description]} ${DESCRIPTIONS[language][(description + 1) % 4]}`;
      return [language, { name, description: text }];
    }),
  ) as Record<Language, { name: string; description: string }>;
  // Within 60 km of Limoux, more of them near the town.
  const km = 60 * random.next() ** 1.5;
  const angle = random.next() * 2 * Math.PI;
  const latitude = 43.0547 + km * Math.cos(angle) * DEG_PER_KM_LAT;
  const longitude = 2.2186 + (km * Math.sin(angle) * DEG_PER_KM_LAT) / Math.cos((43.0547 * Math.PI) / 180);
  const sponsorRoll = random.next();
  const sponsorLevel = sponsorRoll < 0.01 ? 3 : sponsorRoll < 0.03 ? 2 : sponsorRoll < 0.05 ? 1 : 0;
  const priceRoll = random.next();
  const original = texts.fr;
  const times = timesOf(n, category);
  return {
    texts,
    row: {
      id,
      name: original.name,
      description: original.description,
      category,
      city: town,
      latitude,
      longitude,
      price_cents: priceRoll < 0.3 ? null : priceRoll < 0.45 ? 0 : Math.round(random.next() * 60) * 100 + 500,
      booking_required: random.next() < 0.25,
      sponsor_level: sponsorLevel,
      weekly_hours: times.weeklyHours,
      event_start: times.eventStart,
      event_end: times.eventEnd,
      sort_name: normalizeText(original.name),
      search_text: buildSearchDocument(
        [...LANGUAGES.flatMap((l) => [texts[l].name, texts[l].description]), town],
        normalizeKept,
      ),
      created_at: new Date(base + Math.floor(random.next() * 600 * 86_400_000)).toISOString(),
      // Filled in from the reviews below.
      rating_sum: 0,
      review_count: 0,
    },
  };
}

/**
 * Adds synthetic public activities until the guide holds `total`; answers how many were added.
 * `perTransaction` (a multiple of 250) changes how they are written, not what.
 */
export async function seedScale(
  db: Db,
  total: number,
  { perTransaction = PER_TRANSACTION }: { perTransaction?: number } = {},
): Promise<number> {
  if (!Number.isInteger(perTransaction / STEP) || perTransaction <= 0)
    throw new Error(`perTransaction must be a multiple of ${STEP}`);
  const [counted] = await db.select({ n: count() }).from(activities);
  const existing = counted?.n ?? 0;
  const toAdd = Math.max(0, total - existing);
  const approvedTags = await db
    .select({ id: tags.id })
    .from(tags)
    .where(sql`${tags.status} = 'approved'`);
  const random = generator(20_261_123 + existing);
  const base = new Date('2025-03-01T08:00:00Z').getTime();

  // A superuser (always, on the embedded database) writes without the row triggers: the foreign keys
  // hold by construction, and the catalog is told of the new activities by one statement per
  // transaction instead of a trigger per row of four tables (docs/read-model.md#keeping-it-current).
  const [role] = await queryRows<{ superuser: boolean }>(
    db,
    sql`select current_setting('is_superuser') = 'on' as superuser`,
  );
  const quiet = role?.superuser === true;

  for (let start = 0; start < toAdd; start += perTransaction) {
    const size = Math.min(perTransaction, toAdd - start);
    await db.transaction(async (tx) => {
      if (quiet) await tx.execute(sql`set local session_replication_role = replica`);
      // The ids first, so that every table's rows are made here and each table is written once.
      const ids = (
        await queryRows<{ id: number }>(
          tx,
          sql`select nextval(pg_get_serial_sequence('activities', 'id'))::int as id from generate_series(1, ${size})`,
        )
      )
        .map((r) => Number(r.id))
        .sort((a, b) => a - b);
      const rows: ReturnType<typeof makeActivity>['row'][] = [];
      const translations: object[] = [];
      const links: object[] = [];
      const written: object[] = [];
      for (let step = 0; step < size; step += STEP) {
        const made = Array.from({ length: Math.min(STEP, size - step) }, (_, i) =>
          makeActivity(random, existing + start + step + i + 1, ids[step + i] as number, base),
        );
        for (const { row, texts } of made) {
          rows.push(row);
          for (const language of LANGUAGES) {
            if (language === 'fr') continue;
            const text = texts[language];
            translations.push({ activity_id: row.id, language, ...text, sort_name: normalizeText(text.name) });
          }
        }
        if (approvedTags.length > 0) {
          for (const { row } of made) {
            const count = Math.floor(random.next() * 3);
            const chosen = new Set(Array.from({ length: count }, () => random.pick(approvedTags).id));
            for (const tagId of chosen) links.push({ activity_id: row.id, tag_id: tagId });
          }
        }
        for (const { row } of made) {
          const many = Math.floor(random.next() * 4);
          for (let r = 0; r < many; r++) {
            const rating = 2 + Math.floor(random.next() * 4);
            written.push({
              activity_id: row.id,
              guest_name: `Gast ${r + 1}`,
              guest_email: `gast${r + 1}.${row.id}@example.com`,
              rating,
              comment: random.pick(REVIEW_TEXTS),
              language: random.pick(LANGUAGES),
            });
            // Every synthetic review is approved: the rating is their average (docs/product.md#ratings).
            row.rating_sum += rating;
            row.review_count += 1;
          }
        }
      }
      // The rating as the reviews service computes it: round(avg(rating)::numeric, 1).
      await tx.execute(sql`
        insert into activities (id, name, description, language, category, location, city, latitude, longitude,
          price_cents, booking_required, sponsor_level, is_sponsored, is_active, is_approved, weekly_hours,
          event_start, event_end, sort_name, search_text, created_at, rating, review_count)
        overriding system value
        select t.id, t.name, t.description, 'fr', t.category, t.city, t.city, t.latitude, t.longitude,
          t.price_cents, t.booking_required, t.sponsor_level, t.sponsor_level > 0, true, true, t.weekly_hours,
          t.event_start, t.event_end, t.sort_name, t.search_text, t.created_at,
          coalesce(round(t.rating_sum::numeric / nullif(t.review_count, 0), 1), 0), t.review_count
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(id integer, name text, description text,
          category text, city text, latitude double precision, longitude double precision, price_cents integer,
          booking_required boolean, sponsor_level integer, weekly_hours jsonb, event_start date, event_end date,
          sort_name text, search_text text, created_at timestamptz, rating_sum integer, review_count integer)`);
      await tx.execute(sql`
        insert into activity_translations (activity_id, language, name, description, sort_name)
        select t.activity_id, t.language, t.name, t.description, t.sort_name
        from jsonb_to_recordset(${JSON.stringify(translations)}::jsonb)
          as t(activity_id integer, language text, name text, description text, sort_name text)`);
      if (links.length > 0)
        await tx.execute(sql`
          insert into activity_tags (activity_id, tag_id, status, is_approved)
          select t.activity_id, t.tag_id, 'approved', true
          from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as t(activity_id integer, tag_id integer)`);
      if (written.length > 0)
        await tx.execute(sql`
          insert into reviews (activity_id, guest_name, guest_email, rating, comment, language, status, is_approved)
          select t.activity_id, t.guest_name, t.guest_email, t.rating, t.comment, t.language, 'approved', true
          from jsonb_to_recordset(${JSON.stringify(written)}::jsonb) as t(activity_id integer, guest_name text,
            guest_email text, rating integer, comment text, language text)`);
      // What the triggers would have said: each new activity, delivered at commit. And what they would
      // have recorded, in one row: a change of everything (activity 0), so that an app starting from
      // its kept file reads everything again (docs/read-model.md#the-kept-snapshot).
      if (quiet) {
        await tx.execute(sql`
          select pg_notify(${CATALOG_CHANNEL}, 'a:' || id)
          from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as id`);
        await tx.execute(sql`
          insert into catalog_changes (activity_id, xid) values (0, pg_current_xact_id())
          on conflict (activity_id) do update set xid = excluded.xid`);
      }
    });
  }
  return toAdd;
}
