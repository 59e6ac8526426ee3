import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityIdParams } from '../../../domain/activity-schemas.js';
import {
  availabilityAnswerSchema,
  availabilityChangeSchema,
  availabilityQuery,
  availabilitySettingsBody,
  availabilitySettingsSchema,
  closureBody,
  providerDayParams,
  providerDaySchema,
} from '../../../domain/availability-schemas.js';
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
};

/** When an activity can be booked and how many places are left (docs/availability.md). */
export const availabilityRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.get(
      '/activities/:id/availability',
      {
        config: { access: 'public' },
        schema: {
          tags: ['bookings'],
          summary: 'The bookable days and slots of an activity, with places left',
          description:
            'From `from` to `to` (YYYY-MM-DD, both included, at most 92 days). Each day says whether it is bookable (`open`) and its starts still bookable: a slot’s start time, or one start `null` for an activity booked by the day, each with `placesLeft` (null: no limit; 0: full). Days before today (Europe/Paris), closed days and starts past the lead time are not offered. Only for a public activity that takes bookings.',
          params: activityIdParams,
          querystring: availabilityQuery,
          response: { 200: availabilityAnswerSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        // Places change with every booking: a browser asks again each time.
        reply.header('Cache-Control', 'no-cache');
        return service.getAvailability(deps, request.params.id, request.query);
      },
    );

    app.get(
      '/provider/activities/:id/availability',
      {
        config: { access: 'provider' },
        schema: {
          tags: ['provider'],
          summary: 'The availability settings of one of the provider’s activities (an admin: any)',
          params: activityIdParams,
          response: { 200: availabilitySettingsSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return service.getSettings(db, principalOfRequest(request), request.params.id);
      },
    );

    app.put(
      '/provider/activities/:id/availability',
      {
        config: { access: 'provider' },
        schema: {
          tags: ['provider'],
          summary: 'Replace the availability settings (they apply at once, without approval)',
          description:
            'Periods (`[]`: bookable when the activity is open, by its weekly hours or its edition), closed dates, slots (`[]`: by the day) with their duration, places per day or slot (`null`: no limit), confirmation (`manual` or `instant`), lead time and the guest’s cancellation limit in hours. Bookings already made stay: those to come that the new settings no longer offer are listed in `outside`, for the provider to cancel (`POST /api/provider/bookings/:id/cancel`) or keep.',
          params: activityIdParams,
          body: availabilitySettingsBody,
          response: { 200: availabilityChangeSchema, ...errors },
        },
      },
      async (request) => service.putSettings(deps, principalOfRequest(request), request.params.id, request.body),
    );

    app.post(
      '/provider/activities/:id/closures',
      {
        config: { access: 'provider' },
        schema: {
          tags: ['provider'],
          summary: 'Close a day or one slot of it (or open it again)',
          description:
            '`{ date, slot, closed }`: `slot` null for the whole day; `closed: false` opens it again. Bookings already made stay.',
          params: activityIdParams,
          body: closureBody.extend({ closed: z.boolean({ error: 'must be true or false' }).default(true) }),
          response: { 200: availabilitySettingsSchema, ...errors },
        },
      },
      async (request) => {
        const { closed, ...closure } = request.body;
        return service.setClosed(deps, principalOfRequest(request), request.params.id, closure, closed);
      },
    );

    app.get(
      '/provider/activities/:id/days/:date',
      {
        config: { access: 'provider' },
        schema: {
          tags: ['provider'],
          summary: 'One day of an activity: places taken and left per slot, and its bookings',
          params: providerDayParams,
          response: { 200: providerDaySchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return service.providerDay(deps, principalOfRequest(request), request.params.id, request.params.date);
      },
    );
  };
