import { describe, expect, it } from 'vitest';
import type { Permission } from '@gridops/contract';
import { beyondCeiling, type Reach, type Standing } from './ceiling.js';

const ALL: Permission[] = ['view', 'configure', 'control', 'manageUsers'];
/** A centre manager of organisation 10 (subtree 10, 11) holding projects 1 and 2, built-in administrator id 1. */
const centreLow: Reach = { id: 5, userType: 0, permissions: ['view', 'manageUsers'], orgIds: [10, 11], projectIds: [1, 2], builtinAdminId: 1 };
const siteLow: Reach = { id: 6, userType: 1, permissions: ['view', 'manageUsers'], orgIds: [11], projectIds: [1], builtinAdminId: 1 };
const target = (t: Partial<Standing>): Standing => ({ id: 9, userType: 1, orgId: 11, permissions: ['view'], projectIds: [1], ...t });

describe('member privilege ceiling', () => {
  it('lets a manager act on a weaker or equal member of its scope', () => {
    expect(beyondCeiling(centreLow, target({}))).toBeNull();
    expect(beyondCeiling(centreLow, target({ userType: 0, orgId: 11, projectIds: [] }))).toBeNull();
    expect(beyondCeiling(siteLow, target({ permissions: ['view', 'manageUsers'] }))).toBeNull();
  });

  it('refuses a member holding a permission the manager does not hold', () => {
    expect(beyondCeiling(siteLow, target({ permissions: ['view', 'control'] }))).toBe('permissions');
    expect(beyondCeiling(centreLow, target({ userType: 0, orgId: 10, permissions: ALL }))).toBe('permissions');
  });

  it('refuses a member whose organisation or projects reach beyond the manager', () => {
    expect(beyondCeiling(centreLow, target({ orgId: 99 }))).toBe('scope');
    expect(beyondCeiling(centreLow, target({ projectIds: [1, 3] }))).toBe('scope');
    expect(beyondCeiling(siteLow, target({ projectIds: [1, 2] }))).toBe('scope');
    // A centre member under a site manager: its scope is a whole subtree.
    expect(beyondCeiling(siteLow, target({ userType: 0, projectIds: [] }))).toBe('scope');
  });

  it('leaves the built-in administrator to itself alone', () => {
    const peerAdmin: Reach = { ...centreLow, permissions: ALL };
    expect(beyondCeiling(peerAdmin, target({ id: 1, userType: 0, orgId: 10, permissions: ALL }))).toBe('builtinAdmin');
    expect(beyondCeiling({ ...peerAdmin, id: 1 }, target({ id: 1, userType: 0, orgId: 10, permissions: ALL }))).toBeNull();
  });
});
