import { describe, expect, it } from 'vitest';
import { defaultParams, resolveOffers } from './offers.js';
import { AUTO_MAX_SYMBOLS, type AutoSettingsContext, validateAutoTradingSettings } from './settings.js';

const ctx: AutoSettingsContext = {
  offers: resolveOffers(undefined),
  maxLeverage: 50,
  symbols: ['EURUSD', 'BTCUSD', 'XAUUSD'],
};

const validLimits = {
  symbols: ['EURUSD'],
  amount: { mode: 'fixed', value: 100 },
  maxPositions: 3,
  maxLeverage: 30,
  dailyLossLimit: 100,
  drawdownLimit: 300,
  closeOnLimit: false,
};

/** Trend settings with some parameters or limits changed. */
const trendWith = (params: Record<string, unknown> = {}, own: Record<string, unknown> = {}) => ({
  params: { ...defaultParams('trend'), ...params },
  limits: { ...validLimits, ...own },
});

const errorsOf = (input: unknown, context: AutoSettingsContext = ctx) => {
  const result = validateAutoTradingSettings(input, context);
  if (result.ok) throw new Error('expected a refusal');
  return result.errors;
};

describe('auto-trading settings: accepted', () => {
  it('accepts the defaults and normalises numbers and instruments', () => {
    const result = validateAutoTradingSettings(
      trendWith(
        { fastPeriod: '12', stopAtr: 1.5 },
        {
          symbols: [' eurusd ', 'BTCUSD', 'EURUSD'],
          amount: { mode: 'fixed', value: '100.50' },
          closeOnLimit: true,
        },
      ),
      ctx,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        params: {
          strategy: 'trend',
          timeframe: '1h',
          fastPeriod: 12,
          slowPeriod: 30,
          atrPeriod: 14,
          stopAtr: 1.5,
          takeProfitAtr: 3,
        },
        limits: {
          symbols: ['EURUSD', 'BTCUSD'],
          amount: { mode: 'fixed', value: 100.5 },
          maxPositions: 3,
          maxLeverage: 30,
          dailyLossLimit: 100,
          drawdownLimit: 300,
          closeOnLimit: true,
        },
      },
    });
  });

  it('accepts mean reversion with a percentage of the free margin, closeOnLimit absent meaning no', () => {
    const { closeOnLimit: _, ...withoutClose } = validLimits;
    const result = validateAutoTradingSettings(
      {
        params: defaultParams('meanReversion'),
        limits: { ...withoutClose, amount: { mode: 'percent', value: 2.5 } },
      },
      ctx,
    );
    expect(result.ok && result.value.limits).toMatchObject({
      amount: { mode: 'percent', value: 2.5 },
      closeOnLimit: false,
    });
  });

  it('allows any leverage up to the general bound when the brand sets no cap', () => {
    expect(
      validateAutoTradingSettings(trendWith({}, { maxLeverage: 500 }), { ...ctx, maxLeverage: null }).ok,
    ).toBe(true);
  });
});

