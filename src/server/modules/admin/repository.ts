import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { providers, users } from '../../db/schema/index.js';

export function listUsers(db: Db) {
  return db
    .select({ user: users, providerStatus: providers.status })
    .from(users)
    .leftJoin(providers, eq(providers.userId, users.id))
    .orderBy(asc(users.createdAt), asc(users.email));
}

export function listProvidersWithStatus(db: Db, status: 'pending' | 'approved' | 'rejected') {
  return db
    .select({ provider: providers, role: users.role })
    .from(providers)
    .leftJoin(users, eq(users.id, providers.userId))
    .where(eq(providers.status, status))
    .orderBy(desc(providers.createdAt));
}

export async function findProvider(db: Db, id: number) {
  const [row] = await db.select().from(providers).where(eq(providers.id, id));
  return row;
}

export async function findProviderOfUser(db: Db, userId: string) {
  const [row] = await db.select().from(providers).where(eq(providers.userId, userId));
  return row;
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin')));
  return row?.n ?? 0;
}

export async function updateProvider(db: Db, id: number, values: Partial<typeof providers.$inferInsert>) {
  const [row] = await db.update(providers).set(values).where(eq(providers.id, id)).returning();
  return row;
}

/** Serialises role changes, so two admins demoting each other cannot leave none. */
export async function lockRoleChanges(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(470113)`);
}
