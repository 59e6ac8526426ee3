import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigSchema } from '../../../domain/weather-schemas.js';
import type { Config, OutsideConfig } from '../../config.js';

/** What the web client needs to know of the server's configuration: the map tiles and the footer's contact. */
export const settingsRoutes =
  (outside: Pick<OutsideConfig, 'mapTileUrl' | 'mapAttribution'>, contact: Config['contact']): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/config',
      {
        config: { access: 'public' },
        schema: { tags: ['settings'], summary: 'Client configuration', response: { 200: clientConfigSchema } },
      },
      async () => ({ mapTileUrl: outside.mapTileUrl, mapAttribution: outside.mapAttribution, contact }),
    );
  };
