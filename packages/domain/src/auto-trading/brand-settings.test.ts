import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages.js';
import type { FieldMessage } from '../validation.js';
import { MAX_AUTO_LEVERAGE_CAP, validateBrandAutoTrading } from './brand-settings.js';
import { DEFAULT_STRATEGY_OFFERS, resolveOffers } from './offers.js';
import { STRATEGY_IDS, STRATEGY_TIMEFRAMES } from './types.js';

const errorsOf = (input: unknown): FieldMessage[] => {
  const result = validateBrandAutoTrading(input);
  if (result.ok) throw new Error(`expected refusal, got ${JSON.stringify(result.value)}`);
  return result.errors;
};
const acceptedOf = (input: unknown) => {
  const result = validateBrandAutoTrading(input);
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.errors)}`);
  return result.value;
};

describe('a brand narrows the product’s auto-trading offer', () => {
  it('saves nothing of its own when nothing is sent: the product’s offer stands', () => {
    expect(acceptedOf({})).toEqual({});
    expect(resolveOffers(acceptedOf({}))).toEqual(resolveOffers(undefined));
  });

  it('keeps a narrowed trend range with its default and the product’s step, timeframes in the product’s order', () => {
    const value = acceptedOf({
      strategies: {
        trend: {
          offered: true,
          timeframes: ['1D', '1h'],
          ranges: { fastPeriod: { min: 5, max: 20, default: 8 }, stopAtr: { min: 1, max: 3, default: 1.5 } },
        },
      },
      maxLeverage: 10,
    });
    const trend = value.strategies?.trend;
    expect(trend?.timeframes).toEqual(['1h', '1D']);
    expect(trend?.ranges?.fastPeriod).toEqual({ min: 5, max: 20, step: 1, default: 8 });
    expect(trend?.ranges?.stopAtr).toEqual({ min: 1, max: 3, step: 0.1, default: 1.5 });
    // parameters not sent keep the product's range
    expect(trend?.ranges?.slowPeriod).toEqual(DEFAULT_STRATEGY_OFFERS.trend.ranges.slowPeriod);
    expect(value.maxLeverage).toBe(10);
    const offers = resolveOffers(value);
    expect(offers.trend.ranges.fastPeriod).toEqual({ min: 5, max: 20, step: 1, default: 8 });
    expect(offers.trend.timeframes).toEqual(['1h', '1D']);
    expect(offers.meanReversion).toEqual(DEFAULT_STRATEGY_OFFERS.meanReversion);
  });

  it('may stop offering a strategy, even with no timeframe left', () => {
    const value = acceptedOf({ strategies: { meanReversion: { offered: false, timeframes: [] } } });
    expect(value.strategies?.meanReversion?.offered).toBe(false);
    expect(resolveOffers(value).meanReversion.offered).toBe(false);
  });

  it('refuses to widen a range beyond the product’s, naming the field and the product’s bound', () => {
    const errors = errorsOf({
      strategies: { trend: { ranges: { fastPeriod: { min: 1, max: 60, default: 10 } } } },
    });
    expect(errors).toEqual([
      { path: 'strategies.trend.ranges.fastPeriod.min', key: 'boAuto.belowProduct', params: { min: 2 } },
      { path: 'strategies.trend.ranges.fastPeriod.max', key: 'boAuto.aboveProduct', params: { max: 50 } },
    ]);
    expect(formatMessage(errors[0] ?? { key: 'boAuto.notNumber' })).toBe(
      'At least 2: the product’s range does not go lower.',
    );
  });

  it('needs min ≤ default ≤ max', () => {
    expect(
      errorsOf({ strategies: { trend: { ranges: { atrPeriod: { min: 20, max: 10, default: 14 } } } } }),
    ).toEqual([
      { path: 'strategies.trend.ranges.atrPeriod.max', key: 'boAuto.maxBelowMin', params: { min: 20 } },
    ]);
    expect(
      errorsOf({ strategies: { trend: { ranges: { atrPeriod: { min: 10, max: 20, default: 25 } } } } }),
    ).toEqual([
      {
        path: 'strategies.trend.ranges.atrPeriod.default',
        key: 'boAuto.defaultOutside',
        params: { min: 10, max: 20 },
      },
    ]);
    // min = default = max pins a parameter: allowed
    expect(
      acceptedOf({ strategies: { trend: { ranges: { atrPeriod: { min: 14, max: 14, default: 14 } } } } })
        .strategies?.trend?.ranges?.atrPeriod,
    ).toEqual({ min: 14, max: 14, step: 1, default: 14 });
  });

  it('keeps values on the product’s step (whole periods, tenths of ATR) and refuses what is not a number', () => {
    const errors = errorsOf({
      strategies: {
        trend: {
          ranges: {
            fastPeriod: { min: 2.5, max: 20, default: 10 },
            stopAtr: { min: 1.05, max: 3, default: 2 },
            takeProfitAtr: { min: '1', max: 3, default: 2 },
          },
        },
      },
    });
    expect(errors).toEqual([
      {
        path: 'strategies.trend.ranges.fastPeriod.min',
        key: 'boAuto.step',
        params: { step: 1, example: '3' },
      },
      {
        path: 'strategies.trend.ranges.stopAtr.min',
        key: 'boAuto.step',
        params: { step: 0.1, example: '0.6' },
      },
      { path: 'strategies.trend.ranges.takeProfitAtr.min', key: 'boAuto.notNumber' },
    ]);
    // a tenth that floats as 0.30000000000000004 is stored as written
    const value = acceptedOf({
      strategies: { trend: { ranges: { stopAtr: { min: 0.1 + 0.2 + 0.5, max: 2, default: 1.2 } } } },
    });
    expect(value.strategies?.trend?.ranges?.stopAtr?.min).toBe(0.8);
  });

  it('refuses unknown strategies, parameters and timeframes, and an offered strategy without a timeframe', () => {
    expect(errorsOf({ strategies: { martingale: { offered: true } } })).toEqual([
      { path: 'strategies.martingale', key: 'boAuto.unknownStrategy', params: { strategy: 'martingale' } },
    ]);
    expect(errorsOf({ strategies: { trend: { ranges: { rsiPeriod: { min: 5 } } } } })).toEqual([
      {
        path: 'strategies.trend.ranges.rsiPeriod',
        key: 'boAuto.unknownParam',
        params: { param: 'rsiPeriod' },
      },
    ]);
    expect(errorsOf({ strategies: { trend: { timeframes: ['1h', '2h'] } } })).toEqual([
      { path: 'strategies.trend.timeframes.1', key: 'boAuto.timeframeUnknown', params: { timeframe: '2h' } },
    ]);
    expect(errorsOf({ strategies: { trend: { offered: true, timeframes: [] } } })).toEqual([
      { path: 'strategies.trend.timeframes', key: 'boAuto.timeframesEmpty' },
    ]);
    expect(errorsOf({ strategies: { trend: { offered: 'yes' } } })).toEqual([
      { path: 'strategies.trend.offered', key: 'boAuto.offeredInvalid' },
    ]);
    expect(errorsOf('nonsense')).toEqual([{ path: '', key: 'boAuto.settingsInvalid' }]);
  });

  it('keeps the defaults a client starts from sensible: fast below slow, oversold < exit < overbought', () => {
    expect(
      errorsOf({
        strategies: {
          trend: {
            ranges: {
              fastPeriod: { min: 10, max: 50, default: 40 },
              slowPeriod: { min: 20, max: 60, default: 30 },
            },
          },
        },
      }),
    ).toEqual([
      {
        path: 'strategies.trend.ranges.fastPeriod.default',
        key: 'boAuto.fastBelowSlow',
        params: { slow: 30 },
      },
    ]);
    expect(
      errorsOf({
        strategies: {
          meanReversion: {
            ranges: {
              oversold: { min: 30, max: 45, default: 45 },
              exitLevel: { min: 40, max: 60, default: 42 },
            },
          },
        },
      }),
    ).toEqual([
      {
        path: 'strategies.meanReversion.ranges.exitLevel.default',
        key: 'boAuto.levelsOrder',
        params: { oversold: 45, exitLevel: 42, overbought: 70 },
      },
    ]);
  });

  it('takes a leverage cap as a whole number from 1, or null for none', () => {
    expect(acceptedOf({ maxLeverage: null })).toEqual({});
    expect(acceptedOf({ maxLeverage: 1 }).maxLeverage).toBe(1);
    for (const bad of [0, -5, 2.5, '10', MAX_AUTO_LEVERAGE_CAP + 1]) {
      expect(errorsOf({ maxLeverage: bad })).toEqual([
        { path: 'maxLeverage', key: 'boAuto.leverageCap', params: { max: MAX_AUTO_LEVERAGE_CAP } },
      ]);
    }
  });

  it('never saves the kill switch from the settings form', () => {
    expect(acceptedOf({ killed: true, killedReason: 'x', killedAt: '2026-01-01T00:00:00.000Z' })).toEqual({});
  });

  it('whatever it accepts resolves to ranges inside the product’s, each default inside its range', () => {
    const bound = (name: string, id: (typeof STRATEGY_IDS)[number]) => {
      const r = DEFAULT_STRATEGY_OFFERS[id].ranges[name];
      if (!r) throw new Error(name);
      const steps = Math.round((r.max - r.min) / r.step);
      return fc.integer({ min: 0, max: steps }).map((k) => r.min + k * r.step);
    };
    const rangeArb = (name: string, id: (typeof STRATEGY_IDS)[number]) =>
      fc.record(
        { min: bound(name, id), max: bound(name, id), default: bound(name, id) },
        { requiredKeys: [] },
      );
    const strategyArb = (id: (typeof STRATEGY_IDS)[number]) =>
      fc.record(
        {
          offered: fc.boolean(),
          timeframes: fc.subarray([...STRATEGY_TIMEFRAMES]),
          ranges: fc.record(
            Object.fromEntries(
              Object.keys(DEFAULT_STRATEGY_OFFERS[id].ranges).map((n) => [n, rangeArb(n, id)]),
            ),
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: [] },
      );
    fc.assert(
      fc.property(
        fc.record(
          { trend: strategyArb('trend'), meanReversion: strategyArb('meanReversion') },
          { requiredKeys: [] },
        ),
        (strategies) => {
          const result = validateBrandAutoTrading({ strategies });
          if (!result.ok) {
            // every refusal names a field of the input
            for (const e of result.errors) expect(e.path.startsWith('strategies.')).toBe(true);
            return;
          }
          const offers = resolveOffers(result.value);
          for (const id of STRATEGY_IDS) {
            const own = result.value.strategies?.[id];
            for (const [name, product] of Object.entries(DEFAULT_STRATEGY_OFFERS[id].ranges)) {
              const r = offers[id].ranges[name];
              expect(r).toBeDefined();
              if (!r) continue;
              expect(r.min).toBeGreaterThanOrEqual(product.min);
              expect(r.max).toBeLessThanOrEqual(product.max);
              expect(r.min).toBeLessThanOrEqual(r.default);
              expect(r.default).toBeLessThanOrEqual(r.max);
              // what was saved is what the clients get (resolveOffers has nothing to clamp)
              if (own?.ranges?.[name]) expect(r).toEqual(own.ranges[name]);
            }
            if (own?.offered) expect(offers[id].timeframes).toEqual(own.timeframes);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
