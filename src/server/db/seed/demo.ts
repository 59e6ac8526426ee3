import { and, eq, sql } from 'drizzle-orm';
import type { Category, Setting } from '../../../domain/activities.js';
import type { AvailabilitySettings, OpeningFacts } from '../../../domain/availability.js';
import type { BookingActor, BookingStatus } from '../../../domain/bookings.js';
import { addDays, todayInParis } from '../../../domain/dates.js';
import { LANGUAGES, type Language } from '../../../domain/languages.js';
import type { ModerationStatus } from '../../../domain/moderation.js';
import { bookingTotalCents, toCents } from '../../../domain/money.js';
import type { WeeklyHoursRow } from '../../../domain/weekly-hours.js';
import { type ActivityText, insertActivity } from '../../modules/activities/repository.js';
import { refreshRatings } from '../../modules/reviews/repository.js';
import type { Db } from '../client.js';
import {
  BOOKABLE_BY_CHOICE,
  demoAvailability,
  EDITIONS,
  firstOfferedDay,
  inSeason,
  nextEdition,
  RAFTING_SEASON,
} from './availability.js';
import {
  activityTags,
  adminSettings,
  bookingEvents,
  bookings,
  providers,
  reviews,
  tags,
  users,
} from '../schema/index.js';
import i18n from './data/activity-i18n.json' with { type: 'json' };
import demoReviews from './data/demo-reviews.json' with { type: 'json' };
import places from './data/places.json' with { type: 'json' };
import sharedReviews from './data/reviews.json' with { type: 'json' };
import sharedTags from './data/tags.json' with { type: 'json' };

type Localized = Record<Language, string>;
interface PlaceI18n {
  name: Localized;
  hours: Localized | null;
  location: Localized | null;
}

export const SEED_MARKER_KEY = 'seed.demo';
export { nextYearly } from './availability.js';

/** Demo accounts (docs/accounts.md#the-first-admin: no passwords; demo login and the admin CLI use these e-mails). */
export const DEMO_USERS = {
  admin: { email: 'admin@discoverlocal.test', firstName: 'Claire', lastName: 'Fabre', role: 'admin', isApproved: true },
  provider: {
    email: 'provider@discoverlocal.test',
    firstName: 'Julien',
    lastName: 'Marty',
    role: 'provider',
    isApproved: true,
    company: 'Aude Découverte (démo)',
    phone: '+33 4 68 00 00 01',
    address: 'Avenue Fabre d’Églantine, 11300 Limoux',
  },
  pendingProvider: {
    email: 'pending.provider@discoverlocal.test',
    firstName: 'Marie',
    lastName: 'Rouger',
    role: 'provider',
    isApproved: false,
    company: 'Gîte du Razès (démo)',
    phone: '+33 4 68 00 00 02',
    address: '11190 Couiza',
  },
  visitor: {
    email: 'visitor@discoverlocal.test',
    firstName: 'Sanne',
    lastName: 'Visser',
    role: 'visitor',
    isApproved: false,
  },
} as const;

/** Activities the approved demo provider manages. */
const PROVIDER_ACTIVITIES = ['rafting-gorges-de-l-aude', 'defile-de-pierre-lys', 'lac-d-arques'];
/** One activity at each sponsor level (docs/product.md#sponsorship). */
const SPONSOR_LEVELS: Record<string, 1 | 2 | 3> = {
  'rafting-gorges-de-l-aude': 3,
  'maison-guinot': 2,
  'abbaye-de-saint-hilaire': 1,
};

const allYear = { seasonStart: null, seasonEnd: null };

/**
 * Structured opening hours where the checked facts give a whole week (docs/product.md#weekly-hours):
 * the Alet-les-Bains abbey's 2024 hours, from 25 March to 31 October with its July and August hours
 * over them, and the market days with their times (docs/when.md#market-days). The free text beside
 * them keeps what rows cannot say (public holidays, the year, "indicative", a place to confirm).
 * Mirepoix has no rows: its Thursday market has no times, and Monday alone would call it closed then.
 */
