import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_LANGUAGE } from '../../../domain/languages.js';
import { positionRequiredQuery, reverseGeocodeSchema } from '../../../domain/weather-schemas.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import type { Geocoder } from './nominatim.js';

export const geocodeRoutes =
  (geocoder: Geocoder): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/geocode/reverse',
      {
        config: { access: 'public' },
        schema: {
          tags: ['outside'],
          summary: 'Town and country at a position',
          description: 'Nominatim, at most one upstream request a second, answers cached. 503 when the lookup fails.',
          querystring: positionRequiredQuery,
          response: { 200: reverseGeocodeSchema, 400: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (request) => {
        const { lat, lon, lng } = request.query;
        return geocoder.reverse(lat, lon, lng ?? DEFAULT_LANGUAGE);
      },
    );
  };
