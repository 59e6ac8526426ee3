import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../../domain/bookings';
import type { Language } from '../../../../domain/languages';
import { api } from '../../../lib/api-client';
import { bookingKeys } from './keys';

export interface BookingRequest {
  activityId: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  numberOfPeople: number;
  bookingDate: string;
  /** The slot's start (HH:MM) for an activity booked in time slots; null for a whole day. */
  slot: string | null;
  notes: string | null;
  language: Language;
}

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
