import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { suggestionListSchema, suggestionsQuery } from '../../../domain/suggestions.js';
import type { Deps } from '../../deps.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import * as service from './service.js';

export const searchRoutes =
  ({ db }: Pick<Deps, 'db'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/search/suggestions',
      {
        config: { access: 'public' },
        schema: {
          tags: ['search'],
          summary: 'Suggestions for the search box',
          description: 'Empty below 2 characters; at most 6, or 8 for walking, hiking and cycling terms.',
          querystring: suggestionsQuery,
          response: { 200: suggestionListSchema, 400: apiErrorSchema },
        },
      },
      async (request) => service.suggest(db, request.query.q, request.query.lng),
    );
  };
