import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthUser } from '../../../../domain/auth';
import { ApiError, api } from '../../../lib/api-client';

export const authKeys = { all: ['auth'] as const, user: () => [...authKeys.all, 'user'] as const };

/** The logged-in user, or null: a 401 here means "logged out", not an error (issue 5). */
export const authUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: async ({ signal }) => {
      try {
        return await api<AuthUser>('/auth/user', { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });

export function useAuthUser() {
  return useQuery(authUserQueryOptions());
}
