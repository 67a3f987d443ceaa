import { describe, expect, it } from 'vitest';
import {
  atrSeries,
  bollingerSeries,
  computeIndicator,
  emaSeries,
  macdSeries,
  rsiSeries,
  runIndicator,
  smaSeries,
  stochasticSeries,
} from './compute.js';
import { defaultIndicatorConfig, INDICATOR_KINDS, type IndicatorConfig } from './params.js';
import { CANDLES, HOUR } from './test-candles.js';
import type { IndicatorPoint } from './types.js';

/** The values of a line (null during warm-up), checked to 9 decimals, and that each sits at its candle's time. */
function expectValues(points: IndicatorPoint[], expected: (number | null)[]) {
  expect(points.map((p) => p.time)).toEqual(CANDLES.map((c) => c.time));
  expect(points).toHaveLength(expected.length);
  points.forEach((point, i) => {
    const want = expected[i];
    if (want === null || want === undefined) expect(point.value, `candle ${i}`).toBeNull();
    else expect(point.value, `candle ${i}`).toBeCloseTo(want, 9);
  });
}

// closes: 10, 11, 12, 11, 13, 14, 12, 13
describe('SMA', () => {
  it('averages the last `period` closes, from the period-th candle on', () => {
    // SMA(3): (10+11+12)/3 = 11; (11+12+11)/3 = 34/3; (12+11+13)/3 = 12; (11+13+14)/3 = 38/3;
    //         (13+14+12)/3 = 13; (14+12+13)/3 = 13
    expectValues(smaSeries(CANDLES, { period: 3 }), [null, null, 11, 34 / 3, 12, 38 / 3, 13, 13]);
  });

  it('has no value with fewer candles than its period', () => {
    expectValues(smaSeries(CANDLES, { period: 9 }), Array(8).fill(null));
    expect(smaSeries([], { period: 3 })).toEqual([]);
  });
});

describe('EMA', () => {
  it('starts from the first close and weighs each new close 2 / (period + 1)', () => {
    // EMA(3): k = 2/(3+1) = 0.5; e0 = 10; e1 = 0.5·11 + 0.5·10 = 10.5; e2 = 0.5·12 + 0.5·10.5 = 11.25 (shown: 3
    // closes); e3 = 0.5·11 + 0.5·11.25 = 11.125; e4 = 0.5·13 + 0.5·11.125 = 12.0625; e5 = 7 + 6.03125 = 13.03125;
    // e6 = 6 + 6.515625 = 12.515625; e7 = 6.5 + 6.2578125 = 12.7578125
    expectValues(emaSeries(CANDLES, { period: 3 }), [
      null,
      null,
      11.25,
      11.125,
      12.0625,
      13.03125,
      12.515625,
      12.7578125,
    ]);
  });
});

describe('RSI (Wilder)', () => {
  it('compares the smoothed gains and losses of the closes, from candle period + 1 on', () => {
    // changes: +1, +1, −1, +2, +1, −2, +1 (candles 1…7). RSI(3):
    // candle 3: avg gain (1+1+0)/3 = 2/3, avg loss (0+0+1)/3 = 1/3, RS = 2, RSI = 100 − 100/3 = 66.67
    // candle 4 (+2): gain 2/3 + (2 − 2/3)/3 = 10/9, loss 1/3 + (0 − 1/3)/3 = 2/9, RS = 5, RSI = 100 − 100/6
    // candle 5 (+1): gain 10/9 + (1 − 10/9)/3 = 29/27, loss 2/9 − 2/27 = 4/27, RS = 29/4, RSI = 100·29/33
    // candle 6 (−2): gain 29/27 − 29/81 = 58/81, loss 4/27 + (2 − 4/27)/3 = 62/81, RS = 58/62, RSI = 100·58/120
    // candle 7 (+1): gain 58/81 + (1 − 58/81)/3 = 197/243, loss 62/81 − 62/243 = 124/243, RSI = 100·197/321
    expectValues(rsiSeries(CANDLES, { period: 3 }), [
      null,
      null,
      null,
      100 - 100 / 3,
      100 - 100 / 6,
      (100 * 29) / 33,
      (100 * 58) / 120,
      (100 * 197) / 321,
    ]);
  });

  it('is 100 without any loss', () => {
    const rising = CANDLES.map((c, i) => ({ ...c, close: 10 + i }));
    expect(rsiSeries(rising, { period: 3 }).at(-1)?.value).toBe(100);
  });
});

