import { decimalsFor, FOREX_CROSS_RATE_CURRENCIES } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { ASSET_CATEGORIES } from '../seed/seed.js';
import {
  CATEGORY_IDS,
  CATEGORY_NAMES,
  CatalogueError,
  loadCatalogue,
  parseCatalogue,
} from './instruments.js';
import catalogueData from './instruments.json' with { type: 'json' };

const catalogue = loadCatalogue();
const symbols = catalogue.instruments.map((i) => i.symbol);
const clone = () =>
  structuredClone(catalogueData) as unknown as { instruments: Array<Record<string, unknown>> } & Record<
    string,
    unknown
  >;

describe('instrument catalogue (one data file)', () => {
  it('lists 19 crypto, 33 forex, about 50 stocks and indices, and 10 commodities', () => {
    const count = (c: (typeof CATEGORY_NAMES)[number]) => catalogue.inCategory(c).length;
    expect(count('crypto')).toBe(19);
    expect(count('forex')).toBe(33);
    expect(count('stocks') + count('index')).toBe(50);
    expect(count('stocks')).toBeGreaterThanOrEqual(35);
    expect(count('index')).toBeGreaterThanOrEqual(8);
    expect(count('commodities')).toBe(10);
  });

  it('has unique symbols and exchange-prefixed names', () => {
    expect(new Set(symbols).size).toBe(symbols.length);
    const names = catalogue.instruments.map((i) => i.exchangeName);
    expect(new Set(names).size).toBe(names.length);
    for (const i of catalogue.instruments) expect(i.exchangeName).toMatch(/^[A-Z0-9_]+:[A-Z0-9._!]+$/);
  });

  it('puts every instrument in a spec §3 category with the ids the database seeds', () => {
    expect(Object.fromEntries(ASSET_CATEGORIES.map((c) => [c.name, c.id]))).toEqual(CATEGORY_IDS);
    for (const i of catalogue.instruments) {
      expect(CATEGORY_NAMES).toContain(i.category);
      expect(i.categoryId).toBe(CATEGORY_IDS[i.category]);
    }
  });

  it('quotes with a precision the spec §9 decimals rule shows in full, fine enough to move', () => {
    for (const i of catalogue.instruments) {
      const label = `${i.symbol} ${i.referencePrice} (${i.precision} decimals)`;
      // The terminal formats with decimalsFor(price); a quote never has digits it would hide.
      expect(i.precision, label).toBeLessThanOrEqual(decimalsFor(i.referencePrice));
      // One point is at most 0.1 % of the price, so ticks are visible.
      expect(i.pointSize / i.referencePrice, label).toBeLessThanOrEqual(0.001);
      expect(Number(i.referencePrice.toFixed(i.precision)), label).toBe(i.referencePrice);
      expect(i.pointSize).toBeCloseTo(10 ** -i.precision, 12);
    }
  });

  it('has spreads of at least one point and plausible for the asset class', () => {
    const maxRelative = { forex: 0.001, crypto: 0.0015, stocks: 0.001, index: 0.0005, commodities: 0.002 };
    for (const i of catalogue.instruments) {
      expect(i.spread, i.symbol).toBeGreaterThanOrEqual(i.pointSize * (1 - 1e-9));
      expect(i.spread / i.referencePrice, i.symbol).toBeLessThanOrEqual(maxRelative[i.category]);
    }
  });

  it('gives each asset class its kind of volatility: crypto high, forex low', () => {
    const range = {
      forex: [0.03, 0.2],
      crypto: [0.4, 1.5],
      stocks: [0.1, 0.8],
      index: [0.1, 0.3],
      commodities: [0.1, 0.8],
    };
    for (const i of catalogue.instruments) {
      const [lo, hi] = range[i.category] as [number, number];
      expect(i.volatility, i.symbol).toBeGreaterThanOrEqual(lo);
      expect(i.volatility, i.symbol).toBeLessThanOrEqual(hi);
    }
    const median = (c: (typeof CATEGORY_NAMES)[number]) => {
      const v = catalogue
        .inCategory(c)
        .map((i) => i.volatility)
        .sort((a, b) => a - b);
      return v[v.length >> 1] as number;
    };
    expect(median('crypto')).toBeGreaterThan(median('stocks'));
    expect(median('stocks')).toBeGreaterThan(median('index'));
    expect(median('index')).toBeGreaterThan(median('forex'));
  });

  it('gives every instrument a staleness limit and the trading hours of its market', () => {
    for (const i of catalogue.instruments) {
      expect(i.stalenessMs, i.symbol).toBeGreaterThanOrEqual(1_000);
      expect(i.stalenessMs, i.symbol).toBeLessThanOrEqual(60_000);
    }
    for (const i of catalogue.inCategory('crypto')) expect(i.hours.kind).toBe('always');
    for (const i of catalogue.inCategory('forex')) expect(i.scheduleId).toBe('forex-24x5');
    for (const i of catalogue.inCategory('stocks').filter((s) => /^(NASDAQ|NYSE):/.test(s.exchangeName))) {
      expect(i.scheduleId).toBe('us-equities');
    }
    for (const i of [...catalogue.inCategory('index'), ...catalogue.inCategory('commodities')]) {
      expect(i.hours.kind, i.symbol).toBe('weekly');
    }
  });

  it('has every symbol the home widgets need (spec §2)', () => {
    // Forex cross rates: every pair of the eight currencies, one way or the other.
    const currencies = FOREX_CROSS_RATE_CURRENCIES;
    expect(currencies).toEqual(['EUR', 'USD', 'JPY', 'GBP', 'CHF', 'AUD', 'CAD', 'NZD']);
    for (const a of currencies) {
      for (const b of currencies) {
        if (a === b) continue;
        expect(symbols.includes(a + b) || symbols.includes(b + a), `${a}/${b}`).toBe(true);
      }
    }
    // Ticker tape: gold, palladium, platinum, natural gas, crude oil, stocks and crypto pairs;
    // market quotes: crypto, forex, stocks, commodities.
    for (const s of ['GOLD', 'SILVER', 'PALLADIUM', 'PLATINUM', 'NATGAS', 'USOIL', 'UKOIL']) {
      expect(catalogue.get(s)?.category, s).toBe('commodities');
    }
    for (const s of ['AAPL', 'TSLA', 'MSFT', 'AMZN', 'GOOGL', 'META', 'NVDA'])
      expect(catalogue.get(s)?.category, s).toBe('stocks');
    for (const s of ['BTCUSD', 'ETHUSD', 'SOLUSD', 'XRPUSD'])
      expect(catalogue.get(s)?.category, s).toBe('crypto');
    for (const s of ['US500', 'US30', 'US100', 'DE40', 'UK100'])
      expect(catalogue.get(s)?.category, s).toBe('index');
    expect(catalogue.get('NATGAS')?.displayName).toMatch(/natural gas/i);
  });

  it('resolves the /platform query forms: symbol, exchange name, and USDT read as USD (spec §2)', () => {
    expect(catalogue.resolve('BINANCE:BTCUSDT')?.symbol).toBe('BTCUSD');
    expect(catalogue.resolve('COINBASE:ETHUSDT')?.symbol).toBe('ETHUSD');
    expect(catalogue.resolve(' btcusd ')?.symbol).toBe('BTCUSD');
    expect(catalogue.resolve('NYMEX:NG1!')?.symbol).toBe('NATGAS');
    expect(catalogue.resolve('NOPE')).toBeUndefined();
    for (const i of catalogue.instruments) expect(catalogue.resolve(i.exchangeName)).toBe(i);
    expect(() => catalogue.require('NOPE')).toThrow(/Unknown instrument "NOPE"/);
  });

  it('reference prices of forex crosses agree with the USD pairs (no triangular arbitrage at the start)', () => {
    const price = (s: string) => catalogue.require(s).referencePrice;
    expect(price('EURJPY')).toBeCloseTo(price('EURUSD') * price('USDJPY'), 1);
    expect(price('EURGBP')).toBeCloseTo(price('EURUSD') / price('GBPUSD'), 4);
    expect(price('AUDNZD')).toBeCloseTo(price('AUDUSD') / price('NZDUSD'), 4);
  });
});

