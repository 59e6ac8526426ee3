import { count, sql } from 'drizzle-orm';
import { CATEGORIES, type Category } from '../../../domain/activities.js';
import { addDays } from '../../../domain/dates.js';
import { LANGUAGES, type Language } from '../../../domain/languages.js';
import type { WeeklyHoursRow } from '../../../domain/weekly-hours.js';
import { buildSearchDocument, normalizeText } from '../../../domain/search.js';
import type { Db } from '../client.js';
import { activities, activityTags, activityTranslations, reviews, tags } from '../schema/index.js';

/**
 * Synthetic activities on top of the demo content, for measuring the guide at
 * size (`npm run db:seed -- --scale 10000`, docs/benchmarks.md): made-up but
 * realistic (texts in five languages from the region's vocabulary, positions
 * within 60 km of Limoux, prices, tags, approved reviews, some sponsors), the
 * same every time (a seeded random generator). Never part of the demo content.
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

const REVIEW_TEXTS = ['Heel mooi!', 'Great day out', 'Très agréable', 'Sehr schön', 'Muy bonito', 'Aanrader'];
const BATCH = 250;

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

/** Adds synthetic public activities until the guide holds `total`; answers how many were added. */
export async function seedScale(db: Db, total: number): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(activities);
  const existing = counted?.n ?? 0;
  const toAdd = Math.max(0, total - existing);
  const approvedTags = await db
    .select({ id: tags.id })
    .from(tags)
    .where(sql`${tags.status} = 'approved'`);
  const random = generator(20_261_123 + existing);
  const base = new Date('2025-03-01T08:00:00Z').getTime();

  for (let start = 0; start < toAdd; start += BATCH) {
    const size = Math.min(BATCH, toAdd - start);
    await db.transaction(async (tx) => {
      const made = Array.from({ length: size }, (_, i) => {
        const n = existing + start + i + 1;
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
        return {
          texts,
          row: {
            name: original.name,
            description: original.description,
            language: 'fr' as const,
            category,
            location: town,
            city: town,
            latitude,
            longitude,
            priceCents: priceRoll < 0.3 ? null : priceRoll < 0.45 ? 0 : Math.round(random.next() * 60) * 100 + 500,
            bookingRequired: random.next() < 0.25,
            sponsorLevel,
            isSponsored: sponsorLevel > 0,
            isActive: true,
            isApproved: true,
            ...timesOf(n, category),
            sortName: normalizeText(original.name),
            searchText: buildSearchDocument([...LANGUAGES.flatMap((l) => [texts[l].name, texts[l].description]), town]),
            createdAt: new Date(base + Math.floor(random.next() * 600 * 86_400_000)),
          },
        };
      });
      const ids = await tx
        .insert(activities)
        .values(made.map((m) => m.row))
        .returning({ id: activities.id });
      await tx.insert(activityTranslations).values(
        ids.flatMap(({ id }, i) =>
          LANGUAGES.filter((l) => l !== 'fr').map((language) => {
            const text = (made[i] as (typeof made)[number]).texts[language];
            return { activityId: id, language, ...text, sortName: normalizeText(text.name) };
          }),
        ),
      );
      if (approvedTags.length > 0) {
        const links = ids.flatMap(({ id }) => {
          const count = Math.floor(random.next() * 3);
          const chosen = new Set(Array.from({ length: count }, () => random.pick(approvedTags).id));
          return [...chosen].map((tagId) => ({ activityId: id, tagId, status: 'approved' as const, isApproved: true }));
        });
        if (links.length > 0) await tx.insert(activityTags).values(links);
      }
      const written = ids.flatMap(({ id }) =>
        Array.from({ length: Math.floor(random.next() * 4) }, (_, r) => ({
          activityId: id,
          guestName: `Gast ${r + 1}`,
          guestEmail: `gast${r + 1}.${id}@example.com`,
          rating: 2 + Math.floor(random.next() * 4),
          comment: random.pick(REVIEW_TEXTS),
          language: random.pick(LANGUAGES),
          status: 'approved' as const,
          isApproved: true,
        })),
      );
      if (written.length > 0) await tx.insert(reviews).values(written);
      await tx.execute(sql`
        update activities set
          rating = coalesce((select round(avg(r.rating)::numeric, 1) from reviews r where r.activity_id = activities.id and r.status = 'approved'), 0),
          review_count = (select count(*) from reviews r where r.activity_id = activities.id and r.status = 'approved')
        where id in (${sql.join(
          ids.map(({ id }) => sql`${id}`),
          sql`, `,
        )})`);
    });
  }
  return toAdd;
}
