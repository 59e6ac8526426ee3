import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityIdParams } from '../../../domain/activity-schemas.js';
import { approvalBody } from '../../../domain/moderation.js';
import { pageQuery } from '../../../domain/pagination.js';
import {
  adminReviewListQuery,
  adminReviewSchema,
  publicReviewListSchema,
  reviewBody,
  reviewIdParams,
  reviewInvitationQuery,
  reviewInvitationSchema,
  submittedReviewSchema,
} from '../../../domain/reviews.js';
import type { Deps } from '../../deps.js';
import { principalOfRequest } from '../../plugins/auth.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { sendPage } from '../../plugins/paging.js';
import * as service from './service.js';

/** A few reviews from one address in ten minutes; more is a robot. */
export const REVIEW_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' };

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };
const paged = 'Pages with `limit`/`offset`; the total is in `X-Total-Count` and the next page in `Link`.';

export const reviewRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.get(
      '/activities/:id/reviews',
      {
        config: { access: 'public' },
        schema: {
          tags: ['reviews'],
          summary: "An activity's approved reviews, newest first",
          description: `Never an e-mail address. \`verifiedBooking\`: the review is tied to a confirmed booking of the activity whose day is over, by the author’s account or through the review invitation’s link. ${paged}`,
          params: activityIdParams,
          querystring: pageQuery,
          response: { 200: publicReviewListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) =>
        sendPage(request, reply, await service.listPublicReviews(db, request.params.id, request.query)),
    );

    app.get(
      '/activities/:id/review-invitation',
      {
        config: { access: 'public' },
        schema: {
          tags: ['reviews'],
          summary: 'What the link of a review invitation mail knows: the booking it names',
          description:
            'The `token` of the link mailed after a confirmed booking’s day (docs/mail.md). A token that is wrong, or for another activity, is a 403 `REVIEW_LINK_INVALID`; one more than 60 days after the booked day a 410 `REVIEW_LINK_EXPIRED`. Never the address.',
          params: activityIdParams,
          querystring: reviewInvitationQuery,
          response: {
            200: reviewInvitationSchema,
            400: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
            410: apiErrorSchema,
          },
        },
      },
      async (request) => service.getInvitation(deps, request.params.id, request.query.token),
    );

    app.post(
      '/activities/:id/reviews',
      {
        config: { access: 'public', rateLimit: REVIEW_RATE_LIMIT },
        schema: {
          tags: ['reviews'],
          summary: 'Write a review (shown once an admin approves it)',
          description:
            'Guests give `guestName` and `guestEmail`; logged in, both are null and `isAnonymous` may hide the name. With the `token` of a review invitation’s link the review is tied to that booking and verified (a guest then needs no e-mail; a wrong token is a 403 `REVIEW_LINK_INVALID`, an expired one a 410 `REVIEW_LINK_EXPIRED`). One review per account and one per booking: a second is a 409 `REVIEW_EXISTS`. A typed address reserves nothing: a review with an address that reviewed before is answered like any other.',
          params: activityIdParams,
          body: reviewBody,
          response: {
            201: submittedReviewSchema,
            400: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
            410: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const review = await service.submitReview(deps, request.user, request.params.id, request.body);
        return reply.status(201).send(review);
      },
    );

    app.get(
      '/admin/reviews',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Reviews with their state, all or of one status (`status`)',
          description: paged,
          querystring: adminReviewListQuery,
          response: { 200: z.array(adminReviewSchema), 400: apiErrorSchema, ...denied },
        },
      },
      async (request, reply) => sendPage(request, reply, await service.listForAdmin(db, request.query)),
    );

    app.get(
      '/admin/reviews/pending',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Reviews awaiting moderation, newest first',
          description: paged,
          querystring: pageQuery,
          response: { 200: z.array(adminReviewSchema), 400: apiErrorSchema, ...denied },
        },
      },
      async (request, reply) =>
        sendPage(request, reply, await service.listForAdmin(db, { ...request.query, status: 'pending' })),
    );

    app.patch(
      '/admin/reviews/:id/approval',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Approve (1) or reject (0) a review, with an optional reason',
          description: "The activity's rating and review count follow at once.",
          params: reviewIdParams,
          body: approvalBody,
          response: { 200: adminReviewSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...denied },
        },
      },
      async (request) =>
        service.moderateReview(deps, principalOfRequest(request).id, request.params.id, {
          approve: request.body.isApproved,
          reason: request.body.moderationReason,
        }),
    );
  };