describe('ATR (Wilder)', () => {
  it('averages the true ranges, then smooths each new one by 1/period', () => {
    // true ranges 2, 2, 2, 2.5, 3, 2, 3, 1.5 (test-candles.ts). ATR(3): candle 2: (2+2+2)/3 = 2;
    // candle 3: 2 + (2.5 − 2)/3 = 13/6; candle 4: 13/6 + (3 − 13/6)/3 = 22/9; candle 5: 22/9 + (2 − 22/9)/3 = 62/27;
    // candle 6: 62/27 + (3 − 62/27)/3 = 205/81; candle 7: 205/81 + (1.5 − 205/81)/3 = 531.5/243
    expectValues(atrSeries(CANDLES, { period: 3 }), [
      null,
      null,
      2,
      13 / 6,
      22 / 9,
      62 / 27,
      205 / 81,
      531.5 / 243,
    ]);
  });
});

describe('Bollinger Bands', () => {
  it('are the SMA and `stdDev` population standard deviations around it', () => {
    const bands = bollingerSeries(CANDLES, { period: 3, stdDev: 2 });
    // candle 2: closes 10, 11, 12: mean 11, variance (1 + 0 + 1)/3 = 2/3
    // candle 3: closes 11, 12, 11: mean 34/3, deviations −1/3, 2/3, −1/3: variance (1/9 + 4/9 + 1/9)/3 = 2/9
    const sd2 = Math.sqrt(2 / 3);
    const sd3 = Math.sqrt(2 / 9);
    expectValues(bands.middle, [null, null, 11, 34 / 3, 12, 38 / 3, 13, 13]);
    expect(bands.upper[2]?.value).toBeCloseTo(11 + 2 * sd2, 9);
    expect(bands.lower[2]?.value).toBeCloseTo(11 - 2 * sd2, 9);
    expect(bands.upper[3]?.value).toBeCloseTo(34 / 3 + 2 * sd3, 9);
    expect(bands.lower[3]?.value).toBeCloseTo(34 / 3 - 2 * sd3, 9);
    expect(bands.upper[1]?.value).toBeNull();
    expect(bands.lower[1]?.value).toBeNull();
  });
});

describe('MACD', () => {
  it('is the fast EMA minus the slow one; the signal line waits for `signal` MACD values', () => {
    const { macd, signal, histogram } = macdSeries(CANDLES.slice(0, 5), { fast: 2, slow: 3, signal: 2 });
    // fast EMA(2), k = 2/3: 10, 32/3, 104/9, 302/27, 1004/81; slow EMA(3), k = 1/2: 10, 10.5, 11.25, 11.125, 12.0625
    // MACD from candle 2 (3 closes): 104/9 − 45/4 = 11/36; 302/27 − 89/8 = 13/216; 1004/81 − 193/16 = 431/1296
    // signal EMA(2) of the MACD, from its 2nd value: 2/3·13/216 + 1/3·11/36 = 23/162; 2/3·431/1296 + 1/3·23/162 =
    // 1046/3888; histogram = MACD − signal: 13/216 − 23/162 = −53/648; 431/1296 − 1046/3888 = 247/3888
    const at = (points: IndicatorPoint[]) => points.map((p) => p.value);
    expect(at(macd)[0]).toBeNull();
    expect(at(macd)[1]).toBeNull();
    expect(at(macd)[2]).toBeCloseTo(11 / 36, 9);
    expect(at(macd)[3]).toBeCloseTo(13 / 216, 9);
    expect(at(macd)[4]).toBeCloseTo(431 / 1296, 9);
    expect(at(signal).slice(0, 3)).toEqual([null, null, null]);
    expect(at(signal)[3]).toBeCloseTo(23 / 162, 9);
    expect(at(signal)[4]).toBeCloseTo(1046 / 3888, 9);
    expect(at(histogram).slice(0, 3)).toEqual([null, null, null]);
    expect(at(histogram)[3]).toBeCloseTo(-53 / 648, 9);
    expect(at(histogram)[4]).toBeCloseTo(247 / 3888, 9);
  });
});

