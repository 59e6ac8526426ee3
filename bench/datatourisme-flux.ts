/**
 * A generated DATAtourisme flux for the import benchmark (docs/benchmarks.md#datatourisme-import):
 *
 *   tsx bench/datatourisme-flux.ts <out.zip> [objects=50000]
 *
 * Objects in the flux's shape (imports/datatourisme/test-objects.ts), made up from a seeded random
 * sequence: every category's classes and some the guide leaves out, one to five languages, weekly
 * hours by day with seasons (some expired), events with up to a hundred one-day periods, positions
 * within the service area (a few outside it, a few without one), prices. No photos: the benchmark
 * measures the import, not a download.
 */
import { fluxZipStream } from '../src/server/modules/imports/datatourisme/flux-writer.js';
import { testObject } from '../src/server/modules/imports/datatourisme/test-objects.js';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';

/** mulberry32: the same flux every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CLASSES = [
  ['Market', 'SaleEvent', 'EntertainmentAndEvent', 'PointOfInterest'],
  ['PointOfView', 'PlaceOfInterest', 'PointOfInterest'],
  ['Lake', 'NaturalHeritage', 'PlaceOfInterest', 'PointOfInterest'],
  ['SportsAndLeisurePlace', 'ClimbingWall', 'PlaceOfInterest', 'PointOfInterest'],
  ['Festival', 'CulturalEvent', 'EntertainmentAndEvent', 'PointOfInterest'],
  ['Concert', 'CulturalEvent', 'EntertainmentAndEvent', 'PointOfInterest'],
  ['CulturalSite', 'Castle', 'PlaceOfInterest', 'PointOfInterest'],
  ['WineCellar', 'TastingProvider', 'Store', 'PointOfInterest'],
  ['Museum', 'CulturalSite', 'PlaceOfInterest', 'PointOfInterest'],
  // Left out by the guide (skipped_class).
  ['Hotel', 'Accommodation', 'PlaceOfInterest', 'PointOfInterest'],
  ['Restaurant', 'FoodEstablishment', 'PointOfInterest'],
];
const LANGUAGE_SETS = [['fr'], ['fr', 'en'], ['fr', 'en', 'de'], ['fr', 'en', 'de', 'es', 'nl'], ['en', 'nl']];
const WORDS =
  'vallée aude château vigne marché rivière sentier village pierre abbaye cité blanquette source forêt'.split(' ');
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const LIMOUX = { lat: 43.0547, lon: 2.2186 };

export function* generatedObjects(count: number, seed = 33): Generator<Record<string, unknown>> {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const sentence = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  for (let i = 0; i < count; i++) {
    const types = pick(CLASSES);
    const languages = pick(LANGUAGE_SETS);
    // Within about 70 km of Limoux; 2 % outside the area, 1 % without a position.
    const far = next() < 0.02;
    const distance = far ? 1.5 + next() : Math.sqrt(next()) * 0.6;
    const angle = next() * 2 * Math.PI;
    const noPosition = next() < 0.01;
    const names = Object.fromEntries(languages.map((l) => [l, `${sentence(2)} ${i} (${l})`]));
    const descriptions = Object.fromEntries(languages.map((l) => [l, `${sentence(40)}.`]));
    const hours = Array.from({ length: Math.floor(next() * 8) }, (_, k) => ({
      '@type': ['schema:OpeningHoursSpecification'],
      'schema:dayOfWeek': [{ '@id': `schema:${DAYS[k % 7]}` }],
      'schema:opens': '09:30:00',
      'schema:closes': k % 3 === 0 ? '12:00:00' : '18:00:00',
      'schema:validFrom': next() < 0.3 ? '2024-04-01' : '2027-04-01',
      'schema:validThrough': next() < 0.3 ? '2024-09-30' : '2027-09-30',
    }));
    const isEvent = types.includes('EntertainmentAndEvent');
    const periods = isEvent
      ? Array.from({ length: 1 + Math.floor(next() * next() * 100) }, (_, k) => {
          const day = new Date(Date.UTC(2027, 0, 1) + (k * 2 + Math.floor(next() * 3)) * 86_400_000)
            .toISOString()
            .slice(0, 10);
          return { '@type': ['Period'], startDate: day, endDate: day, startTime: '10:00:00' };
        })
      : null;
    const place = {
      uuid: `b3e1c0de-0000-4000-8000-${String(i).padStart(12, '0')}`,
      types,
      names,
      descriptions,
      latitude: noPosition ? null : (LIMOUX.lat + distance * Math.sin(angle)).toFixed(6),
      longitude: noPosition ? null : (LIMOUX.lon + distance * 1.37 * Math.cos(angle)).toFixed(6),
      street: [`${1 + (i % 80)} rue ${pick(WORDS)}`],
    };
    const object = testObject(place, {
      hasContact: [
        { '@type': ['foaf:Agent'], 'schema:telephone': [`+33 4 68 ${String(i % 100).padStart(2, '0')} 11 82`] },
      ],
      offers: [
        {
          '@type': ['schema:Offer'],
          'schema:priceSpecification': [
            {
              'schema:price': [(next() * 30).toFixed(2)],
              hasEligiblePolicy: [{ '@id': next() < 0.5 ? 'kb:BaseRateFullRate' : 'kb:Free' }],
            },
          ],
        },
      ],
      ...(periods ? { takesPlaceAt: periods } : {}),
    });
    if (hours.length > 0) {
      const located = (object['isLocatedAt'] as Record<string, unknown>[])[0] as Record<string, unknown>;
      located['schema:openingHoursSpecification'] = hours;
      located['TextOpeningHoursSpecification'] = { fr: ['Sur réservation hors saison.'] };
    }
    yield object;
  }
}

async function main() {
  const [out, countArg] = process.argv.slice(2);
  if (!out) {
    console.error('Usage: tsx bench/datatourisme-flux.ts <out.zip> [objects=50000]');
    process.exit(2);
  }
  const count = Number(countArg ?? 50_000);
  await pipeline(fluxZipStream(generatedObjects(count)), createWriteStream(out));
  console.info(`wrote ${count} objects to ${out}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
