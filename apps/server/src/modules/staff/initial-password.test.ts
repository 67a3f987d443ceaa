import { isStrongStaffPassword, STAFF_PASSWORD_MIN_LENGTH } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { newInitialPassword } from './staff.service.js';

describe('an initial or reset staff password', () => {
  it('always follows the staff password rule, so the member may keep typing it where the rule applies', () => {
    // a plain 20-character draw misses a digit or sign about once in 64: 2,000 draws would all but surely hit one
    const drawn = Array.from({ length: 2_000 }, newInitialPassword);
    expect(drawn.filter((password) => !isStrongStaffPassword(password))).toEqual([]);
    expect(new Set(drawn).size).toBe(drawn.length);
    expect(Math.min(...drawn.map((password) => password.length))).toBeGreaterThanOrEqual(
      STAFF_PASSWORD_MIN_LENGTH,
    );
  });
});
