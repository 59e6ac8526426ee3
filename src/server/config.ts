import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SERVICE_AREA, type Position, type ServiceArea } from '../domain/geo.js';
import { isEmailAddress } from '../domain/contact-rules.js';
import { contactPhone, OPERATOR_NAME_MAX, PLAIN_LINE } from '../domain/site-settings.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  // Production unless said otherwise: `npm start` and a bare `node dist/server/server.js` are
  // the production build; `npm run dev` and the tests set their own (docs/security.md).
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === 'memory://' || /^postgres(ql)?:\/\//.test(value), {
      message: 'must be empty (embedded database under DATA_DIR), memory:// or a postgres:// URL',
    }),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  OPEN_METEO_URL: z.url().default('https://api.open-meteo.com'),
  OPENWEATHER_URL: z.url().default('https://api.openweathermap.org'),
  OPENWEATHER_API_KEY: z.string().optional(),
  NOMINATIM_URL: z.url().default('https://nominatim.openstreetmap.org'),
  NOMINATIM_USER_AGENT: z.string().min(3).optional(),
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'must be a tile URL template with {z}, {x} and {y}')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  OUTSIDE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(4000),
  PUBLIC_URL: z.url().optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  OIDC_ISSUER_URL: z
    .url()
    .optional()
    .refine((value) => value === undefined || value.startsWith('https:') || isLoopbackUrl(value), {
      message: 'must be an https:// URL (plain http only for an identity provider on this machine)',
    }),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  DEMO_LOGIN: z.enum(['true', 'false']).optional(),
  DEMO_LOGIN_ON_PUBLIC_URL: z.enum(['true', 'false']).optional(),
  SCHEDULED_MAILS_ENDPOINT: z.enum(['true', 'false']).optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .refine((value) => value === undefined || parseTrustProxy(value) !== undefined, {
      message:
        'must be false, the number of proxies in front (1-10), or a comma-separated list of proxy addresses or CIDR ranges (also loopback, linklocal, uniquelocal)',
    }),
  SERVICE_AREA_CENTER: z
    .string()
    .optional()
    .refine((value) => value === undefined || parsePosition(value) !== null, {
      message: 'must be "latitude,longitude", e.g. 43.0547,2.2186',
    }),
  SERVICE_AREA_KM: z.coerce.number().min(1).max(1000).default(DEFAULT_SERVICE_AREA.radiusKm),
  SMTP_URL: z
    .string()
    .optional()
    .refine((value) => value === undefined || /^smtps?:\/\/[^/]/.test(value), {
      message: 'must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.org:587',
    }),
  MAIL_FROM: z.string().min(3).optional(),
  REDIS_URL: z
    .string()
    .optional()
    .refine((value) => value === undefined || /^rediss?:\/\/[^/]/.test(value), {
      message: 'must be a redis:// or rediss:// URL, such as redis://127.0.0.1:6379',
    }),
  CONTACT_EMAIL: z.string().refine(isEmailAddress, 'must be an e-mail address').optional(),
  CONTACT_PHONE: contactPhone.optional(),
  /** Who runs the guide, as the privacy page names them (docs/privacy.md); default: the mail sender's name. */
  OPERATOR_NAME: z
    .string()
    .trim()
    .min(1)
    .max(OPERATOR_NAME_MAX, `must be at most ${OPERATOR_NAME_MAX} characters`)
    .regex(PLAIN_LINE, 'must be plain text, without line breaks or any of < > "')
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_test_... or sk_live_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_]+$/, 'must be a webhook signing secret (whsec_...)')
    .optional(),
  DATATOURISME_FEED_URL: z
    .url()
    .optional()
    .refine((value) => value === undefined || /^https?:\/\//i.test(value), { message: 'must be an http(s) URL' }),
  IMPORT_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(8192).default(500),
  IMPORT_PHOTO_PRIVATE_ORIGINS: z
    .string()
    .optional()
    .refine((value) => value === undefined || parseOrigins(value) !== undefined, {
      message:
        'must be a comma-separated list of origins written as scheme://host:port, http or https, with no path, such as http://127.0.0.1:5410',
    }),
  // For tests and demos only (docs/when.md#a-clock-for-tests-and-demos): the app's clock starts at this moment and runs on.
  CLOCK_START: z.iso
    .datetime({ offset: true, error: 'must be an ISO instant such as 2027-07-09T10:00:00+02:00' })
    .optional(),
  STRIPE_API_URL: z
    .url()
    .default('https://api.stripe.com')
    .refine((value) => value.startsWith('https:') || isLoopbackUrl(value), {
      message: 'must be an https:// URL (plain http only for a stand-in on this machine)',
    }),
});

