import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.js';
import {
  expiryAt,
  nextRollover,
  orderFillGap,
  orderFillPrice,
  orderTriggered,
  trailedStop,
  trailingMoveThreshold,
  validatePartialClose,
  validatePendingOrder,
  validateTrailingDistance,
} from './orders.js';
import type { TradeAsset, TradeUser } from './trade.js';

const forex: TradeAsset = {
  asset_category_id: 1,
  position_assets_category: { name: 'forex', leverage: '1,10,30,50,100' },
};
const trader: TradeUser = { verified_account: 1, assets_group_permission: [1], custom_leverage: null };
const now = Date.parse('2026-11-24T17:30:00Z');
const dealing = { buy: 1.1003, sell: 1.1 };
const order = {
  direction: 'buy',
  type: 'limit',
  price: 1.095,
  amount: 100,
  leverage: 30,
  freeMargin: 1000,
  user: trader,
  asset: forex,
  priceAvailable: true,
  expiry: { kind: 'gtc' },
  now,
};
const errorsOf = (input: object) => {
  const result = validatePendingOrder({ ...order, ...input }, dealing);
  return result.ok ? [] : result.errors.map((e) => `${e.path}: ${formatMessage(e)}`);
};

describe('when a pending order fires', () => {
  it.each([
    ['buy', 'limit', 1.1, { buy: 1.1001, sell: 1.0999 }, false],
    ['buy', 'limit', 1.1, { buy: 1.1, sell: 1.0998 }, true],
    ['buy', 'stop', 1.1, { buy: 1.0999, sell: 1.0997 }, false],
    ['buy', 'stop', 1.1, { buy: 1.1002, sell: 1.1 }, true],
    ['sell', 'limit', 1.1, { buy: 1.1001, sell: 1.0999 }, false],
    ['sell', 'limit', 1.1, { buy: 1.1003, sell: 1.1 }, true],
    ['sell', 'stop', 1.1, { buy: 1.1003, sell: 1.1001 }, false],
    ['sell', 'stop', 1.1, { buy: 1.1, sell: 1.0998 }, true],
  ] as const)('%s %s at %d with %o: %s', (direction, type, price, quote, fires) => {
    expect(orderTriggered({ direction, type, price }, quote)).toBe(fires);
  });
});

describe('placing a pending order', () => {
  it('a buy limit below the buy price is fine and returns the order', () => {
    const result = validatePendingOrder({ ...order, stop_lost: 1.09, take_profit: 1.11 }, dealing);
    expect(result).toEqual({
      ok: true,
      value: {
        direction: 'buy',
        type: 'limit',
        price: 1.095,
        amount: 100,
        leverage: 30,
        stopLoss: 1.09,
        takeProfit: 1.11,
        expiry: { kind: 'gtc' },
        expiresAt: null,
      },
    });
  });

  it('each level must be on its side of the current price', () => {
    expect(errorsOf({ price: 1.1003 })).toEqual([
      'price: A buy limit must be below the current buy price 1.100300',
    ]);
    expect(errorsOf({ type: 'stop', price: 1.1 })).toEqual([
      'price: A buy stop must be above the current buy price 1.100300',
    ]);
    expect(errorsOf({ direction: 'sell', price: 1.09 })).toEqual([
      'price: A sell limit must be above the current sell price 1.100000',
    ]);
    expect(errorsOf({ direction: 'sell', type: 'stop', price: 1.1 })).toEqual([
      'price: A sell stop must be below the current sell price 1.100000',
    ]);
    expect(errorsOf({ direction: 'sell', type: 'stop', price: 1.09 })).toEqual([]);
  });

  it('SL and TP are checked against the order’s level, not the current price', () => {
    // the current sell price is 1.1000, but a stop loss of 1.0990 is above the level 1.0950
    expect(errorsOf({ stop_lost: 1.099 })).toEqual(["stop_lost: Can't be higher than 1.095000"]);
    expect(errorsOf({ take_profit: 1.094 })).toEqual(["take_profit: Can't be lower than 1.095000"]);
    expect(errorsOf({ direction: 'sell', price: 1.105, stop_lost: 1.104, take_profit: 1.106 })).toEqual([
      "stop_lost: Can't be lower than 1.105000",
      "take_profit: Can't be higher than 1.105000",
    ]);
  });

  it('amount and leverage as for a new trade, and the jurisdiction cap', () => {
    expect(errorsOf({ amount: 0.5 })).toEqual(['amount: Amount must be at least 1']);
    expect(errorsOf({ amount: 2000 })).toEqual(['amount: Amount can be at most € 1000.00']);
    expect(errorsOf({ leverage: 50, leverageCap: 30 })).toEqual([
      'leverage: The highest leverage for this instrument is 1:30',
    ]);
  });

  it('an unverified account or one without the category is refused as for a new trade', () => {
    expect(errorsOf({ user: { ...trader, verified_account: 0 } })).toEqual([': The account is not verified']);
    expect(errorsOf({ user: { ...trader, assets_group_permission: [2] } })).toEqual([': You have no access']);
  });

  it('unknown direction, type or empty price', () => {
    expect(errorsOf({ direction: 'hold' })).toEqual(['direction: Direction is not valid']);
    expect(errorsOf({ type: 'market' })).toEqual(['type: Order type is not valid']);
    expect(errorsOf({ price: '' })).toEqual(['price: Price is required']);
  });

  it('expiry: end of day is the next 22:00 UTC; a date must be ahead and within a year', () => {
    const eod = validatePendingOrder({ ...order, expiry: { kind: 'eod' } }, dealing);
    expect(eod.ok && eod.value.expiresAt).toBe(Date.parse('2026-11-24T22:00:00Z'));
    expect(errorsOf({ expiry: { kind: 'date', at: '2026-11-24T17:00:00Z' } })).toEqual([
      'expiry: The expiry must be in the future',
    ]);
    expect(errorsOf({ expiry: { kind: 'date', at: '2027-12-01T00:00:00Z' } })).toEqual([
      'expiry: The expiry can be at most one year ahead',
    ]);
    expect(errorsOf({ expiry: { kind: 'date', at: 'next friday' } })).toEqual([
      'expiry: Expiry is not valid',
    ]);
    expect(errorsOf({ expiry: { kind: 'date', at: '2026-12-31' } })).toEqual([]);
  });
});

