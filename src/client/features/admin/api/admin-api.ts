import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, PendingProvider } from '../../../../domain/admin';
import type { Role } from '../../../../domain/roles';
import type { AdminActivityTag, AdminTag } from '../../../../domain/tags';
import { api } from '../../../lib/api-client';

/** Query keys of the admin feature; every admin change invalidates the whole prefix. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  pendingProviders: () => [...adminKeys.all, 'providers', 'pending'] as const,
  tags: () => [...adminKeys.all, 'tags'] as const,
  pendingActivityTags: () => [...adminKeys.all, 'activity-tags', 'pending'] as const,
};

export const usersQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.users(), queryFn: ({ signal }) => api<AdminUser[]>('/admin/users', { signal }) });
export const pendingProvidersQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.pendingProviders(),
    queryFn: ({ signal }) => api<PendingProvider[]>('/admin/providers/pending', { signal }),
  });
export const tagsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.tags(), queryFn: ({ signal }) => api<AdminTag[]>('/admin/tags', { signal }) });
export const pendingActivityTagsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.pendingActivityTags(),
    queryFn: ({ signal }) => api<AdminActivityTag[]>('/admin/activity-tags/pending', { signal }),
  });

export const useUsers = () => useQuery(usersQueryOptions());
export const usePendingProviders = () => useQuery(pendingProvidersQueryOptions());
export const useAdminTags = () => useQuery(tagsQueryOptions());
export const usePendingActivityTags = () => useQuery(pendingActivityTagsQueryOptions());

function useAdminMutation<T>(mutationFn: (input: T) => Promise<unknown>, alsoInvalidate: string[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // The visitor side shows approved tags and the logged-in user's own state.
      for (const key of alsoInvalidate) await queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}

export const useReviewProvider = () =>
  useAdminMutation(
    ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) =>
      api(`/admin/providers/${id}/${decision}`, { method: 'POST' }),
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
