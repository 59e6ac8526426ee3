import type { AuthUser, DemoAccount, RoleChoice } from '../../../domain/auth.js';
import type { ProviderStatus, Role } from '../../../domain/roles.js';
import type { Db } from '../../db/client.js';
import { DEMO_USERS } from '../../db/seed/demo.js';
import { AppError } from '../../errors.js';
import type { OidcClaims } from './oidc.js';
import * as repo from './repository.js';

export function presentUser(user: repo.UserRow, providerStatus: string | null): AuthUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role as Role,
    isApproved: user.isApproved,
    roleChosen: user.roleChosenAt !== null,
    company: user.company,
    providerStatus: (providerStatus as ProviderStatus | null) ?? null,
  };
}

/**
 * The user behind an identity: found by issuer and subject, or else by a
 * verified e-mail (the same person logging in through the provider for the
 * first time), or else created. Names and picture follow the provider.
 */
export async function userFromClaims(db: Db, claims: OidcClaims, now = new Date()) {
  return db.transaction(async (tx) => {
    const profile = {
      firstName: claims.firstName,
      lastName: claims.lastName,
      profileImageUrl: claims.picture,
      lastLoginAt: now,
    };
    const known = await repo.findUserByIdentity(tx, claims.issuer, claims.subject);
    if (known)
      return (await repo.updateUser(tx, known.id, { ...profile, email: claims.email ?? known.email })) ?? known;
    const byEmail = claims.email && claims.emailVerified ? await repo.findUserByEmail(tx, claims.email) : undefined;
    if (byEmail && byEmail.oidcSubject === null) {
      return (
        (await repo.updateUser(tx, byEmail.id, {
          ...profile,
          oidcIssuer: claims.issuer,
          oidcSubject: claims.subject,
        })) ?? byEmail
      );
    }
    return repo.insertUser(tx, {
      ...profile,
      // An unverified e-mail, or one already in use, is not taken over.
      email: claims.email && claims.emailVerified && !byEmail ? claims.email : null,
      oidcIssuer: claims.issuer,
      oidcSubject: claims.subject,
    });
  });
}

/** The demo account's user, made when missing (so demo login works on an empty database too). */
export async function demoUser(db: Db, account: DemoAccount, now = new Date()) {
  const demo = DEMO_USERS[account];
  const existing = await repo.findUserByEmail(db, demo.email);
  if (existing) return (await repo.updateUser(db, existing.id, { lastLoginAt: now })) ?? existing;
  return db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, { ...demo, roleChosenAt: now, lastLoginAt: now });
    if (demo.role === 'provider') {
      await repo.insertProvider(tx, {
        userId: user.id,
        name: `${demo.firstName} ${demo.lastName}`,
        email: demo.email,
        company: 'company' in demo ? demo.company : null,
        isApproved: demo.isApproved,
        status: demo.isApproved ? 'approved' : 'pending',
      });
    }
    return user;
  });
}

/** The role choice after the first login (spec 2, DECISIONS 17): once; a provider starts pending. */
export async function chooseRole(db: Db, userId: string, choice: RoleChoice, now = new Date()): Promise<AuthUser> {
  return db.transaction(async (tx) => {
    const found = await repo.findUser(tx, userId);
    if (!found) throw new AppError('NOT_FOUND', 404, 'User not found');
    if (found.user.roleChosenAt) throw new AppError('CONFLICT', 409, 'Your role was already chosen');
    if (choice.role === 'visitor') {
      const user = await repo.updateUser(tx, userId, { role: 'visitor', roleChosenAt: now });
      if (!user) throw new AppError('NOT_FOUND', 404, 'User not found');
      return presentUser(user, null);
    }
    const email = found.user.email;
    if (!email) {
      throw new AppError('BAD_REQUEST', 400, 'Your account has no verified e-mail address; a provider needs one');
    }
    const user = await repo.updateUser(tx, userId, {
      role: 'provider',
      isApproved: false,
      company: choice.company,
      phone: choice.phone,
      address: choice.address,
      roleChosenAt: now,
    });
    if (!user) throw new AppError('NOT_FOUND', 404, 'User not found');
    const provider = await repo.insertProvider(tx, {
      userId,
      name: [user.firstName, user.lastName].filter(Boolean).join(' ') || (choice.company ?? email),
      email,
      company: choice.company,
      phone: choice.phone,
      address: choice.address,
      status: 'pending',
      isApproved: false,
    });
    return presentUser(user, provider?.status ?? 'pending');
  });
}
