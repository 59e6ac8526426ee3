import os from 'node:os';
import path from 'node:path';

/** Where the end-to-end servers listen. */
const APP_PORT = Number(process.env.E2E_PORT ?? 5199);

export const E2E = {
  appPort: APP_PORT,
  appUrl: `http://127.0.0.1:${APP_PORT}`,
  /** A second app server whose outside services are all down. */
  offlinePort: APP_PORT - 1,
  offlineUrl: `http://127.0.0.1:${APP_PORT - 1}`,
  /** A third app server that takes payments through the Stripe stand-in (its own database: sponsor order changes there). */
  paymentsPort: APP_PORT - 2,
  paymentsUrl: `http://127.0.0.1:${APP_PORT - 2}`,
  /**
   * A fourth app server on a set clock (CLOCK_START, docs/when.md#a-clock-for-tests-and-demos), for the
   * "what's on when" tests: its demo content is dated by that clock, so its festival edition and its
   * weekend are known.
   */
  clockPort: APP_PORT - 3,
  clockUrl: `http://127.0.0.1:${APP_PORT - 3}`,
  /** Where its clock starts: Friday 9 July 2027, 10:00 in Limoux. It runs on from there. */
  clockStart: '2027-07-09T10:00:00+02:00',
  stripePort: APP_PORT + 5,
  stripeUrl: `http://127.0.0.1:${APP_PORT + 5}`,
  /** The app servers' SESSION_SECRET: it also keys the links in mails (a test makes a review link with it). */
  sessionSecret: 'e2e-session-secret-that-is-long-enough-0123456789',
  stripeSecretKey: 'sk_test_e2e_discoverlocal',
  stripeWebhookSecret: 'whsec_e2e_discoverlocal',
  openMeteoPort: APP_PORT + 2,
  nominatimPort: APP_PORT + 3,
  oidcPort: APP_PORT + 4,
  /** The image bank of the DATAtourisme import's photos (only the second app server may fetch from it). */
  photoPort: APP_PORT + 6,
  photoUrl: `http://127.0.0.1:${APP_PORT + 6}`,
  oidcClientId: 'discoverlocal-e2e',
  oidcClientSecret: 'e2e-client-secret',
  /** The footer contact of the main app server (the second one has none configured). */
  contactEmail: 'team@discoverlocal.test',
  contactPhone: '+33 4 68 00 11 22',
  /** Each app server's DATA_DIR: its mail is written there as .eml files (no SMTP in the e2e run). */
  dataDir: (port: number) => path.join(os.tmpdir(), 'discoverlocal-e2e', String(port)),
} as const;
