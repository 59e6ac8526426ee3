import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { apiErrorSchema } from '../../plugins/openapi.js';

export const healthRoutes =
  ({ database }: Pick<Deps, 'database'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['health'],
          summary: 'The process is up',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/ready',
      {
        config: { access: 'public' },
        schema: {
          tags: ['health'],
          summary: 'The database answers',
          response: { 200: z.object({ status: z.literal('ready'), database: z.string() }), 503: apiErrorSchema },
        },
      },
      async (_request, reply) => {
        if (await database.ping()) return { status: 'ready' as const, database: database.kind };
        return reply.status(503).send({ message: 'Database is not answering', code: 'SERVICE_UNAVAILABLE' });
      },
    );
  };
