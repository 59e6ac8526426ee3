/**
 * The erasure as a process of its own, for the kill -9 tests (crash.pg.test.ts, crash.pglite.test.ts):
 * `tsx crash-child.ts account <userId>` or `... request <adminId> <email>`, on DATABASE_URL (or the
 * embedded database under DATA_DIR). It stops in the middle of its transaction, says `midway` on
 * standard output, and waits there to be killed. Not part of the app.
 */
import type { Principal } from '../../../domain/policies.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { systemClock } from '../../deps.js';
import { deleteOwnAccount, eraseAddress, type ErasureHooks } from './service.js';

const [mode, id, email] = process.argv.slice(2);
const config = loadConfig();
const database = await openDatabase(config.database);
const hooks: ErasureHooks = {
  midway: async () => {
    process.stdout.write('midway\n');
    await new Promise((resolve) => setTimeout(resolve, 120_000));
  },
};
const deps = { db: database.db, clock: systemClock, payments: null };
const principal: Principal = { id: id ?? '', role: 'admin', isApproved: true, roleChosen: true };
if (mode === 'account') await deleteOwnAccount(deps, principal, 'keep', hooks);
else await eraseAddress(deps, principal, email ?? '', hooks);
process.stdout.write('done\n');
await database.close();
