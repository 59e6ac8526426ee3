import { sql } from 'drizzle-orm';
import type { Category } from '../../../domain/activities.js';
import { LANGUAGES, type Language } from '../../../domain/languages.js';
import { type ActivityText, insertActivity } from '../../modules/activities/repository.js';
import { refreshRatings } from '../../modules/reviews/repository.js';
import type { Db } from '../client.js';
import { activityTags, adminSettings, bookings, providers, reviews, tags, users } from '../schema/index.js';
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

/** Demo accounts (DECISIONS 16: no passwords; demo login and the admin CLI use these e-mails). */
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
/** One activity at each sponsor level (DECISIONS 22). */
const SPONSOR_LEVELS: Record<string, 1 | 2 | 3> = {
  'rafting-gorges-de-l-aude': 3,
  'maison-guinot': 2,
  'abbaye-de-saint-hilaire': 1,
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

/**
 * Writes the demo content into an empty database: the real places around
 * Limoux with their translations, tags, demo users, reviews and bookings.
 */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const insertedUsers = await tx
      .insert(users)
      .values(Object.values(DEMO_USERS).map((u) => ({ ...u, roleChosenAt: new Date(SEED_EPOCH) })))
      .returning({ id: users.id, email: users.email });
    const userId = (email: string) => {
      const found = insertedUsers.find((u) => u.email === email);
      if (!found) throw new Error(`seed user ${email} missing`);
      return found.id;
    };
    const adminId = userId(DEMO_USERS.admin.email);
    const visitorId = userId(DEMO_USERS.visitor.email);

    const providerRows = await tx
      .insert(providers)
      .values(
        [DEMO_USERS.provider, DEMO_USERS.pendingProvider].map((p) => ({
          userId: userId(p.email),
          name: `${p.firstName} ${p.lastName}`,
          email: p.email,
          phone: p.phone,
          company: p.company,
          address: p.address,
          isApproved: p.isApproved,
          status: p.isApproved ? 'approved' : 'pending',
          reviewedBy: p.isApproved ? adminId : null,
          reviewedAt: p.isApproved ? new Date(SEED_EPOCH) : null,
        })),
      )
      .returning({ id: providers.id, email: providers.email });
    const demoProviderId = providerRows.find((p) => p.email === DEMO_USERS.provider.email)?.id;

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
        price: place.price_eur,
        openingHours: isMarket ? null : place.opening_hours,
        marketDays: isMarket ? place.opening_hours : null,
        website: place.website,
        bookingRequired: place.booking_required === true,
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
          const status = state?.status ?? 'approved';
          return {
            name,
            isApproved: status === 'approved',
            approvedBy: status === 'pending' ? null : adminId,
            proposedBy:
              state?.proposed_by === 'provider'
                ? userId(DEMO_USERS.provider.email)
                : state?.proposed_by === 'visitor'
                  ? visitorId
                  : null,
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
        p.tags.map((t) => ({
          activityId: activityId(p.id),
          tagId: tagId(t.nl),
          isApproved: true,
          approvedBy: adminId,
        })),
      ),
      // Proposals awaiting moderation, and one rejected, so the tag admin has work and the rules can be seen.
      {
        activityId: activityId('lac-de-montbel'),
        tagId: tagId('honden-toegestaan'),
        proposedBy: userId(DEMO_USERS.provider.email),
      },
      {
        activityId: activityId('lac-d-arques'),
        tagId: tagId('familie'),
        proposedBy: userId(DEMO_USERS.provider.email),
      },
      {
        activityId: activityId('gorges-de-galamus'),
        tagId: tagId('instagrammable'),
        proposedBy: visitorId,
        approvedBy: adminId,
      },
    ]);

    // Reviews: the shared ones (one by the demo visitor) and the demo set; pending ones stay hidden.
    await tx.insert(reviews).values([
      ...sharedReviews.map((r) => {
        const isVisitor = r.author_name === 'Sanne V.';
        return {
          activityId: activityId(r.activity_id),
          userId: isVisitor ? visitorId : null,
          guestName: isVisitor ? null : r.author_name,
          guestEmail: isVisitor ? null : guestEmail(r.author_name),
          rating: r.rating,
          comment: r.body,
          isApproved: true,
          moderatedBy: adminId,
          createdAt: new Date(r.created_at),
        };
      }),
      ...demoReviews.map((r) => ({
        activityId: activityId(r.activity_id),
        guestName: r.author_name,
        guestEmail: guestEmail(r.author_name ?? 'anonymous guest'),
        isAnonymous: r.anonymous,
        rating: r.rating,
        title: r.title,
        comment: r.body,
        isApproved: r.status === 'approved',
        moderatedBy: r.status === 'approved' ? adminId : null,
        createdAt: new Date(r.created_at),
      })),
    ]);
    await refreshRatings(tx);

    const inDays = (days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
    await tx.insert(bookings).values([
      {
        activityId: activityId('rafting-gorges-de-l-aude'),
        userId: visitorId,
        customerName: 'Sanne Visser',
        customerEmail: DEMO_USERS.visitor.email,
        customerPhone: '+31 6 12345678',
        numberOfPeople: 4,
        bookingDate: inDays(21),
        notes: 'Twee kinderen van 9 en 11, beiden kunnen zwemmen.',
      },
      {
        activityId: activityId('rafting-gorges-de-l-aude'),
        customerName: 'Tom Harris',
        customerEmail: 'tom.h@example.com',
        numberOfPeople: 2,
        bookingDate: inDays(35),
        status: 'confirmed',
      },
      {
        activityId: activityId('festival-de-carcassonne'),
        customerName: 'Claire Martin',
        customerEmail: 'claire.m@example.com',
        numberOfPeople: 3,
        bookingDate: inDays(60),
      },
    ]);

    await tx.insert(adminSettings).values({
      key: SEED_MARKER_KEY,
      value: now.toISOString(),
      description: 'When the demo content was written; its presence stops a second seed.',
    });
  });
}

/** Empties every table of content (for `npm run db:seed`, never at start). */
export async function truncateAll(db: Db): Promise<void> {
  await db.execute(sql`truncate table
    analytics, bookings, reviews, activity_tags, tags, activity_translations, activities,
    providers, sessions, admin_settings, users
    restart identity cascade`);
}
