import { LayoutGrid, List, Loader2, SearchX } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CategoryFilter } from '../../../domain/activities';
import { Button } from '../../components/ui/button';
import { useActivities, useDaySuggestion } from '../../features/activities/api/get-activities';
import { WeatherLines } from '../../features/activities/components/weather-lines';
import { ActivityCard } from '../../features/activities/components/activity-card';
import { ActivityListItem } from '../../features/activities/components/activity-list-item';
import { CategoryBar } from '../../features/activities/components/category-bar';
import { FilterButton } from '../../features/activities/components/filter-button';
import { WhenFilter } from '../../features/activities/components/when-filter';
import {
  type Filters,
  type OverviewState,
  readOverviewState,
  overviewWeatherDays,
  toActivitiesQuery,
  type ViewMode,
  writeOverviewState,
} from '../../features/activities/filters';
import { FavouriteButton } from '../../features/favourites/favourite-button';
import { useOriginQuery } from '../../features/location/location-provider';
import { useApprovedTags } from '../../features/tags/api/get-tags';
import { useTagLabel } from '../../features/tags/use-tag-label';
import { useLanguage } from '../../i18n/use-language';
import { cn } from '../../lib/cn';
import { useSearchParams } from '../../lib/navigation';
import { useMediaQuery } from '../../lib/use-media-query';
import { ResultsError } from './results-error';
import { ActivityCardSkeleton } from '../../features/activities/components/activity-card-skeleton';

// Leaflet loads only for the side map on large screens, after the results: not part of the first load.
const ActivityMap = lazy(() => import('../../features/map/components/activity-map'));

const SKELETON_COUNT = 6;

/** The overview's results while they load: cards' footprints, announced as busy. */
export function ResultsSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label} className="grid gap-6 sm:grid-cols-2 2xl:grid-cols-3">
      {Array.from({ length: SKELETON_COUNT }, (_, i) => (
        <ActivityCardSkeleton key={i} />
      ))}
    </div>
  );
}

/*
 * Cards out of view are not laid out or painted until they come near it (`content-visibility`), with
 * a height kept for them: the first paint of a page of 12 costs the few on screen. The end of the list,
 * a screen's height of it (three rows of cards, twelve rows of the list), is always drawn: a jump to
 * "Meer laden" finds drawn cards above it, and the button does not move under the pointer while the
 * others are drawn (docs/rendering.md#first-paint). The counts follow the lists' columns below
 * (cards: 1, `sm:` 2, `2xl:` 3; list rows: 1, `2xl:` 2): a change of columns changes them too.
 */
const OFFSCREEN_CARD =
  '[content-visibility:auto] [contain-intrinsic-height:auto_30rem] [&:nth-last-child(-n+3)]:[content-visibility:visible] ' +
  'sm:[&:nth-last-child(-n+6)]:[content-visibility:visible] 2xl:[&:nth-last-child(-n+9)]:[content-visibility:visible]';
const OFFSCREEN_ROW =
  '[content-visibility:auto] [contain-intrinsic-height:auto_8rem] [&:nth-last-child(-n+12)]:[content-visibility:visible] ' +
  '2xl:[&:nth-last-child(-n+24)]:[content-visibility:visible]';

/**
 * The overview below its hero: the categories, the count, the view and the filters, the results and
 * the side map. A chunk of its own, which a rendered overview hydrates after the rest
 * (docs/rendering.md#results-later).
 */
