/**
 * What `npm run admin` does, as functions over a database, so that tests run
 * them on both engines. Making someone an admin is the one privilege that
 * does not go through the app: the command names the exact account it will
 * change, refuses any doubt, and asks before it changes anything
 * (docs/security.md).
 */
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.js';
import type { Clock } from './deps.js';
import { users } from './db/schema/index.js';
import { findUsersByEmail, insertUser, updateUser, type UserRow } from './modules/auth/repository.js';

export interface Output {
  info(line: string): void;
  error(line: string): void;
}

/** Asks a yes/no question; true only for an explicit yes. */
export type Confirm = (question: string) => Promise<boolean>;

/**
 * Text from an account as a terminal may show it: control characters (escape sequences move the
 * cursor, retitle the window, clear the screen), line separators and the marks that reverse the
 * direction of text are written as `\x1b`, `\u202e`, so the operator sees what is really there
 * (docs/security.md#e-mail-addresses). Names and e-mails come from the identity provider.
 */
export function printable(text: string): string {
  return text.replace(/[\p{Cc}\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/gu, (c) => {
    const code = c.codePointAt(0) ?? 0;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** The lines that tell an operator which account this is. */
export function describeAccount(user: UserRow): string[] {
  const name = printable([user.firstName, user.lastName].filter(Boolean).join(' ')) || '(no name)';
  const email = user.email === null ? '(none)' : printable(user.email);
  const identity = user.oidcSubject
    ? `${printable(user.oidcSubject)} at ${printable(user.oidcIssuer ?? '?')}`
    : '(none: has not logged in yet)';
  return [
    `  id:               ${user.id}`,
    `  e-mail:           ${email} (${user.emailVerified ? 'verified' : 'NOT verified'})`,
    `  name:             ${name}`,
    `  role:             ${user.role}`,
    `  identity:         ${identity}`,
    `  last login:       ${user.lastLoginAt ? user.lastLoginAt.toISOString() : 'never'}`,
    `  created:          ${user.createdAt.toISOString()}`,
  ];
}

/** What the commands work on: the database, and the clock that dates what they write. */
export interface CommandDeps {
  db: Db;
  clock: Clock;
}

export async function grantAdmin(
  { db, clock }: CommandDeps,
  email: string,
  confirm: Confirm,
  out: Output,
): Promise<number> {
  const matches = await findUsersByEmail(db, email);
  if (matches.length === 0) {
    out.error(`No user with e-mail ${email}. Use "create" to make one.`);
    return 1;
  }
  if (matches.length > 1) {
    out.error(`${matches.length} accounts have the e-mail ${email} (in some case); nothing was changed:`);
    for (const match of matches) out.error(describeAccount(match).join('\n'));
    out.error('Resolve the duplicates first, then grant by an unambiguous address.');
    return 1;
  }
  const [user] = matches as [UserRow];
  if (!user.emailVerified) {
    out.error(`The account with ${email} has an e-mail address nobody verified; nothing was changed:`);
    out.error(describeAccount(user).join('\n'));
    out.error('Ask the person to log in again (their identity provider then confirms the address), or use "create".');
    return 1;
  }
  if (user.role === 'admin') {
    out.info(`${email} is an admin already.`);
    return 0;
  }
  out.info(`This account will become an admin:\n${describeAccount(user).join('\n')}`);
  if (!(await confirm('Make this account an admin?'))) {
    out.error('Nothing was changed.');
    return 1;
  }
  const now = clock.now();
  await updateUser(db, user.id, { role: 'admin', isApproved: true, roleChosenAt: user.roleChosenAt ?? now }, now);
  out.info(`${email} is now an admin.`);
  return 0;
}

export async function createAdmin(
  { db, clock }: CommandDeps,
  email: string,
  firstName: string | undefined,
  lastName: string | undefined,
  out: Output,
): Promise<number> {
  const [existing] = await findUsersByEmail(db, email);
  if (existing) {
    out.error(`A user with e-mail ${email} exists already. Use "grant" to make them an admin:`);
    out.error(describeAccount(existing).join('\n'));
    return 1;
  }
  await insertUser(db, {
    email,
    // The operator vouches for the address; the first login through the identity provider must verify it too.
    emailVerified: true,
    firstName: firstName ?? null,
    lastName: lastName ?? null,
    role: 'admin',
    isApproved: true,
    roleChosenAt: clock.now(),
  });
  out.info(`Created admin ${email}. They log in with that (verified) e-mail address.`);
  return 0;
}

export async function listAdmins(db: Db, out: Output): Promise<number> {
  const admins = await db.select().from(users).where(eq(users.role, 'admin')).orderBy(users.createdAt);
  for (const admin of admins) {
    const name = printable([admin.firstName, admin.lastName].filter(Boolean).join(' '));
    const login = admin.lastLoginAt ? `last login ${admin.lastLoginAt.toISOString()}` : 'never logged in';
    out.info(`${admin.email === null ? '(no e-mail)' : printable(admin.email)}\t${name}\t${admin.id}\t${login}`);
  }
  if (admins.length === 0) out.info('No admins yet: npm run admin -- create <email>');
  return 0;
}