describe('Stochastic', () => {
  it('is %K smoothed and %D, its average, from the candle where %D has a value', () => {
    // fast %K(3) = (close − lowest low)/(highest high − lowest low)·100 over 3 candles:
    // candle 2: (12 − 8.5)/(12.5 − 8.5) = 87.5; 3: (11 − 9.5)/(12.5 − 9.5) = 50; 4: (13 − 10)/(14 − 10) = 75;
    // candle 5: (14 − 10)/(15 − 10) = 80; 6: (12 − 11)/(15 − 11) = 25; 7: (13 − 11)/(15 − 11) = 50
    // %K = SMA(2) of those: 68.75, 62.5, 77.5, 52.5, 37.5 (candles 3…7); %D = SMA(2) of %K: 65.625, 70, 65, 45
    const { k, d } = stochasticSeries(CANDLES, { kPeriod: 3, smoothing: 2, dPeriod: 2 });
    expectValues(k, [null, null, null, null, 62.5, 77.5, 52.5, 37.5]);
    expectValues(d, [null, null, null, null, 65.625, 70, 65, 45]);
  });
});

describe('warm-up', () => {
  /** 60 candles of a zigzag with a drift, enough for every first value below. */
  const long = Array.from({ length: 60 }, (_, i) => {
    const close = 100 + i / 2 + (i % 3) - (i % 5);
    return { time: i * HOUR, open: close - 0.5, high: close + 1, low: close - 1.5, close };
  });
  const firstValue = (points: IndicatorPoint[]) => points.findIndex((p) => p.value !== null);

  it('gives the first value at the first candle that completes the window, none before', () => {
    expect(firstValue(smaSeries(long, { period: 20 }))).toBe(19);
    expect(firstValue(emaSeries(long, { period: 20 }))).toBe(19);
    expect(firstValue(bollingerSeries(long, { period: 20, stdDev: 2 }).upper)).toBe(19);
    // RSI needs period changes: period + 1 closes
    expect(firstValue(rsiSeries(long, { period: 14 }))).toBe(14);
    expect(firstValue(atrSeries(long, { period: 14 }))).toBe(13);
    const macd = macdSeries(long, { fast: 12, slow: 26, signal: 9 });
    expect(firstValue(macd.macd)).toBe(25);
    // the signal line: 9 MACD values, the first at candle 25
    expect(firstValue(macd.signal)).toBe(33);
    expect(firstValue(macd.histogram)).toBe(33);
    // %K(14) from candle 13, smoothed over 3: candle 15; %D over 3 of those: candle 17
    const stochastic = stochasticSeries(long, { kPeriod: 14, dPeriod: 3, smoothing: 3 });
    expect(firstValue(stochastic.k)).toBe(17);
    expect(firstValue(stochastic.d)).toBe(17);
  });

  it('keeps every value once it has one (no gaps after the warm-up)', () => {
    const rsi = rsiSeries(long, { period: 14 });
    expect(rsi.slice(14).every((p) => p.value !== null && p.value >= 0 && p.value <= 100)).toBe(true);
  });

  it('does not change a value when later candles come (what the chart draws for history stays)', () => {
    const all = macdSeries(long, { fast: 12, slow: 26, signal: 9 });
    const part = macdSeries(long.slice(0, 40), { fast: 12, slow: 26, signal: 9 });
    expect(all.histogram.slice(0, 40)).toEqual(part.histogram);
  });
});

