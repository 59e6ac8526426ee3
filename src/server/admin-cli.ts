/**
 * `npm run admin -- <command>`: manage administrators from the command line
 * (DECISIONS 16: the first admin never comes from a default password).
 *
 *   npm run admin -- grant <email>                         make an existing user an admin
 *   npm run admin -- create <email> [first name] [last name]   create a user who is an admin
 *   npm run admin -- list                                  list the admins
 *
 * The new admin logs in through the identity provider with that e-mail
 * address (verified), and is linked to this account at the first login.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { users } from './db/schema/index.js';
import { findUserByEmail, insertUser, updateUser } from './modules/auth/repository.js';

const USAGE = `Usage:
  npm run admin -- grant <email>
  npm run admin -- create <email> [first name] [last name]
  npm run admin -- list`;

const email = z.email({ error: 'is not a valid e-mail address' });

async function main(argv: string[]): Promise<number> {
  const [command, address, firstName, lastName] = argv;
  if (!command || !['grant', 'create', 'list'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  if (command !== 'list') {
    const parsed = email.safeParse(address);
    if (!parsed.success) {
      console.error(`"${address ?? ''}" ${parsed.error.issues[0]?.message ?? 'is not valid'}\n\n${USAGE}`);
      return 2;
    }
  }
  const database = await openDatabase(loadConfig().database);
  try {
    await database.migrate();
    const db = database.db;
    if (command === 'list') {
      const admins = await db.select().from(users).where(eq(users.role, 'admin'));
      for (const admin of admins)
        console.info(`${admin.email ?? '(no e-mail)'}\t${admin.firstName ?? ''} ${admin.lastName ?? ''}`);
      if (admins.length === 0) console.info('No admins yet: npm run admin -- create <email>');
      return 0;
    }
    const existing = await findUserByEmail(db, address as string);
    if (command === 'grant') {
      if (!existing) {
        console.error(`No user with e-mail ${address}. Use "create" to make one.`);
        return 1;
      }
      await updateUser(db, existing.id, {
        role: 'admin',
        isApproved: true,
        roleChosenAt: existing.roleChosenAt ?? new Date(),
      });
      console.info(`${address} is now an admin.`);
      return 0;
    }
    if (existing) {
      console.error(`A user with e-mail ${address} exists already. Use "grant" to make them an admin.`);
      return 1;
    }
    await insertUser(db, {
      email: address,
      firstName: firstName ?? null,
      lastName: lastName ?? null,
      role: 'admin',
      isApproved: true,
      roleChosenAt: new Date(),
    });
    console.info(`Created admin ${address}. They log in with that (verified) e-mail address.`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
