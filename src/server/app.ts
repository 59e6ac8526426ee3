import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AccessLevel } from '../domain/policies.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import rateLimit from '@fastify/rate-limit';
import { activityRoutes } from './modules/activities/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { createOidc } from './modules/auth/oidc.js';
import { authRoutes } from './modules/auth/routes.js';
import { resolveSessionSecret } from './modules/auth/session-secret.js';
import { providerRoutes } from './modules/provider/routes.js';
import { authPlugin } from './plugins/auth.js';
import { crossSitePlugin } from './plugins/cross-site.js';
import { healthRoutes } from './modules/health/routes.js';
import { reviewRoutes } from './modules/reviews/routes.js';
import { geocodeRoutes } from './modules/geocode/routes.js';
import { type Geocoder, nominatim } from './modules/geocode/nominatim.js';
import { createGeocodeService } from './modules/geocode/service.js';
import { searchRoutes } from './modules/search/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { weatherProviderFor } from './modules/weather/providers.js';
import { weatherRoutes } from './modules/weather/routes.js';
import { createWeatherService, type WeatherService } from './modules/weather/service.js';
import { tagRoutes } from './modules/tags/routes.js';
import { clientPlugin } from './plugins/client.js';
import { errorsPlugin } from './plugins/errors.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';

export interface RouteEntry {
  method: string;
  url: string;
  access: AccessLevel | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export interface AppDeps {
  config: Pick<Config, 'env' | 'logLevel' | 'publicDir' | 'outside' | 'auth' | 'dataDir' | 'contact'> &
    Partial<Pick<Config, 'clientDir'>>;
  database: Database;
  /** Outside services; built from config.outside when not given (tests pass stand-ins). */
  weather?: WeatherService;
  geocoder?: Geocoder;
  /** Overrides the logger, e.g. to capture logs in a test. */
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID_HEADER = 'x-request-id';

/** Builds the whole app as one Fastify instance; only server.ts listens. */
export async function buildApp({ config, database, logger, weather, geocoder }: AppDeps) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    requestIdHeader: REQUEST_ID_HEADER,
    genReqId: () => randomUUID(),
    bodyLimit: 100 * 1024,
    // Requests Node cannot even parse (e.g. raw non-ASCII in the URL) still get our error shape.
    clientErrorHandler: (_error, socket) => {
      const body = JSON.stringify({ message: 'Malformed HTTP request', code: 'BAD_REQUEST' });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  }).withTypeProvider<ZodTypeProvider>();

  // The route table, with each route's access level: read by the permission matrix test.
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, access: route.config?.access ?? null });
    }
  });
  app.decorate('routeTable', routeTable);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { mapTileUrl: config.outside.mapTileUrl, publicUrl: config.auth.publicUrl });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(openapiPlugin);

  const db = database.db;
  const { auth } = config;
  // Rate limits are per route (login, callback, demo login), keyed by address.
  await app.register(rateLimit, { global: false });
  await app.register(authPlugin, {
    db,
    secret: await resolveSessionSecret(auth.sessionSecret, config.env === 'test' ? null : config.dataDir),
    secureCookies: auth.secureCookies,
  });
  await app.register(crossSitePlugin, { publicUrl: auth.publicUrl });
  const oidc = auth.oidc ? createOidc(auth.oidc, `${auth.publicUrl}/api/callback`) : null;
  await app.register(
    async (api) => {
      await api.register(healthRoutes(database));
      await api.register(activityRoutes(db));
      await api.register(tagRoutes(db));
      await api.register(reviewRoutes(db));
      await api.register(searchRoutes(db));
      await api.register(weatherRoutes(weather ?? createWeatherService(weatherProviderFor(config.outside))));
      await api.register(geocodeRoutes(geocoder ?? createGeocodeService(nominatim(config.outside))));
      await api.register(settingsRoutes(config.outside, config.contact));
      await api.register(authRoutes({ db, auth, oidc }));
      await api.register(adminRoutes(db));
      await api.register(providerRoutes(db));
    },
    { prefix: '/api' },
  );

  await app.register(fastifyStatic, {
    root: `${config.publicDir}/images`,
    prefix: '/images/',
    maxAge: '7d',
    decorateReply: false,
  });

  // Last: the built web client (absent in tests and under `npm run dev`, where Vite serves it).
  if (config.clientDir) await app.register(clientPlugin, { clientDir: config.clientDir });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
