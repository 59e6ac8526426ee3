import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigSchema } from '../../../domain/weather-schemas.js';
import type { Deps } from '../../deps.js';

/** What the web client needs to know of the server's configuration: map tiles, the footer's contact, the logins. */
export const settingsRoutes =
  ({ config }: Pick<Deps, 'config'>): FastifyPluginAsyncZod =>
  async (app) => {
    const { outside, contact, auth, serviceArea, payments } = config;
    const logins = { demo: auth.demoLogin, identityProvider: auth.oidc !== null };
    app.get(
      '/config',
      {
        config: { access: 'public' },
        schema: { tags: ['settings'], summary: 'Client configuration', response: { 200: clientConfigSchema } },
      },
      async () => ({
        mapTileUrl: outside.mapTileUrl,
        mapAttribution: outside.mapAttribution,
        contact,
        logins,
        serviceArea,
        payments: payments !== null,
      }),
    );
  };
