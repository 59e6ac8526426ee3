import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityIdParams } from '../../../domain/activity-schemas.js';
import { publicReviewListSchema } from '../../../domain/reviews.js';
import type { Db } from '../../db/client.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import * as service from './service.js';

export const reviewRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/activities/:id/reviews',
      {
        config: { access: 'public' },
        schema: {
          tags: ['reviews'],
          summary: "An activity's approved reviews, newest first",
          params: activityIdParams,
          response: { 200: publicReviewListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => service.listPublicReviews(db, request.params.id),
    );
  };
