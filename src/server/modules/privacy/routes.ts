import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DATA_LINK_HOURS,
  dataLinkBody,
  dataRequestBody,
  type PersonalData,
  personalDataSchema,
} from '../../../domain/privacy.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import * as service from './service.js';

/** A person asks for their data now and then; a script that tries address after address is stopped (per client). */
export const DATA_REQUEST_RATE_LIMIT = { max: 5, timeWindow: '1 hour' };
/** Opening a mailed link: a few tries per client; the tokens cannot be guessed anyway. */
export const DATA_LINK_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' };

const fileDescription =
  'The JSON file of everything tied to the account or the address (docs/privacy.md#download-my-data), as an attachment (`Content-Disposition: attachment; filename="discoverlocal-data-YYYY-MM-DD.json"`), never cached.';

/** The file as a download: named by the day, kept by no cache. */
function sendFile(reply: FastifyReply, data: PersonalData, now: Date) {
  return reply
    .header('Content-Disposition', `attachment; filename="${service.dataFileName(now)}"`)
    .header('Cache-Control', 'no-store')
    .send(data);
}

export const privacyRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/me/data',
      {
        config: { access: 'user' },
        schema: {
          tags: ['privacy'],
          summary: 'Download my data (logged in)',
          description: `${fileDescription} Only the caller's own data: their account, provider application and activities, bookings and reviews (by the account or under its address), tag proposals and sponsorships.`,
          response: { 200: personalDataSchema, 401: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const user = request.user;
        if (!user) throw new AppError('UNAUTHENTICATED', 'Log in to do this');
        return sendFile(reply, await service.accountData(deps, user.id), deps.clock.now());
      },
    );

    app.post(
      '/privacy/data-requests',
      {
        config: { access: 'public', rateLimit: DATA_REQUEST_RATE_LIMIT },
        schema: {
          tags: ['privacy'],
          summary: 'Mail me a link to the data held under my address (guests)',
          description: `Always 202 \`{ accepted: true }\`: whether the guide holds anything under the address is never told. When it does, a link \`PUBLIC_URL/privacy/data/<token>\` is mailed to the address in \`language\` (default nl); it works once, within ${DATA_LINK_HOURS} hours. At most 3 links per address in an hour: further requests mail nothing. Rate limited per client (5 an hour).`,
          body: dataRequestBody,
          response: { 202: z.object({ accepted: z.literal(true) }), 400: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { mailed } = await service.requestDataLink(deps, request.body);
        if (mailed) deps.outbox.notify();
        return reply.status(202).send({ accepted: true });
      },
    );

    app.post(
      '/privacy/data',
      {
        config: { access: 'public', rateLimit: DATA_LINK_RATE_LIMIT },
        schema: {
          tags: ['privacy'],
          summary: 'Download the data of an address through its mailed link (once)',
          description: `${fileDescription} The \`token\` of the mailed link: a token the guide did not make is a 404 \`DATA_LINK_INVALID\`, a used one a 410 \`DATA_LINK_USED\`, one older than ${DATA_LINK_HOURS} hours a 410 \`DATA_LINK_EXPIRED\`. The link is used up by this call only, not by opening the page.`,
          body: dataLinkBody,
          response: {
            200: personalDataSchema,
            400: apiErrorSchema,
            404: apiErrorSchema,
            410: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => sendFile(reply, await service.linkData(deps, request.body.token), deps.clock.now()),
    );
  };
