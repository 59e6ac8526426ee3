import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_LANGUAGE } from '../../../domain/languages.js';
import { positionRequiredQuery, weatherSchema } from '../../../domain/weather-schemas.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import type { WeatherService } from './service.js';

export const weatherRoutes =
  (weather: WeatherService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/weather',
      {
        config: { access: 'public' },
        schema: {
          tags: ['outside'],
          summary: 'Current weather at a position',
          description:
            'Open-Meteo, or OpenWeatherMap when a key is configured; cached 10 minutes per ~1 km. 503 when the service fails.',
          querystring: positionRequiredQuery,
          response: { 200: weatherSchema, 400: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { lat, lon, lng } = request.query;
        const answer = await weather.current(lat, lon, lng ?? DEFAULT_LANGUAGE);
        reply.header('Cache-Control', 'public, max-age=600');
        return answer;
      },
    );
  };
