import type { AdminUser, AdminUserListQuery, PendingProvider } from '../../../domain/admin.js';
import type { Page, PageQuery } from '../../../domain/pagination.js';
import { mayChangeRole, type Principal } from '../../../domain/policies.js';
import type { Role } from '../../../domain/roles.js';
import { moderationValues } from '../../../domain/moderation.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { presentAdminUser } from '../auth/presenter.js';
import { enqueueNotice, providerRecipient } from '../mail/notices.js';
import * as authRepo from '../auth/repository.js';
import * as repo from './repository.js';

export async function listUsers(db: Db, query: AdminUserListQuery): Promise<Page<AdminUser>> {
  const { rows, total } = await repo.listUsers(db, query);
  return { total, items: rows.map((row) => presentAdminUser(row.user, row.providerStatus)) };
}

/** Provider applications of one status (waiting, unless said), newest first. */
export async function listPendingProviders(
  db: Db,
  query: PageQuery,
  status: 'pending' | 'approved' = 'pending',
): Promise<Page<PendingProvider>> {
  const { rows, total } = await repo.listProvidersWithStatus(db, status, query);
  const items = rows.map(({ provider, role }) => ({
    id: provider.id,
    userId: provider.userId,
    name: provider.name,
    email: provider.email,
    company: provider.company,
    phone: provider.phone,
    address: provider.address,
    role: role ?? null,
    status: provider.status,
    createdAt: provider.createdAt.toISOString(),
  }));
  return { total, items };
}

/**
 * Approve or reject a provider's application (docs/moderation.md#providers); the account follows.
 * When the decision changes the application's status, the provider is mailed in the same
 * transaction (docs/mail.md#notices), a rejection with the admin's reason when one is given.
 */
export async function reviewProvider(
  { db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>,
  admin: Principal,
  providerId: number,
  approve: boolean,
  reason: string | null = null,
) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const before = await repo.findProvider(tx, providerId, { lock: true });
    if (!before) throw new AppError('PROVIDER_NOT_FOUND', 'Provider not found');
    const provider = await repo.updateProvider(tx, providerId, moderationValues({ approve, reason }, admin.id, now));
    if (!provider) throw new AppError('PROVIDER_NOT_FOUND', 'Provider not found');
    if (provider.userId) await authRepo.updateUser(tx, provider.userId, { isApproved: approve }, now);
    if (before.status !== provider.status) {
      await enqueueNotice(
        tx,
        await providerRecipient(tx, providerId),
        {
          kind: approve ? 'providerApproved' : 'providerRejected',
          values: { company: provider.company ?? provider.name, reason: provider.moderationReason ?? '' },
          path: '/provider',
        },
        { publicUrl: config.auth.publicUrl, now },
      );
    }
    return { id: providerId, status: provider.status };
  });
}

/**
 * An admin changes a user's role (docs/permissions.md). The last admin cannot be demoted.
 * Made a provider by an admin, a user is approved at once (the admin decided).
 */
export async function changeRole(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  admin: Principal,
  userId: string,
  role: Role,
): Promise<AdminUser> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await repo.lockRoleChanges(tx);
    const found = await authRepo.findUser(tx, userId);
    if (!found) throw new AppError('USER_NOT_FOUND', 'User not found');
    const adminCount = await repo.countAdmins(tx);
    if (!mayChangeRole(admin, { role: found.user.role }, role, adminCount)) {
      throw new AppError('LAST_ADMIN', 'The last admin cannot be demoted: make someone else admin first');
    }
    const isApproved = role === 'provider' ? true : role === 'admin';
    const updated = await authRepo.updateUser(
      tx,
      userId,
      {
        role,
        isApproved,
        roleChosenAt: found.user.roleChosenAt ?? now,
      },
      now,
    );
    if (!updated) throw new AppError('USER_NOT_FOUND', 'User not found');
    let providerStatus = found.providerStatus;
    if (role === 'provider') {
      const existing = await repo.findProviderOfUser(tx, userId);
      // The admin decided: the application (made now if there was none) is approved.
      const approval = moderationValues({ approve: true }, admin.id, now);
      if (existing) {
        await repo.updateProvider(tx, existing.id, approval);
      } else if (updated.email) {
        await authRepo.insertProvider(tx, {
          userId,
          name: [updated.firstName, updated.lastName].filter(Boolean).join(' ') || updated.email,
          email: updated.email,
          company: updated.company,
          ...approval,
        });
      }
      providerStatus = 'approved';
    }
    return presentAdminUser(updated, providerStatus);
  });
}
