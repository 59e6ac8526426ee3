import type { AuthUser } from '../../../../domain/auth';

/** The translation key of a user's role label (docs/accounts.md#role-selection: visitor, Activity Provider, Administrator). */
export const roleLabelKey = (user: Pick<AuthUser, 'role'>) => `roleLabel.${user.role}` as const;

/** Providers see a pending note until approved (docs/accounts.md#role-selection). */
export const isPendingProvider = (user: Pick<AuthUser, 'role' | 'isApproved'>) =>
  user.role === 'provider' && !user.isApproved;
