import { MapPin } from 'lucide-react';
import { memo, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/navigation';
import { readSearch, withSearch } from '../../features/activities/search-param';
import { LocationCard } from '../../features/location/components/location-card';
import { SearchBox } from '../../features/search/components/search-box';
import { holdPageReady } from '../../lib/page-ready';
import { ErrorBoundary } from '../error-boundary';
import { lazyScreen } from '../lazy-screen';
import { PageSpinner } from '../page-spinner';
import { ResultsError } from './results-error';

/*
 * What lies below the hero hydrates after the rest of the page (docs/rendering.md#results-later): its
 * chunk is not awaited before hydrating. Until it is in, React keeps the server's HTML as it is (links
 * work as plain links) and hydrates it when it comes, in slices. It starts loading with this module, so
 * a screen drawn in the browser rarely waits for it.
 */
const OverviewResults = lazyScreen(() => import('./overview-results').then((m) => m.OverviewResults));
let resultsSettled: () => void = () => undefined;
if (typeof document !== 'undefined') {
  const loading = OverviewResults.preload();
  // A chunk that fails to load is reported where the results would be (`ResultsFailed`).
  loading.catch(() => undefined);
  // A rendered overview is ready for clicks once its results are hydrated too; or once their chunk
  // failed, or the visitor left before either (docs/rendering.md#results-later).
  if (!document.documentElement.dataset.ready && document.querySelector('[data-results]')) {
    holdPageReady(new Promise<unknown>((resolve) => ((resultsSettled = () => resolve(null)), loading.catch(resolve))));
  }
}

/** Mounts with the results: in a rendered page, once React has hydrated them. */
function ResultsShown() {
  useEffect(() => resultsSettled(), []);
  return null;
}

/** The results' code did not load (offline on a first visit, or a new version meanwhile). */
function ResultsFailed() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-4">
      <ResultsError onRetry={() => window.location.reload()} />
    </div>
  );
}

/**
 * The results in a boundary of their own, which React can leave dehydrated. Without props, hooks or
 * state, and memoised: nothing the hero or the header does re-renders it, and a boundary that gets an
 * update before it is hydrated is drawn again from scratch. The results read the address themselves.
 */
const LateResults = memo(function LateResults() {
  return (
    <ErrorBoundary fallback={<ResultsFailed />}>
      <Suspense fallback={<PageSpinner />}>
        <OverviewResults />
        <ResultsShown />
      </Suspense>
    </ErrorBoundary>
  );
});

export function OverviewRoute() {
  const { t } = useTranslation('activities');
  const navigate = useNavigate();
  // Only the search, without the rest of the overview's state: its code comes with the results.
  const [params, setParams] = useSearchParams();
  // Leaving before the results were hydrated: the page is ready without them.
  useEffect(
    () => () => {
      if (!document.querySelector('[data-results]')) resultsSettled();
    },
    [],
  );

  return (
    <div>
      {/* On a phone the hero is compact, so that the first card's picture shows on the first screen
          (docs/product.md#the-overview): the place and the subtitle from the small breakpoint up. */}
      <section className="relative bg-gradient-to-b from-terracotta-50 via-sand-50 to-sand-50">
        <div className="mx-auto max-w-7xl px-4 pb-4 pt-4 sm:pb-10 sm:pt-10 md:pb-14 md:pt-16">
          <div className="max-w-3xl">
            <p className="mb-3 hidden items-center gap-1.5 rounded-full bg-white/80 px-3 py-1 text-sm font-medium text-terracotta-700 ring-1 ring-terracotta-100 sm:inline-flex">
              <MapPin aria-hidden className="h-4 w-4" />
              {t('hero.place')}
            </p>
            <h1 className="font-display text-2xl font-semibold leading-tight tracking-tight text-ink-900 sm:text-4xl md:text-5xl">
              {t('hero.title')}
            </h1>
            <p className="mt-4 hidden text-lg text-ink-600 sm:block">{t('hero.subtitle')}</p>
          </div>
          <div className="mt-3 max-w-2xl sm:mt-6">
            <LocationCard />
          </div>
          <div className="mt-3 max-w-2xl sm:mt-4">
            <SearchBox
              value={readSearch(params)}
              onSearch={(search) => setParams((current) => withSearch(current, search))}
              onSelectActivity={(id) => void navigate(`/activity/${id}`)}
            />
          </div>
        </div>
      </section>

      <LateResults />
    </div>
  );
}
