import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AvailabilityAnswer } from '../../../../domain/availability-schemas';
import { api } from '../../../lib/api-client';

/** A month of the booking calendar: YYYY-MM. */
export type Month = string;

export const availabilityKeys = {
  all: ['availability'] as const,
  activity: (activityId: number) => [...availabilityKeys.all, activityId] as const,
  month: (activityId: number, month: Month) => [...availabilityKeys.activity(activityId), month] as const,
};

/** The first and last day of a month (YYYY-MM-DD). */
export function monthRange(month: Month): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month `count` months after `month` (before, when negative). */
export function addMonths(month: Month, count: number): Month {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, m - 1 + count, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * One month of an activity's bookable days, slots and places left
 * (`GET /api/activities/:id/availability`, docs/availability.md#the-answer). A month is at most 31
 * days, within the answer's 92. Places change with every booking: the answer is asked again each
 * time the dialog opens, and after a refusal for a full or closed day.
 */
export const availabilityQueryOptions = (activityId: number, month: Month) =>
  queryOptions({
    queryKey: availabilityKeys.month(activityId, month),
    queryFn: ({ signal }) =>
      api<AvailabilityAnswer>(`/activities/${activityId}/availability`, { query: monthRange(month), signal }),
    staleTime: 0,
  });

/** The month shown, and the next one fetched ahead so that "next month" shows at once. */
export function useAvailabilityMonth(activityId: number, month: Month, { enabled = true, ahead = true } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...availabilityQueryOptions(activityId, month), enabled });
  useEffect(() => {
    if (!enabled || !ahead || !query.isSuccess) return;
    void queryClient.prefetchQuery(availabilityQueryOptions(activityId, addMonths(month, 1)));
  }, [activityId, month, enabled, ahead, query.isSuccess, queryClient]);
  return query;
}

/** Forgets what the calendar knows of an activity: after a booking, or a refusal for a day no longer bookable. */
export function useRefreshAvailability() {
  const queryClient = useQueryClient();
  return (activityId: number) => queryClient.invalidateQueries({ queryKey: availabilityKeys.activity(activityId) });
}
