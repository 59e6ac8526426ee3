/**
 * `npm run admin -- <command>`: manage administrators from the command line
 * (docs/accounts.md: the first admin never comes from a default password).
 *
 *   npm run admin -- grant <email> [--yes]                   make an existing user an admin
 *   npm run admin -- create <email> [first name] [last name]   create a user who is an admin
 *   npm run admin -- list                                    list the admins
 *
 * `grant` shows the account it will change and asks first (or takes --yes).
 * The new admin logs in through the identity provider with that e-mail
 * address (verified), and is linked to this account at the first login.
 */
import { createInterface } from 'node:readline/promises';
import { z } from 'zod';
import { type Confirm, createAdmin, grantAdmin, listAdmins, type Output } from './admin-commands.js';
import { isEmailAddress } from '../domain/contact-rules.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { systemClock } from './deps.js';

const USAGE = `Usage:
  npm run admin -- grant <email> [--yes]
  npm run admin -- create <email> [first name] [last name]
  npm run admin -- list`;

const email = z.string().refine(isEmailAddress, { error: 'is not a valid e-mail address' });

const out: Output = { info: (line) => console.info(line), error: (line) => console.error(line) };

/** Yes from --yes, or from the person at the terminal; never from a pipe. */
function confirmer(assumeYes: boolean): Confirm {
  return async (question) => {
    if (assumeYes) return true;
    if (!process.stdin.isTTY) {
      console.error('Not changed: run it in a terminal to answer, or add --yes once you have checked the account.');
      return false;
    }
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    try {
      return /^y(es)?$/i.test((await prompt.question(`${question} [y/N] `)).trim());
    } finally {
      prompt.close();
    }
  };
}

async function main(argv: string[]): Promise<number> {
  const assumeYes = argv.includes('--yes');
  const [command, address, firstName, lastName] = argv.filter((arg) => arg !== '--yes');
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
    if (command === 'list') return await listAdmins(db, out);
    if (command === 'grant')
      return await grantAdmin({ db, clock: systemClock }, address as string, confirmer(assumeYes), out);
    return await createAdmin({ db, clock: systemClock }, address as string, firstName, lastName, out);
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
