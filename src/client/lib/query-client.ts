import { QueryClient } from '@tanstack/react-query';

/**
 * Data never goes stale by itself, no refetch on focus, no polling, no retries (docs/product.md#constants).
 * Offline, a query still asks: the service worker may answer from what the device kept (docs/offline.md).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        retry: false,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}
