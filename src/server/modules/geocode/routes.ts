import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_LANGUAGE } from '../../../domain/languages.js';
import {
  geocodeResultSchema,
  geocodeSearchQuery,
  positionRequiredQuery,
  reverseGeocodeSchema,
} from '../../../domain/weather-schemas.js';
import { z } from 'zod';
import { clientGoneSignal } from '../../outside/client-gone.js';
import { assertInServiceArea } from '../../outside/service-area.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import type { Deps } from '../../deps.js';

/** A visitor looks their town up once per visit; Nominatim allows us one request a second in all. */
export const GEOCODE_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

export const geocodeRoutes =
  ({ geocoder, config }: Pick<Deps, 'geocoder' | 'config'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/geocode/reverse',
      {
        config: { access: 'public', rateLimit: GEOCODE_RATE_LIMIT },
        schema: {
          tags: ['outside'],
          summary: 'Town and country at a position',
          description:
            'Nominatim, at most one upstream request a second, answers cached. Only positions within the service area (400 otherwise). 429 when this client has a lookup under way or made 5 that reached Nominatim in the last minute; 503 when the lookup fails or is busy.',
          querystring: positionRequiredQuery,
          response: { 200: reverseGeocodeSchema, 400: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { lat, lon, lng } = request.query;
        assertInServiceArea(config.serviceArea, lat, lon);
        return geocoder.reverse(lat, lon, lng ?? DEFAULT_LANGUAGE, clientGoneSignal(reply), request.ip);
      },
    );

    app.get(
      '/geocode/search',
      {
        // Providers placing an activity; the same shared Nominatim budget as the reverse lookup.
        config: { access: 'provider', rateLimit: GEOCODE_RATE_LIMIT },
        schema: {
          tags: ['outside'],
          summary: 'Find an address or place within the service area',
          description:
            'Nominatim search bounded to the service area, at most one upstream request a second, answers cached a day. 503 when the lookup fails or is busy.',
          querystring: geocodeSearchQuery,
          response: {
            200: z.array(geocodeResultSchema),
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            429: apiErrorSchema,
            503: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const { q, lng } = request.query;
        return geocoder.search(q, config.serviceArea, lng ?? DEFAULT_LANGUAGE, clientGoneSignal(reply), request.ip);
      },
    );
  };