describe('expiry time', () => {
  it('eod after 22:00 UTC is tomorrow’s 22:00', () => {
    expect(nextRollover(Date.parse('2026-11-24T22:00:00Z'))).toBe(Date.parse('2026-11-25T22:00:00Z'));
    expect(nextRollover(Date.parse('2026-11-24T23:59:00Z'))).toBe(Date.parse('2026-11-25T22:00:00Z'));
    expect(expiryAt({ kind: 'gtc' }, now)).toBeNull();
    expect(expiryAt({ kind: 'date', at: '2026-12-01T12:00:00Z' }, now)).toBe(
      Date.parse('2026-12-01T12:00:00Z'),
    );
  });
});

describe('trailing stop', () => {
  it('a buy’s stop follows the sell price up at the distance, never down', () => {
    let stop = trailedStop('buy', 1.1, 0.002, null);
    expect(stop).toBe(1.098);
    stop = trailedStop('buy', 1.105, 0.002, stop);
    expect(stop).toBe(1.103);
    expect(trailedStop('buy', 1.101, 0.002, stop)).toBe(1.103);
  });

  it('a sell’s stop follows the buy price down, never up', () => {
    let stop = trailedStop('sell', 1.1, 0.002, null);
    expect(stop).toBe(1.102);
    stop = trailedStop('sell', 1.09, 0.002, stop);
    expect(stop).toBe(1.092);
    expect(trailedStop('sell', 1.095, 0.002, stop)).toBe(1.092);
  });

  it('moves once the price passes stop ± distance', () => {
    expect(trailingMoveThreshold('buy', 1.103, 0.002)).toBe(1.105);
    expect(trailingMoveThreshold('sell', 1.092, 0.002)).toBe(1.09);
  });

  it('a distance in pips or in price, at least one pip, at most half the price', () => {
    const eurusd = { pipSize: 0.0001, price: 1.1 };
    expect(validateTrailingDistance({ distance: 20, unit: 'pips' }, eurusd)).toEqual({
      ok: true,
      value: { distance: 0.002 },
    });
    expect(validateTrailingDistance({ distance: '0.0015', unit: 'price' }, eurusd)).toEqual({
      ok: true,
      value: { distance: 0.0015 },
    });
    const message = (input: { distance: unknown; unit: unknown }) => {
      const r = validateTrailingDistance(input, eurusd);
      return r.ok ? '' : formatMessage(r.errors[0] as never);
    };
    expect(message({ distance: 0.5, unit: 'pips' })).toBe('The trailing distance must be at least 0.000100');
    expect(message({ distance: 0.6, unit: 'price' })).toBe('The trailing distance can be at most 0.550000');
    expect(message({ distance: 0, unit: 'pips' })).toBe('Trailing distance is not valid');
    expect(message({ distance: 5, unit: 'points' })).toBe('Trailing distance is not valid');
    expect(message({ distance: '', unit: 'pips' })).toBe('Trailing distance is required');
  });
});

