import { QueryClient } from '@tanstack/react-query';

/**
 * Data never goes stale by itself, no refetch on focus or mount, no polling, no retries (docs/product.md#constants).
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
        // A failed read is not asked again just because a screen mounts: the page the server rendered
        // with an error (a missing activity) hydrates as that error (docs/rendering.md). Screens offer "try again".
        retryOnMount: false,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}
