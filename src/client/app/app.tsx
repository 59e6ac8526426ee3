import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, Suspense } from 'react';
import { FavouritesProvider } from '../features/favourites/favourites-provider';
import { LocationProvider } from '../features/location/location-provider';
import { ErrorBoundary } from './error-boundary';
import { KeepFavouritesOffline } from './keep-favourites';
import { PageSpinner } from './page-spinner';
import { AppRoutes } from './router';
import { RouteError } from './routes/route-error';

/**
 * The whole app. The browser gives it a router that follows the address bar in transitions
 * (main.tsx, docs/rendering.md#router); the server, rendering one address, a router fixed to it.
 * Each side brings its own query cache.
 */
export function App({
  queryClient,
  Router,
}: {
  queryClient: QueryClient;
  Router: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <ErrorBoundary fallback={<RouteError />}>
      <QueryClientProvider client={queryClient}>
        <FavouritesProvider>
          <LocationProvider>
            <KeepFavouritesOffline />
            <Router>
              <Suspense fallback={<PageSpinner />}>
                <AppRoutes />
              </Suspense>
            </Router>
          </LocationProvider>
        </FavouritesProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
