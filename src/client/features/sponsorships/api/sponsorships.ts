import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Language } from '../../../../domain/languages';
import type { OwnSponsorship, PaidPlan, SponsorshipOverview } from '../../../../domain/sponsorships';
import { api } from '../../../lib/api-client';

/** Query keys of sponsorship; what the webhook changes is read again, never guessed. */
export const sponsorshipKeys = {
  all: ['sponsorships'] as const,
  own: () => [...sponsorshipKeys.all, 'own'] as const,
  overview: () => [...sponsorshipKeys.all, 'admin'] as const,
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