describe('contract sizes: the units of one lot', () => {
  it('are the usual ones: 100,000 for a currency pair, 100 oz of gold, a share, a coin', () => {
    for (const i of catalogue.inCategory('forex')) expect(i.contractSize).toBe(100_000);
    for (const i of catalogue.inCategory('stocks')) expect(i.contractSize).toBe(1);
    for (const i of catalogue.inCategory('crypto')) expect(i.contractSize).toBe(1);
    expect(catalogue.require('GOLD').contractSize).toBe(100);
    expect(catalogue.require('USOIL').contractSize).toBe(1000);
    expect(catalogue.require('US500').contractSize).toBe(10);
    expect(catalogue.require('DE40').contractSize).toBe(1);
  });
});

describe('catalogue validation: a bad data file fails at load with a message naming what is wrong', () => {
  const reject = (mutate: (data: ReturnType<typeof clone>) => void): CatalogueError => {
    const data = clone();
    mutate(data);
    try {
      parseCatalogue(data, 'test.json');
    } catch (error) {
      expect(error).toBeInstanceOf(CatalogueError);
      return error as CatalogueError;
    }
    throw new Error('expected the catalogue to be rejected');
  };
  const indexOf = (symbol: string) => catalogueData.instruments.findIndex((i) => i.symbol === symbol);

  it('names the instrument and field of a schema error', () => {
    const error = reject((d) => {
      (d.instruments[indexOf('EURUSD')] as Record<string, unknown>).precision = 12;
    });
    expect(error.message).toContain('Instrument catalogue test.json is invalid');
    expect(error.message).toMatch(
      new RegExp(`instruments\\[${indexOf('EURUSD')}\\] \\(EURUSD\\)\\.precision`),
    );
  });

  it('rejects a duplicate symbol', () => {
    const error = reject((d) => {
      d.instruments.push({ ...(d.instruments[0] as object), exchangeName: 'TEST:DUP' });
    });
    expect(error.issues.join('\n')).toMatch(/symbol BTCUSD is listed twice/);
  });

  it('rejects an unknown category', () => {
    const error = reject((d) => {
      (d.instruments[0] as Record<string, unknown>).category = 'bonds';
    });
    expect(error.issues.some((i) => i.startsWith('instruments[0] (BTCUSD).category'))).toBe(true);
  });

  it('rejects a schedule reference that does not exist', () => {
    const error = reject((d) => {
      (d.instruments[1] as Record<string, unknown>).hours = 'moon-exchange';
    });
    expect(error.message).toMatch(/instruments\[1\] \(ETHUSD\)\.hours: no schedule "moon-exchange"/);
  });

  it('rejects an unknown time zone and a schedule that never closes', () => {
    const error = reject((d) => {
      const schedules = d.schedules as Record<string, unknown>;
      schedules['us-equities'] = {
        kind: 'weekly',
        timeZone: 'America/Nowhere',
        sessions: [{ days: ['Mon'], open: '09:30', close: '16:00' }],
      };
      schedules['forex-24x5'] = {
        kind: 'weekly',
        timeZone: 'UTC',
        sessions: [
          { days: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'], open: '00:00', close: '00:00' },
        ],
      };
    });
    expect(error.message).toMatch(/schedules\.us-equities: time zone "America\/Nowhere"/);
    expect(error.message).toMatch(/schedules\.forex-24x5: the sessions never close.*use kind "always"/);
  });

  it('rejects a spread below one point and a price with more decimals than its precision', () => {
    const error = reject((d) => {
      const eurusd = d.instruments[indexOf('EURUSD')] as Record<string, unknown>;
      eurusd.spread = 0.000001;
      eurusd.referencePrice = 1.1650001;
    });
    expect(error.message).toMatch(/\(EURUSD\)\.spread: 0\.000001 is smaller than one price point/);
    expect(error.message).toMatch(
      /\(EURUSD\)\.referencePrice: 1\.1650001 has more decimals than precision 5/,
    );
  });

  it('rejects a volatility too low for the jump model of its category', () => {
    const error = reject((d) => {
      (d.instruments[indexOf('AAPL')] as Record<string, unknown>).volatility = 0.05;
    });
    expect(error.message).toMatch(/\(AAPL\)\.volatility: 0\.05 is too low for the stocks jump model/);
  });

  it('rejects a missing or non-positive contract size', () => {
    const error = reject((d) => {
      (d.instruments[indexOf('GOLD')] as Record<string, unknown>).contractSize = 0;
      delete (d.instruments[indexOf('AAPL')] as Record<string, unknown>).contractSize;
    });
    expect(error.message).toMatch(/\(GOLD\)\.contractSize/);
    expect(error.message).toMatch(/\(AAPL\)\.contractSize/);
  });

  it('accepts the shipped file', () => {
    expect(parseCatalogue(clone()).instruments).toHaveLength(catalogue.instruments.length);
  });
});
