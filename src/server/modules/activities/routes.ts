import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityIdParams,
  activityListQuery,
  activityListSchema,
  activitySchema,
  positionQuery,
  statsSchema,
} from '../../../domain/activity-schemas.js';
import type { Db } from '../../db/client.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import * as service from './service.js';

/** The `Link: <...>; rel="next"` URL: the same query with the next offset. */
function nextPageLink(url: string, nextOffset: number): string {
  const parsed = new URL(url, 'http://local');
  parsed.searchParams.set('offset', String(nextOffset));
  return `<${parsed.pathname}${parsed.search}>; rel="next"`;
}

export const activityRoutes =
  (db: Db): FastifyPluginAsyncZod =>
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
      async (request, reply) => {
        const { items, total } = await service.listActivities(db, request.query);
        const nextOffset = request.query.offset + items.length;
        reply.header('X-Total-Count', String(total));
        if (items.length > 0 && nextOffset < total) reply.header('Link', nextPageLink(request.url, nextOffset));
        return items;
      },
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
