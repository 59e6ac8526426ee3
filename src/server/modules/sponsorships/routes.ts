import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityIdParams } from '../../../domain/activity-schemas.js';
import { LANGUAGES } from '../../../domain/languages.js';
import {
  billingPortalBody,
  ownSponsorshipSchema,
  redirectUrlSchema,
  sponsorshipCheckoutBody,
  sponsorshipOverviewSchema,
} from '../../../domain/sponsorships.js';
import type { Deps } from '../../deps.js';
import { principalOfRequest } from '../../plugins/auth.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
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
