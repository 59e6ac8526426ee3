import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBookingSchema,
  adminBookingsExportQuery,
  adminBookingsQuery,
  bookingIdParams,
  bookingSchema,
  cancelBookingBody,
  createBookingBody,
  declineBody,
  idempotencyKeyHeader,
  providerBookingsExportQuery,
  providerBookingsQuery,
} from '../../../domain/bookings.js';
import type { Deps } from '../../deps.js';
import { principalOfRequest } from '../../plugins/auth.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { sendCsv, sendPage } from '../../plugins/paging.js';
import * as service from './service.js';

/** A family books a few activities; a script that books hundreds is stopped (per address). */
export const BOOKING_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' };

/** The CSV export writes up to 10,000 bookings at once: 30 a minute per address is plenty for a person. */
export const EXPORT_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

export const bookingRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.post(
      '/bookings',
      {
        config: { access: 'public', rateLimit: BOOKING_RATE_LIMIT },
        schema: {
          tags: ['bookings'],
          summary: 'Book an activity (guests and logged-in people)',
          description:
            'Only for a public activity that takes bookings, for today (Europe/Paris) or later. The server computes `totalAmount` (price x people, 0 without a price) and ignores the one sent. With an `Idempotency-Key` header, repeating the same request answers the first booking (header `Idempotent-Replayed: true`) instead of making a second. The guest gets a mail with a cancel link; the provider a mail too. An address nobody proved (not the logged-in booker’s verified one) gets 20 booking requests in 24 hours at most: the next is refused with 429 `BOOKING_EMAIL_LIMIT`, and nothing is written.',
          headers: z.object({ 'idempotency-key': idempotencyKeyHeader.optional() }),
          body: createBookingBody,
          response: { 201: bookingSchema, ...errors, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { booking, replayed } = await service.createBooking(
          deps,
          request.user,
          request.body,
          request.headers['idempotency-key'],
        );
        if (replayed) reply.header('Idempotent-Replayed', 'true');
        return reply.status(201).send(booking);
      },
    );

    app.get(
      '/bookings/mine',
      {
        config: { access: 'user' },
        schema: {
          tags: ['bookings'],
          summary: "The logged-in person's bookings",
          description: 'Made while logged in, or with the account’s verified e-mail address. Newest dates first.',
          response: { 200: z.array(bookingSchema), 401: apiErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return service.listMyBookings(db, request.user as NonNullable<typeof request.user>);
      },
    );

    app.get(
      '/bookings/:id',
      {
        config: { access: 'public' },
        schema: {
          tags: ['bookings'],
          summary: 'One booking, for its guest',
          description: 'With the token of the link in the booking mail, or as the logged-in booker.',
          params: bookingIdParams,
          querystring: z.strictObject({ token: z.string().max(200).optional() }),
          response: { 200: bookingSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return service.getGuestBooking(deps, request.params.id, request.user, request.query.token);
      },
    );

    app.post(
      '/bookings/:id/cancel',
      {
        config: { access: 'public', rateLimit: BOOKING_RATE_LIMIT },
        schema: {
          tags: ['bookings'],
          summary: 'Cancel a pending or confirmed booking (the guest)',
          description:
            'With `{ "token" }` from the link in the booking mail, or as the logged-in booker. The guest and the provider get a mail.',
          params: bookingIdParams,
          body: cancelBookingBody,
          response: { 200: bookingSchema, ...errors, 429: apiErrorSchema },
        },
      },
      async (request) => service.cancelBooking(deps, request.params.id, request.user, request.body?.token),
    );

    app.get(
      '/provider/bookings',
      {
        config: { access: 'approvedProvider' },
        schema: {
          tags: ['provider'],
          summary: 'Bookings of the activities the provider runs (an admin: all)',
          description:
            'Filter by `status` and by booking date (`from`, `to`, inclusive). Pages with `limit`/`offset`; the total is in `X-Total-Count` and the next page in `Link`.',
          querystring: providerBookingsQuery,
          response: { 200: z.array(bookingSchema), 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const page = await service.listProviderBookings(db, principalOfRequest(request), request.query);
        return sendPage(request, reply, page);
      },
    );

    app.get(
      '/provider/bookings.csv',
      {
        config: { access: 'approvedProvider', rateLimit: EXPORT_RATE_LIMIT },
        schema: {
          tags: ['provider'],
          summary: 'The same bookings as CSV (all pages, at most 10,000)',
          querystring: providerBookingsExportQuery,
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
          'discoverlocal-bookings.csv',
          await service.providerBookingsCsv(db, principalOfRequest(request), request.query),
        );
      },
    );

    app.post(
      '/provider/bookings/:id/confirm',
      {
        config: { access: 'approvedProvider' },
        schema: {
          tags: ['provider'],
          summary: 'Confirm a pending booking',
          description: 'The guest gets a mail with a calendar file. Another provider’s booking is a 404.',
          params: bookingIdParams,
          response: { 200: bookingSchema, ...errors },
        },
      },
      async (request) => service.confirmBooking(deps, principalOfRequest(request), request.params.id),
    );

    app.post(
      '/provider/bookings/:id/decline',
      {
        config: { access: 'approvedProvider' },
        schema: {
          tags: ['provider'],
          summary: 'Decline a pending booking, with an optional message for the guest',
          params: bookingIdParams,
          body: declineBody,
          response: { 200: bookingSchema, ...errors },
        },
      },
      async (request) =>
        service.declineBooking(deps, principalOfRequest(request), request.params.id, request.body?.message ?? null),
    );

    app.post(
      '/provider/bookings/:id/cancel',
      {
        config: { access: 'approvedProvider' },
        schema: {
          tags: ['provider'],
          summary: 'Cancel a booking (pending or confirmed), with an optional message for the guest',
          description:
            'For a booking the activity can no longer take: its availability changed (the bookings `PUT /api/provider/activities/:id/availability` lists as `outside`), or the day cannot go ahead. The guest gets a mail. Another provider’s booking is a 404; an admin cancels any.',
          params: bookingIdParams,
          body: declineBody,
          response: { 200: bookingSchema, ...errors },
        },
      },
      async (request) =>
        service.cancelForGuest(deps, principalOfRequest(request), request.params.id, request.body?.message ?? null),
    );

    // The admins' inbox (docs/product.md#bookings-inbox): every booking, and those nobody else answers.
    app.get(
      '/admin/bookings',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Every booking, filtered; each says who answers it',
          description:
            'Filter by `status`, booking date (`from`, `to`, inclusive), `activityId` and `provider` (a provider id, or `none`: the activities without a provider, which the team answers). The nearest dates first. Pages with `limit`/`offset`; the total is in `X-Total-Count` and the next page in `Link`.',
          querystring: adminBookingsQuery,
          response: {
            200: z.array(adminBookingSchema),
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return sendPage(request, reply, await service.listAdminBookings(db, request.query));
      },
    );

    app.get(
      '/admin/bookings.csv',
      {
        config: { access: 'admin', rateLimit: EXPORT_RATE_LIMIT },
        schema: {
          tags: ['admin'],
          summary: 'The same bookings as CSV (all pages, at most 10,000), with who answers each',
          querystring: adminBookingsExportQuery,
          response: {
            200: z.string().describe('text/csv'),
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) =>
        sendCsv(reply, 'discoverlocal-all-bookings.csv', await service.adminBookingsCsv(db, request.query)),
    );

    app.post(
      '/admin/bookings/:id/confirm',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Confirm a pending booking (as its provider would)',
          description:
            'Any booking, above all those of activities without a provider. The same rules and mails as `POST /api/provider/bookings/:id/confirm`; the guest’s mail says the team confirmed.',
          params: bookingIdParams,
          response: { 200: bookingSchema, ...errors },
        },
      },
      async (request) => service.confirmBooking(deps, principalOfRequest(request), request.params.id),
    );

    app.post(
      '/admin/bookings/:id/decline',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Decline a pending booking, with an optional message for the guest (as its provider would)',
          description:
            'The same rules and mails as `POST /api/provider/bookings/:id/decline`; the message comes from the team.',
          params: bookingIdParams,
          body: declineBody,
          response: { 200: bookingSchema, ...errors },
        },
      },
      async (request) =>
        service.declineBooking(deps, principalOfRequest(request), request.params.id, request.body?.message ?? null),
    );
  };
