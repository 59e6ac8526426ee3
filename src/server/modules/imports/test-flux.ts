import { BATCH_SIZE } from './datatourisme/importer.js';
import { testObject } from './datatourisme/test-objects.js';

/**
 * A large flux for the kill -9 tests of `npm run import` (docs/testing.md#failures):
 * `batches` full batches of in-area objects, and every 50th object one more, outside the service
 * area; each in French and in up to four other languages.
 */
export interface Planned {
  sourceId: string;
  inArea: boolean;
  /** The languages besides the original (French): one translation each. */
  translations: string[];
}

/** Every FAR_EVERY-th object is outside the service area. */
export const FAR_EVERY = 50;
const LANGUAGE_SETS = [[], ['en'], ['en', 'de'], ['en', 'de', 'es', 'nl']];
const LIMOUX = { lat: 43.0547, lon: 2.2186 };

/** The flux, in the order the ZIP gives its objects. */
export function plannedObjects(batches: number): { planned: Planned[]; objects: Record<string, unknown>[] } {
  const inAreaWanted = batches * BATCH_SIZE;
  const planned: Planned[] = [];
  const objects: Record<string, unknown>[] = [];
  for (let i = 0, inArea = 0; inArea < inAreaWanted; i++) {
    const far = i % FAR_EVERY === FAR_EVERY - 1;
    if (!far) inArea++;
    const translations = LANGUAGE_SETS[i % LANGUAGE_SETS.length] ?? [];
    const names = Object.fromEntries(['fr', ...translations].map((l) => [l, `Lieu ${i} (${l})`]));
    const object = testObject({
      uuid: `c4a5e000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      types: ['CulturalSite', 'Castle', 'PlaceOfInterest', 'PointOfInterest'],
      names,
      descriptions: Object.fromEntries(Object.keys(names).map((l) => [l, `Description ${i} ${l}.`])),
      // Within about 20 km of Limoux; the far ones about 300 km away.
      latitude: (LIMOUX.lat + (far ? 3 : ((i % 37) - 18) / 100)).toFixed(6),
      longitude: (LIMOUX.lon + ((i % 41) - 20) / 100).toFixed(6),
      street: [`${1 + (i % 80)} rue du Test`],
    });
    planned.push({ sourceId: String(object['@id']), inArea: !far, translations });
    objects.push(object);
  }
  return { planned, objects };
}
