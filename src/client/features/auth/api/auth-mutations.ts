import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuthUser, DemoAccount, providerApplicationBody, roleChoiceBody } from '../../../../domain/auth';
import { api } from '../../../lib/api-client';
import { forgetPersonalEntries } from '../../../lib/offline-caches';
import { authKeys } from './auth-user';

export function useDemoLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: DemoAccount) => api<AuthUser>(`/demo/login/${account}`, { method: 'POST' }),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.user(), user);
      // What a visitor may see depends on who they are now.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    },
  });
}

export function useChooseRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: z.input<typeof roleChoiceBody>) =>
      api<AuthUser>('/auth/role', { method: 'POST', body: choice }),
    onSuccess: (user) => queryClient.setQueryData(authKeys.user(), user),
  });
}

/** A logged-in visitor applies to become a provider (docs/accounts.md#becoming-a-provider); the account is pending then. */
export function useApplyAsProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (application: z.input<typeof providerApplicationBody>) =>
      api<AuthUser>('/provider/application', { method: 'POST', body: application }),
    onSuccess: (user) => queryClient.setQueryData(authKeys.user(), user),
  });
}

/**
 * Logs out by POST (a link could be followed from another site), drops whatever personal the
 * service worker's caches hold (docs/offline.md#personal), then loads the home page afresh so
 * that nothing of the account stays in memory.
 */
export function useLogout() {
  return useMutation({
    mutationFn: () => api<void>('/logout', { method: 'POST' }),
    onSettled: async () => {
      if (typeof caches !== 'undefined') await forgetPersonalEntries(caches).catch(() => undefined);
      window.location.assign('/');
    },
  });
}
