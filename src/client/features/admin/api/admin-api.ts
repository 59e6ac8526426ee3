import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, PendingProvider } from '../../../../domain/admin';
import type {
  ActivityAuditEntry,
  AdminActivity,
  AdminActivityListItem,
  AdminActivityStatus,
} from '../../../../domain/admin-activities';
import type { Category } from '../../../../domain/activities';
import type { Role } from '../../../../domain/roles';
import type { ModerationStatus } from '../../../../domain/moderation';
import type { ActivityFormValues, PendingActivity } from '../../../../domain/provider-activities';
import type { AdminReview } from '../../../../domain/reviews';
import type { AdminActivityTag, AdminTag } from '../../../../domain/tags';
import { api } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-list';

/** Query keys of the admin feature; every admin change invalidates the whole prefix. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  pendingProviders: () => [...adminKeys.all, 'providers', 'pending'] as const,
  tags: () => [...adminKeys.all, 'tags'] as const,
  tagList: (status: AdminTag['status']) => [...adminKeys.tags(), status] as const,
  pendingActivityTags: () => [...adminKeys.all, 'activity-tags', 'pending'] as const,
  reviews: (status: ModerationStatus) => [...adminKeys.all, 'reviews', status] as const,
  pendingActivities: () => [...adminKeys.all, 'activities', 'pending'] as const,
  activity: (id: number) => [...adminKeys.all, 'activities', id] as const,
  activityList: (filters: AdminActivityFilters) => [...adminKeys.all, 'activities', 'list', filters] as const,
  activityAudit: (id: number) => [...adminKeys.all, 'activities', id, 'audit'] as const,
  approvedProviders: () => [...adminKeys.all, 'providers', 'approved'] as const,
};

/** The filters of the admins' list of every activity (docs/moderation.md#every-activity); '' is any. */
export interface AdminActivityFilters {
  search: string;
  status: AdminActivityStatus | '';
  category: Category | '';
  provider: string;
  sponsored: 'yes' | 'no' | '';
}

/** Users, newest first, a page at a time; `search` finds them by name, e-mail address or company. */
export const useUsers = (search = '') =>
  usePagedList<AdminUser>(
    adminKeys.users(),
    '/admin/users',
    { search: search.trim() || undefined },
    { keepPrevious: true },
  );
/** Provider applications awaiting review, newest first, a page at a time. */
export const usePendingProviders = () =>
  usePagedList<PendingProvider>(adminKeys.pendingProviders(), '/admin/providers/pending');
/** Tags of one status, a page at a time. */
export const useAdminTags = (status: AdminTag['status']) =>
  usePagedList<AdminTag>(adminKeys.tagList(status), '/admin/tags', { status });
export const usePendingActivityTags = () =>
  usePagedList<AdminActivityTag>(adminKeys.pendingActivityTags(), '/admin/activity-tags/pending');

