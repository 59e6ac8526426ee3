import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES } from '../../domain/errors.js';
import { publicRoutes } from './access.js';

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** OpenAPI 3 from the routes' zod schemas, at /api/openapi.json and /api/docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'DiscoverLocal API',
          description: 'Activities in and around Limoux: read, search, book and review.',
          version: '1.0.0',
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(publicRoutes(swaggerUi, { routePrefix: '/api/docs' }));
    app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