export type DatabaseTarget = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };

/** An embedded database in the process's memory only (`memory://`): nothing of it outlives the process. */
export const isInMemory = (target: DatabaseTarget) => target.kind === 'pglite' && target.dataDir === null;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Fastify's trustProxy: which proxies in front may tell the client address and scheme. */
  trustProxy: TrustProxy;
  /** Where the guide's places lie; positions outside are refused (weather, geocoding, activities). */
  serviceArea: ServiceArea;
  database: DatabaseTarget;
  /** Where rate-limit counters live when set (docs/security.md#rate-limits-and-outside-services): Redis, shared by every instance. */
  redisUrl: string | null;
  dataDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
  seed: 'demo' | 'none';
  /** Folder of the built web client (absent until `npm run build`). */
  clientDir: string;
  /** CLOCK_START, for tests and demos: where the app's clock starts (then it runs on); null: the system clock. */
  clockStart: Date | null;
  /** Folder of static images served under /images. */
  publicDir: string;
  outside: OutsideConfig;
  auth: AuthConfig;
  /** The team's public contact for the footer; each part is shown only when configured. */
  contact: { email: string | null; phone: string | null };
  /** OPERATOR_NAME: who runs the guide (the privacy page); null: the mail sender's name. */
  operatorName: string | null;
  mail: MailConfig;
  /** Online payment of sponsorships; null when Stripe is not configured (admins then set sponsorships by hand). */
  payments: PaymentsConfig | null;
  imports: ImportsConfig;
}

/** The console's imports (docs/datatourisme.md#running-an-import). */
export interface ImportsConfig {
  /** DATATOURISME_FEED_URL: the flux read on schedule until an admin sets another. */
  feedUrl: string | null;
  /** The largest flux ZIP an admin may upload (IMPORT_UPLOAD_MAX_MB, default 500 MB). */
  uploadMaxBytes: number;
  /** Photos from this machine and the local network: only in tests, whose stand-ins serve them on loopback. */
  allowPrivatePhotos: boolean;
  /**
   * IMPORT_PHOTO_PRIVATE_ORIGINS: the exact origins (`scheme://host:port`) whose photos are fetched
   * even on a private address, e.g. the end-to-end tests' stand-in (docs/datatourisme.md#photos).
   */
  privatePhotoOrigins: string[];
}

/** Stripe (docs/sponsorship.md): the key, the webhook signing secret and the API's base URL. */
export interface PaymentsConfig {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string;
}

/** Mail (docs/mail.md): over SMTP when SMTP_URL is set, else written as .eml files under DATA_DIR/mail. */
export interface MailConfig {
  smtpUrl: string | null;
  /** The sender of every mail. */
  from: string;
  /** Where mail goes without SMTP. */
  dir: string;
  /**
   * Whether admins may run a round of the scheduled mails as of a moment they choose
   * (SCHEDULED_MAILS_ENDPOINT, docs/mail.md#running-a-round-at-a-chosen-moment): for the end-to-end
   * tests and demo sites, never with real guests.
   */
  scheduledMailsEndpoint: boolean;
}

export type TrustProxy = false | number | string[];
export type { ServiceArea };

export interface AuthConfig {
  /** Where the app is reached; the OIDC redirect URI is built from it. */
  publicUrl: string;
  /** Signs session cookies. Required in production; generated and kept under DATA_DIR otherwise. */
  sessionSecret: string | undefined;
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | null;
  /** The demo portal's one-click logins (docs/security.md: only where asked for, or on a local run). */
  demoLogin: boolean;
  /** Cookies are Secure whenever the app is reached over https. */
  secureCookies: boolean;
}