export const WEEKLY_HOURS: Record<string, WeeklyHoursRow[]> = {
  // "Vendredi 7h-12h30 (horaires indicatifs)"
  'marche-de-limoux': [{ days: [5], opens: '07:00', closes: '12:30', ...allYear }],
  // "Mercredi et samedi matin (env. 7h30-12h30) ; marché nocturne le jeudi 18h-minuit en juillet-août":
  // a season's rows replace the all-year ones, so July and August repeat the mornings.
  'marche-de-quillan': [
    { days: [3, 6], opens: '07:30', closes: '12:30', ...allYear },
    { days: [3, 6], opens: '07:30', closes: '12:30', seasonStart: '07-01', seasonEnd: '08-31' },
    { days: [4], opens: '18:00', closes: '24:00', seasonStart: '07-01', seasonEnd: '08-31' },
  ],
  // "Dimanche matin, env. 8h-13h (horaires indicatifs)"
  'marche-d-esperaza': [{ days: [7], opens: '08:00', closes: '13:00', ...allYear }],
  // "Mardi, jeudi et samedi 7h-12h30 (le samedi : emplacement à confirmer)"
  'marche-de-carcassonne': [{ days: [2, 4, 6], opens: '07:00', closes: '12:30', ...allYear }],
  'abbaye-d-alet-les-bains': [
    { days: [1, 2, 3, 4, 5], opens: '14:00', closes: '18:00', seasonStart: '03-25', seasonEnd: '10-31' },
    { days: [6, 7], opens: '10:00', closes: '12:00', seasonStart: '03-25', seasonEnd: '10-31' },
    { days: [6, 7], opens: '14:00', closes: '18:00', seasonStart: '03-25', seasonEnd: '10-31' },
    { days: [1, 2, 3, 4, 5, 6, 7], opens: '10:00', closes: '13:00', seasonStart: '07-01', seasonEnd: '08-31' },
    { days: [1, 2, 3, 4, 5, 6, 7], opens: '14:00', closes: '19:00', seasonStart: '07-01', seasonEnd: '08-31' },
  ],
};

/**
 * Indoors, outdoors or both, by what each place's description says (docs/when.md#indoors-and-outdoors):
 * open-air markets, parades, trails, castles on their crags, lakes and rivers are outdoors; museums
 * and wine cellars indoors; a place with a roof and open air to visit both (a basilica on its hill,
 * an abbey's cloister, the Cité's streets and château, a festival in a hall and the streets).
 */
export const SETTING_OF: Record<string, Setting> = {
  'marche-de-limoux': 'outdoor',
  'marche-de-quillan': 'outdoor',
  'marche-d-esperaza': 'outdoor',
  // Under the arcades on Mondays, in the covered hall on Thursdays.
  'marche-de-mirepoix': 'both',
  'marche-de-carcassonne': 'outdoor',
  'carnaval-de-limoux': 'outdoor',
  'toques-et-clochers': 'outdoor',
  // Concerts in the Olympie hall and fanfares in the streets.
  'limoux-brass-festival': 'both',
  // The open-air Théâtre Jean-Deschamps.
  'festival-de-carcassonne': 'outdoor',
  'embrasement-de-la-cite': 'outdoor',
  'sentier-cathare-gr367': 'outdoor',
  'voie-verte-pyrenees-cathares': 'outdoor',
  'pech-de-bugarach': 'outdoor',
  'rafting-gorges-de-l-aude': 'outdoor',
  'notre-dame-de-marceille': 'both',
  'chateau-d-arques': 'outdoor',
  'chateau-de-puilaurens': 'outdoor',
  'gorges-de-galamus': 'outdoor',
  'chateau-de-puivert': 'outdoor',
  'chateau-de-peyrepertuse': 'outdoor',
  'defile-de-pierre-lys': 'outdoor',
  'lac-de-puivert': 'outdoor',
  'lac-de-montbel': 'outdoor',
  'lac-d-arques': 'outdoor',
  'bains-doux-rennes-les-bains': 'outdoor',
  // A summer pool.
  'piscine-thermale-alet-les-bains': 'outdoor',
  'sieur-d-arques': 'indoor',
  'maison-guinot': 'indoor',
  'abbaye-de-saint-hilaire': 'both',
  'cite-de-carcassonne': 'both',
  'rennes-le-chateau': 'both',
  // Ruins.
  'abbaye-d-alet-les-bains': 'outdoor',
  'dinosauria-esperaza': 'indoor',
  'musee-de-la-chapellerie-esperaza': 'indoor',
  'musee-petiet': 'indoor',
  'musee-du-piano-limoux': 'indoor',
};

