import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Deps } from '../deps.js';
import { type BuildManifest, routePreloads } from '../modules/pages/preloads.js';
import { loadPageRenderer } from '../modules/pages/render.js';
import { pageResponder } from '../modules/pages/routes.js';
import { publicRoutes } from './access.js';

/**
 * Serves the built web client from `clientDir` when there is one: hashed
 * assets cached for a year, no source maps, and for every other GET that asks
 * for a page (client-side routes, `/` too) the built index.html with that
 * page's head and status, never cached (docs/seo.md#pages). Unknown /api paths
 * keep their JSON 404 (the errors plugin).
 */
export const clientPlugin = fp(
  async (
    app: FastifyInstance,
    { clientDir, deps }: { clientDir: string; deps: Pick<Deps, 'catalog' | 'config' | 'clock'> },
  ) => {
    const indexFile = path.join(clientDir, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn({ clientDir }, 'no built web client: run `npm run build` (the API still works)');
      return;
    }
    const renderer = await loadPageRenderer(app, path.join(clientDir, '..', 'ssr', 'entry-server.js'));
    const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
    const manifest = existsSync(manifestFile)
      ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest)
      : undefined;
    const boot = manifest?.['boot.ts']?.file;
    const servePage = pageResponder(
      deps,
      readFileSync(indexFile, 'utf8'),
      renderer,
      manifest && routePreloads(manifest),
      boot === undefined ? null : `/${boot}`,
    );
    app.decorate('servePage', servePage);
    // `/` is a page like the others (the static files below do not answer it).
    app.get('/', { config: { access: 'public' }, schema: { hide: true } }, servePage);
    await app.register(
      publicRoutes(fastifyStatic, {
        root: clientDir,
        prefix: '/',
        wildcard: true,
        index: false,
        // Source maps stay on the server (for whoever debugs it), never public (docs/security.md).
        allowedPath: (pathName: string) => !pathName.endsWith('.map'),
        setHeaders: (reply, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      }),
    );
  },
  { name: 'client', dependencies: ['errors'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a page of the web client (set when there is a built client). */
    servePage?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}
