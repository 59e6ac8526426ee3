import { AlertCircle, LayoutGrid, List, Loader2, MapPin, SearchX } from 'lucide-react';
import { lazy, memo, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/navigation';
import type { CategoryFilter } from '../../../domain/activities';
import { Button } from '../../components/ui/button';
import { useActivities, useAllActivities } from '../../features/activities/api/get-activities';
import { ActivityCardSkeleton } from '../../features/activities/components/activity-card-skeleton';
import type { ActivityResultsProps } from '../../features/activities/components/activity-results';
import { CategoryBar } from '../../features/activities/components/category-bar';
import { FilterButton } from '../../features/activities/components/filter-button';
import {
  type Filters,
  type OverviewState,
  readOverviewState,
  toActivitiesQuery,
  type ViewMode,
  writeOverviewState,
} from '../../features/activities/filters';
import { LocationCard } from '../../features/location/components/location-card';
import { useOriginQuery } from '../../features/location/location-provider';
import { SearchBox } from '../../features/search/components/search-box';
import { useApprovedTags } from '../../features/tags/api/get-tags';
import { useLanguage } from '../../i18n/use-language';
import { cn } from '../../lib/cn';
import { useMediaQuery } from '../../lib/use-media-query';
import { useTagLabel } from '../../features/tags/use-tag-label';
import { lazyScreen } from '../lazy-screen';
import { holdPageReady } from '../page-ready';

const SKELETON_COUNT = 6;

// Leaflet loads only for the side map on large screens, after the results: not part of the first load.
const ActivityMap = lazy(() => import('../../features/map/components/activity-map'));

/*
 * The results hydrate after the rest of the page (docs/rendering.md#cards-later): their chunk is not
 * awaited before hydrating. Until it is in, React keeps the server's cards as they are (their links
 * work as plain links) and hydrates them when it comes, in slices. It starts loading with this module,
 * so a screen drawn in the browser rarely waits for it.
 */
const ActivityResults = lazyScreen(() =>
  import('../../features/activities/components/activity-results').then((m) => m.ActivityResults),
);
let resultsShown: () => void = () => undefined;
if (typeof document !== 'undefined') {
  const loading = ActivityResults.preload();
  // A rendered page with cards is ready for clicks once they are hydrated (or their chunk failed).
  if (!document.documentElement.dataset.ready && document.querySelector('[data-results]')) {
    holdPageReady(new Promise<unknown>((resolve) => ((resultsShown = () => resolve(null)), loading.catch(resolve))));
  }
}

/** Mounts with the results: in a rendered page, when React has hydrated them. */
function ResultsShown() {
  useEffect(() => resultsShown(), []);
  return null;
}

function ResultsSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label} className="grid gap-6 sm:grid-cols-2 2xl:grid-cols-3">
      {Array.from({ length: SKELETON_COUNT }, (_, i) => (
        <ActivityCardSkeleton key={i} />
      ))}
    </div>
  );
}

/**
 * The results in a boundary of their own, which React can leave dehydrated. Memoised: a boundary that
 * gets new props before it is hydrated is drawn again from scratch, so the overview's re-renders
 * (the screen size, the side map) must not reach it while nothing it shows has changed.
 */
const LateResults = memo(function LateResults(props: ActivityResultsProps & { loadingLabel: string }) {
  const { loadingLabel, ...results } = props;
  return (
    <Suspense fallback={<ResultsSkeleton label={loadingLabel} />}>
      <ActivityResults {...results} />
      <ResultsShown />
    </Suspense>
  );
});

