import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, grantAdmin, listAdmins, type Output } from './admin-commands.js';
import type { Database } from './db/client.js';
import { users } from './db/schema/index.js';
import { createUser } from './test/factories.js';
import { createTestDatabase } from './test/test-db.js';
import { fixedClock } from './deps.js';

let database: Database;
// The commands date what they write by the clock they are given, not the system's.
const clock = fixedClock('2026-03-02T09:30:00Z');
const commandDeps = () => ({ db: database.db, clock });
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

function recorder() {
  const lines: string[] = [];
  const out: Output = { info: (line) => void lines.push(line), error: (line) => void lines.push(line) };
  return { out, text: () => lines.join('\n') };
}
const yes = async () => true;
const no = async () => false;

describe('npm run admin -- grant', () => {
  it('shows the exact account (id, identity, last login) and changes it only once confirmed', async () => {
    const lastLogin = new Date('2026-11-01T09:30:00Z');
    const user = await createUser(database.db, {
      email: 'Marie.Dupont@example.com',
      oidcIssuer: 'https://id.example',
      oidcSubject: 'sub-4711',
      lastLoginAt: lastLogin,
      roleChosenAt: new Date(),
    });
    const refused = recorder();
    expect(await grantAdmin(commandDeps(), 'marie.dupont@EXAMPLE.com', no, refused.out)).toBe(1);
    expect(refused.text()).toContain(user.id);
    expect(refused.text()).toContain('sub-4711 at https://id.example');
    expect(refused.text()).toContain('2026-11-01T09:30:00.000Z');
    expect(refused.text()).toContain('Nothing was changed');
    const [still] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(still?.role).toBe('visitor');

    const granted = recorder();
    expect(await grantAdmin(commandDeps(), 'marie.dupont@example.com', yes, granted.out)).toBe(0);
    const [now] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(now?.role).toBe('admin');
  });

  it('refuses an account whose e-mail nobody verified', async () => {
    const user = await createUser(database.db, { email: 'claimed@example.com', emailVerified: false });
    const run = recorder();
    expect(await grantAdmin(commandDeps(), 'claimed@example.com', yes, run.out)).toBe(1);
    expect(run.text()).toContain('NOT verified');
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe('visitor');
  });

  it('refuses an ambiguous address and names every account it could be', async () => {
    // Only possible without the unique index (a database from before it); the command must not guess.
    await database.db.execute(sql`drop index users_email_lower_key`);
    try {
      const a = await createUser(database.db, { email: 'twice@example.com' });
      const b = await createUser(database.db, { email: 'TWICE@example.com' });
      const run = recorder();
      expect(await grantAdmin(commandDeps(), 'twice@example.com', yes, run.out)).toBe(1);
      expect(run.text()).toContain('2 accounts have the e-mail twice@example.com');
      expect(run.text()).toContain(a.id);
      expect(run.text()).toContain(b.id);
      const admins = await database.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = 'twice@example.com'`);
      expect(admins.every((u) => u.role === 'visitor')).toBe(true);
    } finally {
      await database.db.delete(users).where(sql`lower(${users.email}) = 'twice@example.com'`);
      await database.db.execute(sql`create unique index users_email_lower_key on users (lower(email))`);
    }
  });

  it('creates an admin whose address the operator vouches for, and refuses an address in use in any case', async () => {
    const run = recorder();
    expect(await createAdmin(commandDeps(), 'chef@example.com', 'Ada', 'Lovelace', run.out)).toBe(0);
    const [row] = await database.db.select().from(users).where(eq(users.email, 'chef@example.com'));
    expect(row).toMatchObject({ role: 'admin', emailVerified: true, oidcSubject: null, roleChosenAt: clock.now() });
    const again = recorder();
    expect(await createAdmin(commandDeps(), 'CHEF@example.com', undefined, undefined, again.out)).toBe(1);
    expect(again.text()).toContain('exists already');
  });
});

describe('names and e-mails from the identity provider on the terminal (docs/security.md#e-mail-addresses)', () => {
  /** Control characters other than the output's own line breaks and tabs. */
  const raw = (text: string) => text.replace(/[\n\t]/g, '').match(/[\p{Cc}\u202e]/gu) ?? [];

  it('writes escape sequences and direction marks as visible escapes in list and grant', async () => {
    const weird = {
      firstName: 'Eve\u001b]0;owned\u0007',
      lastName: 'Smith\u202etxt.exe',
      oidcIssuer: 'https://id.example',
      oidcSubject: 'sub\u001b[2J',
      roleChosenAt: new Date(),
    };
    await createUser(database.db, { ...weird, email: 'eve\u001b[31m@example.com', role: 'admin', isApproved: true });
    const list = recorder();
    expect(await listAdmins(database.db, list.out)).toBe(0);
    expect(raw(list.text())).toEqual([]);
    expect(list.text()).toContain('eve\\x1b[31m@example.com\tEve\\x1b]0;owned\\x07 Smith\\u202etxt.exe\t');

    await createUser(database.db, { ...weird, oidcSubject: 'sub\u001b[2J-2', email: 'eve.visitor@example.com' });
    const grant = recorder();
    expect(await grantAdmin(commandDeps(), 'eve.visitor@example.com', no, grant.out)).toBe(1);
    expect(raw(grant.text())).toEqual([]);
    expect(grant.text()).toContain('name:             Eve\\x1b]0;owned\\x07 Smith\\u202etxt.exe');
    expect(grant.text()).toContain('identity:         sub\\x1b[2J-2 at https://id.example');
  });
});
