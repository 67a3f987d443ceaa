import { describe, expect, it } from 'vitest';
import {
  ADJUSTMENT_KINDS,
  ADJUSTMENT_RULES,
  bookedAdjustment,
  fourEyesThreshold,
  needsFourEyes,
  withdrawableAmount,
} from './backoffice-money.js';
import { money } from './money.js';
import { TRANSACTION_TABS } from './transactions.js';

describe('adjustments', () => {
  it('books bonuses and credits in the spec §9 tabs and withdrawals under withdrawals', () => {
    expect(TRANSACTION_TABS.bonuses).toContain(ADJUSTMENT_RULES.bonus.typeId);
    expect(TRANSACTION_TABS.bonuses).toContain(ADJUSTMENT_RULES.promotional_bonus.typeId);
    expect(TRANSACTION_TABS.credits).toContain(ADJUSTMENT_RULES.credit.typeId);
    expect(TRANSACTION_TABS.withdrawals).toContain(ADJUSTMENT_RULES.wire_withdrawal.typeId);
    expect(TRANSACTION_TABS.withdrawals).toContain(ADJUSTMENT_RULES.card_withdrawal.typeId);
    // a correction, of either sign, has its own tab beside the spec's four
    expect(TRANSACTION_TABS.corrections).toEqual([ADJUSTMENT_RULES.correction.typeId]);
  });

  it('a correction keeps its sign; the other kinds are entered positive and a withdrawal debits', () => {
    expect(bookedAdjustment('correction', money(-12.5))).toBe(-12.5);
    expect(bookedAdjustment('correction', money(3))).toBe(3);
    expect(bookedAdjustment('bonus', money(50))).toBe(50);
    expect(bookedAdjustment('wire_withdrawal', money(20))).toBe(-20);
    expect(bookedAdjustment('credit', money(-5))).toBeNull();
    for (const kind of ADJUSTMENT_KINDS) expect(bookedAdjustment(kind, money(0))).toBeNull();
  });
});

describe('four-eyes', () => {
  it('needs a second approver strictly above the threshold, 10,000 by default', () => {
    expect(fourEyesThreshold(undefined)).toBe(10_000);
    expect(fourEyesThreshold({ fourEyesAbove: 500 })).toBe(500);
    expect(needsFourEyes(money(-10_000), 10_000)).toBe(false);
    expect(needsFourEyes(money(-10_000.01), 10_000)).toBe(true);
  });
});

describe('withdrawable amount', () => {
  it('holds bonus and credit money back unless the brand allows it', () => {
    expect(withdrawableAmount(money(1500), money(500))).toBe(1000);
    expect(withdrawableAmount(money(1500), money(500), true)).toBe(1500);
    expect(withdrawableAmount(money(300), money(500))).toBe(0);
    // a negative bonus sum (bonuses taken back) locks nothing
    expect(withdrawableAmount(money(300), money(-50))).toBe(300);
  });
});
