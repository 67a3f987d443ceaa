import { describe, expect, it } from 'vitest';
import { StaffUpdateInput } from './backoffice-staff.js';
import {
  addressAllowed,
  idleMinutesFor,
  isAllowListEntry,
  isStrongStaffPassword,
  lastInputAt,
  StaffAllowList,
  StaffPasswordChangeInput,
  secondFactorLockMinutes,
} from './staff-credentials.js';

describe('staff address allow-list', () => {
  it('accepts IPv4 and IPv6 addresses and CIDR networks, and nothing else', () => {
    for (const ok of [
      '203.0.113.7',
      '203.0.113.0/24',
      '0.0.0.0/0',
      '2001:db8::/32',
      '::1',
      '::ffff:10.0.0.1',
    ])
      expect(isAllowListEntry(ok), ok).toBe(true);
    for (const bad of [
      '10.0.0.300',
      '10.0.0',
      '203.0.113.0/33',
      '2001:db8::/129',
      'example.com',
      '1.2.3.4/8/1',
      '',
    ])
      expect(isAllowListEntry(bad), bad).toBe(false);
  });

  it('admits addresses inside an entry only; IPv4 peers shown as IPv6 count as IPv4', () => {
    const list = ['203.0.113.0/24', '198.51.100.20', '2001:db8::/32'];
    expect(addressAllowed(list, '203.0.113.250')).toBe(true);
    expect(addressAllowed(list, '::ffff:203.0.113.9')).toBe(true);
    expect(addressAllowed(list, '198.51.100.20')).toBe(true);
    expect(addressAllowed(list, '198.51.100.21')).toBe(false);
    expect(addressAllowed(list, '2001:db8:1::5')).toBe(true);
    expect(addressAllowed(list, '2001:db9::5')).toBe(false);
    expect(addressAllowed(list, 'not-an-address')).toBe(false);
    expect(addressAllowed(null, '192.0.2.1')).toBe(true);
    expect(addressAllowed([], '192.0.2.1')).toBe(true);
  });

  it('parses a list: blanks dropped, duplicates removed, empty means any address', () => {
    expect(StaffAllowList.parse(['10.0.0.0/8', '', '10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    expect(StaffAllowList.parse([])).toBeNull();
    expect(StaffAllowList.safeParse(['10.0.0.0/8', 'nope']).success).toBe(false);
  });
});

describe('staff passwords', () => {
  it('needs 12 characters with a letter and a digit or sign, different from the current one', () => {
    expect(isStrongStaffPassword('Granite river 42')).toBe(true);
    expect(isStrongStaffPassword('onlylettersherexx')).toBe(false);
    expect(isStrongStaffPassword('123456789012345')).toBe(false);
    const same = StaffPasswordChangeInput.safeParse({
      current_password: 'Granite river 42',
      new_password: 'Granite river 42',
    });
    expect(same.success).toBe(false);
  });
});

describe('second-factor lock and idle limits', () => {
  it('locks for a growing time, the last step repeating', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(secondFactorLockMinutes)).toEqual([1, 5, 15, 60, 240, 1440, 1440]);
  });

  it("gives a member the strictest of their roles' limits", () => {
    expect(idleMinutesFor(['dealer'], {}, 15)).toBe(30);
    expect(idleMinutesFor(['dealer', 'admin'], {}, 15)).toBe(15);
    expect(idleMinutesFor(['support'], { support: 45 }, 15)).toBe(45);
  });

  it('reads the age of the last input, ignoring anything unreadable', () => {
    expect(lastInputAt('2000', 10_000)?.getTime()).toBe(8000);
    expect(lastInputAt('-5', 10_000)).toBeUndefined();
    expect(lastInputAt(undefined, 10_000)).toBeUndefined();
  });

  it('refuses disabling without a reason', () => {
    expect(StaffUpdateInput.safeParse({ disabled: true }).success).toBe(false);
    expect(StaffUpdateInput.safeParse({ disabled: true, reason: 'Left' }).success).toBe(true);
    expect(StaffUpdateInput.safeParse({ disabled: false }).success).toBe(true);
  });
});
