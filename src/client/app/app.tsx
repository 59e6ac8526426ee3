import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { FavouritesProvider } from '../features/favourites/favourites-provider';
import { LocationProvider } from '../features/location/location-provider';
import { createQueryClient } from '../lib/query-client';
import { ErrorBoundary } from './error-boundary';
import { KeepFavouritesOffline } from './keep-favourites';
import { PageSpinner } from './page-spinner';
import { AppRoutes } from './router';
import { RouteError } from './routes/route-error';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary fallback={<RouteError />}>
      <QueryClientProvider client={queryClient}>
        <FavouritesProvider>
          <LocationProvider>
            <KeepFavouritesOffline />
            <BrowserRouter>
              <Suspense fallback={<PageSpinner />}>
                <AppRoutes />
              </Suspense>
            </BrowserRouter>
          </LocationProvider>
        </FavouritesProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
