import { describe, expect, it } from 'vitest';
import {
  defaultIndicatorConfig,
  INDICATOR_KINDS,
  INDICATOR_PARAMS,
  indicatorParamNames,
  parseIndicatorConfig,
  validateIndicatorParams,
} from './params.js';

describe('indicator parameters', () => {
  it('defaults to the usual chart settings, each within its own range', () => {
    expect(defaultIndicatorConfig('sma')).toEqual({ kind: 'sma', params: { period: 20 } });
    expect(defaultIndicatorConfig('bollinger')).toEqual({
      kind: 'bollinger',
      params: { period: 20, stdDev: 2 },
    });
    expect(defaultIndicatorConfig('rsi')).toEqual({ kind: 'rsi', params: { period: 14 } });
    expect(defaultIndicatorConfig('macd')).toEqual({
      kind: 'macd',
      params: { fast: 12, slow: 26, signal: 9 },
    });
    expect(defaultIndicatorConfig('stochastic')).toEqual({
      kind: 'stochastic',
      params: { kPeriod: 14, dPeriod: 3, smoothing: 3 },
    });
    for (const kind of INDICATOR_KINDS) {
      expect(parseIndicatorConfig(defaultIndicatorConfig(kind)), kind).toEqual(defaultIndicatorConfig(kind));
    }
  });

  it('lists the parameters in form order', () => {
    expect(indicatorParamNames('macd')).toEqual(['fast', 'slow', 'signal']);
    expect(indicatorParamNames('stochastic')).toEqual(['kPeriod', 'dPeriod', 'smoothing']);
  });

  it('accepts numbers and decimal texts at the bounds', () => {
    const { min, max } = INDICATOR_PARAMS.sma.period;
    expect(validateIndicatorParams('sma', { period: min })).toEqual({ ok: true, value: { period: 2 } });
    expect(validateIndicatorParams('sma', { period: ` ${max} ` })).toEqual({
      ok: true,
      value: { period: 500 },
    });
    expect(validateIndicatorParams('bollinger', { period: '20', stdDev: '2.5' })).toEqual({
      ok: true,
      value: { period: 20, stdDev: 2.5 },
    });
  });

  it('refuses a value out of range with the bound it missed', () => {
    expect(validateIndicatorParams('sma', { period: 1 })).toEqual({
      ok: false,
      issues: [{ path: 'period', code: 'min', params: { min: 2 } }],
    });
    expect(validateIndicatorParams('rsi', { period: 101 })).toEqual({
      ok: false,
      issues: [{ path: 'period', code: 'max', params: { max: 100 } }],
    });
    expect(validateIndicatorParams('bollinger', { period: 20, stdDev: 0 })).toEqual({
      ok: false,
      issues: [{ path: 'stdDev', code: 'min', params: { min: 0.1 } }],
    });
  });

  it('says whether a value is missing, not a number or not whole', () => {
    expect(validateIndicatorParams('stochastic', { kPeriod: '', dPeriod: 'abc', smoothing: 2.5 })).toEqual({
      ok: false,
      issues: [
        { path: 'kPeriod', code: 'required' },
        { path: 'dPeriod', code: 'number' },
        { path: 'smoothing', code: 'integer' },
      ],
    });
    expect(validateIndicatorParams('atr', {})).toEqual({
      ok: false,
      issues: [{ path: 'period', code: 'required' }],
    });
  });

  it('wants the MACD fast period shorter than the slow one', () => {
    expect(validateIndicatorParams('macd', { fast: 26, slow: 26, signal: 9 })).toEqual({
      ok: false,
      issues: [{ path: 'fast', code: 'fastBelowSlow' }],
    });
    expect(validateIndicatorParams('macd', { fast: 5, slow: 35, signal: 5 }).ok).toBe(true);
  });

  it('reads a stored indicator only when its kind and parameters are valid', () => {
    expect(parseIndicatorConfig({ kind: 'ema', params: { period: 50 } })).toEqual({
      kind: 'ema',
      params: { period: 50 },
    });
    expect(parseIndicatorConfig({ kind: 'ema', params: { period: 5000 } })).toBeNull();
    expect(parseIndicatorConfig({ kind: 'vwap', params: {} })).toBeNull();
    expect(parseIndicatorConfig('sma')).toBeNull();
    expect(parseIndicatorConfig(null)).toBeNull();
  });
});
