import type { Booking } from '../../../domain/bookings.js';
import { toEuros } from '../../../domain/money.js';
import type { BookingRow } from './repository.js';

/** A booking as the API gives it, with its activity's name in the language asked for. */
export function presentBooking(row: BookingRow, activityName: string): Booking {
  return {
    id: row.id,
    activityId: row.activityId,
    activityName,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    numberOfPeople: row.numberOfPeople,
    bookingDate: row.bookingDate,
    slot: row.slot,
    totalAmount: toEuros(row.totalAmountCents),
    status: row.status,
    notes: row.notes,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    anonymised: row.anonymisedAt !== null,
  };
}
