import { describe, expect, it } from 'vitest';
import { CLOSING_REASON, CLOSING_REASON_LABELS, closingReasonLabel, isClosingReason } from './closing.js';

describe('spec §3 closing reasons', () => {
  it('are 0 Manually, 1 Stop Loss, 2 Take Profit, 3 Low Margin, 4 AI Trade', () => {
    expect(CLOSING_REASON).toEqual({ manual: 0, stopLoss: 1, takeProfit: 2, lowMargin: 3, aiTrade: 4 });
    expect(CLOSING_REASON_LABELS).toEqual({
      0: 'Manually',
      1: 'Stop Loss',
      2: 'Take Profit',
      3: 'Low Margin',
      4: 'AI Trade',
    });
  });

  it('labels a history row by its reason, and an unknown reason as blank', () => {
    expect(closingReasonLabel(CLOSING_REASON.lowMargin)).toBe('Low Margin');
    expect(closingReasonLabel(7)).toBe('');
    expect(closingReasonLabel(null)).toBe('');
    expect(isClosingReason(4)).toBe(true);
    expect(isClosingReason('1')).toBe(false);
  });
});
