import { describe, expect, it } from 'vitest';
import { PriceAlertIndex } from './price-alert-index.js';
import {
  alertLevels,
  checkAlertAgainstPrice,
  checkAlertExpiry,
  checkAlertValue,
  PriceAlertCreateInput,
} from './price-alerts.js';

describe('price alert rules', () => {
  it('checks a level against the instrument: positive, bounded, at most its decimals', () => {
    expect(checkAlertValue('above', 1.12345, 5)).toBeNull();
    expect(checkAlertValue('above', 1.123456, 5)).toEqual({
      key: 'priceAlerts.decimals',
      params: { max: 5 },
    });
    expect(checkAlertValue('below', 0, 5)).toEqual({ key: 'priceAlerts.valuePositive' });
    expect(checkAlertValue('below', -3, 5)).toEqual({ key: 'priceAlerts.valuePositive' });
    expect(checkAlertValue('above', Number.POSITIVE_INFINITY, 2)).toEqual({
      key: 'priceAlerts.valuePositive',
    });
    expect(checkAlertValue('above', 2e9, 2)?.key).toBe('priceAlerts.valueMax');
  });

  it('checks a move: above 0, at most 50 %, two decimals', () => {
    expect(checkAlertValue('move', 2.5, 0)).toBeNull();
    expect(checkAlertValue('move', 50.01, 5)?.key).toBe('priceAlerts.percentMax');
    expect(checkAlertValue('move', 1.234, 5)).toEqual({ key: 'priceAlerts.decimals', params: { max: 2 } });
  });

  it('checks the expiry: in the future, within a year', () => {
    const now = Date.parse('2026-12-01T00:00:00Z');
    expect(checkAlertExpiry(null, now)).toBeNull();
    expect(checkAlertExpiry('2026-12-02T00:00:00.000Z', now)).toBeNull();
    expect(checkAlertExpiry('2026-11-30T00:00:00.000Z', now)?.key).toBe('priceAlerts.expiryPast');
    expect(checkAlertExpiry('2028-01-01T00:00:00.000Z', now)?.key).toBe('priceAlerts.expiryFar');
  });

  it('sets a move from the price when set, rounded away from it to the instrument decimals', () => {
    expect(alertLevels('move', 1, 100, 2)).toEqual({ above: 101, below: 99 });
    expect(alertLevels('move', 1, 1.23456, 5)).toEqual({ above: 1.24691, below: 1.22221 });
    expect(alertLevels('above', 5, 100, 2)).toEqual({ above: 5, below: null });
    expect(alertLevels('below', 5, 100, 2)).toEqual({ above: null, below: 5 });
  });

  it('refuses an alert the price already reaches', () => {
    expect(checkAlertAgainstPrice({ above: 100, below: null }, 100)?.key).toBe('priceAlerts.alreadyAbove');
    expect(checkAlertAgainstPrice({ above: null, below: 100 }, 99)?.key).toBe('priceAlerts.alreadyBelow');
    expect(checkAlertAgainstPrice({ above: 100, below: null }, 99)).toBeNull();
    expect(checkAlertAgainstPrice({ above: 101, below: 99 }, 100)).toBeNull();
    expect(checkAlertAgainstPrice({ above: 100, below: null }, null)).toBeNull();
  });

  it('parses the create input with translated keys', () => {
    const ok = PriceAlertCreateInput.safeParse({
      symbol: 'btcusd',
      kind: 'above',
      side: 'bid',
      value: '70000.5',
    });
    expect(ok.success && ok.data).toEqual({
      symbol: 'BTCUSD',
      kind: 'above',
      side: 'bid',
      value: 70000.5,
      expires_at: null,
      note: null,
    });
    const bad = PriceAlertCreateInput.safeParse({
      symbol: 'BTCUSD',
      kind: 'above',
      side: 'bid',
      value: 'abc',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('priceAlerts.valuePositive');
    const note = PriceAlertCreateInput.safeParse({
      symbol: 'BTCUSD',
      kind: 'above',
      side: 'bid',
      value: 1,
      note: 'x'.repeat(141),
    });
    expect(note.error?.issues[0]?.message).toBe('priceAlerts.noteLength');
    const expiry = PriceAlertCreateInput.safeParse({
      symbol: 'BTCUSD',
      kind: 'above',
      side: 'bid',
      value: 1,
      expires_at: 'tomorrow',
    });
    expect(expiry.error?.issues[0]?.message).toBe('priceAlerts.expiryInvalid');
  });
});

describe('PriceAlertIndex', () => {
  const add = (
    index: PriceAlertIndex<number>,
    id: number,
    above: number | null,
    below: number | null,
    group = 'g',
  ) => index.add({ id, symbol: 'BTCUSD', group, above, below, item: id });

  it('fires levels at or beyond the price, once, and only in their group', () => {
    const index = new PriceAlertIndex<number>();
    add(index, 1, 100, null);
    add(index, 2, 105, null);
    add(index, 3, null, 90);
    add(index, 4, 100, null, 'other');
    expect(index.fire('BTCUSD', 'g', 99.99)).toEqual([]);
    expect(index.fire('BTCUSD', 'g', 100)).toEqual([1]);
    expect(index.fire('BTCUSD', 'g', 100)).toEqual([]);
    expect(index.fire('BTCUSD', 'g', 80).sort()).toEqual([3]);
    expect(index.fire('BTCUSD', 'g', 200)).toEqual([2]);
    expect(index.size).toBe(1);
    expect([...(index.groups('BTCUSD') ?? [])]).toEqual(['other']);
    expect(index.fire('ETHUSD', 'other', 1000)).toEqual([]);
  });

  it('fires a move either way once and forgets removed or replaced alerts', () => {
    const index = new PriceAlertIndex<number>();
    add(index, 1, 110, 90);
    add(index, 2, 120, null);
    expect(index.remove(2)).toBe(true);
    expect(index.remove(2)).toBe(false);
    add(index, 1, 130, 70);
    expect(index.fire('BTCUSD', 'g', 125)).toEqual([]);
    expect(index.fire('BTCUSD', 'g', 65)).toEqual([1]);
    expect(index.fire('BTCUSD', 'g', 200)).toEqual([]);
    expect(index.size).toBe(0);
    expect(index.groups('BTCUSD')).toBeUndefined();
  });
});
