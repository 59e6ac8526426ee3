import type { ProviderStatus, Role } from './roles.js';

/**
 * Who may do what (docs/permissions.md), as pure functions: the server's guards
 * enforce them, and the client uses them to show or hide controls.
 */
export interface Principal {
  id: string;
  role: Role;
  /** For providers: approved by an admin. */
  isApproved: boolean;
  /** Set once the role was chosen after the first login (docs/accounts.md#role-selection). */
  roleChosen: boolean;
  providerStatus?: ProviderStatus | null;
}

/** The principal of a user as the API describes them (GET /api/auth/user). */
export function principalOfUser(user: Principal): Principal {
  return {
    id: user.id,
    role: user.role,
    isApproved: user.isApproved,
    roleChosen: user.roleChosen,
    providerStatus: user.providerStatus ?? null,
  };
}

/** What a route needs of the caller; every route declares one (the permission matrix reads it). */
export const ACCESS_LEVELS = ['public', 'user', 'newUser', 'provider', 'approvedProvider', 'admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const isAdmin = (p: Principal | null): boolean => p?.role === 'admin';

/**
 * An approved provider may publish activities and see and answer their guests' bookings (admins
 * may do so too). A rejected application is never approved, whatever the account's flag says
 * (docs/permissions.md#rejected-and-demoted-providers).
 */
export const isApprovedProvider = (p: Principal | null): boolean =>
  (p?.role === 'provider' && p.isApproved && p.providerStatus !== 'rejected') || isAdmin(p);

/**
 * Any provider, approved or not (and admins): a provider who waits for
 * approval already prepares drafts (docs/provider-workspace.md#lifecycle).
 */
export const isProvider = (p: Principal | null): boolean => p?.role === 'provider' || isAdmin(p);

/**
 * A provider whose application was rejected (at first, or later) still reads their workspace, but
 * changes nothing in it (docs/permissions.md#rejected-and-demoted-providers).
 */
export const mayEditOwnActivities = (p: Principal | null): boolean => isProvider(p) && p?.providerStatus !== 'rejected';

/** Whose a listing is (and so whose its bookings are): the provider's account, or nobody (the guide's team). */
export interface Ownership {
  ownerUserId: string | null;
}

const owns = (p: Principal | null, thing: Ownership): boolean => p !== null && thing.ownerUserId === p.id;

/**
 * Changing a listing: an admin changes any; a provider changes their own, unless their application
 * was rejected (docs/permissions.md#resources). Everyone else does not learn that it exists.
 */
export const mayEditActivity = (p: Principal | null, listing: Ownership): boolean =>
  isAdmin(p) || (owns(p, listing) && mayEditOwnActivities(p));

/**
 * Confirming or declining a booking: the approved provider of its activity, or an admin (who
 * answers those of listings without a provider, docs/permissions.md#resources).
 */
export const mayAnswerBooking = (p: Principal | null, booking: Ownership): boolean =>
  isAdmin(p) || (owns(p, booking) && isApprovedProvider(p));

/**
 * The role choice after the first login happens once; a visitor may later
 * apply once to become a provider (docs/accounts.md#role-selection).
 */
export const mayChooseRole = (p: Principal | null): boolean => p !== null && (!p.roleChosen || p.role === 'visitor');

/** Whether `p` passes a route's access level (null = anonymous). */
export function allows(level: AccessLevel, p: Principal | null): boolean {
  switch (level) {
    case 'public':
      return true;
    case 'user':
      return p !== null;
    case 'newUser':
      return mayChooseRole(p);
    case 'provider':
      return isProvider(p);
    case 'approvedProvider':
      return isApprovedProvider(p);
    case 'admin':
      return isAdmin(p);
  }
}

/** An admin may change anyone's role, except demote the last admin (docs/permissions.md). */
export function mayChangeRole(
  actor: Principal | null,
  target: { role: Role },
  nextRole: Role,
  adminCount: number,
): boolean {
  if (!isAdmin(actor)) return false;
  return !(target.role === 'admin' && nextRole !== 'admin' && adminCount <= 1);
}
