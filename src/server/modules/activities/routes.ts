import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityIdParams,
  activityListQuery,
  activityListSchema,
  activitySchema,
  positionQuery,
  statsSchema,
} from '../../../domain/activity-schemas.js';
import type { Deps } from '../../deps.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { sendPage } from '../../plugins/paging.js';
import * as service from './service.js';

export const activityRoutes =
  ({ db }: Pick<Deps, 'db'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/activities',
      {
        config: { access: 'public' },
        schema: {
          tags: ['activities'],
          summary: 'List public activities',
          description:
            'Active, approved activities, localized with `lng`. Pages with `limit`/`offset`; the total is in `X-Total-Count` and the next page in `Link`. `bookable` and `sponsored` filter both ways (true: only, false: none).',
          querystring: activityListQuery,
          response: {
            200: activityListSchema,
            400: apiErrorSchema,
          },
        },
      },
      async (request, reply) => sendPage(request, reply, await service.listActivities(db, request.query)),
    );

    app.get(
      '/activities/:id',
      {
        config: { access: 'public' },
        schema: {
          tags: ['activities'],
          summary: 'One public activity',
          params: activityIdParams,
          querystring: positionQuery,
          response: { 200: activitySchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => service.getActivity(db, request.params.id, request.query),
    );

    app.get(
      '/stats',
      {
        config: { access: 'public' },
        schema: { tags: ['activities'], summary: 'Public activities per kind', response: { 200: statsSchema } },
      },
      async () => service.getStats(db),
    );
  };
