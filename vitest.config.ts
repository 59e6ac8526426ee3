import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (measured: the generated inputs on PostgreSQL; the geocoding routes,
 * which wait out Nominatim's pacing; the start-up, CLI and backup tests, which spawn processes) start
 * first, so that no worker is left with one of them at the end while the others wait. Vitest's own order needs timings of an earlier run,
 * which a clean clone in CI does not have.
 */
const LONGEST = [
  /generated-inputs-\d\.test\.ts$/,
  /geocode\/routes\.test\.ts$/,
  /\/config\.test\.ts$/,
  /admin-cli\.test\.ts$/,
  /backup\.test\.ts$/,
];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST.findIndex((pattern) => pattern.test(file.moduleId));
      // PostgreSQL's generated inputs take longest of all.
      return index === -1 ? LONGEST.length : index - (file.project.name === 'api-postgres' ? 0.5 : 0);
    };
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}

/** API test files whose subject does not depend on the database engine (docs/testing.md#vitest-projects). */
const DATABASE_INDEPENDENT = [
  'src/server/config.test.ts',
  // `npm run admin` on an embedded database of its own, whatever the project's engine.
  'src/server/admin-cli.test.ts',
  'src/server/memory.test.ts',
  'src/server/plugins/proxy-forms.test.ts',
  'src/server/modules/geocode/routes.test.ts',
  'src/server/modules/weather/routes.test.ts',
  'src/server/outside/**/*.test.ts',
  'src/server/modules/pages/sitemap.test.ts',
  'src/server/modules/pages/preloads.test.ts',
  'src/server/modules/pages/texts.test.ts',
  'src/server/modules/mail/templates.test.ts',
  'src/server/modules/mail/calendar.test.ts',
  'src/server/modules/agenda/calendar.test.ts',
  'src/server/test/openapi-inputs.test.ts',
  'src/server/modules/imports/datatourisme/mapping.test.ts',
  'src/server/modules/imports/datatourisme/source.test.ts',
  'src/server/modules/imports/datatourisme/photo-fetch.test.ts',
];

const apiProject = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${kind}`,
    include: ['src/server/**/*.test.ts'],
    // Tests that stop a database server or run two app instances on one: PostgreSQL only (*.pg.test.ts);
    // tests of what only the embedded database does: PGlite only (*.pglite.test.ts). Tests of what
    // does not touch the database (configuration and start-up, the outside services' pacing, caching and
    // failures): the embedded database only, as a second run on PostgreSQL would test the same code again.
    exclude: [
      'node_modules/**',
      ...(kind === 'pglite'
        ? ['src/server/**/*.pg.test.ts']
        : ['src/server/**/*.pglite.test.ts', ...DATABASE_INDEPENDENT]),
    ],
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    // Generated bad input (docs/testing.md#generated-inputs): requests per operation, unless GENERATED_RUNS
    // says otherwise. 150 per operation in every run, 100 on PostgreSQL (the production database) and 50 on
    // the embedded one: CI has 20 minutes, and the whole suite took 22 on a quiet machine with 200 + 100
    // (a run with GENERATED_RUNS=1000 goes deeper when an input rule changes).
    env: { TEST_DB_KIND: kind, GENERATED_RUNS: process.env.GENERATED_RUNS ?? (kind === 'pglite' ? '50' : '100') },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own app over its own database and no module keeps state between files
    // (docs/architecture.md), so the files of a worker share the imported modules: measured
    // 491 s for the whole run with a fresh module graph per file.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on this 2-core machine. Many API tests
    // wait (outside-service pacing, child processes, the database), so three keep both cores busy.
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
    projects: [
      { test: { name: 'unit', include: ['src/domain/**/*.test.ts'], environment: 'node' } },
      {
        plugins: [react()],
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/client/test/setup.ts'],
          // The files of a worker share one document and the imported modules: measured 98 s and 192 s
          // of CPU for the project isolated, 33 s and 62 s shared. So a file leaves nothing behind: the
          // setup unmounts what it rendered and clears storage and cookies; a root a test makes itself
          // is unmounted by that test, and a global it changes is put back (docs/testing.md#vitest-projects).
          isolate: false,
        },
      },
      apiProject('pglite'),
      // The same API suite on a real PostgreSQL server when one is given.
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
