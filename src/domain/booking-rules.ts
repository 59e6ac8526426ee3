/*
 * The booking rules the browser shares with the server, with no schema library: a page that only
 * needs a limit does not build every schema (docs/architecture.md#shared-rules). domain/bookings.ts
 * re-exports them beside the API's schemas.
 */

import { PHONE_RULE } from './contact-rules.js';

/** Group size of one booking (docs/product.md#bookings). */
export const BOOKING_PEOPLE = { min: 1, max: 8 } as const;
/** How far ahead one can book. */
export const BOOKING_MAX_DAYS_AHEAD = 2 * 366;

/** pending -> confirmed | declined; pending | confirmed -> cancelled (docs/product.md#bookings). */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'declined', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Who changed a booking: the guest by their link, a logged-in visitor, the provider, an admin. */
export const BOOKING_ACTORS = ['guest', 'user', 'provider', 'admin'] as const;
export type BookingActor = (typeof BOOKING_ACTORS)[number];

const NEXT: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['confirmed', 'declined', 'cancelled'],
  confirmed: ['cancelled'],
  declined: [],
  cancelled: [],
};

/** Whether a booking may go from `from` to `to` (docs/product.md#bookings). */
export function mayMoveBooking(from: BookingStatus, to: BookingStatus): boolean {
  return NEXT[from].includes(to);
}

/** The longest text of each of the booking dialog's fields (the phone's is the one phone rule's). */
export const BOOKING_FIELD_LIMITS = { name: 200, email: 320, phone: PHONE_RULE.maxLength, notes: 1000 } as const;

/** The longest message a provider or an admin sends the guest when declining or cancelling. */
export const BOOKING_MESSAGE_MAX = 500;
