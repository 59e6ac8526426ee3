import type { AdminUser } from '../../../domain/admin.js';
import type { AuthUser } from '../../../domain/auth.js';
import { principalOfUser, type Principal } from '../../../domain/policies.js';
import type { ProviderStatus } from '../../../domain/roles.js';
import type { UserRow } from './repository.js';

/**
 * The one mapping of a user row (with their provider application's status, if any) to what the
 * API says of a user: the user themselves (GET /api/auth/user), an admin's list, and the
 * principal the guards judge (docs/permissions.md).
 */
export function presentUser(user: UserRow, providerStatus: ProviderStatus | null): AuthUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    isApproved: user.isApproved,
    roleChosen: user.roleChosenAt !== null,
    company: user.company,
    phone: user.phone,
    providerStatus,
  };
}

export function presentAdminUser(user: UserRow, providerStatus: ProviderStatus | null): AdminUser {
  const { profileImageUrl: _picture, phone: _phone, ...facts } = presentUser(user, providerStatus);
  return { ...facts, createdAt: user.createdAt.toISOString() };
}

export const principalOf = (user: UserRow, providerStatus: ProviderStatus | null): Principal =>
  principalOfUser(presentUser(user, providerStatus));
