import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminBooking, Booking, BookingStatus, declineBody } from '../../../../domain/bookings';
import { api, apiUrl } from '../../../lib/api-client';
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

/** Who answers: the provider their own bookings, the admins any (docs/product.md#bookings-inbox). */
export type AnswerScope = 'provider' | 'admin';

export const useConfirmBooking = (scope: AnswerScope = 'provider') =>
  useAnswer((id: number) => api<Booking>(`/${scope}/bookings/${id}/confirm`, { method: 'POST' }));

export const useDeclineBooking = (scope: AnswerScope = 'provider') =>
  useAnswer(({ id, message }: { id: number; message: string | null }) =>
    api<Booking>(`/${scope}/bookings/${id}/decline`, {
      method: 'POST',
      body: { message } satisfies NonNullable<z.input<typeof declineBody>>,
    }),
  );

export interface AdminBookingFilter extends ProviderBookingFilter {
  activityId?: number;
  /** A provider's id, or `none`: the listings without a provider (the team's). */
  provider?: number | 'none';
}

/** Every booking, for the admins' inbox, a page at a time. */
export const useAdminBookings = (filter: AdminBookingFilter) =>
  usePagedList<AdminBooking>(bookingKeys.admin({ ...filter }), '/admin/bookings', { ...filter });

/** The same bookings as a CSV file to download. */
export const adminBookingsCsvUrl = (filter: AdminBookingFilter) => apiUrl('/admin/bookings.csv', { ...filter });
