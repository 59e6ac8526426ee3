import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../domain/errors.js';
import type { Database } from './db/client.js';
import { type AppConfig, type Clock, type Deps, systemClock } from './deps.js';
import { activityRoutes } from './modules/activities/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { agendaRoutes, feedRoutes } from './modules/agenda/routes.js';
import { mapRoutes } from './modules/map/routes.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { createOidc } from './modules/auth/oidc.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAnswerCache } from './modules/catalog/answers.js';
import { erasureRoutes } from './modules/erasure/routes.js';
import { exportRoutes } from './modules/exports/routes.js';
import { Catalog } from './modules/catalog/service.js';
import { resolveSessionSecret } from './modules/auth/session-secret.js';
import { bookingRoutes } from './modules/bookings/routes.js';
import { scheduledMailRoutes } from './modules/mail/routes.js';
import { type Geocoder, nominatim } from './modules/geocode/nominatim.js';
import { geocodeRoutes } from './modules/geocode/routes.js';
import { createGeocodeService } from './modules/geocode/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { importRoutes } from './modules/imports/routes.js';
import { type Mailer, mailerFor } from './modules/mail/mailer.js';
import { createOutbox } from './modules/mail/outbox.js';
import { pageRoutes } from './modules/pages/routes.js';
import { photoRoutes } from './modules/photos/routes.js';
import { privacyRoutes } from './modules/privacy/routes.js';
import { adminActivityRoutes } from './modules/admin-activities/routes.js';
import { providerRoutes } from './modules/provider/routes.js';
import { reviewRoutes } from './modules/reviews/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { type Payments, stripePayments } from './modules/sponsorships/payments.js';
import { sponsorshipRoutes } from './modules/sponsorships/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { tagRoutes } from './modules/tags/routes.js';
import { openMeteoForecast, weatherProviderFor } from './modules/weather/providers.js';
import { weatherRoutes } from './modules/weather/routes.js';
import { createWeatherService, type WeatherService } from './modules/weather/service.js';
import { publicRoutes, trackRouteAccess } from './plugins/access.js';
import { settingsDefaults, StoredSiteSettings } from './modules/settings/site.js';
import { availabilityRoutes } from './modules/availability/routes.js';
import { AvailabilityAnswers } from './modules/availability/service.js';
import { DayTurns } from './modules/availability/turns.js';
import { authPlugin } from './plugins/auth.js';
import { clientPlugin } from './plugins/client.js';
import { crossSitePlugin } from './plugins/cross-site.js';
import { errorsPlugin } from './plugins/errors.js';
import {
  clientRequestId,
  REQUEST_ID_HEADER,
  scrubLogLine,
  serializeError,
  serializeRequest,
} from './plugins/log-redaction.js';
import { openapiPlugin } from './plugins/openapi.js';
import { databaseRateLimitStore, redisConnected, redisForRateLimits } from './plugins/rate-limit-store.js';
import { textInputPlugin } from './plugins/text-input.js';
import { securityPlugin } from './plugins/security.js';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** The system clock unless given (tests pass a fixed one). */
  clock?: Clock;
  /** Outside services; built from the configuration when not given (tests pass stand-ins). */
  weather?: WeatherService;
  geocoder?: Geocoder;
  mailer?: Mailer;
  /** Payments: null for none; built from the configuration when not given. */
  payments?: Payments | null;
  /**
   * Public reads wait for every change committed before them (the API tests, which write
   * with factories straight into the database); off in the app (docs/read-model.md).
   */
  consistentReads?: boolean;
  /** Where the log goes instead of stdout, e.g. to read it in a test. */
  logStream?: { write(line: string): void };
  /**
   * Keep the read model in a file under DATA_DIR and restore it at start (docs/read-model.md#the-kept-snapshot):
   * on unless NODE_ENV is test; server.ts leaves it off for a database in memory (DATABASE_URL=memory://).
   */
  keepReadModel?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What buildApp built once for every module (the outbox worker is started by server.ts). */
    deps: Deps;
  }
}

/** An answer that took longer than this is logged whatever it was. */
const SLOW_MS = 1000;

/**
 * TRUST_PROXY as Fastify takes it (docs/deployment.md#behind-a-tls-proxy-trust_proxy). Fastify 5
 * reads a number as "trust nothing" (a hop count cannot check who is connecting), so the forwarded
 * scheme was ignored and no Secure cookie was ever set behind the proxy. A hop count is therefore
 * given as a function of the hop's position: the socket's peer is hop 0, the last X-Forwarded-For
 * entry hop 1, and the first `hops` of them are trusted.
 */
