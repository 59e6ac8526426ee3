/** `npm run db:seed`: replaces the database's content with the demo content. */
import { loadConfig } from '../../config.js';
import { openDatabase } from '../client.js';
import { resetDemoContent } from './index.js';

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate();
  await resetDemoContent(database.db);
  console.info(`Demo content written to the ${database.kind} database.`);
} finally {
  await database.close();
}
