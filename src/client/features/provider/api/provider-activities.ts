import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityFormValues, ProviderActivity } from '../../../../domain/provider-activities';
import type { GeocodeResult } from '../../../../domain/weather-schemas';
import { api } from '../../../lib/api-client';

/** Query keys of the provider workspace; a change invalidates the whole prefix. */
export const providerKeys = {
  all: ['provider'] as const,
  activities: () => [...providerKeys.all, 'activities'] as const,
  activity: (id: number) => [...providerKeys.all, 'activities', id] as const,
  analytics: (from?: string, to?: string) => [...providerKeys.all, 'analytics', from ?? '', to ?? ''] as const,
  geocode: (q: string, language: string) => ['geocode-search', q, language] as const,
};

export const ownActivitiesQueryOptions = () =>
  queryOptions({
    queryKey: providerKeys.activities(),
    queryFn: ({ signal }) => api<ProviderActivity[]>('/provider/activities', { signal }),
  });

export const useOwnActivities = () => useQuery(ownActivitiesQueryOptions());

export const useOwnActivity = (id: number | null) =>
  useQuery({
    queryKey: providerKeys.activity(id ?? 0),
    queryFn: ({ signal }) => api<ProviderActivity>(`/provider/activities/${id}`, { signal }),
    enabled: id !== null,
  });

/** Creates (no id) or changes an activity; `{}` sends a draft for approval. */
export function useSaveActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      values,
    }: {
      id: number | null;
      values: Partial<ActivityFormValues> & { isActive?: boolean };
    }) =>
      id === null
        ? api<ProviderActivity>('/provider/activities', { method: 'POST', body: values })
        : api<ProviderActivity>(`/provider/activities/${id}`, { method: 'PATCH', body: values }),
    onSuccess: (saved) => {
      queryClient.setQueryData(providerKeys.activity(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: providerKeys.activities(), exact: true });
    },
  });
}

export function useDeleteActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/provider/activities/${id}`, { method: 'DELETE' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: providerKeys.activities(), exact: true }),
  });
}

/** Uploads the photo as multipart (field `file`); the server checks and converts it. */
export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return api<ProviderActivity>(`/provider/activities/${id}/image`, { method: 'POST', body });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(providerKeys.activity(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: providerKeys.activities(), exact: true });
    },
  });
}

/** Addresses within the service area (GET /api/geocode/search), from 3 characters on. */
export const useAddressSearch = (q: string, language: string) =>
  useQuery({
    queryKey: providerKeys.geocode(q, language),
    queryFn: ({ signal }) => api<GeocodeResult[]>('/geocode/search', { query: { q, lng: language }, signal }),
    enabled: q.trim().length >= 3,
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
