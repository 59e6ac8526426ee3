import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '../../../../domain/languages';
import type {
  AdminSponsorshipRequest,
  OwnSponsorship,
  PaidPlan,
  SponsorshipOverview,
  SponsorshipRequest,
  SponsorshipRequestStatus,
} from '../../../../domain/sponsorships';
import { api } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-list';

/** Query keys of sponsorship; what the webhook changes is read again, never guessed. */
export const sponsorshipKeys = {
  all: ['sponsorships'] as const,
  own: () => [...sponsorshipKeys.all, 'own'] as const,
  overview: () => [...sponsorshipKeys.all, 'admin'] as const,
  requests: (status: SponsorshipRequestStatus) => [...sponsorshipKeys.all, 'requests', status] as const,
};

export const ownSponsorshipsQueryOptions = () =>
  queryOptions({
    queryKey: sponsorshipKeys.own(),
    queryFn: ({ signal }) => api<OwnSponsorship[]>('/provider/sponsorships', { signal }),
  });

/** Back from a payment, the sponsorship starts when Stripe's webhook arrives: read again every 2 s, for a minute at most. */
const WAIT_POLLS = 30;

/**
 * The provider's activities with their sponsorship. With `waitFor` (an activity just paid for),
 * read again until its sponsorship is live.
 */
export const useOwnSponsorships = (waitFor: number | null = null) =>
  useQuery({
    ...ownSponsorshipsQueryOptions(),
    refetchInterval: (query) => {
      if (waitFor === null || query.state.dataUpdateCount > WAIT_POLLS) return false;
      const live = query.state.data?.find((item) => item.activityId === waitFor)?.sponsorship?.live;
      return live ? false : 2000;
    },
  });

export const useSponsorshipOverview = () =>
  useQuery({
    queryKey: sponsorshipKeys.overview(),
    queryFn: ({ signal }) => api<SponsorshipOverview>('/admin/sponsorships', { signal }),
  });

/** Stripe's pages live elsewhere: the browser goes there, and comes back to /provider/sponsorship. */
const go = ({ url }: { url: string }) => window.location.assign(url);

export const useStartCheckout = () =>
  useMutation({
    mutationFn: ({ activityId, plan, language }: { activityId: number; plan: PaidPlan; language: Language }) =>
      api<{ url: string }>(`/provider/activities/${activityId}/sponsorship`, {
        method: 'POST',
        body: { plan, language },
      }),
    onSuccess: go,
  });

export const useBillingPortal = () =>
  useMutation({
    mutationFn: (activityId?: number) =>
      api<{ url: string }>('/provider/billing-portal', {
        method: 'POST',
        body: activityId === undefined ? {} : { activityId },
      }),
    onSuccess: go,
  });

/** A provider asks the team for a plan (docs/sponsorship.md#asking-for-a-plan); their page is read again. */
export const useRequestPlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ activityId, plan, message }: { activityId: number; plan: PaidPlan; message: string }) =>
      api<SponsorshipRequest>(`/provider/activities/${activityId}/sponsorship-request`, {
        method: 'POST',
        body: { plan, ...(message.trim() ? { message: message.trim() } : {}) },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sponsorshipKeys.own() }),
  });
};

/** The admin's requests of one status, a page at a time (open ones oldest first). */
export const useSponsorshipRequests = (status: SponsorshipRequestStatus) =>
  usePagedList<AdminSponsorshipRequest>(sponsorshipKeys.requests(status), '/admin/sponsorship-requests', { status });

/** Grant or refuse: every sponsorship list is read again, and the activities (a badge changed). */
export const useAnswerRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      answer: { id: number; action: 'grant'; until: string } | { id: number; action: 'refuse'; reason: string },
    ) =>
      api<SponsorshipRequest>(`/admin/sponsorship-requests/${answer.id}/${answer.action}`, {
        method: 'POST',
        body: answer.action === 'grant' ? { until: answer.until } : { reason: answer.reason },
      }),
    // Not awaited: the caller's own onSuccess (a toast) runs even when the refetch removes its row.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: sponsorshipKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['activities'] });
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
};
