import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSettingsPatchBody, siteSettingsSchema } from '../../../domain/site-settings.js';
import { clientConfigSchema } from '../../../domain/weather-schemas.js';
import type { Deps } from '../../deps.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import * as service from './service.js';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * What the web client needs to know of the server's configuration (map tiles, the footer's contact,
 * the logins), and the site's settings in the console (docs/site-settings.md).
 */
export const settingsRoutes =
  (deps: Pick<Deps, 'config' | 'db' | 'clock' | 'site'>): FastifyPluginAsyncZod =>
  async (app) => {
    const { outside, auth, serviceArea, payments } = deps.config;
    const logins = { demo: auth.demoLogin, identityProvider: auth.oidc !== null };
    app.get(
      '/config',
      {
        config: { access: 'public' },
        schema: { tags: ['settings'], summary: 'Client configuration', response: { 200: clientConfigSchema } },
      },
      async () => {
        // The settings in force, from memory (docs/site-settings.md#every-instance). No Cache-Control:
        // a browser asks again at each page load, so a changed contact shows at the next one.
        const site = await deps.site.current();
        return {
          mapTileUrl: outside.mapTileUrl,
          mapAttribution: outside.mapAttribution,
          contact: { email: site.contactEmail, phone: site.contactPhone },
          logins,
          serviceArea,
          payments: payments !== null,
          privacy: { operatorName: site.operatorName, retentionMonths: site.retentionMonths },
        };
      },
    );

    app.get(
      '/admin/settings',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'The site settings: the footer’s contact, the mail sender’s name, the team inbox, the privacy page’s operator and the retention period',
          description:
            'Each setting with its value in force (null: none), the environment’s default, whether it is the default, and what it does.',
          response: { 200: siteSettingsSchema, ...denied },
        },
      },
      async () => service.getSettings(deps),
    );

    app.patch(
      '/admin/settings',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Change site settings',
          description:
            'A text sets a setting (an empty text: none; not for `senderName`), `null` goes back to the environment’s default, a setting left out stays. Bad input changes nothing. Every app instance uses the new values within a moment.',
          body: siteSettingsPatchBody,
          response: { 200: siteSettingsSchema, 400: apiErrorSchema, ...denied },
        },
      },
      async (request) => service.updateSettings(deps, request.body),
    );
  };
