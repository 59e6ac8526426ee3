import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../domain/bookings';
import { api } from '../../../lib/api-client';
import { bookingKeys } from './keys';

/** The logged-in person's bookings ("My bookings"). */
export const myBookingsQueryOptions = () =>
  queryOptions({ queryKey: bookingKeys.mine(), queryFn: ({ signal }) => api<Booking[]>('/bookings/mine', { signal }) });

export const useMyBookings = () => useQuery(myBookingsQueryOptions());

/** One booking, by the link in the guest's mail (its token) or as the logged-in booker. */
export const guestBookingQueryOptions = (id: number, token: string | null) =>
  queryOptions({
    queryKey: bookingKeys.guest(id, token),
    queryFn: ({ signal }) => api<Booking>(`/bookings/${id}`, { query: { token }, signal }),
  });

export const useGuestBooking = (id: number, token: string | null) => useQuery(guestBookingQueryOptions(id, token));

/** Cancels a booking, with the token of the mail's link or as the logged-in booker. */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, token }: { id: number; token?: string | null }) =>
      api<Booking>(`/bookings/${id}/cancel`, { method: 'POST', body: token ? { token } : {} }),
    // Not awaited: the caller's toast must run even when the refetch takes its row away.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
