import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { DEFAULT_LANGUAGE } from '../../../domain/languages.js';
import {
  forecastQuery,
  forecastSchema,
  positionRequiredQuery,
  weatherSchema,
} from '../../../domain/weather-schemas.js';
import { clientGoneSignal } from '../../outside/client-gone.js';
import { assertInServiceArea } from '../../outside/service-area.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import type { Deps } from '../../deps.js';

/**
 * A page asks once or twice; this leaves room for many tabs, not for a flood.
 * Only asks the cache cannot answer count (docs/security.md#rate-limits-and-outside-services):
 * many visitors behind one address (a tourist office's Wi-Fi) share the cached
 * answer for their cell without ever reaching the limit.
 */
export const WEATHER_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

/** WEATHER_RATE_LIMIT for a route, counting only the asks its cache cannot answer. */
function uncachedAsksLimit<T>(query: z.ZodType<T>, isCached: (asked: T) => boolean) {
  return {
    ...WEATHER_RATE_LIMIT,
    allowList: (request: FastifyRequest) => {
      const asked = query.safeParse(request.query);
      return asked.success && isCached(asked.data);
    },
  };
}

export const weatherRoutes =
  ({ weather, config }: Pick<Deps, 'weather' | 'config'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/weather',
      {
        config: {
          access: 'public',
          rateLimit: uncachedAsksLimit(positionRequiredQuery, ({ lat, lon, lng }) =>
            weather.isCached(lat, lon, lng ?? DEFAULT_LANGUAGE),
          ),
        },
        schema: {
          tags: ['outside'],
          summary: 'Current weather at a position',
          description:
            'Open-Meteo, or OpenWeatherMap when a key is configured; cached 10 minutes per ~10 km. Only positions within the service area (400 otherwise). 503 when the service fails.',
          querystring: positionRequiredQuery,
          response: { 200: weatherSchema, 400: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { lat, lon, lng } = request.query;
        assertInServiceArea(config.serviceArea, lat, lon);
        const answer = await weather.current(lat, lon, lng ?? DEFAULT_LANGUAGE, clientGoneSignal(reply));
        reply.header('Cache-Control', 'public, max-age=600');
        return answer;
      },
    );

    app.get(
      '/weather/forecast',
      {
        config: {
          access: 'public',
          rateLimit: uncachedAsksLimit(forecastQuery, ({ lat, lon }) => weather.isDailyCached(lat, lon)),
        },
        schema: {
          tags: ['outside'],
          summary: 'Daily forecast at a position',
          description:
            "Open-Meteo's daily forecast (also when OpenWeatherMap gives the current weather: its free API has no daily forecast), today and the next 6 days: the WMO weather code, highest temperature and precipitation of each day; cached 10 minutes per ~10 km. Only positions within the service area (400 otherwise). 503 when the service fails.",
          querystring: forecastQuery,
          response: { 200: forecastSchema, 400: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { lat, lon } = request.query;
        assertInServiceArea(config.serviceArea, lat, lon);
        const answer = await weather.daily(lat, lon, clientGoneSignal(reply));
        reply.header('Cache-Control', 'public, max-age=600');
        return answer;
      },
    );
  };
