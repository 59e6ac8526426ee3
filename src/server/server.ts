import closeWithGrace from 'close-with-grace';
import { sendScheduledMails } from './modules/bookings/service.js';
import { runRetention } from './modules/erasure/retention.js';
import { failInterruptedRuns, scheduledImportTick } from './modules/imports/service.js';
import { sweepPhotos } from './modules/photos/service.js';
import { checkLapsedSponsorships, endExpiredSponsorships } from './modules/sponsorships/service.js';
import { buildApp } from './app.js';
import { ConfigError, isInMemory, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedOnFirstStart } from './db/seed/index.js';
import { embeddedUpkeep } from './db/upkeep.js';
import { startedClock, systemClock } from './deps.js';
import { collectGarbage, tightenHeapGrowth } from './memory.js';
import { HOUR_MS, MINUTE_MS } from '../domain/dates.js';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The libraries loaded from here on read NODE_ENV themselves: without it React's server renderer
  // (loaded with the pages) ran its development build, about a third slower per page, while the app
  // ran as production (docs/security.md#production-unless-said-otherwise).
  process.env.NODE_ENV = config.env;
  // V8 collects sooner than it would by itself (docs/deployment.md#memory).
  tightenHeapGrowth();

  const database = await openDatabase(config.database);
  await database.migrate();
  // CLOCK_START (tests and demos) sets the app's clock; the seed dates its editions and availability by it.
  const clock = config.clockStart === null ? systemClock : startedClock(config.clockStart);
  // A database in memory starts empty: there is nothing to keep a read model of (docs/read-model.md#the-kept-snapshot).
  const app = await buildApp({
    config,
    database,
    clock,
    ...(isInMemory(config.database) ? { keepReadModel: false } : {}),
  });
  const seeded = await seedOnFirstStart(database.db, config.seed, { accounts: config.auth.demoLogin }, clock.now());
  if (config.clockStart !== null) app.log.warn({ now: clock.now() }, 'CLOCK_START: the app runs on a set clock');
  // The read model has what was seeded before the first request (docs/read-model.md).
  await app.deps.catalog.sync();
  // What the start read and built but does not keep goes back before the first request (docs/read-model.md#memory).
  collectGarbage();
  if (seeded) {
    app.log.info(
      { seed: config.seed, demoAccounts: config.auth.demoLogin },
      'seeded the demo content into the empty database',
    );
  }
  if (config.auth.demoLogin) {
    app.log.warn(
      { publicUrl: config.auth.publicUrl },
      'demo login is on: anyone who reaches this server can log in as the demo admin (docs/security.md)',
    );
  }
  if (config.auth.secureCookies && config.trustProxy === false) {
    app.log.warn(
      'PUBLIC_URL is https but TRUST_PROXY is not set: behind a TLS proxy no login cookie can be set (docs/deployment.md)',
    );
  }

  // The jobs repeated while the app runs, stopped as it closes.
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, job: () => unknown) => {
    const timer = setInterval(job, ms);
    timer.unref();
    timers.push(timer);
  };
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    for (const timer of timers) clearInterval(timer);
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  // Mail waiting in the outbox (from before a restart, or new) goes out from here on (docs/mail.md).
  app.deps.outbox.start();
  // Sponsorships set by hand end after their last day (docs/provider-workspace.md#admin), and paid ones
  // whose paid time is over are checked with Stripe in case a webhook was missed (docs/sponsorship.md):
  // now and hourly.
  const endSponsorships = () =>
    Promise.all([endExpiredSponsorships(app.deps), checkLapsedSponsorships(app.deps)]).catch((error: unknown) =>
      app.log.warn({ err: error }, 'ending sponsorships failed'),
    );
  void endSponsorships();
  every(HOUR_MS, endSponsorships);
  // The mails a booking's day calls for (the review invitation the day after) are queued once each,
  // whatever the number of instances and restarts (docs/mail.md#scheduled-mails): now and hourly.
  const queueBookingMails = () =>
    sendScheduledMails(app.deps).catch((error: unknown) =>
      app.log.warn({ err: error }, 'queueing the scheduled booking mails failed; the next round tries again'),
    );
  void queueBookingMails();
  every(HOUR_MS, queueBookingMails);
  // Photos nothing uses any more that a crash or an outage left behind, and files of uploads that never
  // committed (docs/provider-workspace.md#photos): now and hourly.
  const sweep = () =>
    sweepPhotos(app.deps)
      .then((swept) => {
        if (swept.rows + swept.files + swept.measured > 0) app.log.info(swept, 'photos swept');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'sweeping photos failed; tried again in an hour'));
  void sweep();
  every(HOUR_MS, sweep);
  // Guests' details leave bookings the console's retention period after their day (at once after it for
  // a guest who is gone), sent mail after 90 days (docs/privacy.md#retention): now and hourly. Counts only
  // are logged.
  const retain = () =>
    runRetention(app.deps)
      .then((done) => {
        if (done.bookings + done.outbox + done.mailFiles + done.dataLinks > 0) app.log.info(done, 'retention done');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'the retention job failed; tried again in an hour'));
  void retain();
  every(HOUR_MS, retain);
  // The embedded database has no autovacuum: the app does its work hourly, from an hour after the
  // start; on PostgreSQL the server's autovacuum does, and the round does nothing
  // (docs/architecture.md#the-embedded-databases-upkeep).
  const upkeep = () =>
    embeddedUpkeep(database)
      .then((done) => {
        if (done && done.vacuumed.length > 0) app.log.info(done, 'database upkeep done');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'the database upkeep failed; tried again in an hour'));
  every(HOUR_MS, upkeep);
  // Import runs left `running` by a stop: on the embedded database this process is the only one, so all
  // of them; on PostgreSQL those older than the stale limit. Then the daily import of the flux URL,
  // checked every minute, started by one instance only (docs/datatourisme.md#the-daily-import).
  await failInterruptedRuns(app.deps, { all: config.database.kind === 'pglite' }).catch((error: unknown) =>
    app.log.warn({ err: error }, 'interrupted import runs not marked failed yet'),
  );
  const importTick = () =>
    scheduledImportTick(app.deps)
      .then((runId) => {
        if (runId !== null) app.log.info({ runId }, 'daily import started');
      })
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'the daily import check failed; tried again in a minute'),
      );
  every(MINUTE_MS, importTick);
  // The plans' Stripe prices are looked up (and made when missing) once, before the first purchase.
  if (app.deps.payments) {
    app.deps.payments
      .prices()
      .then((prices) => app.log.info({ prices }, 'Stripe prices of the plans found'))
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'Stripe prices not found yet; tried again at the first purchase'),
      );
  }
  if (!config.mail.smtpUrl) app.log.info({ dir: config.mail.dir }, 'no SMTP_URL: mail is written as .eml files');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
