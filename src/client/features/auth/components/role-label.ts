import type { AuthUser } from '../../../../domain/auth';

/** The translation key of a user's role label (spec 2: visitor, Activity Provider, Administrator). */
export const roleLabelKey = (user: Pick<AuthUser, 'role'>) => `roleLabel.${user.role}` as const;

/** Providers see a pending note until approved (spec 2). */
export const isPendingProvider = (user: Pick<AuthUser, 'role' | 'isApproved'>) =>
  user.role === 'provider' && !user.isApproved;