describe('computeIndicator', () => {
  it('computes each kind by its config, aligned with the candles', () => {
    const sma = computeIndicator({ kind: 'sma', params: { period: 3 } }, CANDLES);
    expect(sma.value[2]).toEqual({ time: 2 * HOUR, value: 11 });
    for (const kind of ['sma', 'ema', 'bollinger', 'rsi', 'macd', 'atr', 'stochastic'] as const) {
      const series = computeIndicator(defaultIndicatorConfig(kind), CANDLES);
      for (const points of Object.values(series) as IndicatorPoint[][]) {
        expect(points).toHaveLength(CANDLES.length);
        // the defaults (periods of 12 and more) need more than eight candles
        expect(points.every((p) => p.value === null)).toBe(true);
      }
    }
  });

  it('refuses parameters outside their ranges', () => {
    expect(() => computeIndicator({ kind: 'sma', params: { period: 0 } }, CANDLES)).toThrow(RangeError);
    expect(() =>
      computeIndicator({ kind: 'macd', params: { fast: 26, slow: 12, signal: 9 } }, CANDLES),
    ).toThrow(RangeError);
  });
});

describe('runIndicator (the live candle)', () => {
  const long = Array.from({ length: 60 }, (_, i) => {
    const close = 50 + i / 3 + ((i * 7) % 5) - ((i * 3) % 4);
    return { time: i * HOUR, open: close + 0.25, high: close + 2, low: close - 1, close };
  });
  const small: IndicatorConfig[] = [
    { kind: 'sma', params: { period: 3 } },
    { kind: 'ema', params: { period: 3 } },
    { kind: 'bollinger', params: { period: 3, stdDev: 1.5 } },
    { kind: 'rsi', params: { period: 3 } },
    { kind: 'macd', params: { fast: 2, slow: 3, signal: 2 } },
    { kind: 'atr', params: { period: 3 } },
    { kind: 'stochastic', params: { kPeriod: 3, dPeriod: 2, smoothing: 2 } },
  ];
  const configs = [...small, ...INDICATOR_KINDS.map((kind) => defaultIndicatorConfig(kind))];
  const lastValues = (series: Record<string, IndicatorPoint[]>) =>
    Object.fromEntries(Object.entries(series).map(([name, points]) => [name, points.at(-1)?.value ?? null]));

  it('gives at the forming candle, tick after tick, what the whole series gives at its last candle', () => {
    for (const config of configs) {
      const run = runIndicator(config, long.slice(0, -1));
      expect(run.series, config.kind).toEqual(computeIndicator(config, long.slice(0, -1)));
      const last = long.at(-1) as (typeof long)[number];
      // the forming candle moves three times before its last state
      for (const close of [last.close - 3, last.close + 4, last.close - 0.5]) {
        const tick = { ...last, close, high: Math.max(last.high, close), low: Math.min(last.low, close) };
        expect(run.next(tick), config.kind).toEqual(
          lastValues(computeIndicator(config, [...long.slice(0, -1), tick])),
        );
      }
      expect(run.next(last), config.kind).toEqual(lastValues(computeIndicator(config, long)));
    }
  });

  it('starts over from the closed candles for a candle of another time', () => {
    const config: IndicatorConfig = { kind: 'ema', params: { period: 3 } };
    const run = runIndicator(config, long.slice(0, 10));
    run.next(long[10] as (typeof long)[number]);
    const later = { ...(long[11] as (typeof long)[number]), time: 10 * HOUR + HOUR };
    expect(run.next(later)).toEqual(lastValues(computeIndicator(config, [...long.slice(0, 10), later])));
  });

  it('has no value at the forming candle during the warm-up', () => {
    const run = runIndicator({ kind: 'rsi', params: { period: 14 } }, long.slice(0, 5));
    expect(run.next(long[5] as (typeof long)[number])).toEqual({ value: null });
  });
});
