import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATEGORIES, type Category } from '../../../domain/activities.js';
import { languageParam } from '../../../domain/activity-schemas.js';
import type { Agenda } from '../../../domain/agenda.js';
import { todayInParis } from '../../../domain/dates.js';
import { LIMOUX } from '../../../domain/geo.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../domain/languages.js';
import { PAGE_TITLES, SITE_NAME } from '../../../domain/pages.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { apiErrorSchema } from '../../plugins/openapi.js';
import { LIST_CACHE_CONTROL } from '../catalog/answers.js';
import { calendarFile } from './calendar.js';
import { atomFeed } from './feed.js';
import { agendaCalendar, agendaOf, calendarEventsOf, placeOf } from './service.js';

const categoryParam = z.enum(CATEGORIES, { error: `must be one of ${CATEGORIES.join(', ')}` });

const interval = z.object({ opens: z.string(), closes: z.string() });
const agendaSchema = z.object({
  from: z.string(),
  to: z.string(),
  category: categoryParam.nullable(),
  days: z.array(
    z.object({
      day: z.string(),
      entries: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          category: categoryParam,
          city: z.string(),
          kind: z.enum(['event', 'market']),
          times: z.array(interval),
          edition: z.object({ start: z.string(), end: z.string() }).nullable(),
        }),
      ),
    }),
  ),
});

/** Answers kept per snapshot of the read model, day, category and language: a few dozen at most. */
function keptPerSnapshot<T>(deps: Pick<Deps, 'catalog'>, make: (key: string) => T) {
  let version = -1;
  const kept = new Map<string, T>();
  return (key: string): T => {
    if (deps.catalog.version !== version) {
      version = deps.catalog.version;
      kept.clear();
    }
    let value = kept.get(key);
    if (value === undefined) {
      value = make(key);
      if (kept.size >= 256) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}

/** The agenda as the page reads it (docs/when.md#the-agenda-and-the-calendar-feeds), from the read model. */
export const agendaRoutes =
  (deps: Pick<Deps, 'catalog' | 'answers' | 'clock'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/agenda',
      {
        config: { access: 'public' },
        onRequest: deps.answers.onRequest,
        schema: {
          tags: ['activities'],
          summary: 'The agenda: events and market days for the next 30 days',
          description:
            'Day by day from today in Limoux (Europe/Paris), only the days with something on: events on the days of their edition, markets on the days their weekly hours hold, with the times of that day. `category` keeps one category; names in `lng`.',
          querystring: z.strictObject({ category: categoryParam.optional(), lng: languageParam.optional() }),
          response: { 200: agendaSchema, 400: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const now = deps.clock.now();
        const agenda = agendaFor(
          deps,
          todayInParis(now),
          request.query.category ?? null,
          request.query.lng ?? DEFAULT_LANGUAGE,
        );
        // Kept per URL until the read model changes, and for this minute only: the agenda starts today.
        return deps.answers.send(request, reply, agenda, LIST_CACHE_CONTROL, { at: now });
      },
    );
  };

const agendas = new WeakMap<object, Map<string, Agenda>>();

/** The agenda of `today`, kept per snapshot of the read model (the page's head and the API share it). */
export function agendaFor(
  deps: Pick<Deps, 'catalog'>,
  today: string,
  category: Category | null,
  language: Language,
): Agenda {
  const model = deps.catalog.current;
  let kept = agendas.get(model);
  if (!kept) agendas.set(model, (kept = new Map()));
  const key = `${today}|${category ?? ''}|${language}`;
  let agenda = kept.get(key);
  if (!agenda) {
    agenda = agendaOf(model, today, category, language);
    if (kept.size >= 256) kept.clear();
    kept.set(key, agenda);
  }
  return agenda;
}

const feedQuery = z.object({ category: categoryParam.optional(), lng: languageParam.optional() });

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
/** Calendar programs look again every few hours; a cache in between may keep a feed for ten minutes. */
const FEED_CACHE_CONTROL = 'public, max-age=600';

/**
 * The calendar feeds and the news feed (docs/when.md#the-agenda-and-the-calendar-feeds): /agenda.ics
 * (all, or `?category=`), /activity/:id.ics (one activity's edition or market days) and /feed.atom.
 */
export const feedRoutes =
  (deps: Pick<Deps, 'catalog' | 'config' | 'clock'>): FastifyPluginAsyncZod =>
  async (app) => {
    const publicUrl = deps.config.auth.publicUrl;
    const agendaIcs = keptPerSnapshot(deps, (key) => {
      const [, category, language] = key.split('|') as [string, string, Language];
      const now = deps.clock.now();
      const name = `${PAGE_TITLES[language].agenda} · ${SITE_NAME}`;
      return calendarFile(
        name,
        agendaCalendar(deps.catalog.current, now, (category || null) as Category | null, language, publicUrl),
        now,
      );
    });
    const atom = keptPerSnapshot(deps, (key) => {
      const [today, language] = key.split('|') as [string, Language];
      return atomFeed(deps.catalog.current, today, language, publicUrl);
    });

    app.get(
      '/agenda.ics',
      { config: { access: 'public' }, schema: { hide: true, querystring: feedQuery } },
      async (request, reply) => {
        const today = todayInParis(deps.clock.now());
        const language = request.query.lng ?? DEFAULT_LANGUAGE;
        const body = agendaIcs(`${today}|${request.query.category ?? ''}|${language}`);
        return reply
          .type(CALENDAR_TYPE)
          .header('Cache-Control', FEED_CACHE_CONTROL)
          .header('Content-Disposition', 'inline; filename="agenda.ics"')
          .send(body);
      },
    );

    app.get(
      '/activity/:id(^\\d{1,9}).ics',
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          params: z.object({ id: z.coerce.number().int().positive() }),
          querystring: z.object({ lng: languageParam.optional() }),
        },
      },
      async (request, reply) => {
        const model = deps.catalog.current;
        const language = request.query.lng ?? DEFAULT_LANGUAGE;
        const activity = model.get(request.params.id, LIMOUX, language);
        const row = model.row(request.params.id);
        if (!activity || !row) throw new AppError('ACTIVITY_NOT_FOUND', 'No such public activity');
        const now = deps.clock.now();
        const events = calendarEventsOf(row, activity.name, placeOf(activity), todayInParis(now), publicUrl);
        if (events.length === 0)
          throw new AppError('NOT_FOUND', 'This activity has no edition to come and no market days');
        return reply
          .type(CALENDAR_TYPE)
          .header('Cache-Control', FEED_CACHE_CONTROL)
          .header('Content-Disposition', `attachment; filename="activity-${row.id}.ics"`)
          .send(calendarFile(`${activity.name} · ${SITE_NAME}`, events, now));
      },
    );

    app.get(
      '/feed.atom',
      {
        config: { access: 'public' },
        schema: { hide: true, querystring: z.object({ lng: languageParam.optional() }) },
      },
      async (request, reply) => {
        const today = todayInParis(deps.clock.now());
        return reply
          .type('application/atom+xml; charset=utf-8')
          .header('Cache-Control', FEED_CACHE_CONTROL)
          .send(atom(`${today}|${request.query.lng ?? DEFAULT_LANGUAGE}`));
      },
    );
  };