const SEED_EPOCH = Date.UTC(2025, 2, 1);
const DAY = 86_400_000;

/**
 * The artwork that shows what a place is (public/images/activities): castles
 * and gorges, lakes and warm baths, wine and abbeys, museums. Places not
 * listed alternate between their category's first two pictures.
 */
export const ARTWORK: Record<string, string> = {
  // sport-1: trail and greenway; sport-2: white water.
  'sentier-cathare-gr367': 'sport-1',
  'voie-verte-pyrenees-cathares': 'sport-1',
  'pech-de-bugarach': 'sport-1',
  'rafting-gorges-de-l-aude': 'sport-2',
  // feesten-1: carnival under the arcades; feesten-2: fireworks over walls, a trumpet.
  'carnaval-de-limoux': 'feesten-1',
  'toques-et-clochers': 'feesten-1',
  'limoux-brass-festival': 'feesten-2',
  'festival-de-carcassonne': 'feesten-2',
  'embrasement-de-la-cite': 'feesten-2',
  // viewpoints-1: a castle on its crag; viewpoints-2: a lookout over a gorge.
  'chateau-d-arques': 'viewpoints-1',
  'chateau-de-puilaurens': 'viewpoints-1',
  'chateau-de-puivert': 'viewpoints-1',
  'chateau-de-peyrepertuse': 'viewpoints-1',
  'notre-dame-de-marceille': 'viewpoints-2',
  'gorges-de-galamus': 'viewpoints-2',
  'defile-de-pierre-lys': 'viewpoints-2',
  // zomeractiviteiten-1: a lake beach; zomeractiviteiten-2: warm river pools.
  'lac-de-puivert': 'zomeractiviteiten-1',
  'lac-de-montbel': 'zomeractiviteiten-1',
  'lac-d-arques': 'zomeractiviteiten-1',
  'bains-doux-rennes-les-bains': 'zomeractiviteiten-2',
  'piscine-thermale-alet-les-bains': 'zomeractiviteiten-2',
  // uitjes-1: vineyard and Blanquette; uitjes-2: abbey and old stone; uitjes-3: a museum gallery.
  'sieur-d-arques': 'uitjes-1',
  'maison-guinot': 'uitjes-1',
  'abbaye-de-saint-hilaire': 'uitjes-2',
  'abbaye-d-alet-les-bains': 'uitjes-2',
  'cite-de-carcassonne': 'uitjes-2',
  'rennes-le-chateau': 'uitjes-2',
  'dinosauria-esperaza': 'uitjes-3',
  'musee-de-la-chapellerie-esperaza': 'uitjes-3',
  'musee-petiet': 'uitjes-3',
  'musee-du-piano-limoux': 'uitjes-3',
};

function imageFor(slug: string, category: Category, indexInCategory: number): string {
  return `/images/activities/${ARTWORK[slug] ?? `${category}-${(indexInCategory % 2) + 1}`}.svg`;
}

function guestEmail(name: string): string {
  const local = name
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');
  return `${local}@example.com`;
}

export interface SeedOptions {
  /**
   * Write the demo accounts (admin, providers, visitor) too: only where the
   * demo logins are on (docs/security.md). Without them the places, tags,
   * reviews and bookings are written with no account behind them.
   */
  accounts: boolean;
}