function useAdminMutation<T, R = unknown>(mutationFn: (input: T) => Promise<R>, alsoInvalidate: string[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Not awaited: the caller's own onSuccess (a toast) must run even when the refetch removes its row.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // The visitor side shows approved tags and the logged-in user's own state.
      for (const key of alsoInvalidate) void queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}

/** Approve or reject an application; a rejection may carry a reason, which the provider is mailed. */
export const useReviewProvider = () =>
  useAdminMutation(
    ({ id, decision, reason }: { id: number; decision: 'approve' | 'reject'; reason?: string | null }) =>
      api(`/admin/providers/${id}/${decision}`, {
        method: 'POST',
        ...(decision === 'reject' ? { body: { reason: reason ?? null } } : {}),
      }),
    ['auth'],
  );

export const useChangeRole = () =>
  useAdminMutation(
    ({ userId, role }: { userId: string; role: Role }) =>
      api(`/admin/users/${userId}/role`, { method: 'POST', body: { role } }),
    ['auth'],
  );

export const useTagApproval = () =>
  useAdminMutation(
    ({ tagId, approve }: { tagId: number; approve: boolean }) =>
      api(`/admin/tags/${tagId}/approval`, { method: 'PATCH', body: { isApproved: approve ? 1 : 0 } }),
    ['tags', 'activities'],
  );

export const useActivityTagApproval = () =>
  useAdminMutation(
    ({ id, approve }: { id: number; approve: boolean }) =>
      api(`/admin/activity-tags/${id}/approval`, { method: 'PATCH', body: { isApproved: approve ? 1 : 0 } }),
    ['tags', 'activities'],
  );

/** Reviews of one status, a page at a time. */
export const useAdminReviews = (status: ModerationStatus) =>
  usePagedList<AdminReview>(adminKeys.reviews(status), '/admin/reviews', { status });

/** Approve or reject a review (with a reason); the public reviews and ratings follow. */
export const useReviewApproval = () =>
  useAdminMutation(
    ({ id, approve, reason }: { id: number; approve: boolean; reason?: string | null }) =>
      api(`/admin/reviews/${id}/approval`, {
        method: 'PATCH',
        body: { isApproved: approve ? 1 : 0, moderationReason: reason ?? null },
      }),
    ['reviews', 'activities'],
  );

/** New and changed activities that wait for approval, a page at a time. */
export const usePendingActivities = () =>
  usePagedList<PendingActivity>(adminKeys.pendingActivities(), '/admin/activities/pending');

/**
 * Publish or refuse (with a reason) what waits for an activity, naming the request as it was shown
 * (its revision id and content hash): one changed since is a 409 `REVISION_CHANGED`, and the queue,
 * reloaded after every decision, shows it as it is now (docs/moderation.md#activities).
 */
export const useActivityDecision = () =>
  useAdminMutation(
    ({ item, approve, reason }: { item: PendingActivity; approve: boolean; reason?: string }) =>
      api(`/admin/activities/${item.activityId}/${approve ? 'approve' : 'reject'}`, {
        method: 'POST',
        body: {
          revisionId: item.revisionId,
          contentHash: item.contentHash,
          ...(approve ? {} : { reason }),
        },
      }),
    ['activities', 'provider'],
  );

/** Any activity as published, for an admin to edit. */
export const useAdminActivity = (id: number) =>
  useQuery({
    queryKey: adminKeys.activity(id),
    queryFn: ({ signal }) => api<AdminActivity>(`/admin/activities/${id}`, { signal }),
  });

export type AdminActivityChange = Partial<ActivityFormValues> & {
  isActive?: boolean;
  sponsorLevel?: number;
  sponsoredUntil?: string | null;
};

/** An admin's edit, applied at once (and a sponsorship set by hand); the public lists follow. */
export const useAdminUpdateActivity = () =>
  useAdminMutation(
    ({ id, values }: { id: number; values: AdminActivityChange }) =>
      api(`/admin/activities/${id}`, { method: 'PATCH', body: values }),
    ['activities', 'provider'],
  );

/** Every activity, by name, a page at a time, with the list's filters. */
export const useAdminActivities = (filters: AdminActivityFilters) =>
  usePagedList<AdminActivityListItem>(
    adminKeys.activityList(filters),
    '/admin/activities',
    {
      search: filters.search.trim() || undefined,
      status: filters.status || undefined,
      category: filters.category || undefined,
      provider: filters.provider || undefined,
      sponsored: filters.sponsored || undefined,
    },
    { keepPrevious: true },
  );

/** What admins changed on an activity, newest first, a page at a time. */
export const useActivityAudit = (id: number) =>
  usePagedList<ActivityAuditEntry>(adminKeys.activityAudit(id), `/admin/activities/${id}/audit`);

/** Approved providers: those a listing can be assigned to (the first page is enough for a select). */
export const useApprovedProviders = () =>
  usePagedList<PendingProvider>(adminKeys.approvedProviders(), '/admin/providers/approved', { limit: 200 });

/** A listing of the guide's own, published at once. */
export const useAdminCreateActivity = () =>
  useAdminMutation(
    (values: ActivityFormValues) => api<AdminActivity>('/admin/activities', { method: 'POST', body: values }),
    ['activities'],
  );

/** Pause, publish or unpublish an activity. */
export const usePublication = () =>
  useAdminMutation(
    ({ id, action }: { id: number; action: 'pause' | 'publish' | 'unpublish' }) =>
      api<AdminActivity>(`/admin/activities/${id}/${action}`, { method: 'POST' }),
    ['activities', 'provider'],
  );

/** Give a listing to an approved provider, or back to the guide (null). */
export const useAssignProvider = () =>
  useAdminMutation(
    ({ id, providerId }: { id: number; providerId: number | null }) =>
      api<AdminActivity>(`/admin/activities/${id}/provider`, { method: 'POST', body: { providerId } }),
    ['activities', 'provider'],
  );
