import { describe, expect, it } from 'vitest';
import { JournalPage } from './auto-trading-client.js';

const opened = {
  id: 41,
  at: '2026-11-20T10:00:00.000Z',
  action: 'open',
  symbol: 'BTCUSD',
  direction: 'buy',
  reason: { key: 'auto.reason.warmup' },
  indicators: { fast: 100_100, slow: 99_900 },
  quote: { buy: 100_012.5, sell: 99_987.5 },
  candle_time: '2026-11-20T09:00:00.000Z',
  position_id: 7,
  outcome: null,
};

describe("the client area's auto-trading contracts", () => {
  it('accept a journal page as POST /api/autoTrading/journal answers it', () => {
    const page = { entries: [opened], next: 41 };
    expect(JournalPage.parse(page)).toEqual(page);
    expect(JournalPage.parse({ entries: [], next: null })).toEqual({ entries: [], next: null });
  });

  it('refuse a journal line with an unknown action or a reason outside the message catalogue', () => {
    expect(JournalPage.safeParse({ entries: [{ ...opened, action: 'hedged' }], next: null }).success).toBe(
      false,
    );
    expect(
      JournalPage.safeParse({ entries: [{ ...opened, reason: { key: 'no.such.key' } }], next: null }).success,
    ).toBe(false);
  });
});
