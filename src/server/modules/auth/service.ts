import type { AuthUser, DemoAccount, RoleChoice } from '../../../domain/auth.js';
import type { Db } from '../../db/client.js';
import { DEMO_USERS } from '../../db/seed/demo.js';
import { AppError, isUniqueViolation } from '../../errors.js';
import type { OidcClaims } from './oidc.js';
import { presentUser } from './presenter.js';
import * as repo from './repository.js';

/**
 * The user behind an identity: found by issuer and subject, or else by a
 * verified e-mail (the same person logging in through the provider for the
 * first time, e.g. an admin made by `npm run admin`), or else created. An
 * e-mail address is stored only when the provider says it is verified, and
 * never taken from another account (docs/security.md). Names and picture
 * follow the provider.
 */
export async function userFromClaims(db: Db, claims: OidcClaims, now: Date): Promise<repo.UserRow> {
  try {
    return await resolveIdentity(db, claims, now);
  } catch (error) {
    // Two first logins of one person at once: the second finds what the first wrote.
    if (isUniqueViolation(error)) return resolveIdentity(db, claims, now);
    throw error;
  }
}

async function resolveIdentity(db: Db, claims: OidcClaims, now: Date): Promise<repo.UserRow> {
  const verifiedEmail = claims.email && claims.emailVerified ? claims.email : null;
  const profile = {
    firstName: claims.firstName,
    lastName: claims.lastName,
    profileImageUrl: claims.picture,
    lastLoginAt: now,
  };
  return db.transaction(async (tx) => {
    const holder = verifiedEmail ? await repo.findUserByEmail(tx, verifiedEmail) : undefined;
    const known = await repo.findUserByIdentity(tx, claims.issuer, claims.subject);
    if (known) {
      // A new verified address is taken only when no other account holds it; an unverified one changes nothing.
      const emailUpdate =
        verifiedEmail && (!holder || holder.id === known.id) ? { email: verifiedEmail, emailVerified: true } : {};
      return (await repo.updateUser(tx, known.id, { ...profile, ...emailUpdate }, now)) ?? known;
    }
    if (holder && holder.oidcSubject === null) {
      return (
        (await repo.updateUser(
          tx,
          holder.id,
          {
            ...profile,
            emailVerified: true,
            oidcIssuer: claims.issuer,
            oidcSubject: claims.subject,
          },
          now,
        )) ?? holder
      );
    }
    const owned = verifiedEmail && !holder ? { email: verifiedEmail, emailVerified: true } : {};
    return repo.insertUser(tx, { ...profile, ...owned, oidcIssuer: claims.issuer, oidcSubject: claims.subject });
  });
}

/** The demo account's user, made when missing (so demo login works on an empty database too). */
export async function demoUser(db: Db, account: DemoAccount, now: Date) {
  const demo = DEMO_USERS[account];
  const existing = await repo.findUserByEmail(db, demo.email);
  if (existing) return (await repo.updateUser(db, existing.id, { lastLoginAt: now }, now)) ?? existing;
  return db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, { ...demo, emailVerified: true, roleChosenAt: now, lastLoginAt: now });
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

/** The role choice after the first login (docs/accounts.md): once; a provider starts pending. */
export async function chooseRole(db: Db, userId: string, choice: RoleChoice, now: Date): Promise<AuthUser> {
  return db.transaction(async (tx) => {
    const found = await repo.findUser(tx, userId);
    if (!found) throw new AppError('USER_NOT_FOUND', 'User not found');
    // Once chosen, the only change left to a user is a visitor's application as a provider.
    if (found.user.roleChosenAt && (found.user.role !== 'visitor' || choice.role === 'visitor')) {
      throw new AppError('ROLE_ALREADY_CHOSEN', 'Your role was already chosen');
    }
    if (choice.role === 'visitor') {
      const user = await repo.updateUser(tx, userId, { role: 'visitor', roleChosenAt: now }, now);
      if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
      return presentUser(user, null);
    }
    // A provider is reached by e-mail, and admins judge the application by it: only a verified one.
    const email = found.user.emailVerified ? found.user.email : null;
    if (!email) {
      throw new AppError('EMAIL_NOT_VERIFIED', 'Your account has no verified e-mail address; a provider needs one');
    }
    const user = await repo.updateUser(
      tx,
      userId,
      {
        role: 'provider',
        isApproved: false,
        company: choice.company,
        phone: choice.phone,
        address: choice.address,
        roleChosenAt: now,
      },
      now,
    );
    if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
    const provider = await repo.upsertProviderOfUser(tx, {
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
