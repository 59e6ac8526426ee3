import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserListQuery,
  adminUserSchema,
  pendingProviderSchema,
  providerIdParams,
  rejectProviderBody,
  roleChangeBody,
  userIdParams,
} from '../../../domain/admin.js';
import { pageQuery } from '../../../domain/pagination.js';
import { PROVIDER_STATUSES } from '../../../domain/roles.js';
import type { Deps } from '../../deps.js';
import { principalOfRequest } from '../../plugins/auth.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { sendPage } from '../../plugins/paging.js';
import * as service from './service.js';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };
const reviewResult = z.object({ id: z.number().int(), status: z.enum(PROVIDER_STATUSES) });
const paged = 'Pages with `limit`/`offset`; the total is in `X-Total-Count` and the next page in `Link`.';

export const adminRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    app.get(
      '/admin/users',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Users, newest first; `search` finds them by name, e-mail address or company',
          description: `\`search\` keeps the users whose name, e-mail address or company holds every word of it, whatever the case. ${paged}`,
          querystring: adminUserListQuery,
          response: { 200: z.array(adminUserSchema), 400: apiErrorSchema, ...denied },
        },
      },
      async (request, reply) => sendPage(request, reply, await service.listUsers(db, request.query)),
    );

    app.get(
      '/admin/providers/pending',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Provider applications awaiting review, newest first',
          description: paged,
          querystring: pageQuery,
          response: { 200: z.array(pendingProviderSchema), 400: apiErrorSchema, ...denied },
        },
      },
      async (request, reply) => sendPage(request, reply, await service.listPendingProviders(db, request.query)),
    );

    app.get(
      '/admin/providers/approved',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Approved providers, newest first: those a listing can be assigned to',
          description: paged,
          querystring: pageQuery,
          response: { 200: z.array(pendingProviderSchema), 400: apiErrorSchema, ...denied },
        },
      },
      async (request, reply) =>
        sendPage(request, reply, await service.listPendingProviders(db, request.query, 'approved')),
    );

    app.post(
      '/admin/providers/:id/approve',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Approve a provider',
          description: 'The provider is mailed, in the language they last used (docs/mail.md#notices).',
          params: providerIdParams,
          response: { 200: reviewResult, 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
        },
      },
      async (request) => {
        const decided = await service.reviewProvider(deps, principalOfRequest(request), request.params.id, true);
        deps.outbox.notify();
        return decided;
      },
    );

    app.post(
      '/admin/providers/:id/reject',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Reject a provider, with an optional reason',
          description:
            'Also after an approval (docs/permissions.md#rejected-and-demoted-providers). The provider is mailed, with the reason when one is given (docs/mail.md#notices). The body may be left out.',
          params: providerIdParams,
          body: rejectProviderBody,
          response: { 200: reviewResult, 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
        },
      },
      async (request) => {
        const reason = request.body?.reason ?? null;
        const decided = await service.reviewProvider(
          deps,
          principalOfRequest(request),
          request.params.id,
          false,
          reason,
        );
        deps.outbox.notify();
        return decided;
      },
    );

    app.post(
      '/admin/users/:userId/role',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: "Change a user's role",
          description: 'The last admin cannot be demoted (409).',
          params: userIdParams,
          body: roleChangeBody,
          response: { 200: adminUserSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...denied },
        },
      },
      async (request) =>
        service.changeRole(deps, principalOfRequest(request), request.params.userId, request.body.role),
    );
  };
