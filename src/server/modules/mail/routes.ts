import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { sendScheduledMails } from '../bookings/service.js';

/** The moment a round runs as of: an instant with its offset, e.g. 2026-12-04T10:00:00+01:00. */
export const scheduledRoundBody = z.strictObject({
  at: z.iso.datetime({ offset: true }).describe('The moment the round runs as of (ISO 8601, with Z or an offset)'),
});

/**
 * One round of the scheduled mails as of a moment an admin chooses
 * (docs/mail.md#running-a-round-at-a-chosen-moment): how the end-to-end tests see the reminder and
 * the review invitation go out on a server that runs on the real clock. Only where
 * SCHEDULED_MAILS_ENDPOINT=true (which needs the demo logins on); elsewhere the route does not exist.
 */
export const scheduledMailRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    if (!deps.config.mail.scheduledMailsEndpoint) return;
    app.post(
      '/admin/scheduled-mails/run',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Run one round of the scheduled mails as of a chosen moment (test and demo servers only)',
          description:
            'Queues the reminders and review invitations due at `at` (Europe/Paris: a round between 09:00 and 21:00 queues, one at night queues nothing), each once per booking as the hourly job does; the mails go out at once. Registered only with SCHEDULED_MAILS_ENDPOINT=true.',
          body: scheduledRoundBody,
          response: {
            200: z.object({ queued: z.number().int().describe('How many mails the round queued') }),
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
          },
        },
      },
      async (request) => ({ queued: await sendScheduledMails(deps, { at: new Date(request.body.at) }) }),
    );
  };
