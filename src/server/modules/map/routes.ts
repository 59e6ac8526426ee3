import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mapAnswerSchema, mapQuery, MAP_ANSWER_MAX_BYTES, MAP_CLUSTER_RADIUS } from '../../../domain/map.js';
import type { Deps } from '../../deps.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { LIST_CACHE_CONTROL } from '../catalog/answers.js';
import { createMapClusters } from './service.js';

/** The map's clusters and markers of a view (docs/api.md#the-map), from the read model. */
export const mapRoutes =
  ({ catalog, answers, clock }: Pick<Deps, 'catalog' | 'answers' | 'clock'>): FastifyPluginAsyncZod =>
  async (app) => {
    const clusters = createMapClusters(catalog);
    app.get(
      '/map',
      {
        config: { access: 'public' },
        schema: {
          tags: ['activities'],
          summary: 'What a view of the map shows: clusters and single activities',
          description: `The public activities that the list's filters keep (the same parameters, docs/api.md#searching-activities), in the view \`west\`, \`south\`, \`east\`, \`north\` (degrees; \`east\` less than \`west\` across the antimeridian) at \`zoom\`: gathered into clusters of ${MAP_CLUSTER_RADIUS} pixels (count, centre and the zoom at which each one splits), the others as markers with their name in \`lng\`. \`total\` counts every match, in view or not; \`bounds\` is the box around them all. An answer is at most ${MAP_ANSWER_MAX_BYTES} bytes: past that it holds the clusters of a lower zoom (\`zoom\` says which).`,
          querystring: mapQuery,
          response: { 200: mapAnswerSchema, 400: apiErrorSchema },
        },
        onRequest: answers.onRequest,
      },
      async (request, reply) => {
        const now = clock.now();
        const answer = clusters.answer(request.query, now);
        // With the when filter or open now the answer is of this minute (docs/when.md#in-the-api).
        const timed = request.query.when !== undefined || request.query.openNow === true;
        return answers.send(request, reply, answer, LIST_CACHE_CONTROL, timed ? { at: now } : {});
      },
    );
  };
