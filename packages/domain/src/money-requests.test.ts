import { describe, expect, it } from 'vitest';
import { money } from './money.js';
import {
  DEFAULT_MONEY_LIMITS,
  limitDayStart,
  limitsOf,
  lookalikeFields,
  moneyLimitProblem,
  parseLimits,
  raisedLimits,
} from './money-requests.js';

const caps = { maxSingle: money(100), maxDailyPerMember: money(250), maxDailyPerClient: money(180) };

describe('staff money caps', () => {
  it('takes the most generous cap of a member’s money roles, and none without one', () => {
    expect(limitsOf(['finance'], {})).toEqual(DEFAULT_MONEY_LIMITS.finance);
    expect(limitsOf(['finance', 'admin'], {}).maxSingle).toBe(DEFAULT_MONEY_LIMITS.admin?.maxSingle);
    expect(limitsOf(['finance'], { finance: caps })).toEqual(caps);
    expect(limitsOf(['dealer', 'support'], {}).maxSingle).toBe(0);
  });

  it('counts sliced requests together: one request, then the day per member, then per client', () => {
    const none = { byMember: money(0), forClient: money(0) };
    expect(moneyLimitProblem(money(100), caps, none, 'EUR')).toBeNull();
    expect(moneyLimitProblem(money(-100.01), caps, none, 'EUR')?.key).toBe('staff.limitSingle');
    expect(
      moneyLimitProblem(money(60), caps, { byMember: money(200), forClient: money(0) }, 'EUR')?.key,
    ).toBe('staff.limitDailyMember');
    const client = moneyLimitProblem(money(-90), caps, { byMember: money(0), forClient: money(100) }, 'USD');
    expect(client).toMatchObject({
      key: 'staff.limitDailyClient',
      params: { max: 'USD 180.00', used: 'USD 100.00' },
    });
    expect(
      moneyLimitProblem(money(80), caps, { byMember: money(170), forClient: money(100) }, 'EUR'),
    ).toBeNull();
  });

  it('names the raised caps (a second admin confirms them); lowering is not a raise', () => {
    expect(raisedLimits(caps, { ...caps, maxSingle: money(50) })).toEqual([]);
    expect(raisedLimits(caps, { ...caps, maxSingle: money(101), maxDailyPerClient: money(1) })).toEqual([
      'maxSingle',
    ]);
  });

  it('reads caps as exact non-negative amounts with at most two decimals', () => {
    expect(parseLimits({ maxSingle: '100', maxDailyPerMember: '250.5', maxDailyPerClient: '0.00' })).toEqual({
      maxSingle: 100,
      maxDailyPerMember: 250.5,
      maxDailyPerClient: 0,
    });
    for (const bad of ['-1', '1e3', '1.001', '', 'NaN', '99999999999999'])
      expect(parseLimits({ maxSingle: bad, maxDailyPerMember: '1', maxDailyPerClient: '1' }), bad).toBeNull();
  });

  it('counts the UTC day', () => {
    expect(limitDayStart(new Date('2026-11-29T23:59:59.999Z')).toISOString()).toBe(
      '2026-11-29T00:00:00.000Z',
    );
  });
});

describe('look-alike clients', () => {
  const staff = { email: 'Finance@Example.com', phone: '+49 170 1234567', name: 'Dana Müller' };

  it('finds the same mailbox, phone number or full name', () => {
    expect(lookalikeFields({ email: 'finance+trading@example.com', phone: '', name: 'X Y' }, staff)).toEqual([
      'email',
    ]);
    expect(
      lookalikeFields({ email: 'a@b.c', phone: '0049 170 1234567', name: 'dana  mueller' }, staff),
    ).toEqual(['phone']);
    expect(lookalikeFields({ email: 'a@b.c', phone: '', name: 'DANA MULLER' }, staff)).toEqual(['name']);
    expect(
      lookalikeFields({ email: 'dana@example.com', phone: '+1 555 0100', name: 'Dana Miller' }, staff),
    ).toEqual([]);
  });
});
