import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Booking, createBookingBody } from '../../../../domain/bookings';
import { api } from '../../../lib/api-client';
import { bookingKeys } from './keys';

/** POST /api/bookings's body, as the server's schema takes it (a type only: no zod in the page). */
export type BookingRequest = z.input<typeof createBookingBody>;

/**
 * POST /api/bookings with an Idempotency-Key: the same key for every retry
 * of one request, so a double click or a lost answer never books twice.
 */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: BookingRequest; idempotencyKey: string }) =>
      api<Booking>('/bookings', { method: 'POST', body: request, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