describe('partial close', () => {
  it('closes 1 … amount − 1 in steps of 0.01', () => {
    expect(validatePartialClose(100, 40)).toEqual({ ok: true, value: 40 });
    expect(validatePartialClose(100, '99.00')).toEqual({ ok: true, value: 99 });
  });

  const message = (total: number, amount: unknown) => {
    const r = validatePartialClose(total, amount);
    return r.ok ? '' : formatMessage(r.errors[0] as never);
  };

  it('tells to close all when less than 1 would remain', () => {
    expect(message(100, 99.5)).toBe(
      'You can close at most € 99.00 of this position, so that € 1.00 stays open. To close all of it, use Close.',
    );
    expect(message(100, 100)).toContain('To close all of it, use Close.');
    expect(message(1.5, 1)).toBe('This position is too small to close in part. To close it, use Close.');
  });

  it('refuses less than 1, fractions of a cent and text', () => {
    expect(message(100, 0.5)).toBe('Amount must be at least 1');
    expect(message(100, 10.005)).toBe('Amount must be a multiple of 0.01');
    expect(message(100, 'ten')).toBe('Amount is not valid');
    expect(message(100, undefined)).toBe('Amount is required');
  });
});

describe('pending orders while the market is closed', () => {
  it('need no live price: the level is checked against the last dealing prices', () => {
    // the engine passes the last brand quote it has, however old; the old `priceAvailable` is not a reason to refuse
    expect(errorsOf({ priceAvailable: false })).toEqual([]);
    expect(errorsOf({ priceAvailable: false, price: 1.2 })).toEqual([
      'price: A buy limit must be below the current buy price 1.100300',
    ]);
  });

  it('without any price only the level’s bounds are checked, and SL/TP against the level', () => {
    const check = (input: object) => {
      const result = validatePendingOrder({ ...order, ...input }, null);
      return result.ok ? [] : result.errors.map((e) => `${e.path}: ${formatMessage(e)}`);
    };
    expect(check({ price: 1.2 })).toEqual([]);
    expect(check({ direction: 'sell', type: 'stop', price: 5 })).toEqual([]);
    expect(check({ price: -1 })).not.toEqual([]);
    expect(check({ price: 1.2, stop_lost: 1.21 })).toEqual(["stop_lost: Can't be higher than 1.200000"]);
    expect(check({ amount: 2000 })).toEqual(['amount: Amount can be at most € 1000.00']);
    // NaN prices (an instrument never quoted) count as none
    const nan = validatePendingOrder({ ...order, price: 1.2 }, { buy: Number.NaN, sell: Number.NaN });
    expect(nan.ok).toBe(true);
  });
});

describe('the gap rule: where an order fills', () => {
  it.each([
    // a buy limit at 100, the market opens at 95: fills at 95, better than its level
    ['buy', 'limit', 100, { buy: 95, sell: 94.9 }, 95, 'improvement'],
    // a sell limit at 100, the market opens at 104: fills at 104
    ['sell', 'limit', 100, { buy: 104.1, sell: 104 }, 104, 'improvement'],
    // a buy stop at 100, the market opens at 105: fills at 105, worse than its level
    ['buy', 'stop', 100, { buy: 105, sell: 104.9 }, 105, 'slippage'],
    // a sell stop at 100, the market opens at 96: fills at 96
    ['sell', 'stop', 100, { buy: 96.1, sell: 96 }, 96, 'slippage'],
    // a quote exactly at the level
    ['buy', 'limit', 100, { buy: 100, sell: 99.9 }, 100, 'at'],
  ] as const)('%s %s at %d with %o fills at %d (%s)', (direction, type, level, quote, fill, gap) => {
    expect(orderTriggered({ direction, type, price: level }, quote)).toBe(true);
    expect(orderFillPrice(direction, quote)).toBe(fill);
    expect(orderFillGap({ direction, price: level }, fill)).toBe(gap);
  });
});
