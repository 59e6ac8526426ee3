/** Group size of one booking (spec 5, 9). */
export const BOOKING_PEOPLE = { min: 1, max: 8 } as const;

/** pending -> confirmed | declined; pending | confirmed -> cancelled (DECISIONS 21). */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'declined', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
