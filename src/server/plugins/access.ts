import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback, RouteOptions } from 'fastify';
import type { AccessLevel } from '../../domain/policies.js';

export interface RouteEntry {
  method: string;
  url: string;
  access: AccessLevel | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app with its access level: read by the permission matrix test. */
    routeTable: RouteEntry[];
  }
}

/**
 * Keeps the table of every route and refuses to start when one declares no
 * `config.access` (docs/security.md): no route is public by default, not
 * even one hidden from the API documentation or added by a library plugin.
 * Must be registered on the root instance before any route.
 */
export function trackRouteAccess(app: FastifyInstance): void {
  const routes: { method: string; options: RouteOptions }[] = [];
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, options });
  });
  // Read when asked, not when the route was added: a library's routes get their level from
  // publicRoutes() below, whose hook runs after this one.
  Object.defineProperty(app, 'routeTable', {
    get: (): RouteEntry[] =>
      routes.map(({ method, options }) => ({ method, url: options.url, access: options.config?.access ?? null })),
  });
  app.addHook('onReady', async () => {
    const undeclared = app.routeTable.filter((route) => route.access === null);
    if (undeclared.length > 0) {
      throw new Error(
        `Routes without config.access (see src/domain/policies.ts): ${undeclared.map((r) => `${r.method} ${r.url}`).join(', ')}`,
      );
    }
  });
}

/**
 * Registers a library plugin whose routes are public by nature (static files,
 * the API documentation), declaring that level on each of them.
 */
export function publicRoutes<Options extends object>(
  plugin: FastifyPluginAsync<Options> | FastifyPluginCallback<Options>,
  options: Options,
): FastifyPluginAsync {
  return async (child) => {
    child.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: route.config?.access ?? 'public' };
    });
    await child.register(plugin, options);
  };
}