export function OverviewResults() {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readOverviewState(params), [params]);
  const tagLabel = useTagLabel();
  const tags = useApprovedTags();

  const origin = useOriginQuery();
  // The chosen day's forecast (today's when none is chosen) orders the list (docs/when.md#weather-suggestions),
  // as in the rendered page.
  const weatherDays = overviewWeatherDays(state.when);
  const query = useMemo(
    () => ({ ...toActivitiesQuery(state), weatherDay: weatherDays.list, ...origin, lng: language }),
    [state, weatherDays.list, origin, language],
  );
  const wide = useMediaQuery('(min-width: 1024px)');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selectOnMap = (id: number | null) => {
    setSelectedId(id);
    if (id !== null)
      document.getElementById(`activity-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  };
  const activities = useActivities(query);
  // The side map's filters: the list's, in any order and from anywhere (docs/api.md#the-map).
  const mapFilters = { ...toActivitiesQuery(state), sort: undefined, lng: language };
  const items = activities.data?.pages.flatMap((page) => page.items) ?? [];
  const total = activities.data?.pages[0]?.total ?? 0;
  const matches = activities.data?.pages[0]?.matches;
  const weatherLines = [
    { day: weatherDays.list, suggestion: activities.data?.pages[0]?.suggestion ?? null, first: true },
    {
      day: weatherDays.other,
      suggestion: useDaySuggestion(query, weatherDays.other, activities.isSuccess).data ?? null,
      first: false,
    },
  ];

  const update = (patch: Partial<OverviewState>) => setParams(writeOverviewState({ ...state, ...patch }));
  const hrefFor = (category: CategoryFilter) => `/?${writeOverviewState({ ...state, category }).toString()}`;

  return (
    <div data-results className="mx-auto max-w-7xl px-4">
      <CategoryBar selected={state.category} hrefFor={hrefFor} />
      <WhenFilter when={state.when} openNow={state.openNow} onChange={(next) => update(next)} />

      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-2 py-2 sm:gap-3 sm:py-4">
        <h2 className="text-lg font-semibold text-ink-900 sm:text-xl" aria-live="polite">
          {activities.isPending ? t('results.loading') : t('results.count', { count: total })}
        </h2>
        {/* With the when filter, those with no structured times follow the matches (docs/when.md#in-the-guide). */}
        {!activities.isPending && matches !== undefined && matches < total ? (
          <p className="w-full text-sm text-ink-600 sm:order-last">
            {t('when.matches', { count: matches, unknown: total - matches })}
          </p>
        ) : null}
        <div className="flex items-center gap-2">
          <div
            role="group"
            aria-label={t('view.label')}
            className="flex rounded-full bg-white p-1 ring-1 ring-sand-300"
          >
            {(['grid', 'list'] as ViewMode[]).map((view) => {
              const Icon = view === 'grid' ? LayoutGrid : List;
              return (
                <button
                  key={view}
                  type="button"
                  aria-pressed={state.view === view}
                  aria-label={t(`view.${view}`)}
                  onClick={() => update({ view })}
                  className={cn(
                    'inline-flex h-9 w-9 items-center justify-center rounded-full transition-colors',
                    state.view === view ? 'bg-ink-900 text-white' : 'text-ink-600 hover:bg-sand-100',
                  )}
                >
                  <Icon aria-hidden className="h-4 w-4" />
                </button>
              );
            })}
          </div>
          <FilterButton
            filters={state.filters}
            onApply={(filters: Filters) => update({ filters })}
            tagNames={tags.data?.map((tag) => tag.name) ?? []}
            tagLabel={tagLabel}
          />
        </div>
      </div>

      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-8 xl:grid-cols-[minmax(0,1fr)_440px]">
        <div className="min-w-0">
          {/* Above the results from the small breakpoint up; on a phone under the page of results, so
              that the first card's picture still shows on the first screen (docs/when.md#weather-suggestions). */}
          <WeatherLines className="mb-3 hidden sm:block" lines={weatherLines} />
          {activities.isPending ? (
            <ResultsSkeleton label={t('results.loading')} />
          ) : activities.isError ? (
            <ResultsError onRetry={() => void activities.refetch()} />
          ) : items.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-3xl bg-white p-10 text-center ring-1 ring-sand-200">
              <SearchX aria-hidden className="h-10 w-10 text-ink-500" />
              <p className="text-lg font-semibold text-ink-900">{t('results.empty')}</p>
              {state.search ? <p className="text-ink-600">{t('results.emptyFor', { search: state.search })}</p> : null}
              <Button variant="secondary" onClick={() => setParams(new URLSearchParams())}>
                {t('results.clear')}
              </Button>
            </div>
          ) : (
            <>
              {state.view === 'grid' ? (
                <ul className="grid gap-6 sm:grid-cols-2 2xl:grid-cols-3">
                  {items.map((activity, index) => (
                    <li key={activity.id} id={`activity-${activity.id}`} className={`scroll-mt-40 ${OFFSCREEN_CARD}`}>
                      <ActivityCard
                        activity={activity}
                        priority={index < 3}
                        highlighted={activity.id === selectedId}
                        favouriteButton={<FavouriteButton activityId={activity.id} activityName={activity.name} />}
                      />
                    </li>
                  ))}
                </ul>
              ) : (
                <ul className="grid gap-3 2xl:grid-cols-2">
                  {items.map((activity) => (
                    <li key={activity.id} id={`activity-${activity.id}`} className={`scroll-mt-40 ${OFFSCREEN_ROW}`}>
                      <ActivityListItem
                        activity={activity}
                        favouriteButton={<FavouriteButton activityId={activity.id} activityName={activity.name} />}
                      />
                    </li>
                  ))}
                </ul>
              )}
              <WeatherLines className="mt-6 sm:hidden" lines={weatherLines} />
              <div className="flex flex-col items-center gap-2 py-10">
                <p className="text-sm text-ink-600">{t('results.shown', { shown: items.length, total })}</p>
                {activities.hasNextPage ? (
                  <Button
                    variant="secondary"
                    size="lg"
                    disabled={activities.isFetchingNextPage}
                    onClick={() => void activities.fetchNextPage()}
                  >
                    {activities.isFetchingNextPage ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
                    {activities.isFetchingNextPage ? t('results.loadingMore') : t('results.loadMore')}
                  </Button>
                ) : null}
              </div>
            </>
          )}
        </div>
        {wide ? (
          <aside aria-label={t('map.sideLabel')} className="hidden lg:block">
            <div className="sticky top-36">
              <Suspense fallback={<div className="h-[calc(100dvh-11rem)] rounded-3xl bg-sand-100" />}>
                {/* Every match, not only the pages loaded: the server clusters them (docs/api.md#the-map). */}
                <ActivityMap
                  variant="side"
                  filters={mapFilters}
                  selectedId={selectedId}
                  onSelect={selectOnMap}
                  fitToMarkers
                  className="h-[calc(100dvh-11rem)]"
                />
              </Suspense>
            </div>
          </aside>
        ) : null}
      </div>
    </div>
  );
}
