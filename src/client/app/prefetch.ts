import type { QueryClient } from '@tanstack/react-query';
import { clientConfigQueryOptions } from '../lib/client-config';
import type { Language } from '../../domain/languages';
import { activityQueryOptions } from '../features/activities/api/get-activity';
import { activitiesQueryOptions, daySuggestionQueryOptions } from '../features/activities/api/get-activities';
import { mapListQueryOptions } from '../features/activities/api/get-map-list';
import { statsQueryOptions } from '../features/activities/api/get-stats';
import { overviewWeatherDays, readOverviewState, toActivitiesQuery } from '../features/activities/filters';
import { activityReviewsQueryOptions } from '../features/reviews/api/get-reviews';
import { approvedTagsQueryOptions } from '../features/tags/api/get-tags';
import { agendaQueryOptions } from '../features/agenda/api/get-agenda';
import { agendaCategoryOf } from '../../domain/agenda';

/**
 * The reads a public page shows, asked before the server renders it (docs/rendering.md#data), with
 * the very query keys its components use: the browser then finds them in its cache and asks nothing.
 * The server measures distances from Limoux, as the page does until it knows the visitor's position.
 * What is personal (the session, favourites) or from outside (weather) is left to the browser.
 */
export async function prefetchPage(queryClient: QueryClient, url: URL, language: Language): Promise<void> {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const reads: Promise<unknown>[] = [];
  if (path === '/') {
    const state = readOverviewState(url.searchParams);
    const days = overviewWeatherDays(state.when);
    const query = { ...toActivitiesQuery(state), weatherDay: days.list, lng: language };
    reads.push(
      queryClient.prefetchInfiniteQuery(activitiesQueryOptions(query)),
      // The other day's weather line, so that the page shows it as the app will (docs/when.md#weather-suggestions).
      queryClient.prefetchQuery(daySuggestionQueryOptions(query, days.other)),
      queryClient.prefetchQuery(approvedTagsQueryOptions()),
    );
  } else if (path === '/kaart') {
    const { category, when, openNow } = readOverviewState(url.searchParams);
    const query = {
      category: category === 'alle' ? undefined : category,
      when: when ?? undefined,
      openNow: openNow ? true : undefined,
      lng: language,
    };
    // The list's first page (100 at most) and the counts; the map asks for its own view's clusters
    // once it runs in the browser (docs/api.md#the-map).
    reads.push(
      queryClient.prefetchInfiniteQuery(mapListQueryOptions(query)),
      queryClient.prefetchQuery(statsQueryOptions()),
    );
  } else if (path === '/agenda') {
    const category = agendaCategoryOf(url.searchParams.get('category'));
    reads.push(queryClient.prefetchQuery(agendaQueryOptions({ ...(category ? { category } : {}), lng: language })));
  } else {
    const activity = /^\/activity\/(\d{1,9})$/.exec(path);
    const id = Number(activity?.[1]);
    if (activity && id > 0) {
      reads.push(
        queryClient.prefetchQuery(activityQueryOptions(id, { lng: language })),
        queryClient.prefetchInfiniteQuery(activityReviewsQueryOptions(id)),
      );
    }
  }
  // The server's configuration for the client (a few hundred bytes): the map's preview needs its tile
  // address (docs/rendering.md#map-preview), and the footer, drawn once the page is idle, then
  // renders once instead of again when the answer comes, in a task of its own. The privacy page
  // reads nothing else: it names the operator and the contact from it.
  if (reads.length > 0 || path === '/privacy') reads.push(queryClient.prefetchQuery(clientConfigQueryOptions()));
  await Promise.all(reads);
}
