import type { Language } from '../../../domain/languages.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { providers, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Db, id: string) {
  const [row] = await db
    .select({ user: users, providerStatus: providers.status })
    .from(users)
    .leftJoin(providers, eq(providers.userId, users.id))
    .where(eq(users.id, id));
  return row;
}

/** Holds the account's row until the transaction ends: its role changes one at a time. */
export async function lockUser(db: Db, id: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await findUsersByEmail(db, email);
  return row;
}

/** Every account with this address, whatever its case (one at most while users_email_lower_key holds). */
export async function findUsersByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .orderBy(users.createdAt, users.id);
}

export async function findUserByIdentity(db: Db, issuer: string, subject: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)));
  return row;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no user');
  return row;
}

/** The site language the user last used (docs/mail.md#language). */
export async function setUserLanguage(db: Db, id: string, language: Language) {
  await db.update(users).set({ language }).where(eq(users.id, id));
}

/** Changes a user; `now` (the app's clock) becomes their `updated_at`. */
export async function updateUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>, now: Date) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function insertProvider(db: Db, values: typeof providers.$inferInsert) {
  const [row] = await db.insert(providers).values(values).returning();
  return row;
}

/** A provider application; a user who was a provider before (an admin made them a visitor) applies again. */
export async function upsertProviderOfUser(db: Db, values: typeof providers.$inferInsert) {
  const { userId: _user, createdAt: _created, ...changes } = values;
  const [row] = await db
    .insert(providers)
    .values(values)
    .onConflictDoUpdate({
      target: providers.userId,
      set: { ...changes, moderatedBy: null, moderatedAt: null, moderationReason: null },
    })
    .returning();
  return row;
}
