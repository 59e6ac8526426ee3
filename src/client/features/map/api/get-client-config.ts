import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '../../../../domain/weather-schemas';
import { api } from '../../../lib/api-client';

export const clientConfigQueryOptions = () =>
  queryOptions({ queryKey: ['client-config'], queryFn: ({ signal }) => api<ClientConfig>('/config', { signal }) });

/** The tile URL and attribution the server is configured with (MAP_TILE_URL). */
export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}
