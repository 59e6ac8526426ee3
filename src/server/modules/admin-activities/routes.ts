import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityIdParams } from '../../../domain/activity-schemas.js';
import {
  activityAuditEntrySchema,
  adminActivityListItemSchema,
  adminActivityListQuery,
  adminActivitySchema,
  assignProviderBody,
} from '../../../domain/admin-activities.js';
import { isIsoDate } from '../../../domain/dates.js';
import { pageQuery } from '../../../domain/pagination.js';
import {
  createActivityBody,
  decideActivityBody,
  pendingActivitySchema,
  rejectActivityBody,
  updateActivityBody,
} from '../../../domain/provider-activities.js';
import type { Deps } from '../../deps.js';
import { principalOfRequest } from '../../plugins/auth.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { sendPage } from '../../plugins/paging.js';
import * as service from './service.js';

const paged = 'Pages with `limit`/`offset`; the total is in `X-Total-Count` and the next page in `Link`.';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** PATCH /api/admin/activities/:id: a provider's fields, applied at once, plus a sponsorship set by hand. */
export const adminActivityBody = updateActivityBody.extend({
  sponsorLevel: z.number().int().min(0, 'must be 0 to 3').max(3, 'must be 0 to 3').optional(),
  sponsoredUntil: z
    .string()
    .refine(isIsoDate, 'must be a date (YYYY-MM-DD)')
    .nullable()
    .optional()
    .describe('last day of the sponsorship; null for no end'),
});

/** The admins' moderation of activities (docs/moderation.md#activities, docs/provider-workspace.md#admin). */
export const adminActivityRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/activities/pending',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'New and changed activities that wait for approval, oldest first',
          description:
            'Each with what is public now (`current`, null for a new activity) beside what is asked (`proposed`), and the `revisionId` and `contentHash` that a decision sends back.',
          querystring: pageQuery,
          response: { 200: z.array(pendingActivitySchema), ...errors },
        },
      },
      async (request, reply) => sendPage(request, reply, await service.pendingQueue(deps, request.query)),
    );

    app.post(
      '/admin/activities/:id/approve',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Publish what waits for approval of an activity',
          description:
            'Names the request as the queue showed it (`revisionId`, `contentHash`); one changed, replaced or withdrawn since is a 409 `REVISION_CHANGED` (nothing left to decide: `NOTHING_PENDING`).',
          params: activityIdParams,
          body: decideActivityBody,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.approve(deps, principalOfRequest(request), request.params.id, request.body);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/admin/activities/:id/reject',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Refuse what waits for approval of an activity, with a reason the provider sees',
          description:
            'Names the request as the queue showed it (`revisionId`, `contentHash`), like approve; a changed one is a 409 `REVISION_CHANGED`.',
          params: activityIdParams,
          body: rejectActivityBody,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const { reason, ...shown } = request.body;
        await service.reject(deps, principalOfRequest(request), request.params.id, shown, reason);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/admin/activities/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Any activity as it is published, to edit it',
          description:
            'With its `status` (docs/moderation.md#every-activity) and its provider (`providerId` null: the guide’s own). Its audit is `GET /api/admin/activities/{id}/audit`.',
          params: activityIdParams,
          response: { 200: adminActivitySchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return service.adminGet(deps, request.params.id);
      },
    );

    app.patch(
      '/admin/activities/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Edit any activity at once, and set a sponsorship by hand',
          description:
            '`sponsorLevel` 0-3 with an optional last day `sponsoredUntil`; after that day the level returns to 0 by itself.',
          params: activityIdParams,
          body: adminActivityBody,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.adminUpdate(deps, principalOfRequest(request), request.params.id, request.body);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/admin/activities',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Every activity whatever its state, by name; searchable and filtered',
          description: `\`status\` is one of draft, pending, published, paused, rejected (docs/moderation.md#every-activity); \`provider\` an id or \`none\` (the guide’s own); \`sponsored\` yes or no. ${paged}`,
          querystring: adminActivityListQuery,
          response: { 200: z.array(adminActivityListItemSchema), ...errors },
        },
      },
      async (request, reply) => sendPage(request, reply, await service.list(deps, request.query)),
    );

    app.post(
      '/admin/activities',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Add a listing of the guide’s own, published at once',
          description:
            'The provider form’s body (`POST /api/provider/activities`); no provider: the guide answers its bookings. Assign it to a provider with `POST /api/admin/activities/{id}/provider`.',
          body: createActivityBody,
          response: { 201: adminActivitySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(deps, principalOfRequest(request), request.body)),
    );

    for (const [action, summary] of [
      ['pause', 'Pause an activity: out of the guide, still published; `publish` brings it back'],
      ['publish', 'Publish an activity as it is saved (and resume it when paused)'],
      ['unpublish', 'Take an activity out of the guide: it becomes a draft its provider can send for approval again'],
    ] as const) {
      app.post(
        `/admin/activities/:id/${action}`,
        {
          config: { access: 'admin' },
          schema: {
            tags: ['admin'],
            summary,
            description: 'Recorded in the activity’s audit. Answers the activity as it is now.',
            params: activityIdParams,
            response: { 200: adminActivitySchema, ...errors },
          },
        },
        async (request) => service.setPublication(deps, principalOfRequest(request), request.params.id, action),
      );
    }

    app.post(
      '/admin/activities/:id/provider',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Assign or transfer a listing to an approved provider, or give it back to the guide',
          description:
            '`{ providerId }` of an approved provider (409 `PROVIDER_NOT_APPROVED` otherwise, 404 `PROVIDER_NOT_FOUND` for an unknown id), or `{ providerId: null }`. The new provider is mailed (notice `listingAssigned`).',
          params: activityIdParams,
          body: assignProviderBody,
          response: { 200: adminActivitySchema, ...errors },
        },
      },
      async (request) =>
        service.assignProvider(deps, principalOfRequest(request), request.params.id, request.body.providerId),
    );

    app.get(
      '/admin/activities/:id/audit',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'What admins changed on an activity: who, when, what; newest first',
          description: paged,
          params: activityIdParams,
          querystring: pageQuery,
          response: { 200: z.array(activityAuditEntrySchema), ...errors },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return sendPage(request, reply, await service.auditTrail(deps, request.params.id, request.query));
      },
    );
  };