/** Base URLs of every outside service: tests point them at stand-ins on loopback (docs/outside-services.md). */
export interface OutsideConfig {
  openMeteoUrl: string;
  openWeatherUrl: string;
  openWeatherApiKey: string | undefined;
  nominatimUrl: string;
  nominatimUserAgent: string;
  mapTileUrl: string;
  mapAttribution: string;
  /** Upstream calls give up after this long. */
  timeoutMs: number;
}

export class ConfigError extends Error {}

/** 127.0.0.0/8 and ::1 (also written as an IPv4-mapped address, ::ffff:127.x.x.x). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * A host only this machine can reach: `localhost`, or a loopback address written as an address.
 * Never a DNS name that merely looks like one: `127.0.0.1.nip.io` resolves wherever its owner
 * says, so matching text such as `127.` made it local (demo logins on, plain http accepted;
 * docs/security.md#production-unless-said-otherwise).
 */
export function isLoopbackHost(host: string): boolean {
  if (host.toLowerCase() === 'localhost') return true;
  const address = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL that only this machine can reach (a laptop run, a test, a local identity provider). */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: `false`, a hop count, or addresses / CIDR ranges; undefined when malformed. */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim();
  if (text === 'false' || text === '') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10 ? hops : undefined;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (PROXY_NAMES.has(entry)) return true;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    const bits = Number(prefix);
    return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
  });
  return valid && entries.length > 0 ? entries : undefined;
}

/**
 * IMPORT_PHOTO_PRIVATE_ORIGINS: comma-separated http(s) origins, each as `URL.origin` writes it
 * (`http://127.0.0.1:5410`; a default port is dropped); undefined when an entry is anything more
 * than an origin (a path, a query, a user, another scheme) or not a URL.
 */
export function parseOrigins(value: string): string[] | undefined {
  const origins: string[] = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return undefined;
    }
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare || !/^https?:\/\/[^/?#]+\/?$/i.test(entry)) {
      return undefined;
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

function parsePosition(value: string): Position | null {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!match) return null;
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}

/** Variables whose value must never reach a log, even when it is wrong. */
const SECRET_VARIABLES = new Set([
  'SESSION_SECRET',
  'OIDC_CLIENT_SECRET',
  'OPENWEATHER_API_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
]);
/** URL variables that may carry a password: shown with the password masked. */
const CREDENTIAL_URL_VARIABLES = new Set(['DATABASE_URL', 'SMTP_URL', 'REDIS_URL']);

/** How a variable's value may be shown in an error message. */
export function describeValue(name: string, value: string | undefined): string {
  if (value === undefined) return '""';
  if (SECRET_VARIABLES.has(name)) return `(hidden, ${value.length} characters)`;
  if (CREDENTIAL_URL_VARIABLES.has(name)) {
    try {
      const url = new URL(value);
      if (url.password) url.password = '***';
      return JSON.stringify(url.href);
    } catch {
      return '(hidden: not a URL)';
    }
  }
  return JSON.stringify(value);
}

