import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E } from './e2e/support/ports';
import { SERVER_NODE_FLAGS } from './scripts/server-node-flags';

/**
 * Debian's Chromium: its headless shell when installed (package chromium-headless-shell, what
 * Playwright itself runs headless; measured 12 against 17 minutes for the suite on this 2-core
 * machine, with fewer timeouts), else the full browser (docs/decisions/010-e2e-browser.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const appEnv = (port: number) => ({
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: 'memory://',
  SEED: 'demo',
  LOG_LEVEL: 'warn',
  SESSION_SECRET: E2E.sessionSecret,
  DEMO_LOGIN: 'true',
  // An admin may run a round of the scheduled mails as of a chosen moment (docs/mail.md#running-a-round-at-a-chosen-moment).
  SCHEDULED_MAILS_ENDPOINT: 'true',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: E2E.dataDir(port),
});
const DOWN = 'http://127.0.0.1:9';
/** The production build as `npm start` runs it, with its Node flags (docs/deployment.md#memory). */
const APP_SERVER = ['node', ...SERVER_NODE_FLAGS, 'dist/server/server.js'].join(' ');

/**
 * End-to-end tests drive Debian's Chromium (Playwright cannot download its
 * own browser here) against the production build on fresh in-memory
 * databases seeded with the demo content: one server with stand-ins for
 * weather, geocoding and the identity provider (no online payment), one
 * whose outside services are all down (it fetches the DATAtourisme import's
 * photos from their stand-in), and one that takes payments through the
 * Stripe stand-in, and one on a set clock (CLOCK_START) for the "what's on when" tests: the specs
 * of the other three read today's date (availability, bookings, sponsorship periods), so none of
 * them can move its clock.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two cores here: a third browser only makes every test slower (measured 4.5 vs 5.1 min).
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // A shared 2-core machine runs two browsers and three app servers at once: pages can take seconds.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: E2E.appUrl,
    locale: 'nl-NL',
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // Each test's fresh browser would install the service worker and precache the whole app: only
    // the offline tests let it in (e2e/offline.spec.ts).
    serviceWorkers: 'block',
    // As a visitor who asks for less motion (the app honours it: src/client/styles.css): a headless
    // browser draws every frame in software, and the placeholders' pulse and the transitions made
    // its compositor the third busiest process of the suite (measured: 35 against 12 s of CPU on
    // three specs). The accessibility spec checks the screens with their motion (docs/testing.md#end-to-end-tests).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        // The compositor as a thread of the browser process rather than a process of its own: less
        // work passing frames between processes (measured: 51 against 44 s of CPU on three specs).
        '--in-process-gpu',
        // Hermetic: every host name but loopback's fails at once, in the browser's own resolver (map tiles
        // and the like never wait on the network). A route in each context did the same through the test
        // process, every request of the app paused and sent on: measured 16 % of the browser's and
        // Playwright's CPU on six specs.
        '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 }, channel: undefined },
    },
  ],
  // The stand-ins start first and are waited for; then the four app servers start side by side:
  // Playwright waits only for the last one, and the global setup for all four (measured: the first
  // test began 45 s after the start of a full run when Playwright waited for each in turn).
  globalSetup: './e2e/support/servers-ready.ts',
  webServer: [
    {
      command: 'npx tsx e2e/support/stand-ins.ts',
      url: `http://127.0.0.1:${E2E.oidcPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: APP_SERVER,
      env: {
        ...appEnv(E2E.appPort),
        OPEN_METEO_URL: `http://127.0.0.1:${E2E.openMeteoPort}`,
        NOMINATIM_URL: `http://127.0.0.1:${E2E.nominatimPort}`,
        OIDC_ISSUER_URL: `http://127.0.0.1:${E2E.oidcPort}`,
        OIDC_CLIENT_ID: E2E.oidcClientId,
        OIDC_CLIENT_SECRET: E2E.oidcClientSecret,
        CONTACT_EMAIL: E2E.contactEmail,
        CONTACT_PHONE: E2E.contactPhone,
      },
    },
    {
      command: APP_SERVER,
      env: {
        ...appEnv(E2E.offlinePort),
        OPEN_METEO_URL: DOWN,
        NOMINATIM_URL: DOWN,
        OUTSIDE_TIMEOUT_MS: '1000',
        // The photo stand-in on loopback, and it alone, for the DATAtourisme import (docs/datatourisme.md#photos).
        IMPORT_PHOTO_PRIVATE_ORIGINS: E2E.photoUrl,
      },
    },
    {
      command: APP_SERVER,
      env: {
        ...appEnv(E2E.paymentsPort),
        OPEN_METEO_URL: `http://127.0.0.1:${E2E.openMeteoPort}`,
        NOMINATIM_URL: `http://127.0.0.1:${E2E.nominatimPort}`,
        STRIPE_SECRET_KEY: E2E.stripeSecretKey,
        STRIPE_WEBHOOK_SECRET: E2E.stripeWebhookSecret,
        STRIPE_API_URL: E2E.stripeUrl,
      },
    },
    {
      command: APP_SERVER,
      url: `${E2E.clockUrl}/api/ready`,
      reuseExistingServer: false,
      // Started beside the three before it (servers-ready.ts).
      timeout: 120_000,
      env: {
        ...appEnv(E2E.clockPort),
        OPEN_METEO_URL: `http://127.0.0.1:${E2E.openMeteoPort}`,
        NOMINATIM_URL: DOWN,
        CLOCK_START: E2E.clockStart,
      },
    },
  ],
});
