import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityIdParams } from '../../../domain/activity-schemas.js';
import { approvalBody } from '../../../domain/admin.js';
import {
  activityTagProposalBody,
  adminActivityTagSchema,
  adminTagSchema,
  tagIdParams,
  tagListSchema,
  tagProposalBody,
  tagSchema,
} from '../../../domain/tags.js';
import { z } from 'zod';
import { principalOfRequest } from '../../plugins/auth.js';
import * as moderation from './moderation.js';
import type { Db } from '../../db/client.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { assertPublicActivity } from '../activities/service.js';
import * as repo from './repository.js';

export const tagRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tags',
      {
        config: { access: 'public' },
        schema: { tags: ['tags'], summary: 'Approved tags (the filter chips)', response: { 200: tagListSchema } },
      },
      async () => repo.listApproved(db),
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
      },
      async (request) => {
        await assertPublicActivity(db, request.params.id);
        return repo.listApprovedForActivity(db, request.params.id);
      },
    );

    const denied = { 401: apiErrorSchema, 403: apiErrorSchema };

    app.post(
      '/tags',
      {
        config: { access: 'user' },
        schema: {
          tags: ['tags'],
          summary: 'Propose a tag (pending until approved)',
          body: tagProposalBody,
          response: { 201: tagSchema, 400: apiErrorSchema, 409: apiErrorSchema, ...denied },
        },
      },
      async (request, reply) => {
        const tag = await moderation.proposeTag(
          db,
          principalOfRequest(request).id,
          request.body.name,
          request.body.description,
        );
        return reply.status(201).send(tag);
      },
    );

    app.post(
      '/activities/:id/tags',
      {
        config: { access: 'user' },
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
            ...denied,
          },
        },
      },
      async (request, reply) => {
        await assertPublicActivity(db, request.params.id);
        const link = await moderation.proposeActivityTag(
          db,
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
          summary: 'Every tag with its state',
          response: { 200: z.array(adminTagSchema), ...denied },
        },
      },
      async () => moderation.listAllTags(db),
    );

    app.get(
      '/admin/tags/pending',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Tags awaiting review',
          response: { 200: z.array(adminTagSchema), ...denied },
        },
      },
      async () => moderation.listPendingTags(db),
    );

    app.get(
      '/admin/activity-tags/pending',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Activity tags awaiting review',
          response: { 200: z.array(adminActivityTagSchema), ...denied },
        },
      },
      async () => moderation.listPendingActivityTags(db),
    );

    app.patch(
      '/admin/tags/:tagId/approval',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Approve (1) or reject (0) a tag; a rejected tag can be approved later',
          params: tagIdParams,
          body: approvalBody,
          response: { 200: adminTagSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
        },
      },
      async (request) =>
        moderation.setTagApproval(db, principalOfRequest(request).id, request.params.tagId, request.body.isApproved),
    );

    app.patch(
      '/admin/activity-tags/:id/approval',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Approve (1) or reject (0) an activity tag',
          params: activityIdParams,
          body: approvalBody,
          response: {
            200: z.object({
              id: z.number().int(),
              isApproved: z.boolean(),
              status: z.enum(['pending', 'approved', 'rejected']),
            }),
            400: apiErrorSchema,
            404: apiErrorSchema,
            ...denied,
          },
        },
      },
      async (request) =>
        moderation.setActivityTagApproval(
          db,
          principalOfRequest(request).id,
          request.params.id,
          request.body.isApproved,
        ),
    );
  };
