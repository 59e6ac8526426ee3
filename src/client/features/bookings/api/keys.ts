import type { QueryValue } from '../../../lib/api-client';

/** Query keys of the bookings feature; a change invalidates the whole prefix. */
export const bookingKeys = {
  all: ['bookings'] as const,
  mine: () => [...bookingKeys.all, 'mine'] as const,
  guest: (id: number, token: string | null) => [...bookingKeys.all, 'guest', id, token] as const,
  provider: (filter: Record<string, QueryValue>) => [...bookingKeys.all, 'provider', filter] as const,
  admin: (filter: Record<string, QueryValue>) => [...bookingKeys.all, 'admin', filter] as const,
};