export function trustProxyOption(trust: AppConfig['trustProxy']): false | string[] | TrustFunction {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
type TrustFunction = (address: string, hop: number) => boolean;

/** Builds the whole app as one Fastify instance; only server.ts listens. */
export async function buildApp(options: AppDeps) {
  const { config, database, logStream } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // No login codes, no precise positions in the log (docs/security.md); no client address, no
      // query values, no e-mail address (docs/privacy.md#logs).
      serializers: { req: serializeRequest, err: serializeError },
      hooks: { streamWrite: scrubLogLine },
      ...(logStream ? { stream: logStream } : {}),
    },
    // Behind a TLS proxy: the client's address and scheme come from the trusted proxy's headers.
    trustProxy: trustProxyOption(config.trustProxy),
    // Every request gets an id the server made, sent back in X-Request-Id; a client's own X-Request-Id
    // is never taken for it (a client could make its requests' log lines look like another's, or
    // write anything into them) and is logged beside it as `clientRequestId` (docs/security.md#logs).
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    childLoggerFactory: (logger, bindings, options, raw) => {
      const theirs = clientRequestId(raw.headers[REQUEST_ID_HEADER]);
      return logger.child(theirs === undefined ? bindings : { ...bindings, clientRequestId: theirs }, options);
    },
    // One line per request, written in onResponse below: reads that went well only at debug.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 100 * 1024,
    // A URL the router cannot take (a broken escape, a path segment over 100 characters) gets our
    // error shape too (docs/api.md#errors), not Fastify's own.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode ?? 400;
      const body: ApiErrorBody =
        status >= 500
          ? { message: 'Internal server error', code: 'INTERNAL_ERROR' }
          : { message: error.message, code: 'BAD_REQUEST' };
      void reply.status(status).send(body);
    },
    // Requests Node cannot even parse (e.g. raw non-ASCII in the URL) still get our error shape.
    clientErrorHandler: (_error, socket) => {
      const body = JSON.stringify({ message: 'Malformed HTTP request', code: 'BAD_REQUEST' });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  }).withTypeProvider<ZodTypeProvider>();

  database.reportTo(app.log);
  // Built once, handed to every module (docs/architecture.md).
  const clock = options.clock ?? systemClock;
  const secret = await resolveSessionSecret(config.auth.sessionSecret, config.env === 'test' ? null : config.dataDir);
  // The site's settings, kept current on every instance (docs/site-settings.md); mails take the
  // sender's name from them at each send.
  const site = new StoredSiteSettings(database, settingsDefaults(config), app.log);
  await site.start();
  const mailer = options.mailer ?? mailerFor(config.mail, app.log, async () => (await site.current()).senderName);
  // The read model is built before the app answers anything (docs/read-model.md).
  const keepReadModel = options.keepReadModel ?? config.env !== 'test';
  const catalog = new Catalog(database, app.log, { keptDir: keepReadModel ? config.dataDir : null });
  await catalog.start();
  const availability = new AvailabilityAnswers(database, clock);
  await availability.start();
  const deps: Deps = {
    db: database.db,
    database,
    clock,
    config,
    log: app.log,
    weather:
      options.weather ??
      createWeatherService(weatherProviderFor(config.outside), undefined, openMeteoForecast(config.outside)),
    geocoder: options.geocoder ?? createGeocodeService(nominatim(config.outside)),
    mailer,
    outbox: createOutbox({ db: database.db, mailer, clock, log: app.log }),
    catalog,
    answers: createAnswerCache(catalog, { consistentReads: options.consistentReads ?? false, clock }),
    payments:
      options.payments !== undefined
        ? options.payments
        : config.payments
          ? stripePayments(config.payments, app.log, config.outside.timeoutMs)
          : null,
    site,
    availability,
    dayTurns: new DayTurns(),
    secret,
  };
  app.decorate('deps', deps);
  app.addHook('onClose', async () => {
    await catalog.close();
    await availability.close();
    await site.close();
    await deps.outbox.stop();
    mailer.close();
  });

  // Every route declares who may call it; the app refuses to start otherwise.
  trackRouteAccess(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The guide is read a thousand times for every write (docs/read-model.md): a read answered 2xx or 304
  // is logged at debug; writes, redirects, failures and slow answers at info.
  app.addHook('onResponse', (request, reply, done) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    const served = reply.statusCode < 300 || reply.statusCode === 304;
    const level = read && served && reply.elapsedTime < SLOW_MS ? 'debug' : 'info';
    // Fastify's logger is pino, which can say whether a level is written at all.
    if ((request.log as FastifyBaseLogger & { isLevelEnabled(level: string): boolean }).isLevelEnabled(level)) {
      request.log[level]({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
    done();
  });
  // A callback hook: a read's answer goes out without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // What only a logged-in caller may read is personal: never kept by a browser or a cache in between
    // (docs/read-model.md#http-caching). Public reads set their own.
    const access = request.routeOptions.config?.access;
    if (access && access !== 'public' && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    // Whoever wrote reads their write: a write's answer waits until the read model has it.
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      catalog.sync().then(() => done(null, payload), done);
    } else {
      done(null, payload);
    }
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { mapTileUrl: config.outside.mapTileUrl, publicUrl: config.auth.publicUrl });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(openapiPlugin);

  const { auth } = config;
  // Rate limits are per route (logins, outside services, writes), keyed by the client's address as
  // the trusted proxy names it; an IPv6 client by its /64 (the library's default, kept explicit).
  // With REDIS_URL the counters live in Redis, else on PostgreSQL in the database, so that every instance
  // counts together; a store that cannot be reached lets the request through (a request that needs the
  // database then fails on its own, with a 503). On the embedded database without Redis: in memory.
  const redis = config.redisUrl ? redisForRateLimits(config.redisUrl, app.log) : null;
  if (redis) {
    app.addHook('onReady', () => redisConnected(redis));
    app.addHook('onClose', () => void redis.disconnect());
  }
  await app.register(rateLimit, {
    global: false,
    ipv6Subnet: 64,
    ...(redis
      ? { redis, nameSpace: 'discoverlocal:rl:', skipOnError: true }
      : database.kind === 'postgres'
        ? { store: databaseRateLimitStore(database.db), skipOnError: true }
        : {}),
  });
  await app.register(authPlugin, {
    db: deps.db,
    secret,
    secureCookies: auth.secureCookies,
  });
  await app.register(crossSitePlugin, { publicUrl: auth.publicUrl });
  await app.register(textInputPlugin);
  const oidc = auth.oidc ? createOidc(auth.oidc, `${auth.publicUrl}/api/callback`) : null;
  await app.register(
    async (api) => {
      await api.register(healthRoutes(deps));
      await api.register(activityRoutes(deps));
      await api.register(agendaRoutes(deps));
      await api.register(mapRoutes(deps));
      await api.register(tagRoutes(deps));
      await api.register(reviewRoutes(deps));
      await api.register(bookingRoutes(deps));
      await api.register(availabilityRoutes(deps));
      await api.register(searchRoutes(deps));
      await api.register(weatherRoutes(deps));
      await api.register(geocodeRoutes(deps));
      await api.register(settingsRoutes(deps));
      await api.register(authRoutes(deps, oidc));
      await api.register(adminRoutes(deps));
      await api.register(adminActivityRoutes(deps));
      await api.register(importRoutes(deps));
      await api.register(providerRoutes(deps));
      await api.register(analyticsRoutes(deps));
      await api.register(sponsorshipRoutes(deps));
      await api.register(scheduledMailRoutes(deps));
      await api.register(exportRoutes(deps));
      await api.register(privacyRoutes(deps));
      await api.register(erasureRoutes(deps));
    },
    { prefix: '/api' },
  );

  await app.register(
    publicRoutes(fastifyStatic, {
      root: `${config.publicDir}/images`,
      prefix: '/images/',
      maxAge: '7d',
      decorateReply: false,
    }),
  );

  // Uploaded photos: public ones for everyone, those waiting for approval under /api for their provider
  // and admins (docs/provider-workspace.md#photos).
  await app.register(photoRoutes(deps));

  // Crawlers' files and link-preview pictures (docs/seo.md).
  await app.register(pageRoutes(deps));
  // The calendar feeds and the news feed (docs/when.md#the-agenda-and-the-calendar-feeds).
  await app.register(feedRoutes(deps));

  // Last: the built web client (absent in tests and under `npm run dev`, where Vite serves it).
  if (config.clientDir) await app.register(clientPlugin, { clientDir: config.clientDir, deps });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
