import { eq, sql } from 'drizzle-orm';
import type { AdminUser, PendingProvider } from '../../../domain/admin.js';
import { mayChangeRole, type Principal } from '../../../domain/policies.js';
import type { ProviderStatus, Role } from '../../../domain/roles.js';
import type { Db } from '../../db/client.js';
import { providers, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import * as authRepo from '../auth/repository.js';
import * as repo from './repository.js';

function presentAdminUser(user: authRepo.UserRow, providerStatus: string | null): AdminUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role as Role,
    isApproved: user.isApproved,
    roleChosen: user.roleChosenAt !== null,
    company: user.company,
    providerStatus: (providerStatus as ProviderStatus | null) ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function listUsers(db: Db): Promise<AdminUser[]> {
  const rows = await repo.listUsers(db);
  return rows.map((row) => presentAdminUser(row.user, row.providerStatus));
}

export async function listPendingProviders(db: Db): Promise<PendingProvider[]> {
  const rows = await repo.listProvidersWithStatus(db, 'pending');
  return rows.map(({ provider, role }) => ({
    id: provider.id,
    userId: provider.userId,
    name: provider.name,
    email: provider.email,
    company: provider.company,
    phone: provider.phone,
    address: provider.address,
    role: (role as Role | null) ?? null,
    status: provider.status as ProviderStatus,
    createdAt: provider.createdAt.toISOString(),
  }));
}

/** Approve or reject a provider's application (spec 4); the account follows. */
export async function reviewProvider(
  db: Db,
  admin: Principal,
  providerId: number,
  decision: 'approved' | 'rejected',
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const provider = await repo.findProvider(tx, providerId);
    if (!provider) throw new AppError('NOT_FOUND', 404, 'Provider not found');
    const approved = decision === 'approved';
    await tx
      .update(providers)
      .set({ status: decision, isApproved: approved, reviewedBy: admin.id, reviewedAt: now })
      .where(eq(providers.id, providerId));
    if (provider.userId) {
      await tx.update(users).set({ isApproved: approved, updatedAt: now }).where(eq(users.id, provider.userId));
    }
    return { id: providerId, status: decision };
  });
}

/**
 * An admin changes a user's role (spec 4). The last admin cannot be demoted.
 * Made a provider by an admin, a user is approved at once (the admin decided).
 */
export async function changeRole(
  db: Db,
  admin: Principal,
  userId: string,
  role: Role,
  now = new Date(),
): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    // Serialise role changes, so two admins demoting each other cannot leave none.
    await tx.execute(sql`select pg_advisory_xact_lock(470113)`);
    const found = await authRepo.findUser(tx, userId);
    if (!found) throw new AppError('NOT_FOUND', 404, 'User not found');
    const adminCount = await repo.countAdmins(tx);
    if (!mayChangeRole(admin, { role: found.user.role as Role }, role, adminCount)) {
      throw new AppError('CONFLICT', 409, 'The last admin cannot be demoted: make someone else admin first');
    }
    const isApproved = role === 'provider' ? true : role === 'admin';
    const updated = await authRepo.updateUser(tx, userId, {
      role,
      isApproved,
      roleChosenAt: found.user.roleChosenAt ?? now,
    });
    if (!updated) throw new AppError('NOT_FOUND', 404, 'User not found');
    let providerStatus = found.providerStatus;
    if (role === 'provider') {
      const existing = await repo.findProviderOfUser(tx, userId);
      if (existing) {
        await tx
          .update(providers)
          .set({ status: 'approved', isApproved: true, reviewedBy: admin.id, reviewedAt: now })
          .where(eq(providers.id, existing.id));
      } else if (updated.email) {
        await authRepo.insertProvider(tx, {
          userId,
          name: [updated.firstName, updated.lastName].filter(Boolean).join(' ') || updated.email,
          email: updated.email,
          company: updated.company,
          status: 'approved',
          isApproved: true,
          reviewedBy: admin.id,
          reviewedAt: now,
        });
      }
      providerStatus = 'approved';
    }
    return presentAdminUser(updated, providerStatus);
  });
}
