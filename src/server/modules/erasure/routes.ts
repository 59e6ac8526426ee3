import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuery } from '../../../domain/pagination.js';
import { deleteAccountBody, erasureBody, erasureRecordSchema, erasureResultSchema } from '../../../domain/privacy.js';
import type { Deps } from '../../deps.js';
import { principalOfRequest, SESSION_COOKIE, SESSION_COOKIE_PATH, sessionOf } from '../../plugins/auth.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { sendPage } from '../../plugins/paging.js';
import * as service from './service.js';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };
/** Erasing is rare and heavy: a few a minute is plenty for a person, and for an admin working a list. */
export const ERASURE_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' };

/** Deleting one's account and an admin's erasure on request (docs/privacy.md). */
export const erasureRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.delete(
      '/me',
      {
        config: { access: 'user', rateLimit: ERASURE_RATE_LIMIT },
        schema: {
          tags: ['privacy'],
          summary: 'Delete my account',
          description:
            'Confirmed (`confirm: true`); the reviews deleted or kept under "former guest" (`reviews`). Past bookings are anonymised, those to come kept for the provider until their day; a provider’s activities leave the guide and the team answers their bookings. Every session of the account ends and the cookie is cleared. The last admin cannot (409 `LAST_ADMIN`). One transaction (docs/privacy.md#deleting-an-account).',
          body: deleteAccountBody,
          response: {
            200: z.object({ deleted: z.literal(true) }),
            400: apiErrorSchema,
            409: apiErrorSchema,
            503: apiErrorSchema,
            ...denied,
          },
        },
      },
      async (request, reply) => {
        await service.deleteOwnAccount(deps, principalOfRequest(request), request.body.reviews);
        // The deletion committed with every session row of the account: dropping the request's session
        // object only repeats that, and a database lost just now must not turn a done deletion into an error.
        await sessionOf(request)
          ?.destroy()
          .catch((error: unknown) => {
            request.log.warn({ err: error }, 'the deleted account’s session was not dropped again');
          });
        reply.clearCookie(SESSION_COOKIE, { path: SESSION_COOKIE_PATH });
        return { deleted: true as const };
      },
    );

    app.post(
      '/admin/erasures',
      {
        config: { access: 'admin', rateLimit: ERASURE_RATE_LIMIT },
        schema: {
          tags: ['admin'],
          summary: 'Erase everything tied to an e-mail address',
          description:
            'The account with the address (reviews deleted), the bookings (past ones anonymised, those to come kept until their day) and reviews under it, the mail sent to it. One transaction; recorded with who and when, never what (docs/privacy.md#erasure-on-request). The answer says what was done; nothing of it is kept.',
          body: erasureBody,
          response: {
            200: erasureResultSchema,
            400: apiErrorSchema,
            409: apiErrorSchema,
            503: apiErrorSchema,
            ...denied,
          },
        },
      },
      async (request) => service.eraseAddress(deps, principalOfRequest(request), request.body.email),
    );

    app.get(
      '/admin/erasures',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'The erasure record, newest first: who and when',
          description:
            'Pages with `limit`/`offset`; the total is in `X-Total-Count` and the next page in `Link`. No address, name or count of what was erased is kept.',
          querystring: pageQuery,
          response: { 200: z.array(erasureRecordSchema), 400: apiErrorSchema, ...denied },
        },
      },
      async (request, reply) => sendPage(request, reply, await service.listErasures(deps.db, request.query)),
    );
  };
