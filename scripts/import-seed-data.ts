/**
 * Copies the publish-ready facts from ../shared/data into the repository
 * (src/server/db/seed/data/), so that a clone seeds without the shared folder.
 * Run again when the shared facts change: `npx tsx scripts/import-seed-data.ts`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const shared = path.resolve(root, '..', 'shared', 'data');
const out = path.join(root, 'src', 'server', 'db', 'seed', 'data');

interface SharedActivity {
  id: string;
  publish_ready: boolean;
  [key: string]: unknown;
}

const activities = JSON.parse(await readFile(path.join(shared, 'seed-activities.json'), 'utf8')) as SharedActivity[];
const kept = activities
  .filter((a) => a.publish_ready)
  .map((a) => ({
    id: a.id,
    name: a.name,
    description: a.description,
    category: a.category,
    location_name: a.location_name,
    address: a.address,
    city: a.city,
    latitude: a.latitude,
    longitude: a.longitude,
    distance_km: a.distance_km,
    price_eur: a.price_eur,
    opening_hours: a.opening_hours,
    website: a.website,
    booking_required: a.booking_required,
    tags: a.tags,
    sources: a.sources,
  }));
await writeFile(path.join(out, 'places.json'), `${JSON.stringify(kept, null, 2)}\n`);
for (const file of ['seed-tags.json', 'seed-reviews.json']) {
  await writeFile(path.join(out, file.replace('seed-', '')), await readFile(path.join(shared, file), 'utf8'));
}
console.info(`kept ${kept.length} of ${activities.length} activities (publish_ready only)`);
