import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityIdParams,
  activityListQuery,
  activityListSchema,
  activityDetailSchema,
  positionQuery,
  statsSchema,
} from '../../../domain/activity-schemas.js';
import type { Deps } from '../../deps.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { sendPage } from '../../plugins/paging.js';
import { ITEM_CACHE_CONTROL, LIST_CACHE_CONTROL } from '../catalog/answers.js';
import { suggestionFor } from '../weather/suggestion.js';
import * as service from './service.js';

const WEATHER_LIST_CACHE_CONTROL = 'public, max-age=60';

/** Public reads come from the read model, their answers kept ready (docs/read-model.md). */
export const activityRoutes =
  ({
    catalog,
    answers,
    weather,
    config,
    clock,
  }: Pick<Deps, 'catalog' | 'answers' | 'weather' | 'config' | 'clock'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/activities',
      {
        config: { access: 'public' },
        schema: {
          tags: ['activities'],
          summary: 'List public activities',
          description:
            "Active, approved activities, localized with `lng`. Pages with `limit`/`offset`; the total is in `X-Total-Count` and the next page in `Link`. `bookable` and `sponsored` filter both ways (true: only, false: none). `search` matches names, tags, category names, descriptions and places in every language (start of words, one typo in words of 5+ letters, synonyms); in the default order the best matches come first (docs/search.md). `when` (today, tomorrow, weekend or YYYY-MM-DD) and `openNow` keep what is open then, on Limoux's clock (Europe/Paris): the matches first, then the activities with no structured times (`whenMatch: check-times`); closed ones are left out; `X-When-Matches` counts the matches. Every activity carries its `status` at the moment of the request (docs/when.md).",
          querystring: activityListQuery,
          response: {
            200: activityListSchema,
            400: apiErrorSchema,
          },
        },
        onRequest: answers.onRequest,
      },
      async (request, reply) => {
        // Statuses and the when filter are of this minute: the answer is kept for it only (docs/when.md).
        const now = clock.now();
        const { weatherDay, ...query } = request.query;
        // With weatherDay the order follows that day's forecast (docs/when.md#weather-suggestions): the
        // answer is kept per URL, day and kind of day, as "today" and the forecast both change.
        const suggestion = weatherDay
          ? await suggestionFor(weather, config.serviceArea.center, weatherDay, now)
          : undefined;
        const key =
          weatherDay === undefined
            ? request.url
            : `${request.url}#${suggestion?.day ?? 'none'}:${suggestion?.kind ?? 'none'}`;
        if (weatherDay !== undefined) {
          const kept = answers.sendKept(request, reply, key);
          if (kept) return kept;
        }
        const page = service.listActivities(catalog, query, now, suggestion?.favour ?? null);
        if (page.matches !== undefined) reply.header('X-When-Matches', String(page.matches));
        if (suggestion?.kind) {
          reply.header('X-Weather-Suggestion', `${suggestion.kind}; day=${suggestion.day}; count=${page.favoured}`);
        }
        // A list in the weather's order lives shorter than others: the forecast changes within the hour.
        const cacheControl = weatherDay === undefined ? LIST_CACHE_CONTROL : WEATHER_LIST_CACHE_CONTROL;
        return answers.send(request, reply, sendPage(request, reply, page), cacheControl, { at: now, key });
      },
    );

    app.get(
      '/activities/:id',
      {
        config: { access: 'public' },
        schema: {
          tags: ['activities'],
          summary: 'One public activity',
          params: activityIdParams,
          querystring: positionQuery,
          response: { 200: activityDetailSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
        onRequest: answers.onRequest,
      },
      async (request, reply) => {
        const now = clock.now();
        return answers.send(
          request,
          reply,
          service.getActivity(catalog, request.params.id, request.query, now),
          // Its status changes within minutes: fresh for one, as a list (docs/read-model.md#http-caching).
          LIST_CACHE_CONTROL,
          { at: now },
        );
      },
    );

    app.get(
      '/stats',
      {
        config: { access: 'public' },
        schema: { tags: ['activities'], summary: 'Public activities per kind', response: { 200: statsSchema } },
        onRequest: answers.onRequest,
      },
      async (request, reply) => answers.send(request, reply, service.getStats(catalog), ITEM_CACHE_CONTROL),
    );
  };
