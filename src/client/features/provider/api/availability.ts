import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvailabilitySettings } from '../../../../domain/availability';
import type { AvailabilitySettingsBody, ProviderDay } from '../../../../domain/availability-schemas';
import type { Booking } from '../../../../domain/bookings';
import { api } from '../../../lib/api-client';
import { providerKeys } from './provider-activities';

/** Query keys of an activity's availability and its days (docs/availability.md), under the workspace's. */
export const availabilityKeys = {
  all: (id: number) => [...providerKeys.all, 'availability', id] as const,
  settings: (id: number) => [...availabilityKeys.all(id), 'settings'] as const,
  day: (id: number, date: string) => [...availabilityKeys.all(id), 'day', date] as const,
};

/** The answer of a change: the settings as kept, and the bookings to come they no longer offer. */
export interface AvailabilityChange {
  availability: AvailabilitySettings;
  outside: Booking[];
}

export const useAvailabilitySettings = (id: number) =>
  useQuery({
    queryKey: availabilityKeys.settings(id),
    queryFn: ({ signal }) => api<AvailabilitySettings>(`/provider/activities/${id}/availability`, { signal }),
  });

/** Replaces the settings at once (they need no approval); the days shown are asked again. */
export function useSaveAvailability(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AvailabilitySettingsBody) =>
      api<AvailabilityChange>(`/provider/activities/${id}/availability`, { method: 'PUT', body }),
    onSuccess: (change) => {
      queryClient.setQueryData(availabilityKeys.settings(id), change.availability);
      void queryClient.invalidateQueries({ queryKey: [...availabilityKeys.all(id), 'day'] });
    },
  });
}

/** One day of the activity, slot by slot, with its bookings. */
export const useProviderDay = (id: number, date: string) =>
  useQuery({
    queryKey: availabilityKeys.day(id, date),
    queryFn: ({ signal }) => api<ProviderDay>(`/provider/activities/${id}/days/${date}`, { signal }),
  });

export interface Closure {
  date: string;
  /** A slot's start; null: the whole day. */
  slot: string | null;
  closed: boolean;
}

/** Closes a day or one slot of it, or opens it again (docs/availability.md#the-providers-day). */
export function useSetClosed(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (closure: Closure) =>
      api<AvailabilitySettings>(`/provider/activities/${id}/closures`, { method: 'POST', body: closure }),
    onSuccess: (settings, closure) => {
      queryClient.setQueryData(availabilityKeys.settings(id), settings);
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.day(id, closure.date) });
    },
  });
}

/**
 * Cancels a booking for the guest, with an optional message their mail carries: one the changed
 * availability no longer offers (docs/availability.md#changing-availability).
 */
export function useCancelForGuest(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: number; message: string | null }) =>
      api<Booking>(`/provider/bookings/${id}/cancel`, { method: 'POST', body: { message } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...availabilityKeys.all(activityId), 'day'] }),
  });
}
