import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityIdParams } from '../../../domain/activity-schemas.js';
import { LANGUAGES } from '../../../domain/languages.js';
import {
  adminSponsorshipRequestSchema,
  billingPortalBody,
  grantSponsorshipBody,
  ownSponsorshipSchema,
  refuseSponsorshipBody,
  redirectUrlSchema,
  sponsorshipCheckoutBody,
  sponsorshipOverviewSchema,
  sponsorshipRequestBody,
  sponsorshipRequestIdParams,
  sponsorshipRequestListQuery,
  sponsorshipRequestSchema,
} from '../../../domain/sponsorships.js';
import type { Deps } from '../../deps.js';
import { principalOfRequest } from '../../plugins/auth.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { sendPage } from '../../plugins/paging.js';
import * as service from './service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  503: apiErrorSchema,
};

/** A provider opens a checkout now and then; a script that opens thousands is stopped. */
const CHECKOUT_RATE_LIMIT = { max: 30, timeWindow: '10 minutes' };

/** A provider asks now and then; a script that sends the team hundreds of mails is stopped. */
const REQUEST_RATE_LIMIT = { max: 30, timeWindow: '10 minutes' };

/** Stripe's events are small; an invoice with many lines stays well below this. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export const sponsorshipRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/provider/sponsorships',
      {
        config: { access: 'provider' },
        schema: {
          tags: ['sponsorship'],
          summary: "The provider's published activities with their sponsorship",
          response: { 200: z.array(ownSponsorshipSchema), 401: apiErrorSchema, 403: apiErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return service.listOwn(deps, principalOfRequest(request));
      },
    );

    app.post(
      '/provider/activities/:id/sponsorship',
      {
        config: { access: 'approvedProvider', rateLimit: CHECKOUT_RATE_LIMIT },
        schema: {
          tags: ['sponsorship'],
          summary: 'Buy or change the sponsorship of one of the provider’s activities',
          description:
            'Answers the address of Stripe Checkout (a subscription with `activityId` and `plan` in its metadata); for an activity that already has the other plan, the billing portal’s page that confirms the change. The sponsorship starts when Stripe’s webhook arrives. 503 `PAYMENTS_NOT_CONFIGURED` without Stripe.',
          params: activityIdParams,
          body: sponsorshipCheckoutBody.extend({
            language: z.enum(LANGUAGES).optional().describe('language of the checkout page; default nl'),
          }),
          response: { 200: redirectUrlSchema, ...errors },
        },
      },
      async (request) => ({
        url: await service.startCheckout(
          deps,
          principalOfRequest(request),
          request.params.id,
          request.body.plan,
          request.body.language ?? 'nl',
        ),
      }),
    );

    app.post(
      '/provider/billing-portal',
      {
        config: { access: 'approvedProvider', rateLimit: CHECKOUT_RATE_LIMIT },
        schema: {
          tags: ['sponsorship'],
          summary: 'Open Stripe’s billing portal: invoices, payment method, cancellation',
          description:
            'With `activityId`, the portal opens on cancelling that activity’s sponsorship. 409 `NO_BILLING_ACCOUNT` before the first purchase.',
          body: billingPortalBody.nullish(),
          response: { 200: redirectUrlSchema, ...errors },
        },
      },
      async (request) => ({
        url: await service.openPortal(deps, principalOfRequest(request), request.body?.activityId),
      }),
    );

    app.post(
      '/provider/activities/:id/sponsorship-request',
      {
        config: { access: 'approvedProvider', rateLimit: REQUEST_RATE_LIMIT },
        schema: {
          tags: ['sponsorship'],
          summary: 'Ask the team for a plan for one of the provider’s activities',
          description:
            'For a published activity that is not paused (409 `ACTIVITY_NOT_PUBLIC`) of the caller’s own (another’s is a 404). One open request per activity (409 `SPONSORSHIP_REQUEST_OPEN`); none while a paid sponsorship runs (409 `SPONSORSHIP_PAID`). The team is mailed. An admin grants it with a last day or refuses it with a reason.',
          params: activityIdParams,
          body: sponsorshipRequestBody,
          response: { 201: sponsorshipRequestSchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await service.requestPlan(deps, principalOfRequest(request), request.params.id, request.body);
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/admin/sponsorship-requests',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Providers’ requests for a plan; `status` keeps the open, granted or refused ones',
          description:
            'Open requests oldest first, decided ones newest first. Pages with `limit`/`offset`; the total is in `X-Total-Count` and the next page in `Link`.',
          querystring: sponsorshipRequestListQuery,
          response: {
            200: z.array(adminSponsorshipRequestSchema),
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            503: apiErrorSchema,
          },
        },
      },
      async (request, reply) => sendPage(request, reply, await service.listRequests(deps, request.query)),
    );

    app.post(
      '/admin/sponsorship-requests/:id/grant',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Grant a request: the plan’s level on the activity until `until`, set by hand',
          description:
            '`until` is the last day, today or later (Europe/Paris). Refused with 409 `SPONSORSHIP_PAID` while a paid sponsorship runs, 409 `SPONSORSHIP_REQUEST_DECIDED` when it was answered already. The provider is mailed.',
          params: sponsorshipRequestIdParams,
          body: grantSponsorshipBody,
          response: { 200: sponsorshipRequestSchema, ...errors },
        },
      },
      async (request) => service.grantRequest(deps, principalOfRequest(request), request.params.id, request.body),
    );

    app.post(
      '/admin/sponsorship-requests/:id/refuse',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Refuse a request, with a reason the provider reads',
          description: '409 `SPONSORSHIP_REQUEST_DECIDED` when it was answered already. The provider is mailed.',
          params: sponsorshipRequestIdParams,
          body: refuseSponsorshipBody,
          response: { 200: sponsorshipRequestSchema, ...errors },
        },
      },
      async (request) => service.refuseRequest(deps, principalOfRequest(request), request.params.id, request.body),
    );

    app.get(
      '/admin/sponsorships',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Live paid sponsorships and the money received per month',
          response: { 200: sponsorshipOverviewSchema, 401: apiErrorSchema, 403: apiErrorSchema },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return service.overview(deps);
      },
    );

    // Stripe's webhook reads its body as bytes: the signature is over the exact bytes sent.
    await app.register(async (webhook) => {
      webhook.removeContentTypeParser('application/json');
      webhook.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      webhook.withTypeProvider().post(
        '/stripe/webhook',
        {
          config: { access: 'public' },
          bodyLimit: WEBHOOK_BODY_LIMIT,
          schema: {
            tags: ['sponsorship'],
            summary: 'Stripe’s events (signed)',
            description:
              'Checked against `Stripe-Signature` on the raw body (400 when it does not match, nothing changes). Each event is handled once; a replay is answered 200 and ignored.',
            response: {
              200: z.object({ received: z.literal(true), outcome: z.enum(['handled', 'duplicate', 'ignored']) }),
              400: apiErrorSchema,
              503: apiErrorSchema,
            },
          },
        },
        async (request) => {
          const header = request.headers['stripe-signature'];
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const outcome = await service.handleWebhook(deps, body, typeof header === 'string' ? header : undefined);
          return { received: true as const, outcome };
        },
      );
    });
  };
