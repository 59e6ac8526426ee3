/**
 * `npm run import -- datatourisme <zip|folder|url> [--dry-run]`: brings the guide in step with a
 * DATAtourisme flux (docs/datatourisme.md#running-an-import), with its progress on the terminal and
 * its report at the end. With the embedded database, stop the app first (one process at a time).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { systemClock } from './deps.js';
import { downloadFlux } from './modules/imports/datatourisme/download.js';
import { type ImportReport, runImport } from './modules/imports/datatourisme/importer.js';
import { fetchPhoto } from './modules/imports/datatourisme/photo-fetch.js';
import { localSource } from './modules/imports/datatourisme/source.js';
import { uploadsDirOf } from './modules/photos/service.js';

const USAGE = 'Usage: npm run import -- datatourisme <flux.zip | folder | https://…> [--dry-run]';

function progress(read: number) {
  if (process.stderr.isTTY) process.stderr.write(`\rread ${read} objects`);
}

function printReport(report: ImportReport) {
  if (process.stderr.isTTY) process.stderr.write('\n');
  const lines = [
    `${report.dryRun ? 'Dry run (nothing written)' : 'Import'} of ${report.source}: ${report.read} objects read`,
    `  created ${report.created}, updated ${report.updated}, unchanged ${report.unchanged}, unpublished ${report.unpublished}, back ${report.republished}`,
    ...Object.entries(report.skipped).map(
      ([reason, entry]) => `  left out (${reason}): ${entry.count}, e.g. ${entry.ids.slice(0, 3).join(', ')}`,
    ),
    ...Object.entries(report.keptLocalEdits).map(([field, n]) => `  kept as changed here: ${field} on ${n}`),
  ];
  console.info(lines.join('\n'));
  if (report.failure) console.error(`Stopped: ${report.failure}. Nothing was unpublished; run it again.`);
}

async function main(argv: string[]): Promise<number> {
  const dryRun = argv.includes('--dry-run');
  const [kind, location] = argv.filter((arg) => arg !== '--dry-run');
  if (kind !== 'datatourisme' || !location) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const work = await mkdtemp(path.join(tmpdir(), 'dl-flux-'));
  const database = await openDatabase(config.database);
  try {
    const file = /^https?:\/\//i.test(location) ? await downloadFlux(location, work) : location;
    await database.migrate();
    const report = await runImport(
      {
        db: database.db,
        clock: systemClock,
        area: config.serviceArea,
        // A photo a newer one replaced is left to the app's sweep of unused photos.
        photos: {
          uploadsDir: uploadsDirOf(config),
          fetch: (url) => fetchPhoto(url, { privateOrigins: config.imports.privatePhotoOrigins }),
          release: async () => {},
        },
      },
      await localSource(file),
      { dryRun, onProgress: progress },
    );
    printReport(report);
    return report.failure ? 1 : 0;
  } finally {
    await database.close();
    await rm(work, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
