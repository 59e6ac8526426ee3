import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityEventBody, analyticsQuery, analyticsSchema } from '../../../domain/analytics.js';
import { activityIdParams } from '../../../domain/activity-schemas.js';
import type { Deps } from '../../deps.js';
import { principalOfRequest } from '../../plugins/auth.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { sendCsv } from '../../plugins/paging.js';
import { onceADay } from './once-a-day.js';
import * as service from './service.js';

/** A visitor looks at a few dozen activities a minute at most; more is a script. */
export const EVENT_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };

/**
 * The numbers and their CSV are the heaviest reads a provider has (a year of days times their
 * activities); the dashboard asks once per period chosen, so 30 a minute per address is far
 * more than a person clicks (docs/provider-workspace.md#numbers).
 */
export const NUMBERS_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

export const analyticsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const counted = onceADay();
    app.post(
      '/activities/:id/events',
      {
        config: { access: 'public', rateLimit: EVENT_RATE_LIMIT },
        schema: {
          tags: ['activities'],
          summary: 'Count a visit or a click for the provider’s numbers',
          description:
            '`view` (detail page), `favourite` (added), `website`, `phone`, `directions` (clicked). Only a counter of the day goes up: no cookie, no address, nothing about the person. Robots, the provider, admins and a client that sent the same event of the same activity earlier today are not counted (still 204).',
          params: activityIdParams,
          body: activityEventBody,
          response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        await service.record(
          deps,
          request.user ? principalOfRequest(request) : null,
          request.headers['user-agent'],
          request.params.id,
          request.body.event,
          (today) => counted.first(today, request.ip, request.params.id, request.body.event),
        );
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/provider/analytics',
      {
        config: { access: 'provider', rateLimit: NUMBERS_RATE_LIMIT },
        schema: {
          tags: ['provider'],
          summary: 'The numbers of the provider’s activities',
          description:
            'Per activity over the period (default: the last 30 days up to today, Europe/Paris; at most 366 days, also when only `from` is given), and per day for all together: views, favourites, clicks on website / phone / directions, booking requests, confirmed bookings.',
          querystring: analyticsQuery,
          response: {
            200: analyticsSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return service.summary(deps, principalOfRequest(request), request.query);
      },
    );

    app.get(
      '/provider/analytics.csv',
      {
        config: { access: 'provider', rateLimit: NUMBERS_RATE_LIMIT },
        schema: {
          tags: ['provider'],
          summary: 'The same numbers as CSV, a row per activity and day',
          querystring: analyticsQuery,
          response: {
            200: z.string().describe('text/csv'),
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        return sendCsv(
          reply,
          'discoverlocal-numbers.csv',
          await service.summaryCsv(deps, principalOfRequest(request), request.query),
        );
      },
    );
  };
