import { afterAll, beforeAll } from 'vitest';
import { type App, type AppDeps, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { createTestDatabase } from './test-db.js';

export interface TestContext {
  app: App;
  db: Db;
  database: Database;
}

export interface TestAppOptions {
  /** Environment for loadConfig (NODE_ENV=test is always set). */
  env?: Record<string, string>;
  /** Outside-service stand-ins and other dependencies. */
  deps?: Partial<Omit<AppDeps, 'config' | 'database'>>;
}

/** The configuration tests run with: no web client, whether or not a build exists. */
export function testConfig(env: Record<string, string> = {}): Omit<Config, 'clientDir'> & { clientDir?: string } {
  const { clientDir: _built, ...config } = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'http://localhost:5000',
    // No test reaches the real weather service: the overview's list asks the forecast (docs/testing.md).
    // Nothing listens on the discard port, so it fails at once unless a test gives its stand-in.
    OPEN_METEO_URL: 'http://127.0.0.1:9',
    ...env,
  });
  return config;
}

/**
 * Builds the app over a fresh database for the current test file. `options`
 * is read in beforeAll, so it may use stand-ins started earlier in the file.
 */
export function useTestApp(options: () => TestAppOptions | Promise<TestAppOptions> = () => ({})): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    const { env, deps } = await options();
    ctx.database = await createTestDatabase();
    ctx.db = ctx.database.db;
    ctx.app = await buildApp({ config: testConfig(env), database: ctx.database, consistentReads: true, ...deps });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}