/** Where the repository lives: two levels above this file, in src/ and in dist/ alike. */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Reads the configuration once from the environment. A wrong value throws a
 * ConfigError whose message names every bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A variable set to nothing (`PUBLIC_URL=` in a .env file) counts as unset.
  const given = Object.fromEntries(
    Object.entries(env).flatMap(([name, value]) => (value?.trim() ? [[name, value.trim()]] : [])),
  );
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `  ${name}=${describeValue(name, env[name])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every variable.`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // A run that only this machine can reach: PUBLIC_URL on loopback (the default) and, unless
  // HOST says otherwise, listening on loopback too (docs/security.md).
  const localPublicUrl = isLoopbackUrl(publicUrl);
  const host = e.HOST ?? (localPublicUrl ? 'localhost' : '0.0.0.0');
  const localRun = localPublicUrl && isLoopbackHost(host);
  const demoLogin = e.DEMO_LOGIN ? e.DEMO_LOGIN === 'true' : localRun;
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET && !localPublicUrl) {
    problems.push('  SESSION_SECRET: required in production when PUBLIC_URL is not on this machine');
  }
  if (e.NODE_ENV === 'production' && !localPublicUrl && !publicUrl.startsWith('https:')) {
    problems.push(
      `  PUBLIC_URL=${JSON.stringify(publicUrl)}: must be https:// in production (plain http only on loopback)`,
    );
  }
  if (demoLogin && !localRun && e.DEMO_LOGIN_ON_PUBLIC_URL !== 'true') {
    // A local PUBLIC_URL does not keep others out when the server listens on every interface.
    const reachable = !localPublicUrl
      ? `PUBLIC_URL=${JSON.stringify(publicUrl)} is reachable from other machines`
      : `HOST=${JSON.stringify(host)} listens for other machines`;
    problems.push(
      `  DEMO_LOGIN=true: the demo logins hand anyone an admin session, and ${reachable}; set DEMO_LOGIN_ON_PUBLIC_URL=true only for a public demo site`,
    );
  }
  const scheduledMailsEndpoint = e.SCHEDULED_MAILS_ENDPOINT === 'true';
  if (scheduledMailsEndpoint && !demoLogin) {
    problems.push(
      '  SCHEDULED_MAILS_ENDPOINT=true: lets an admin send the reminders and review invitations of any day early; only for end-to-end tests and demo sites, so it needs the demo logins on (DEMO_LOGIN)',
    );
  }
  const oidcParts = [e.OIDC_ISSUER_URL, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    problems.push('  OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three or none');
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    problems.push(
      '  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both (a payment whose webhook cannot be checked never arrives) or none',
    );
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}\nSee .env.example for every variable.`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  let database: DatabaseTarget;
  if (e.DATABASE_URL === undefined) database = { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
  else if (e.DATABASE_URL === 'memory://') database = { kind: 'pglite', dataDir: null };
  else database = { kind: 'postgres', url: e.DATABASE_URL };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    trustProxy: e.TRUST_PROXY === undefined ? false : (parseTrustProxy(e.TRUST_PROXY) ?? false),
    serviceArea: {
      center: (e.SERVICE_AREA_CENTER && parsePosition(e.SERVICE_AREA_CENTER)) || DEFAULT_SERVICE_AREA.center,
      radiusKm: e.SERVICE_AREA_KM,
    },
    database,
    redisUrl: e.REDIS_URL ?? null,
    dataDir,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    seed: e.SEED,
    clientDir: path.join(PROJECT_ROOT, 'dist', 'client'),
    clockStart: e.CLOCK_START === undefined ? null : new Date(e.CLOCK_START),
    publicDir: path.join(PROJECT_ROOT, 'public'),
    outside: {
      openMeteoUrl: e.OPEN_METEO_URL,
      openWeatherUrl: e.OPENWEATHER_URL,
      openWeatherApiKey: e.OPENWEATHER_API_KEY,
      nominatimUrl: e.NOMINATIM_URL,
      // Nominatim's usage policy asks for an agent that identifies the site and, best, a contact.
      nominatimUserAgent:
        e.NOMINATIM_USER_AGENT ?? `DiscoverLocal/0.1 (+${publicUrl}${e.CONTACT_EMAIL ? `; ${e.CONTACT_EMAIL}` : ''})`,
      mapTileUrl: e.MAP_TILE_URL,
      mapAttribution: e.MAP_TILE_ATTRIBUTION,
      timeoutMs: e.OUTSIDE_TIMEOUT_MS,
    },
    auth: {
      publicUrl,
      sessionSecret: e.SESSION_SECRET,
      oidc:
        e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
          ? { issuerUrl: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
          : null,
      demoLogin,
      secureCookies: publicUrl.startsWith('https:'),
    },
    contact: { email: e.CONTACT_EMAIL ?? null, phone: e.CONTACT_PHONE ?? null },
    operatorName: e.OPERATOR_NAME ?? null,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `DiscoverLocal <${e.CONTACT_EMAIL ?? `no-reply@${new URL(publicUrl).hostname}`}>`,
      dir: path.join(dataDir, 'mail'),
      scheduledMailsEndpoint,
    },
    imports: {
      feedUrl: e.DATATOURISME_FEED_URL ?? null,
      uploadMaxBytes: e.IMPORT_UPLOAD_MAX_MB * 1024 * 1024,
      allowPrivatePhotos: e.NODE_ENV === 'test',
      privatePhotoOrigins: e.IMPORT_PHOTO_PRIVATE_ORIGINS ? (parseOrigins(e.IMPORT_PHOTO_PRIVATE_ORIGINS) ?? []) : [],
    },
    payments:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL.replace(/\/$/, ''),
          }
        : null,
  };
}
