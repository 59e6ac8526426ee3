import type { Db } from '../db/client.js';
import { providers } from '../db/schema/index.js';
import { createUser } from './factories.js';
import { sessionCookieFor } from './sessions.js';

/** A provider account with its application (approved unless said otherwise) and a logged-in cookie. */
export async function createProvider(db: Db, { approved = true, name = 'Julie Provider' } = {}) {
  const user = await createUser(db, { role: 'provider', isApproved: approved, roleChosenAt: new Date() });
  const [provider] = await db
    .insert(providers)
    .values({
      userId: user.id,
      name,
      email: user.email ?? `${user.id}@example.com`,
      status: approved ? 'approved' : 'pending',
      isApproved: approved,
    })
    .returning();
  if (!provider) throw new Error('no provider');
  return { user, provider, cookie: await sessionCookieFor(db, user.id) };
}

/** A complete, valid body of the provider's activity form (docs/provider-workspace.md), with overrides. */
export const activityBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Visite de cave',
  description: 'Une heure dans les caves, dégustation de blanquette.',
  language: 'fr',
  translations: { nl: { name: 'Kelderbezoek', description: 'Een uur in de kelders.' } },
  category: 'uitjes',
  location: 'Cave du Sieur',
  address: '1 avenue de la Gare',
  city: 'Limoux',
  latitude: 43.05,
  longitude: 2.22,
  price: 12.5,
  openingHours: 'di-za 10:00-18:00',
  contactPhone: '+33 4 68 00 00 00',
  contactEmail: 'cave@example.com',
  website: 'https://cave.example.com',
  bookingRequired: true,
  ...overrides,
});
