import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '../../domain/weather-schemas';
import { api } from './api-client';

export const clientConfigQueryOptions = () =>
  queryOptions({ queryKey: ['client-config'], queryFn: ({ signal }) => api<ClientConfig>('/config', { signal }) });

/** What the server is configured with for the client: map tiles (MAP_TILE_URL) and the footer's contact. */
export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}
