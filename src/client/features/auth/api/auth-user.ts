import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthUser } from '../../../../domain/auth';
import { api } from '../../../lib/api-client';
import { useBrowserValue } from '../../../lib/use-hydrated';

export const authKeys = { all: ['auth'] as const, user: () => [...authKeys.all, 'user'] as const };

/**
 * The logged-in user, or null. Asked of /api/auth/session, which answers 200 with no user for a
 * visitor who is not logged in, so an ordinary visit logs no failed request (docs/accounts.md).
 */
export const authUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: async ({ signal }): Promise<AuthUser | null> =>
      (await api<{ user: AuthUser | null }>('/auth/session', { signal })).user,
  });

export function useAuthUser() {
  return useQuery(authUserQueryOptions());
}

/**
 * The logged-in user, for what a server-rendered page shows: unknown (`undefined`) while React
 * hydrates, as the server rendered it (it never reads the session), then the session's answer. A part
 * of the page hydrated after the answer came would otherwise not match the server's HTML
 * (docs/rendering.md#hydration).
 */
export function useSessionUser(): AuthUser | null | undefined {
  return useBrowserValue(useAuthUser().data, undefined);
}