describe('auto-trading settings: refused with field messages', () => {
  it('refuses what is not settings at all', () => {
    for (const input of [null, 'trend', [], { params: {} }, { limits: {} }])
      expect(errorsOf(input)).toEqual([{ path: '', key: 'auto.settings.invalid' }]);
  });

  it('refuses an unknown strategy and one the brand does not offer', () => {
    expect(errorsOf(trendWith({ strategy: 'ai' }))).toContainEqual({
      path: 'params.strategy',
      key: 'auto.settings.unknownStrategy',
    });
    const offers = resolveOffers({ strategies: { meanReversion: { offered: false } } });
    expect(
      errorsOf({ params: defaultParams('meanReversion'), limits: validLimits }, { ...ctx, offers }),
    ).toContainEqual({
      path: 'params.strategy',
      key: 'auto.settings.strategyNotOffered',
    });
  });

  it('refuses a timeframe the brand does not offer, or with control characters', () => {
    const offers = resolveOffers({ strategies: { trend: { timeframes: ['1h', '4h'] } } });
    for (const timeframe of ['5m', '1h\u0000', 'weekly', 60])
      expect(errorsOf(trendWith({ timeframe }), { ...ctx, offers })).toEqual([
        { path: 'params.timeframe', key: 'auto.settings.timeframeNotOffered' },
      ]);
  });

  it('refuses parameters outside the offered ranges, also when the brand narrowed them', () => {
    expect(errorsOf(trendWith({ fastPeriod: 1 }))).toEqual([
      { path: 'params.fastPeriod', key: 'auto.settings.range', params: { min: 2, max: 50 } },
    ]);
    const offers = resolveOffers({
      strategies: { trend: { ranges: { slowPeriod: { min: 20, max: 100, step: 1, default: 30 } } } },
    });
    expect(errorsOf(trendWith({ slowPeriod: 150 }), { ...ctx, offers })).toEqual([
      { path: 'params.slowPeriod', key: 'auto.settings.range', params: { min: 20, max: 100 } },
    ]);
  });

  it('refuses values off the step grid', () => {
    expect(errorsOf(trendWith({ stopAtr: 1.25 }))).toEqual([
      { path: 'params.stopAtr', key: 'auto.settings.step', params: { step: 0.1, min: 0.5 } },
    ]);
    expect(errorsOf(trendWith({ fastPeriod: 10.5 }))).toEqual([
      { path: 'params.fastPeriod', key: 'auto.settings.wholeNumber' },
    ]);
  });

  it('refuses missing, non-numeric, NaN, infinite and huge values', () => {
    const cases: [unknown, string][] = [
      [undefined, 'auto.settings.required'],
      ['', 'auto.settings.required'],
      ['ten', 'auto.settings.notANumber'],
      [Number.NaN, 'auto.settings.notANumber'],
      [Number.POSITIVE_INFINITY, 'auto.settings.notANumber'],
      [{ valueOf: () => 10 }, 'auto.settings.notANumber'],
      [1e308, 'auto.settings.range'],
    ];
    for (const [takeProfitAtr, key] of cases)
      expect(errorsOf(trendWith({ takeProfitAtr }))[0]).toMatchObject({ path: 'params.takeProfitAtr', key });
  });

  it('refuses a fast average that is not shorter than the slow one', () => {
    expect(errorsOf(trendWith({ fastPeriod: 30, slowPeriod: 30 }))).toEqual([
      { path: 'params.fastPeriod', key: 'auto.settings.fastBelowSlow', params: { slow: 30 } },
    ]);
  });

  it('refuses mean-reversion levels out of order', () => {
    const params = { ...defaultParams('meanReversion'), oversold: 45, exitLevel: 40 };
    expect(errorsOf({ params, limits: validLimits })).toEqual([
      {
        path: 'params.exitLevel',
        key: 'auto.settings.levelsOrder',
        params: { oversold: 45, overbought: 70 },
      },
    ]);
  });

  it('refuses instruments the account may not trade, unreadable ones and none at all', () => {
    expect(errorsOf(trendWith({}, { symbols: [] }))).toEqual([
      { path: 'limits.symbols', key: 'auto.settings.symbolsRequired' },
    ]);
    expect(errorsOf(trendWith({}, { symbols: 'EURUSD' }))[0]?.key).toBe('auto.settings.symbolsRequired');
    expect(errorsOf(trendWith({}, { symbols: ['EURUSD', 'GBPJPY'] }))).toEqual([
      { path: 'limits.symbols.1', key: 'auto.settings.symbolNotAllowed', params: { symbol: 'GBPJPY' } },
    ]);
    for (const bad of ['EUR\u0000USD', 'EURUSD\u001b[31m', 'X'.repeat(1000), 42, '  '])
      expect(errorsOf(trendWith({}, { symbols: [bad] }))).toEqual([
        { path: 'limits.symbols.0', key: 'auto.settings.symbolInvalid' },
      ]);
    const many = Array.from({ length: AUTO_MAX_SYMBOLS + 1 }, () => 'EURUSD');
    expect(errorsOf(trendWith({}, { symbols: many }))).toEqual([
      { path: 'limits.symbols', key: 'auto.settings.tooManySymbols', params: { max: AUTO_MAX_SYMBOLS } },
    ]);
  });

  it('refuses amounts below the minimum, with fractions of a cent, huge, or of an unknown mode', () => {
    const amountError = (amount: unknown, context = ctx) => errorsOf(trendWith({}, { amount }), context)[0];
    expect(amountError({ mode: 'all', value: 10 })).toEqual({
      path: 'limits.amount.mode',
      key: 'auto.settings.amountMode',
    });
    expect(amountError(100)).toEqual({ path: 'limits.amount.mode', key: 'auto.settings.amountMode' });
    expect(amountError({ mode: 'fixed', value: 0.99 })).toEqual({
      path: 'limits.amount.value',
      key: 'auto.settings.amountMin',
      params: { min: '€ 1.00' },
    });
    expect(amountError({ mode: 'fixed', value: 5 }, { ...ctx, minAmount: 10 })).toMatchObject({
      params: { min: '€ 10.00' },
    });
    expect(amountError({ mode: 'fixed', value: 10.005 })).toEqual({
      path: 'limits.amount.value',
      key: 'auto.settings.cents',
    });
    expect(amountError({ mode: 'fixed', value: 1e13 })?.key).toBe('auto.settings.range');
    expect(amountError({ mode: 'percent', value: 0 })).toEqual({
      path: 'limits.amount.value',
      key: 'auto.settings.range',
      params: { min: 0.1, max: 100 },
    });
    expect(amountError({ mode: 'percent', value: 150 })?.key).toBe('auto.settings.range');
    expect(amountError({ mode: 'percent', value: 12.345 })?.key).toBe('auto.settings.cents');
  });

  it('refuses position counts and leverages out of range, and a leverage above the brand’s cap', () => {
    expect(errorsOf(trendWith({}, { maxPositions: 0 }))[0]).toMatchObject({
      path: 'limits.maxPositions',
      key: 'auto.settings.range',
      params: { min: 1, max: 20 },
    });
    expect(errorsOf(trendWith({}, { maxPositions: 2.5 }))[0]?.key).toBe('auto.settings.wholeNumber');
    expect(errorsOf(trendWith({}, { maxLeverage: 100 }))).toEqual([
      { path: 'limits.maxLeverage', key: 'auto.settings.leverageAboveCap', params: { max: 50 } },
    ]);
    expect(errorsOf(trendWith({}, { maxLeverage: 1e9 }))[0]).toMatchObject({ key: 'auto.settings.range' });
    expect(errorsOf(trendWith({}, { maxLeverage: 0 }))[0]).toMatchObject({ key: 'auto.settings.range' });
  });

  it('refuses loss limits below € 1.00 or unreadable, and a closeOnLimit that is not yes or no', () => {
    expect(errorsOf(trendWith({}, { dailyLossLimit: 0 }))).toEqual([
      { path: 'limits.dailyLossLimit', key: 'auto.settings.lossLimitMin', params: { min: '€ 1.00' } },
    ]);
    expect(errorsOf(trendWith({}, { drawdownLimit: Number.NaN }))[0]).toMatchObject({
      path: 'limits.drawdownLimit',
      key: 'auto.settings.notANumber',
    });
    expect(errorsOf(trendWith({}, { closeOnLimit: 'yes' }))).toEqual([
      { path: 'limits.closeOnLimit', key: 'auto.settings.closeOnLimit' },
    ]);
  });

  it('reports every wrong field at once', () => {
    const errors = errorsOf(trendWith({ fastPeriod: 0, atrPeriod: 'x' }, { symbols: [], maxPositions: 99 }));
    expect(errors.map((e) => e.path)).toEqual([
      'params.fastPeriod',
      'params.atrPeriod',
      'limits.symbols',
      'limits.maxPositions',
    ]);
  });
});
