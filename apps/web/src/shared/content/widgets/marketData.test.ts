import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../../api/types.js';
import { instrumentFixture } from '../../../test/platformFixtures.js';
import {
  crossRate,
  crossRatePairs,
  dailyCloses,
  groupInstruments,
  percentChange,
  tickerInstruments,
  utcDayStart,
} from './marketData.js';

const instrument = (symbol: string, category: Instrument['category']): Instrument =>
  instrumentFixture({ symbol, name: symbol, displayName: symbol, category, categoryId: 1, precision: 5 });

describe('forex cross rates (spec §2: EUR USD JPY GBP CHF AUD CAD NZD)', () => {
  const mids = new Map([
    ['EURUSD', 1.1],
    ['USDJPY', 150],
    ['GBPUSD', 1.25],
  ]);

  it('uses the pair itself, or its inverse', () => {
    expect(crossRate('EUR', 'USD', mids)).toBe(1.1);
    expect(crossRate('USD', 'EUR', mids)).toBeCloseTo(1 / 1.1, 12);
    expect(crossRate('EUR', 'EUR', mids)).toBe(1);
  });

  it('crosses through USD where the pair is not quoted', () => {
    expect(crossRate('EUR', 'JPY', mids)).toBeCloseTo(165, 10);
    expect(crossRate('EUR', 'GBP', mids)).toBeCloseTo(1.1 / 1.25, 12);
    expect(crossRate('JPY', 'GBP', mids)).toBeCloseTo(1 / 150 / 1.25, 12);
  });

  it('gives null (shown as —) where a rate cannot be derived', () => {
    expect(crossRate('CHF', 'EUR', mids)).toBeNull();
    expect(crossRate('USD', 'NZD', mids)).toBeNull();
  });

  it('takes only the catalogue’s pairs between the eight currencies', () => {
    const list = ['EURUSD', 'USDMXN', 'GBPJPY', 'AAPL'].map((s) =>
      instrument(s, s === 'AAPL' ? 'stocks' : 'forex'),
    );
    expect(crossRatePairs(list)).toEqual(['EURUSD', 'GBPJPY']);
  });
});

describe('market quotes groups and ticker tape (spec §2)', () => {
  it('lists a group’s best-known instruments first, at most ten', () => {
    const list = [
      ...['ZZZUSD', 'ETHUSD', 'BTCUSD'].map((s) => instrument(s, 'crypto')),
      ...Array.from({ length: 12 }, (_, i) => instrument(`FX${i}`, 'forex')),
    ];
    expect(groupInstruments('Crypto', list).map((i) => i.symbol)).toEqual(['BTCUSD', 'ETHUSD', 'ZZZUSD']);
    expect(groupInstruments('Forex', list)).toHaveLength(10);
    expect(groupInstruments('Stocks', list)).toEqual([]);
  });

  it('shows gold, palladium, platinum, natural gas, crude oil, stocks and crypto in the ticker', () => {
    const list = ['BTCUSD', 'GOLD', 'AAPL', 'NATGAS', 'EURUSD'].map((s) => instrument(s, 'commodities'));
    expect(tickerInstruments(list).map((i) => i.symbol)).toEqual(['GOLD', 'NATGAS', 'AAPL', 'BTCUSD']);
  });
});

describe('daily change', () => {
  it('takes yesterday’s close for the change and the newest close for closed markets', () => {
    const now = Date.UTC(2026, 10, 21, 15, 0);
    const today = utcDayStart(now);
    const candles = [
      { time: today - 2 * 86_400, close: 98 },
      { time: today - 86_400, close: 100 },
      { time: today, close: 103 },
    ];
    expect(dailyCloses(candles, now)).toEqual({ previousClose: 100, lastClose: 103 });
    expect(percentChange(100, 103)).toBeCloseTo(3, 10);
    expect(percentChange(null, 103)).toBeNull();
  });
});
