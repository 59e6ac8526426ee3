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
