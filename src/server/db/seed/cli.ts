/** `npm run db:seed`: replaces the database's content with the demo content. */
import { loadConfig } from '../../config.js';
import { openDatabase } from '../client.js';
import { resetDemoContent } from './index.js';

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate();
  // The demo accounts only where the demo logins are on (docs/security.md).
  await resetDemoContent(database.db, { accounts: config.auth.demoLogin });
  console.info(
    `Demo content written to the ${database.kind} database${config.auth.demoLogin ? ', with the demo accounts' : ', without demo accounts (demo login is off)'}.`,
  );
} finally {
  await database.close();
}
