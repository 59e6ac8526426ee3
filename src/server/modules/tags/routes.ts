import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityIdParams } from '../../../domain/activity-schemas.js';
import { approvalBody } from '../../../domain/moderation.js';
import { pageQuery } from '../../../domain/pagination.js';
import {
  activityTagProposalBody,
  adminActivityTagSchema,
  adminTagListQuery,
  adminTagSchema,
  TAG_STATUSES,
  tagIdParams,
  tagListSchema,
  tagProposalBody,
  tagSchema,
} from '../../../domain/tags.js';
import type { Deps } from '../../deps.js';
import { principalOfRequest } from '../../plugins/auth.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { sendPage } from '../../plugins/paging.js';
import { ITEM_CACHE_CONTROL } from '../catalog/answers.js';
import * as service from './service.js';

/**
 * Proposals are counted per account (after the login check, so the key is
 * the user): a few a minute is plenty for a person, and stops a script.
 */
const PROPOSAL_RATE_LIMIT = {
  max: 10,
  timeWindow: '10 minutes',
  hook: 'preHandler' as const,
  keyGenerator: (request: { principal: { id: string } | null; ip: string }) =>
    request.principal ? `user:${request.principal.id}` : request.ip,
};

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };
const paged = 'Pages with `limit`/`offset`; the total is in `X-Total-Count` and the next page in `Link`.';

export const tagRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.get(
      '/tags',
      {
        config: { access: 'public' },
        schema: { tags: ['tags'], summary: 'Approved tags (the filter chips)', response: { 200: tagListSchema } },
        onRequest: deps.answers.onRequest,
      },
      async (request, reply) =>
        deps.answers.send(request, reply, service.listApprovedTags(deps.catalog), ITEM_CACHE_CONTROL),
    );

    app.get(
      '/activities/:id/tags',
      {
        config: { access: 'public' },
        schema: {
          tags: ['tags'],
          summary: "An activity's approved tags",
          params: activityIdParams,
          response: { 200: tagListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
        onRequest: deps.answers.onRequest,
      },
      async (request, reply) =>
        deps.answers.send(
          request,
          reply,
          service.listActivityTags(deps.catalog, request.params.id),
          ITEM_CACHE_CONTROL,
        ),
    );

    app.post(
      '/tags',
      {
        config: { access: 'user', rateLimit: PROPOSAL_RATE_LIMIT },
        schema: {
          tags: ['tags'],
          summary: 'Propose a tag (pending until approved)',
          body: tagProposalBody,
          response: { 201: tagSchema, 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, ...denied },
        },
      },
      async (request, reply) => {
        const { name, description } = request.body;
        const tag = await service.proposeTag(deps, principalOfRequest(request).id, name, description);
        return reply.status(201).send(tag);
      },
    );

    app.post(
      '/activities/:id/tags',
      {
        config: { access: 'user', rateLimit: PROPOSAL_RATE_LIMIT },
        schema: {
          tags: ['tags'],
          summary: 'Propose a tag for an activity (pending until approved)',
          params: activityIdParams,
          body: activityTagProposalBody,
          response: {
            201: adminActivityTagSchema,
            400: apiErrorSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
            429: apiErrorSchema,
            ...denied,
          },
        },
      },
      async (request, reply) => {
        const link = await service.proposeActivityTag(
          deps,
          principalOfRequest(request).id,
          request.params.id,
          request.body.name,
        );
        return reply.status(201).send(link);
      },
    );

    app.get(
      '/admin/tags',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Tags with their state, all or of one status',
          description: paged,
          querystring: adminTagListQuery,
          response: { 200: z.array(adminTagSchema), 400: apiErrorSchema, ...denied },
        },
      },
      async (request, reply) => sendPage(request, reply, await service.listTags(db, request.query)),
    );

    app.get(
      '/admin/tags/pending',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Tags awaiting review',
          description: paged,
          querystring: pageQuery,
          response: { 200: z.array(adminTagSchema), 400: apiErrorSchema, ...denied },
        },
      },
      async (request, reply) =>
        sendPage(request, reply, await service.listTags(db, { ...request.query, status: 'pending' })),
    );

    app.get(
      '/admin/activity-tags/pending',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Activity tags awaiting review',
          description: paged,
          querystring: pageQuery,
          response: { 200: z.array(adminActivityTagSchema), 400: apiErrorSchema, ...denied },
        },
      },
      async (request, reply) => sendPage(request, reply, await service.listPendingActivityTags(db, request.query)),
    );

    app.patch(
      '/admin/tags/:tagId/approval',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Approve (1) or reject (0) a tag, with an optional reason; a rejected tag can be approved later',
          params: tagIdParams,
          body: approvalBody,
          response: { 200: adminTagSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
        },
      },
      async (request) =>
        service.moderateTag(deps, principalOfRequest(request).id, request.params.tagId, {
          approve: request.body.isApproved,
          reason: request.body.moderationReason,
        }),
    );

    app.patch(
      '/admin/activity-tags/:id/approval',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Approve (1) or reject (0) an activity tag, with an optional reason',
          params: activityIdParams,
          body: approvalBody,
          response: {
            200: z.object({ id: z.number().int(), isApproved: z.boolean(), status: z.enum(TAG_STATUSES) }),
            400: apiErrorSchema,
            404: apiErrorSchema,
            ...denied,
          },
        },
      },
      async (request) =>
        service.moderateActivityTag(deps, principalOfRequest(request).id, request.params.id, {
          approve: request.body.isApproved,
          reason: request.body.moderationReason,
        }),
    );
  };
