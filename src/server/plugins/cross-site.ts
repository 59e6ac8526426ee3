import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { SESSION_COOKIE } from './auth.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes authenticated by the session cookie must come from our own pages:
 * the Origin (or Referer) must be the app's. Bodies must be JSON, so a plain
 * HTML form on another site cannot even reach a handler (no text/plain parser).
 */
export const crossSitePlugin = fp(
  async (app: FastifyInstance, { publicUrl }: { publicUrl: string }) => {
    app.removeContentTypeParser('text/plain');
    const publicOrigin = new URL(publicUrl).origin;

    // A callback hook: reads (nearly every request) pass without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
      if (!request.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return done();
      const source = request.headers.origin ?? request.headers.referer;
      let origin: string | null = null;
      try {
        origin = source ? new URL(source).origin : null;
      } catch {
        origin = null;
      }
      // The page's origin must be ours: PUBLIC_URL's, or this request's own scheme and host
      // (the scheme counts: an http page on our host is not our https site).
      const ownOrigin = `${request.protocol}://${request.host}`;
      if (origin === null || (origin !== publicOrigin && origin !== ownOrigin)) {
        return done(
          new AppError('FORBIDDEN', 'Cross-site request refused: writes must come from DiscoverLocal itself'),
        );
      }
      done();
    });
  },
  { name: 'cross-site', dependencies: ['errors'] },
);
