import { Eye, MapPin, PartyPopper, ShoppingBasket, Trophy } from 'lucide-react';
import { lazy, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/navigation';
import { CATEGORY_COLORS, type CategoryFilter, type Stats } from '../../../domain/activities';
import { LIMOUX, MAP_START_ZOOM, nearestTowns } from '../../../domain/geo';
import { Skeleton } from '../../components/ui/skeleton';
import { useActivity } from '../../features/activities/api/get-activity';
import { useMapList } from '../../features/activities/api/get-map-list';
import { Button } from '../../components/ui/button';
import { useStats } from '../../features/activities/api/get-stats';
import { CategoryBar } from '../../features/activities/components/category-bar';
import { readOverviewState, writeOverviewState } from '../../features/activities/filters';
import { WhenFilter } from '../../features/activities/components/when-filter';
import { useOriginQuery, useVisitorLocation } from '../../features/location/location-provider';
import { TodayWeather } from '../../features/weather/components/today-weather';
import { useLanguage } from '../../i18n/use-language';
import { cn } from '../../lib/cn';
import { formatDistance } from '../../lib/format';
import { BrowserOnly } from '../../components/map/browser-only';
import { MapPreview } from '../../components/map/map-preview';
import { langOf } from '../../lib/text-language';
import { SelectedActivityCard } from '../../features/map/components/selected-activity-card';

const ActivityMap = lazy(() => import('../../features/map/components/activity-map'));

const STAT_ICON: Record<keyof Stats, typeof Eye> = {
  markets: ShoppingBasket,
  events: PartyPopper,
  sports: Trophy,
  viewpoints: Eye,
};

function NearbyStats() {
  const { t } = useTranslation('activities');
  const stats = useStats();
  return (
    <section aria-labelledby="stats-title" className="rounded-3xl bg-white p-6 ring-1 ring-sand-200">
      <h2 id="stats-title" className="text-lg font-semibold text-ink-900">
        {t('stats.title')}
      </h2>
      {stats.isError ? (
        <p className="mt-3 text-sm text-red-800">{t('stats.error')}</p>
      ) : (
        <dl className="mt-4 grid grid-cols-2 gap-3">
          {(Object.keys(STAT_ICON) as (keyof Stats)[]).map((key) => {
            const Icon = STAT_ICON[key];
            return (
              <div key={key} className="rounded-2xl bg-sand-50 p-3">
                <dt className="flex items-center gap-2 text-sm text-ink-600">
                  <Icon aria-hidden className="h-4 w-4 text-terracotta-600" />
                  {t(`stats.${key}`)}
                </dt>
                <dd className="mt-1 text-2xl font-bold text-ink-900">
                  {stats.data ? stats.data[key] : <Skeleton className="h-8 w-10" />}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}

/** /kaart: every activity of the chosen category on a real map, clustered by the server (docs/product.md#maps). */
export function MapRoute() {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const state = readOverviewState(params);
  const { category, when, openNow } = state;
  const origin = useOriginQuery();
  const { position } = useVisitorLocation();
  // The map's filters: the map asks the server for its view's clusters with them (docs/api.md#the-map).
  const filters = useMemo(
    () => ({
      category: category === 'alle' ? undefined : category,
      // The when filter, as on the overview (docs/when.md#in-the-guide).
      when: when ?? undefined,
      openNow: openNow ? true : undefined,
      lng: language,
    }),
    [category, when, openNow, language],
  );
  const query = useMemo(() => ({ ...filters, ...origin }), [filters, origin]);
  // The list under the map, nearest first, 100 at a time; its first page names the towns nearby.
  const list = useMapList(query);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const listed = items.find((activity) => activity.id === selectedId);
  // A marker's activity that the list has not loaded: its card reads it alone.
  const detail = useActivity(listed || selectedId === null ? 0 : selectedId, { ...origin, lng: language });
  const selected = listed ?? (detail.data?.id === selectedId ? detail.data : undefined);
  const towns = useMemo(() => nearestTowns(position ?? LIMOUX, items), [position, items]);
  // The map starts on Limoux (ActivityMap): the server draws those tiles before any script, in a
  // frame of their own that stays while the map's code loads, so they are drawn once.
  const [previewShown, setPreviewShown] = useState(true);
  const hidePreview = useCallback(() => setPreviewShown(false), []);
  // The map keeps the category and the when filter in its address.
  const mapHref = (next: Pick<typeof state, 'category' | 'when' | 'openNow'>) => {
    const search = writeOverviewState({ ...readOverviewState(new URLSearchParams()), ...next }).toString();
    return search ? `/kaart?${search}` : '/kaart';
  };
  const hrefFor = (next: CategoryFilter) => mapHref({ category: next, when, openNow });

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="font-display text-3xl font-semibold text-ink-900 md:text-4xl">{t('map.title')}</h1>
      <p className="mt-2 text-ink-600">{t('map.subtitle')}</p>
      <CategoryBar selected={category} hrefFor={hrefFor} />
      <WhenFilter
        when={when}
        openNow={openNow}
        onChange={(next) => setParams(new URLSearchParams(mapHref({ category, ...next }).split('?')[1] ?? ''))}
        className="pt-1"
      />

      <div className="mt-2 grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <section aria-labelledby="map-card-title" className="min-w-0 space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="map-card-title" className="text-lg font-semibold text-ink-900">
              {t('map.count', { count: total })}
            </h2>
            {towns.length === 2 ? (
              <p className="flex items-center gap-1 text-sm text-ink-600">
                <MapPin aria-hidden className="h-4 w-4 text-terracotta-600" />
                {t('map.nearbyTowns', {
                  first: towns[0]?.city,
                  firstKm: formatDistance(towns[0]?.km ?? 0, language),
                  second: towns[1]?.city,
                  secondKm: formatDistance(towns[1]?.km ?? 0, language),
                })}
              </p>
            ) : null}
          </div>
          {/* The selected marker's card lies over the map's bottom, in the same cell of a grid: sticky, so
              that on a phone it stays above the bottom navigation while the map reaches below it
              (docs/product.md#maps). */}
          <div className="grid">
            {/* Leaflet needs the browser: the server and hydration draw the map's frame (docs/rendering.md). */}
            <div className="relative col-start-1 row-start-1 h-[60vh] min-h-96 overflow-hidden rounded-3xl bg-[#ece6da] ring-1 ring-sand-200">
              {previewShown ? <MapPreview center={LIMOUX} zoom={MAP_START_ZOOM} /> : null}
              <BrowserOnly fallback={null}>
                <ActivityMap
                  variant="full"
                  filters={filters}
                  selectedId={selectedId}
                  selectedAt={selected ?? null}
                  onSelect={setSelectedId}
                  className="h-full"
                  previewed={previewShown}
                  onPreviewDone={hidePreview}
                />
              </BrowserOnly>
            </div>
            {selected ? (
              <SelectedActivityCard
                activity={selected}
                onClose={() => setSelectedId(null)}
                className="sticky bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-10 col-start-1 row-start-1 m-3 self-end sm:w-96 sm:justify-self-end lg:bottom-3"
              />
            ) : null}
          </div>
          <details className="rounded-2xl bg-white p-4 ring-1 ring-sand-200">
            <summary className="cursor-pointer font-medium text-ink-900">{t('map.list')}</summary>
            <ul className="mt-3 grid gap-1 sm:grid-cols-2">
              {items.map((activity) => (
                <li key={activity.id}>
                  <button
                    type="button"
                    aria-pressed={activity.id === selectedId}
                    onClick={() => setSelectedId(activity.id)}
                    className={cn(
                      'flex w-full items-center gap-2 rounded-xl px-3 py-2 text-left text-sm hover:bg-sand-100',
                      activity.id === selectedId && 'bg-sand-100 font-semibold',
                    )}
                  >
                    <span
                      aria-hidden
                      className="h-3 w-3 shrink-0 rounded-full"
                      style={{ background: CATEGORY_COLORS[activity.category] }}
                    />
                    <span lang={langOf(activity, 'name', language)} className="line-clamp-2" title={activity.name}>
                      {activity.name}
                    </span>
                    <span className="ml-auto shrink-0 text-ink-500">{formatDistance(activity.distance, language)}</span>
                  </button>
                </li>
              ))}
            </ul>
            {list.hasNextPage ? (
              <div className="mt-3 flex flex-col items-center gap-2">
                <p className="text-sm text-ink-600">{t('results.shown', { shown: items.length, total })}</p>
                <Button
                  variant="secondary"
                  disabled={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {list.isFetchingNextPage ? t('results.loadingMore') : t('results.loadMore')}
                </Button>
              </div>
            ) : null}
          </details>
        </section>
        <div className="space-y-6">
          <NearbyStats />
          <TodayWeather />
        </div>
      </div>
    </div>
  );
}
