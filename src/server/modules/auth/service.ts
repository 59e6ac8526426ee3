import type { AuthUser, DemoAccount, ProviderApplication, RoleChoice } from '../../../domain/auth.js';
import type { Db } from '../../db/client.js';
import { DEMO_USERS } from '../../db/seed/demo.js';
import type { Deps } from '../../deps.js';
import { AppError, isUniqueViolation } from '../../errors.js';
import { enqueueNotice, teamRecipients } from '../mail/notices.js';
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

type RoleDeps = Pick<Deps, 'db' | 'clock' | 'site' | 'config'>;

/**
 * The role choice after the first login (docs/accounts.md#role-selection): once; a provider starts
 * pending, and the team is told (docs/accounts.md#becoming-a-provider).
 */
export async function chooseRole(deps: RoleDeps, userId: string, choice: RoleChoice): Promise<AuthUser> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    const found = await repo.findUser(tx, userId);
    if (!found) throw new AppError('USER_NOT_FOUND', 'User not found');
    // Once chosen, the only change left to a user is a visitor's application as a provider.
    if (found.user.roleChosenAt && (found.user.role !== 'visitor' || choice.role === 'visitor')) {
      throw new AppError('ROLE_ALREADY_CHOSEN', 'Your role was already chosen');
    }
    // A visitor applies once: one made a visitor again by an admin after applying does not again.
    if (found.user.roleChosenAt && found.providerStatus !== null) {
      throw new AppError('ALREADY_PROVIDER', 'This account has already applied as a provider');
    }
    if (choice.role === 'visitor') {
      const user = await repo.updateUser(tx, userId, { role: 'visitor', roleChosenAt: now }, now);
      if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
      return presentUser(user, null);
    }
    return makeApplicant(deps, tx, found, choice, now);
  });
}

/**
 * A logged-in visitor applies to become a provider (POST /api/provider/application,
 * docs/accounts.md#becoming-a-provider): once. An account that is a provider already (pending,
 * approved or rejected), that applied before (and was made a visitor again by an admin), or an
 * admin's, gets a 409; the address must be verified, as at the role choice.
 */
export async function applyAsProvider(
  deps: RoleDeps,
  userId: string,
  application: ProviderApplication,
): Promise<AuthUser> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    const found = await repo.findUser(tx, userId);
    if (!found) throw new AppError('USER_NOT_FOUND', 'User not found');
    if (found.user.role === 'admin') {
      throw new AppError('ALREADY_ADMIN', 'An admin already does everything a provider does');
    }
    if (found.user.role === 'provider' || found.providerStatus !== null) {
      throw new AppError('ALREADY_PROVIDER', 'This account has already applied as a provider');
    }
    return makeApplicant(deps, tx, found, { role: 'provider', ...application }, now);
  });
}

/** Makes the account a pending provider with its application, and tells the team, in `tx`. */
async function makeApplicant(
  { site, config }: RoleDeps,
  tx: Db,
  found: NonNullable<Awaited<ReturnType<typeof repo.findUser>>>,
  choice: RoleChoice,
  now: Date,
): Promise<AuthUser> {
  const userId = found.user.id;
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
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || (choice.company ?? email);
  const provider = await repo.upsertProviderOfUser(tx, {
    userId,
    name,
    email,
    company: choice.company,
    phone: choice.phone,
    address: choice.address,
    status: 'pending',
    isApproved: false,
  });
  // The team decides within 48 hours, as the sign-up promises: it is told at once (docs/mail.md#notices).
  const notice = {
    kind: 'providerApplied',
    values: { name, email, company: choice.company ?? '', phone: choice.phone ?? '', address: choice.address ?? '' },
    path: '/admin',
  } as const;
  for (const recipient of await teamRecipients(tx, (await site.current()).teamInbox)) {
    await enqueueNotice(tx, recipient, notice, { publicUrl: config.auth.publicUrl, now });
  }
  return presentUser(user, provider?.status ?? 'pending');
}
