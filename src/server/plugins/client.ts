import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicRoutes } from './access.js';

/**
 * Serves the built web client from `clientDir` when there is one: hashed
 * assets cached for a year, index.html never cached, no source maps, and index.html for
 * every other GET that asks for a page (client-side routes). Unknown /api
 * paths keep their JSON 404 (the errors plugin).
 */
export const clientPlugin = fp(
  async (app: FastifyInstance, { clientDir }: { clientDir: string }) => {
    const indexFile = path.join(clientDir, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn({ clientDir }, 'no built web client: run `npm run build` (the API still works)');
      return;
    }
    await app.register(
      publicRoutes(fastifyStatic, {
        root: clientDir,
        prefix: '/',
        wildcard: true,
        index: ['index.html'],
        // Source maps stay on the server (for whoever debugs it), never public (docs/security.md).
        allowedPath: (pathName: string) => !pathName.endsWith('.map'),
        setHeaders: (reply, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      }),
    );
    app.decorate('serveSpa', true);
  },
  { name: 'client', dependencies: ['errors'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    serveSpa?: boolean;
  }
}
