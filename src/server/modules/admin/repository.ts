import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PageQuery } from '../../../domain/pagination.js';
import { MAX_SEARCH_WORDS } from '../../../domain/search.js';
import type { Db } from '../../db/client.js';
import { providers, users } from '../../db/schema/index.js';

/**
 * Users whose name, e-mail address or company holds every word of `search`, whatever the case.
 * `strpos` looks for the word as it is: no character of it is a wildcard.
 */
function userMatches(search: string | undefined): SQL | undefined {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return undefined;
  const haystack = sql`lower(concat_ws(' ', ${users.firstName}, ${users.lastName}, ${users.email}, ${users.company}))`;
  return and(...words.map((word) => sql`strpos(${haystack}, ${word}) > 0`));
}

/** A page of users, newest first (the ones who may wait for a role), with their provider status. */
export async function listUsers(db: Db, query: PageQuery & { search?: string }) {
  const where = userMatches(query.search);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, providerStatus: providers.status })
      .from(users)
      .leftJoin(providers, eq(providers.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A page of provider applications of one status, newest first. */
export async function listProvidersWithStatus(db: Db, status: 'pending' | 'approved' | 'rejected', query: PageQuery) {
  const where = eq(providers.status, status);
  const [rows, [total]] = await Promise.all([
    db
      .select({ provider: providers, role: users.role })
      .from(providers)
      .leftJoin(users, eq(users.id, providers.userId))
      .where(where)
      .orderBy(desc(providers.createdAt), desc(providers.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(providers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A provider's application; `lock` holds its row until the transaction ends (two decisions wait in turn). */
export async function findProvider(db: Db, id: number, { lock = false } = {}) {
  const query = db.select().from(providers).where(eq(providers.id, id));
  const [row] = lock ? await query.for('update') : await query;
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
