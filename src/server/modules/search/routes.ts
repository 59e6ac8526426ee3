import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { suggestionListSchema, suggestionsQuery } from '../../../domain/suggestions.js';
import type { Deps } from '../../deps.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { LIST_CACHE_CONTROL } from '../catalog/answers.js';
import * as service from './service.js';

/** Suggestions come from the read model, their answers kept ready (docs/read-model.md). */
export const searchRoutes =
  ({ catalog, answers }: Pick<Deps, 'catalog' | 'answers'>): FastifyPluginAsyncZod =>
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
        onRequest: answers.onRequest,
      },
      async (request, reply) =>
        answers.send(request, reply, service.suggest(catalog, request.query.q, request.query.lng), LIST_CACHE_CONTROL),
    );
  };
