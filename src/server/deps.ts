import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { AvailabilityAnswers } from './modules/availability/service.js';
import type { DayTurns } from './modules/availability/turns.js';
import type { AnswerCache } from './modules/catalog/answers.js';
import type { Catalog } from './modules/catalog/service.js';
import type { Geocoder } from './modules/geocode/nominatim.js';
import type { Mailer } from './modules/mail/mailer.js';
import type { Outbox } from './modules/mail/outbox.js';
import type { Payments } from './modules/sponsorships/payments.js';
import type { SiteSettings } from './modules/settings/site.js';
import type { WeatherService } from './modules/weather/service.js';

/** Where "now" comes from: the system clock, or a fixed one in tests. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that starts at `start` and runs on at the system clock's pace (CLOCK_START, for tests and
 * demos: docs/when.md#a-clock-for-tests-and-demos).
 */
export function startedClock(start: Date): Clock {
  const shift = start.getTime() - Date.now();
  return { now: () => new Date(Date.now() + shift) };
}

/** A clock that stays where it is put, for tests. */
export function fixedClock(start: Date | string): Clock & { set(to: Date | string): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (to) => {
      current = new Date(to);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/** The configuration the app itself reads (tests leave out what only the server process needs). */
export type AppConfig = Pick<
  Config,
  | 'env'
  | 'logLevel'
  | 'publicDir'
  | 'outside'
  | 'auth'
  | 'dataDir'
  | 'contact'
  | 'operatorName'
  | 'trustProxy'
  | 'serviceArea'
  | 'mail'
  | 'payments'
  | 'redisUrl'
  | 'imports'
> &
  Partial<Pick<Config, 'clientDir'>>;

/**
 * Everything a module needs, built once by buildApp and handed to every
 * module's routes (docs/architecture.md): routes do HTTP, services take what
 * they need from here.
 */
export interface Deps {
  db: Db;
  database: Database;
  clock: Clock;
  config: AppConfig;
  log: FastifyBaseLogger;
  weather: WeatherService;
  geocoder: Geocoder;
  mailer: Mailer;
  outbox: Outbox;
  /** The public read model (docs/read-model.md) and the answers of the public reads kept ready. */
  catalog: Catalog;
  answers: AnswerCache;
  /** Stripe, or null where online payment is not set up (admins then set sponsorships by hand). */
  payments: Payments | null;
  /** The site's settings: contact, mail sender, team inbox (docs/site-settings.md). */
  site: SiteSettings;
  /** The availability answers kept ready, dropped on each booking (docs/availability.md#the-answer). */
  availability: AvailabilityAnswers;
  /** The bookings of one activity's day on this instance, one after another (docs/availability.md#places). */
  dayTurns: DayTurns;
  /** Signs session cookies and the links in mails (SESSION_SECRET, or the one kept under DATA_DIR). */
  secret: string;
}
