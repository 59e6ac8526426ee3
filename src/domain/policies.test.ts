import { describe, expect, it } from 'vitest';
import {
  ACCESS_LEVELS,
  allows,
  mayAnswerBooking,
  mayChangeRole,
  mayEditActivity,
  mayEditOwnActivities,
  type Principal,
} from './policies.js';

const p = (role: Principal['role'], isApproved = false, roleChosen = true): Principal => ({
  id: role,
  role,
  isApproved,
  roleChosen,
});

describe('allows', () => {
  const who = {
    anonymous: null,
    visitor: p('visitor'),
    pending: p('provider', false),
    provider: p('provider', true),
    // An application rejected after approval, whatever the account's flag still says.
    rejected: { ...p('provider', true), providerStatus: 'rejected' as const },
    admin: p('admin', true),
    newUser: p('visitor', false, false),
  };
  const expected: Record<(typeof ACCESS_LEVELS)[number], (keyof typeof who)[]> = {
    public: ['anonymous', 'visitor', 'pending', 'provider', 'rejected', 'admin', 'newUser'],
    user: ['visitor', 'pending', 'provider', 'rejected', 'admin', 'newUser'],
    newUser: ['visitor', 'newUser'],
    provider: ['pending', 'provider', 'rejected', 'admin'],
    approvedProvider: ['provider', 'admin'],
    admin: ['admin'],
  };
  it.each(ACCESS_LEVELS)('%s lets in exactly whom it should', (level) => {
    const allowed = (Object.keys(who) as (keyof typeof who)[]).filter((name) => allows(level, who[name]));
    expect(allowed).toEqual(expected[level]);
  });
});

describe('mayEditOwnActivities', () => {
  it('lets providers change their activities, pending or approved, but not once their application is rejected', () => {
    expect(mayEditOwnActivities(p('provider', false))).toBe(true);
    expect(mayEditOwnActivities({ ...p('provider', true), providerStatus: 'approved' })).toBe(true);
    expect(mayEditOwnActivities({ ...p('provider', true), providerStatus: 'rejected' })).toBe(false);
    expect(mayEditOwnActivities(p('visitor'))).toBe(false);
    expect(mayEditOwnActivities(null)).toBe(false);
  });
});

describe('mayChangeRole', () => {
  it('lets an admin change roles, but never demote the last admin', () => {
    const admin = p('admin', true);
    expect(mayChangeRole(admin, { role: 'visitor' }, 'provider', 1)).toBe(true);
    expect(mayChangeRole(admin, { role: 'admin' }, 'visitor', 1)).toBe(false);
    expect(mayChangeRole(admin, { role: 'admin' }, 'admin', 1)).toBe(true);
    expect(mayChangeRole(admin, { role: 'admin' }, 'visitor', 2)).toBe(true);
    expect(mayChangeRole(p('provider', true), { role: 'visitor' }, 'provider', 1)).toBe(false);
    expect(mayChangeRole(null, { role: 'visitor' }, 'admin', 1)).toBe(false);
  });
});

describe('resources: a listing and its bookings (mayEditActivity, mayAnswerBooking)', () => {
  const provider = p('provider', true);
  const pending = p('provider', false);
  const rejected = { ...p('provider', true), providerStatus: 'rejected' as const };
  const theirs = { ownerUserId: 'provider' };
  const another = { ownerUserId: 'someone else' };
  const nobody = { ownerUserId: null };

  it('lets a provider change their own listing (pending too), never another or the guide own, and an admin any', () => {
    expect(mayEditActivity(provider, theirs)).toBe(true);
    expect(mayEditActivity(pending, { ownerUserId: 'provider' })).toBe(true);
    expect(mayEditActivity(rejected, theirs)).toBe(false);
    expect(mayEditActivity(provider, another)).toBe(false);
    expect(mayEditActivity(provider, nobody)).toBe(false);
    expect(mayEditActivity(p('visitor'), { ownerUserId: 'visitor' })).toBe(false);
    expect(mayEditActivity(null, nobody)).toBe(false);
    for (const listing of [theirs, another, nobody]) expect(mayEditActivity(p('admin', true), listing)).toBe(true);
  });

  it('lets the approved provider of the activity answer its bookings, and admins answer any (the team answers for nobody)', () => {
    expect(mayAnswerBooking(provider, theirs)).toBe(true);
    expect(mayAnswerBooking(pending, { ownerUserId: 'provider' })).toBe(false);
    expect(mayAnswerBooking(rejected, theirs)).toBe(false);
    expect(mayAnswerBooking(provider, another)).toBe(false);
    expect(mayAnswerBooking(provider, nobody)).toBe(false);
    expect(mayAnswerBooking(null, nobody)).toBe(false);
    for (const booking of [theirs, another, nobody]) expect(mayAnswerBooking(p('admin', true), booking)).toBe(true);
  });
});
