import { describe, expect, it } from 'vitest';
import { ACCESS_LEVELS, allows, mayChangeRole, type Principal } from './policies.js';

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
    admin: p('admin', true),
    newUser: p('visitor', false, false),
  };
  const expected: Record<(typeof ACCESS_LEVELS)[number], (keyof typeof who)[]> = {
    public: ['anonymous', 'visitor', 'pending', 'provider', 'admin', 'newUser'],
    user: ['visitor', 'pending', 'provider', 'admin', 'newUser'],
    newUser: ['visitor', 'newUser'],
    provider: ['pending', 'provider', 'admin'],
    approvedProvider: ['provider', 'admin'],
    admin: ['admin'],
  };
  it.each(ACCESS_LEVELS)('%s lets in exactly whom it should', (level) => {
    const allowed = (Object.keys(who) as (keyof typeof who)[]).filter((name) => allows(level, who[name]));
    expect(allowed).toEqual(expected[level]);
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
