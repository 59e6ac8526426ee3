import { useQuery } from '@tanstack/react-query';
import type { Analytics } from '../../../../domain/analytics';
import { api, apiUrl } from '../../../lib/api-client';
import { providerKeys } from './provider-activities';

/** The provider's numbers over a period (the last 30 days by default). */
export const useProviderAnalytics = (from?: string, to?: string) =>
  useQuery({
    queryKey: providerKeys.analytics(from, to),
    queryFn: ({ signal }) => api<Analytics>('/provider/analytics', { query: { from, to }, signal }),
  });

/** Links to the CSV exports (plain downloads: the session cookie goes along). */
export const analyticsCsvUrl = (from?: string, to?: string) => apiUrl('/provider/analytics.csv', { from, to });
export const bookingsCsvUrl = () => apiUrl('/provider/bookings.csv');
