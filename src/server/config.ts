import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
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
  OIDC_ISSUER_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  DEMO_LOGIN: z.enum(['true', 'false']).optional(),
  CONTACT_EMAIL: z.email('must be an e-mail address').optional(),
  CONTACT_PHONE: z
    .string()
    .regex(/^\+?[0-9][0-9 ().-]{5,24}$/, 'must be a phone number such as +33 4 68 31 11 82')
    .optional(),
});

export type DatabaseTarget = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: DatabaseTarget;
  dataDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
  seed: 'demo' | 'none';
  /** Folder of the built web client (absent until `npm run build`). */
  clientDir: string;
  /** Folder of static images served under /images. */
  publicDir: string;
  outside: OutsideConfig;
  auth: AuthConfig;
  /** The team's public contact for the footer; each part is shown only when configured. */
  contact: { email: string | null; phone: string | null };
}

export interface AuthConfig {
  /** Where the app is reached; the OIDC redirect URI is built from it. */
  publicUrl: string;
  /** Signs session cookies. Required in production; generated and kept under DATA_DIR otherwise. */
  sessionSecret: string | undefined;
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | null;
  demoLogin: boolean;
  /** Cookies are Secure in production. */
  secureCookies: boolean;
}

/** Base URLs of every outside service: tests point them at stand-ins on loopback (DECISIONS 30). */
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

/** A production build run locally over plain http (browsers drop Secure cookies there). */
function isLoopbackHttp(url: string | undefined): boolean {
  if (!url) return false;
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
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
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every variable.`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) problems.push('  SESSION_SECRET: required in production');
  const oidcParts = [e.OIDC_ISSUER_URL, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    problems.push('  OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three or none');
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}\nSee .env.example for every variable.`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  let database: DatabaseTarget;
  if (e.DATABASE_URL === undefined) database = { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
  else if (e.DATABASE_URL === 'memory://') database = { kind: 'pglite', dataDir: null };
  else database = { kind: 'postgres', url: e.DATABASE_URL };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database,
    dataDir,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    seed: e.SEED,
    clientDir: path.join(PROJECT_ROOT, 'dist', 'client'),
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
      demoLogin: e.DEMO_LOGIN ? e.DEMO_LOGIN === 'true' : e.NODE_ENV !== 'production',
      secureCookies: e.NODE_ENV === 'production' && !isLoopbackHttp(e.PUBLIC_URL),
    },
    contact: { email: e.CONTACT_EMAIL ?? null, phone: e.CONTACT_PHONE ?? null },
  };
}
