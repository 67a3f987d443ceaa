import { describe, expect, it } from 'vitest';
import {
  can,
  inBrandScope,
  isTotpCode,
  normaliseRecoveryCode,
  permissionsOf,
  ROLE_PERMISSIONS,
  rolesWith,
  STAFF_PERMISSIONS,
  STAFF_ROLES,
} from './staff.js';

describe('staff roles and permissions', () => {
  it('lets admin do everything and the other roles only their own work', () => {
    expect(permissionsOf(['admin'])).toEqual([...STAFF_PERMISSIONS]);
    expect(can(['support'], 'clients.read')).toBe(true);
    expect(can(['support'], 'clients.edit')).toBe(false);
    expect(can(['finance'], 'withdrawals.approve')).toBe(true);
    expect(can(['finance'], 'documents.review')).toBe(false);
    expect(can(['dealer'], 'positions.close')).toBe(true);
    expect(can(['compliance'], 'documents.review')).toBe(true);
    expect(can(['content'], 'clients.read')).toBe(false);
    expect(can([], 'clients.read')).toBe(false);
  });

  it('gives a member with two roles the permissions of both', () => {
    const both = permissionsOf(['finance', 'support']);
    expect(both).toContain('withdrawals.approve');
    expect(both).toContain('passwordReset.send');
    expect(both).not.toContain('staff.manage');
  });

  it('names the roles that grant a permission, and only staff management is admin-only', () => {
    expect(rolesWith('audit.read')).toEqual(['admin', 'compliance']);
    expect(rolesWith('staff.manage')).toEqual(['admin']);
    for (const role of STAFF_ROLES) expect(ROLE_PERMISSIONS[role].length).toBeGreaterThan(0);
  });

  it('admits a member holding any one permission of a list, and names the roles holding any of them', () => {
    expect(can(['compliance'], ['deposits.approve', 'withdrawals.approve'])).toBe(false);
    expect(can(['finance'], ['deposits.approve', 'withdrawals.approve'])).toBe(true);
    expect(can(['support'], ['passwordReset.send', 'staff.manage'])).toBe(true);
    expect(can(['admin'], [])).toBe(false);
    expect(rolesWith(['staff.manage', 'audit.read'])).toEqual(['admin', 'compliance']);
    expect(rolesWith(['deposits.approve', 'withdrawals.approve'])).toEqual(['admin', 'finance']);
  });

  it('limits a brand scope to its brands, and "all" to none', () => {
    expect(inBrandScope({ all: true }, 7)).toBe(true);
    expect(inBrandScope({ all: false, brandIds: [1, 2] }, 2)).toBe(true);
    expect(inBrandScope({ all: false, brandIds: [1, 2] }, 3)).toBe(false);
    expect(inBrandScope({ all: false, brandIds: [] }, 1)).toBe(false);
  });

  it('reads codes as people type them', () => {
    expect(isTotpCode('123 456')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('ABCDE-FGHJK')).toBe(false);
    expect(normaliseRecoveryCode(' abcde-fghjk ')).toBe('ABCDEFGHJK');
  });
});