export function OverviewRoute() {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readOverviewState(params), [params]);
  const tagLabel = useTagLabel();
  const tags = useApprovedTags();

  const origin = useOriginQuery();
  const query = useMemo(() => ({ ...toActivitiesQuery(state), ...origin, lng: language }), [state, origin, language]);
  const wide = useMediaQuery('(min-width: 1024px)');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selectOnMap = (id: number | null) => {
    setSelectedId(id);
    if (id !== null)
      document.getElementById(`activity-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  };
  const activities = useActivities(query);
  const items = useMemo(() => activities.data?.pages.flatMap((page) => page.items) ?? [], [activities.data]);
  // The side map shows every match, not only the pages loaded, so map and list tell the same story.
  const allMatches = useAllActivities(query, { enabled: wide });
  const total = activities.data?.pages[0]?.total ?? 0;

  const update = (patch: Partial<OverviewState>) => setParams(writeOverviewState({ ...state, ...patch }));
  const hrefFor = (category: CategoryFilter) => `/?${writeOverviewState({ ...state, category }).toString()}`;

  return (
    <div>
      <section className="relative bg-gradient-to-b from-terracotta-50 via-sand-50 to-sand-50">
        <div className="mx-auto max-w-7xl px-4 pb-10 pt-10 md:pb-14 md:pt-16">
          <div className="max-w-3xl">
            <p className="mb-3 inline-flex items-center gap-1.5 rounded-full bg-white/80 px-3 py-1 text-sm font-medium text-terracotta-700 ring-1 ring-terracotta-100">
              <MapPin aria-hidden className="h-4 w-4" />
              {t('hero.place')}
            </p>
            <h1 className="font-display text-4xl font-semibold leading-tight tracking-tight text-ink-900 md:text-5xl">
              {t('hero.title')}
            </h1>
            <p className="mt-4 text-lg text-ink-600">{t('hero.subtitle')}</p>
          </div>
          <div className="mt-6 max-w-2xl">
            <LocationCard />
          </div>
          <div className="mt-4 max-w-2xl">
            <SearchBox
              value={state.search}
              onSearch={(search) => update({ search })}
              onSelectActivity={(id) => void navigate(`/activity/${id}`)}
            />
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4">
        <CategoryBar selected={state.category} hrefFor={hrefFor} />

        <div className="flex flex-wrap items-center justify-between gap-3 py-4">
          <h2 className="text-xl font-semibold text-ink-900" aria-live="polite">
            {activities.isPending ? t('results.loading') : t('results.count', { count: total })}
          </h2>
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
            {activities.isPending ? (
              <ResultsSkeleton label={t('results.loading')} />
            ) : activities.isError ? (
              <div
                role="alert"
                className="flex flex-col items-center gap-3 rounded-3xl bg-white p-10 text-center ring-1 ring-sand-200"
              >
                <AlertCircle aria-hidden className="h-10 w-10 text-red-700" />
                <p className="font-semibold text-ink-900">{t('results.error')}</p>
                <Button variant="secondary" onClick={() => void activities.refetch()}>
                  {t('results.retry')}
                </Button>
              </div>
            ) : items.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-3xl bg-white p-10 text-center ring-1 ring-sand-200">
                <SearchX aria-hidden className="h-10 w-10 text-ink-500" />
                <p className="text-lg font-semibold text-ink-900">{t('results.empty')}</p>
                {state.search ? (
                  <p className="text-ink-600">{t('results.emptyFor', { search: state.search })}</p>
                ) : null}
                <Button variant="secondary" onClick={() => setParams(new URLSearchParams())}>
                  {t('results.clear')}
                </Button>
              </div>
            ) : (
              <>
                <LateResults
                  items={items}
                  view={state.view}
                  selectedId={selectedId}
                  loadingLabel={t('results.loading')}
                />
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
                {allMatches.isPending ? null : (
                  <Suspense fallback={<div className="h-[calc(100dvh-11rem)] rounded-3xl bg-sand-100" />}>
                    <ActivityMap
                      variant="side"
                      activities={allMatches.data ?? []}
                      selectedId={selectedId}
                      onSelect={selectOnMap}
                      fitToMarkers
                      className="h-[calc(100dvh-11rem)]"
                    />
                  </Suspense>
                )}
              </div>
            </aside>
          ) : null}
        </div>
      </div>
    </div>
  );
}
