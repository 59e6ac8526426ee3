import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiProject = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${kind}`,
    include: ['src/server/**/*.test.ts'],
    // Tests that stop a database server or run two app instances on one: PostgreSQL only.
    ...(kind === 'pglite' ? { exclude: ['src/server/**/*.pg.test.ts', 'node_modules/**'] } : {}),
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    // Generated bad input (docs/testing.md#generated-inputs): requests per operation, unless GENERATED_RUNS
    // says otherwise; 1,000 take four minutes of one core on the embedded database, more than CI can spare.
    env: { TEST_DB_KIND: kind, GENERATED_RUNS: process.env.GENERATED_RUNS ?? (kind === 'pglite' ? '300' : '100') },
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
    projects: [
      { test: { name: 'unit', include: ['src/domain/**/*.test.ts'], environment: 'node' } },
      {
        plugins: [react()],
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/client/test/setup.ts'],
        },
      },
      apiProject('pglite'),
      // The same API suite on a real PostgreSQL server when one is given.
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
