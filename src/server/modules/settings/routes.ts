import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigSchema } from '../../../domain/weather-schemas.js';
import type { OutsideConfig } from '../../config.js';

/** What the web client needs to know of the server's configuration (the map tiles). */
export const settingsRoutes =
  (outside: Pick<OutsideConfig, 'mapTileUrl' | 'mapAttribution'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/config',
      {
        config: { access: 'public' },
        schema: { tags: ['settings'], summary: 'Client configuration', response: { 200: clientConfigSchema } },
      },
      async () => ({ mapTileUrl: outside.mapTileUrl, mapAttribution: outside.mapAttribution }),
    );
  };
