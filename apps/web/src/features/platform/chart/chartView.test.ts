import { afterEach, describe, expect, it } from 'vitest';
import {
  chartViewStorageKey,
  DEFAULT_VIEW,
  MAX_INDICATORS,
  readChartView,
  withIndicator,
  withoutIndicator,
  withParams,
  writeChartView,
} from './chartView.js';

afterEach(() => window.localStorage.clear());

describe('the chart view kept per symbol', () => {
  it('gives each new indicator the next id and the first free colour', () => {
    let view = withIndicator(DEFAULT_VIEW, 'sma');
    view = withIndicator(view, 'rsi');
    view = withIndicator(view, 'sma');
    expect(view.indicators.map(({ id, color, kind }) => [id, color, kind])).toEqual([
      [1, 0, 'sma'],
      [2, 1, 'rsi'],
      [3, 2, 'sma'],
    ]);
    view = withIndicator(withoutIndicator(view, 2), 'atr');
    expect(view.indicators.map(({ id, color }) => [id, color])).toEqual([
      [1, 0],
      [3, 2],
      [4, 1],
    ]);
    expect(withParams(view, 3, { period: 50 }).indicators[1]).toMatchObject({
      id: 3,
      params: { period: 50 },
    });
  });

  it(`holds at most ${MAX_INDICATORS} indicators`, () => {
    let view = DEFAULT_VIEW;
    for (let i = 0; i < MAX_INDICATORS + 2; i++) view = withIndicator(view, 'ema');
    expect(view.indicators).toHaveLength(MAX_INDICATORS);
  });

  it('reads back what it wrote, and forgets the default', () => {
    const view = { ...withIndicator(DEFAULT_VIEW, 'macd'), type: 'area' as const };
    writeChartView('EURUSD', view);
    expect(readChartView('EURUSD')).toEqual(view);
    expect(readChartView('GBPUSD')).toEqual(DEFAULT_VIEW);
    writeChartView('EURUSD', DEFAULT_VIEW);
    expect(window.localStorage.getItem(chartViewStorageKey('EURUSD'))).toBeNull();
  });

  it('reads an unknown type as candles and leaves out broken or repeated indicators', () => {
    window.localStorage.setItem(
      chartViewStorageKey('EURUSD'),
      JSON.stringify({
        type: 'renko',
        indicators: [
          { kind: 'rsi', params: { period: 14 }, id: 1, color: 0 },
          { kind: 'rsi', params: { period: 14 }, id: 1, color: 1 },
          { kind: 'macd', params: { fast: 30, slow: 20, signal: 9 }, id: 2, color: 2 },
          { kind: 'atr', params: { period: 14 }, id: 3, color: 99 },
          'sma',
        ],
      }),
    );
    expect(readChartView('EURUSD')).toEqual({
      type: 'candles',
      indicators: [{ kind: 'rsi', params: { period: 14 }, id: 1, color: 0 }],
    });
    window.localStorage.setItem(chartViewStorageKey('EURUSD'), '[1, 2]');
    expect(readChartView('EURUSD')).toEqual(DEFAULT_VIEW);
  });
});
