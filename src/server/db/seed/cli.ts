/** `npm run db:seed`: replaces the database's content with the demo content. */
import { isInMemory, loadConfig } from '../../config.js';
import { keepReadModel } from '../../modules/catalog/service.js';
import { openDatabase } from '../client.js';
import { resetDemoContent } from './index.js';
import { seedScale } from './scale.js';

/** `--scale N`: the demo content plus synthetic activities up to N in all (docs/benchmarks.md). */
function scaleOf(args: string[]): number | null {
  const at = args.indexOf('--scale');
  if (at === -1) return null;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 1 || value > 1_000_000) {
    console.error('--scale takes the number of activities wanted in all, e.g. --scale 10000');
    process.exit(2);
  }
  return value;
}

const scale = scaleOf(process.argv.slice(2));
const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate();
  // The demo accounts only where the demo logins are on (docs/security.md).
  await resetDemoContent(database.db, { accounts: config.auth.demoLogin });
  console.info(
    `Demo content written to the ${database.kind} database${config.auth.demoLogin ? ', with the demo accounts' : ', without demo accounts (demo login is off)'}.`,
  );
  if (scale !== null) {
    const started = performance.now();
    const added = await seedScale(database.db, scale);
    console.info(
      `Added ${added} synthetic activities (${scale} in all) in ${Math.round(performance.now() - started)} ms.`,
    );
  }
  // The read model's kept file, so that the app's first start restores it instead of reading the
  // whole catalogue (docs/read-model.md#the-kept-snapshot); none for a database in memory. Without
  // it the app reads everything: the content written stays written.
  if (!isInMemory(config.database)) {
    const started = performance.now();
    await keepReadModel(database, config.dataDir).then(
      (kept) =>
        console.info(
          `Read model kept for the app's next start: ${kept.activities} activities in ${Math.round(performance.now() - started)} ms.`,
        ),
      (error: unknown) =>
        console.warn(
          `The read model's file could not be written (${(error as Error).message}); the app will read everything at its start.`,
        ),
    );
  }
} finally {
  await database.close();
}
