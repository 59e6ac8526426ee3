import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingStatus } from '../../../../domain/bookings';
import { api } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-list';
import { bookingKeys } from './keys';

export interface ProviderBookingFilter {
  status?: BookingStatus;
  from?: string;
  to?: string;
}

/** The bookings of the provider's activities, a page at a time. */
export const useProviderBookings = (filter: ProviderBookingFilter) =>
  usePagedList<Booking>(bookingKeys.provider({ ...filter }), '/provider/bookings', { ...filter });

function useAnswer<T>(mutationFn: (input: T) => Promise<Booking>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Not awaited: the caller's toast must run even when the refetch takes its row away.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export const useConfirmBooking = () =>
  useAnswer((id: number) => api<Booking>(`/provider/bookings/${id}/confirm`, { method: 'POST' }));

export const useDeclineBooking = () =>
  useAnswer(({ id, message }: { id: number; message: string | null }) =>
    api<Booking>(`/provider/bookings/${id}/decline`, { method: 'POST', body: { message } }),
  );
