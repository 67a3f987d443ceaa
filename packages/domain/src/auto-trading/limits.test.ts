import { describe, expect, it } from 'vitest';
import { lossLimitCloses, lossLimitHit, lossLimitMessage } from './limits.js';
import { account, limits } from './test-factories.js';

describe('loss limits', () => {
  const own = limits({ dailyLossLimit: 100, drawdownLimit: 300 });

  it('is reached at exactly the limit, not a cent before', () => {
    expect(lossLimitHit(account({ dailyResult: -100 }), own)).toBe('daily');
    expect(lossLimitHit(account({ dailyResult: -99.99 }), own)).toBeNull();
    expect(lossLimitHit(account({ totalResult: -300 }), own)).toBe('drawdown');
    expect(lossLimitHit(account({ totalResult: -299.99 }), own)).toBeNull();
  });

  it('names the drawdown limit when both are reached', () => {
    expect(lossLimitHit(account({ dailyResult: -150, totalResult: -350 }), own)).toBe('drawdown');
  });

  it('is never reached by a profit', () => {
    expect(lossLimitHit(account({ dailyResult: 500, totalResult: 5000 }), own)).toBeNull();
  });

  it('says which limit switched auto-trading off, with the result and the limit', () => {
    expect(lossLimitMessage('daily', account({ dailyResult: -104.5 }), own)).toEqual({
      key: 'auto.journal.limitDaily',
      params: { result: '€ -104.50', limit: '€ 100.00' },
    });
    expect(lossLimitMessage('drawdown', account({ totalResult: -300 }), own)).toEqual({
      key: 'auto.journal.limitDrawdown',
      params: { result: '€ -300.00', limit: '€ 300.00' },
    });
  });

  it('closes nothing by itself unless the client chose it', () => {
    const openAuto = [
      {
        id: 8,
        symbol: 'BTCUSD',
        direction: 'sell' as const,
        amount: 50,
        leverage: 2,
        openRate: 60000,
        profit: -3,
      },
      {
        id: 2,
        symbol: 'EURUSD',
        direction: 'buy' as const,
        amount: 50,
        leverage: 30,
        openRate: 1.1,
        profit: -90,
      },
    ];
    expect(lossLimitCloses(account({ openAuto }), limits({ closeOnLimit: false }), 1000)).toEqual([]);
    const closes = lossLimitCloses(account({ openAuto }), limits({ closeOnLimit: true }), 1000);
    expect(closes).toEqual([
      {
        kind: 'close',
        symbol: 'EURUSD',
        positionId: 2,
        direction: 'buy',
        reason: { key: 'auto.journal.limitClose' },
        indicators: {},
        candleTime: 1000,
      },
      {
        kind: 'close',
        symbol: 'BTCUSD',
        positionId: 8,
        direction: 'sell',
        reason: { key: 'auto.journal.limitClose' },
        indicators: {},
        candleTime: 1000,
      },
    ]);
  });
});