/**
 * Writes the demo content into an empty database: the real places around
 * Limoux with their translations, tags, reviews and bookings, and the demo
 * users when asked.
 */
export async function seedDemo(db: Db, now: Date = new Date(), { accounts }: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    const insertedUsers = accounts
      ? await tx
          .insert(users)
          .values(
            Object.values(DEMO_USERS).map((u) => ({ ...u, emailVerified: true, roleChosenAt: new Date(SEED_EPOCH) })),
          )
          .returning({ id: users.id, email: users.email })
      : [];
    const userId = (email: string): string | null => insertedUsers.find((u) => u.email === email)?.id ?? null;
    const adminId = userId(DEMO_USERS.admin.email);
    const visitorId = userId(DEMO_USERS.visitor.email);
    const providerUserId = userId(DEMO_USERS.provider.email);
    /** A decision of the demo admin (none without the demo accounts), at the seed's epoch. */
    const moderated = (status: ModerationStatus) => ({
      status,
      isApproved: status === 'approved',
      moderatedBy: status === 'pending' ? null : adminId,
      moderatedAt: status === 'pending' ? null : new Date(SEED_EPOCH),
    });

    const providerRows = accounts
      ? await tx
          .insert(providers)
          .values(
            [DEMO_USERS.provider, DEMO_USERS.pendingProvider].map((p) => ({
              userId: userId(p.email),
              name: `${p.firstName} ${p.lastName}`,
              email: p.email,
              phone: p.phone,
              company: p.company,
              address: p.address,
              ...moderated(p.isApproved ? 'approved' : 'pending'),
            })),
          )
          .returning({ id: providers.id, email: providers.email })
      : [];
    const demoProviderId = providerRows.find((p) => p.email === DEMO_USERS.provider.email)?.id ?? null;

    const today = todayInParis(now);
    // When each bookable activity can be booked, and the festivals' editions (./availability.ts).
    const availability = demoAvailability(today);
    const activityIds = new Map<string, number>();
    const perCategory = new Map<string, number>();
    for (const [index, place] of places.entries()) {
      const text = (i18n as Record<string, PlaceI18n>)[place.id];
      if (!text) throw new Error(`no translations for ${place.id}`);
      const category = place.category as Category;
      const isMarket = category === 'markten';
      const indexInCategory = perCategory.get(category) ?? 0;
      perCategory.set(category, indexInCategory + 1);
      const translations = Object.fromEntries(
        LANGUAGES.map((lng): [Language, ActivityText] => [
          lng,
          {
            name: text.name[lng],
            description: (place.description as Localized)[lng],
            location: text.location?.[lng] ?? null,
            openingHours: isMarket ? null : (text.hours?.[lng] ?? null),
            marketDays: isMarket ? (text.hours?.[lng] ?? null) : null,
          },
        ]),
      ) as Record<Language, ActivityText>;
      const sponsorLevel = SPONSOR_LEVELS[place.id] ?? 0;
      const edition = EDITIONS[place.id];
      const id = await insertActivity(tx, {
        slug: place.id,
        name: place.name,
        description: (place.description as Localized).fr,
        language: 'fr',
        category,
        location: place.location_name,
        address: place.address,
        city: place.city,
        latitude: place.latitude,
        longitude: place.longitude,
        imageUrl: imageFor(place.id, category, indexInCategory),
        priceCents: place.price_eur === null ? null : toCents(place.price_eur),
        openingHours: isMarket ? null : place.opening_hours,
        marketDays: isMarket ? place.opening_hours : null,
        ...(edition ? nextEdition(today, edition) : { eventStart: null, eventEnd: null }),
        weeklyHours: WEEKLY_HOURS[place.id] ?? [],
        availability: availability[place.id] ?? null,
        website: place.website,
        // The facts say which take bookings; the wine cellars do too, as the demo's choice.
        bookingRequired: place.booking_required === true || BOOKABLE_BY_CHOICE.includes(place.id),
        setting: SETTING_OF[place.id] ?? null,
        sponsorLevel,
        isSponsored: sponsorLevel > 0,
        isActive: true,
        isApproved: true,
        providerId: PROVIDER_ACTIVITIES.includes(place.id) ? demoProviderId : null,
        createdAt: new Date(SEED_EPOCH + index * 7 * DAY),
        translations,
      });
      activityIds.set(place.id, id);
    }
    const activityId = (slug: string) => {
      const id = activityIds.get(slug);
      if (id === undefined) throw new Error(`seed activity ${slug} missing`);
      return id;
    };

    // Tags: the vocabulary used by the places is approved; the shared tag list brings its own states.
    const states = new Map(sharedTags.map((t) => [t.slug, t]));
    const tagNames = new Set([...places.flatMap((p) => p.tags.map((t) => t.nl)), ...states.keys()]);
    const tagRows = await tx
      .insert(tags)
      .values(
        [...tagNames].sort().map((name) => {
          const state = states.get(name);
          const status = (state?.status ?? 'approved') as ModerationStatus;
          return {
            name,
            ...moderated(status),
            proposedBy:
              state?.proposed_by === 'provider' ? providerUserId : state?.proposed_by === 'visitor' ? visitorId : null,
          };
        }),
      )
      .returning({ id: tags.id, name: tags.name });
    const tagId = (name: string) => {
      const found = tagRows.find((t) => t.name === name);
      if (!found) throw new Error(`seed tag ${name} missing`);
      return found.id;
    };
    await tx.insert(activityTags).values([
      ...places.flatMap((p) =>
        p.tags.map((t) => ({ activityId: activityId(p.id), tagId: tagId(t.nl), ...moderated('approved') })),
      ),
      // Proposals awaiting moderation, and one rejected, so the tag admin has work and the rules can be seen.
      { activityId: activityId('lac-de-montbel'), tagId: tagId('honden-toegestaan'), proposedBy: providerUserId },
      { activityId: activityId('lac-d-arques'), tagId: tagId('familie'), proposedBy: providerUserId },
      {
        activityId: activityId('gorges-de-galamus'),
        tagId: tagId('instagrammable'),
        proposedBy: visitorId,
        ...moderated('rejected'),
      },
    ]);

    // Reviews: the shared ones (one by the demo visitor) and the demo set; pending ones stay hidden.
    await tx.insert(reviews).values([
      ...sharedReviews.map((r) => {
        const isVisitor = r.author_name === 'Sanne V.' && visitorId !== null;
        return {
          activityId: activityId(r.activity_id),
          userId: isVisitor ? visitorId : null,
          guestName: isVisitor ? null : r.author_name,
          guestEmail: isVisitor ? null : guestEmail(r.author_name),
          rating: r.rating,
          comment: r.body,
          ...moderated('approved'),
          createdAt: new Date(r.created_at),
        };
      }),
      ...demoReviews.map((r, index) => ({
        activityId: activityId(r.activity_id),
        guestName: r.author_name,
        // Every guest has an address of their own, anonymous ones too (only admins see it).
        guestEmail: guestEmail(r.author_name ?? `anonymous guest ${index}`),
        isAnonymous: r.anonymous,
        language: r.language as Language,
        rating: r.rating,
        title: r.title,
        comment: r.body,
        ...moderated(r.status as ModerationStatus),
        createdAt: new Date(r.created_at),
      })),
    ]);
    await refreshRatings(tx);

    const inDays = (days: number) => addDays(today, days);
    const priceOf = (slug: string) => {
      const price = places.find((p) => p.id === slug)?.price_eur ?? null;
      return price === null ? null : toCents(price);
    };
    const factsOf = (slug: string): OpeningFacts => ({
      weeklyHours: WEEKLY_HOURS[slug] ?? [],
      ...(EDITIONS[slug] ? nextEdition(today, EDITIONS[slug]) : { eventStart: null, eventEnd: null }),
    });
    const settingsOf = (slug: string): AvailabilitySettings => {
      const settings = availability[slug];
      if (!settings) throw new Error(`seed availability of ${slug} missing`);
      return settings;
    };
    /**
     * The first day the activity offers from `days` days ahead on; else from tomorrow, else today:
     * a running edition may end sooner (seeded on its last day, only that day is left).
     */
    const offered = (slug: string, days: number) =>
      firstOfferedDay(settingsOf(slug), factsOf(slug), inDays(days)) ??
      firstOfferedDay(settingsOf(slug), factsOf(slug), inDays(1)) ??
      firstOfferedDay(settingsOf(slug), factsOf(slug), today, 0);
    const rafting = 'rafting-gorges-de-l-aude';
    const raftingDay = offered(rafting, 21);
    const tastingDay = offered('sieur-d-arques', 6);

    interface DemoBooking {
      slug: string;
      userId?: string | null;
      customerName: string;
      customerEmail: string;
      customerPhone?: string;
      numberOfPeople: number;
      bookingDate: string | null;
      slot?: string;
      notes?: string;
      language: Language;
      status: BookingStatus;
    }
    // Bookings to come, on days and in slots the activities offer, within their places: the
    // rafting's 10:00 on its first day three weeks ahead is full (4 + 4 of 8), and so is the Sieur
    // d'Arques tasting on its day (8 + 4 of 12); the others leave places.
    const demoBookings: DemoBooking[] = [
      {
        slug: rafting,
        userId: visitorId,
        customerName: 'Sanne Visser',
        customerEmail: DEMO_USERS.visitor.email,
        customerPhone: '+31 6 12345678',
        numberOfPeople: 4,
        bookingDate: raftingDay,
        slot: '10:00',
        notes: 'Twee kinderen van 9 en 11, beiden kunnen zwemmen.',
        language: 'nl',
        status: 'pending',
      },
      {
        slug: rafting,
        customerName: 'Hugo Dubois',
        customerEmail: 'hugo.d@example.com',
        numberOfPeople: 4,
        bookingDate: raftingDay,
        slot: '10:00',
        language: 'fr',
        status: 'confirmed',
      },
      {
        slug: rafting,
        customerName: 'Tom Harris',
        customerEmail: 'tom.h@example.com',
        numberOfPeople: 2,
        bookingDate: offered(rafting, 35),
        slot: '14:00',
        language: 'en',
        status: 'confirmed',
      },
      {
        slug: 'festival-de-carcassonne',
        customerName: 'Claire Martin',
        customerEmail: 'claire.m@example.com',
        numberOfPeople: 3,
        bookingDate: offered('festival-de-carcassonne', 60),
        language: 'fr',
        status: 'pending',
      },
      {
        slug: 'limoux-brass-festival',
        customerName: 'Jonas Keller',
        customerEmail: 'jonas.k@example.com',
        numberOfPeople: 2,
        bookingDate: offered('limoux-brass-festival', 1),
        language: 'de',
        status: 'pending',
      },
      {
        slug: 'sieur-d-arques',
        customerName: 'Pieter de Vries',
        customerEmail: 'pieter.dv@example.com',
        numberOfPeople: 8,
        bookingDate: tastingDay,
        notes: 'Een wijnclub: graag ook de crémant.',
        language: 'nl',
        status: 'confirmed',
      },
      {
        slug: 'sieur-d-arques',
        customerName: 'Emma Laurent',
        customerEmail: 'emma.l@example.com',
        numberOfPeople: 4,
        bookingDate: tastingDay,
        language: 'fr',
        status: 'confirmed',
      },
      {
        slug: 'maison-guinot',
        customerName: 'Lucía García',
        customerEmail: 'lucia.g@example.com',
        numberOfPeople: 2,
        bookingDate: offered('maison-guinot', 9),
        language: 'es',
        status: 'pending',
      },
    ];
    // Two that are over, confirmed. Ruben K. went rafting on the last day of a season at least 24
    // days ago and reviewed it through his invitation's link (his review shows "Verified booking");
    // Lena W. went to the Sieur d'Arques tasting, open all year, 12 days ago and has not reviewed it
    // yet. Both more than a week ago, so no invitation goes out at start (docs/mail.md#scheduled-mails).
    let rubenDay = inDays(-24);
    while (!inSeason(rubenDay, RAFTING_SEASON.start, RAFTING_SEASON.end)) rubenDay = addDays(rubenDay, -1);
    const pastBookings: DemoBooking[] = [
      {
        slug: rafting,
        customerName: 'Ruben K.',
        customerEmail: guestEmail('Ruben K.'),
        numberOfPeople: 2,
        bookingDate: rubenDay,
        slot: '10:00',
        language: 'nl',
        status: 'confirmed',
      },
      {
        slug: 'sieur-d-arques',
        customerName: 'Lena Weber',
        customerEmail: 'lena.w@example.com',
        numberOfPeople: 3,
        bookingDate: inDays(-12),
        language: 'en',
        status: 'confirmed',
      },
    ];
    const bookingIds: Record<string, number> = {};
    for (const { slug, bookingDate, ...booking } of [...demoBookings, ...pastBookings]) {
      // A day is always found (tested for every day of the year in seed.test.ts); skip rather than book outside.
      if (bookingDate === null) continue;
      // One that is over was made two weeks before its day.
      const madeAt = bookingDate < today ? new Date(Date.parse(bookingDate) - 14 * DAY) : now;
      const [row] = await tx
        .insert(bookings)
        .values({
          ...booking,
          bookingDate,
          activityId: activityId(slug),
          totalAmountCents: bookingTotalCents(priceOf(slug), booking.numberOfPeople),
          createdAt: madeAt,
          updatedAt: madeAt,
        })
        .returning({ id: bookings.id });
      if (!row) throw new Error('seed booking missing');
      bookingIds[booking.customerName] = row.id;
      // What happened to it, as the app keeps it: confirmed at once where the activity says so,
      // else by its provider, or by the team (an admin) for an activity without one.
      const booker: BookingActor = booking.userId ? 'user' : 'guest';
      const instant = settingsOf(slug).confirmation === 'instant';
      const byProvider = PROVIDER_ACTIVITIES.includes(slug);
      await tx.insert(bookingEvents).values(
        instant
          ? [{ bookingId: row.id, toStatus: booking.status, actor: booker, createdAt: madeAt }]
          : [
              { bookingId: row.id, toStatus: 'pending', actor: booker, createdAt: madeAt },
              ...(booking.status === 'confirmed'
                ? [
                    {
                      bookingId: row.id,
                      fromStatus: 'pending',
                      toStatus: 'confirmed',
                      actor: byProvider ? ('provider' as const) : ('admin' as const),
                      actorUserId: byProvider ? providerUserId : adminId,
                      createdAt: madeAt,
                    },
                  ]
                : []),
            ],
      );
    }
    await tx
      .update(reviews)
      .set({
        bookingId: bookingIds['Ruben K.'],
        createdAt: new Date(Date.parse(addDays(rubenDay, 2)) + 18 * 60 * 60 * 1000),
      })
      .where(and(eq(reviews.activityId, activityId('rafting-gorges-de-l-aude')), eq(reviews.guestName, 'Ruben K.')));

    await tx.insert(adminSettings).values({
      key: SEED_MARKER_KEY,
      value: now.toISOString(),
      description: 'When the demo content was written; its presence stops a second seed.',
    });
  });
}

/**
 * Empties every table of content (for `npm run db:seed`, never at start). The site's settings
 * (docs/site-settings.md) and the daily import's (docs/datatourisme.md#the-daily-import) are the
 * team's, not demo content: they stay; the seed's marker goes.
 */
export async function truncateAll(db: Db): Promise<void> {
  await db.execute(sql`truncate table
    outbox, analytics, booking_mails, booking_events, bookings, reviews, activity_tags, tags, activity_translations, activities,
    providers, sessions, users
    restart identity cascade`);
  await db.execute(sql`delete from admin_settings where key not like 'site.%' and key not like 'imports.%'`);
}
