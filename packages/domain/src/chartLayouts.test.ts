import { describe, expect, it } from 'vitest';
import {
  CHART_LAYOUT_MAX_DRAWINGS,
  CHART_LAYOUT_MAX_INDICATORS,
  CHART_TEXT_MAX,
  ChartLayoutInput,
  chartDrawing,
} from './chartLayouts.js';
import { ChartLayout } from './contracts/chartLayouts.js';

const A = { time: 1_767_225_600, price: 100_000.5 };
const B = { time: 1_767_229_200, price: 98_500 };
const fib = { kind: 'fibonacci', id: 'd1', a: A, b: B };
const rsi = { kind: 'rsi', id: 1, color: 0, params: { period: 14 } };

describe('chart layout schema', () => {
  it('accepts every drawing kind and the indicators the dialog accepts', () => {
    const layout = {
      indicators: [rsi, { kind: 'macd', id: 2, color: 5, params: { fast: 12, slow: 26, signal: 9 } }],
      drawings: [
        { kind: 'trend', id: 't', a: A, b: B },
        { kind: 'ray', id: 'r', a: A, b: B },
        { kind: 'rectangle', id: 'q', a: A, b: B },
        fib,
        { kind: 'horizontal', id: 'h', price: 99_000 },
        { kind: 'text', id: 'x', a: A, text: '  Support  ' },
      ],
    };
    const parsed = ChartLayoutInput.parse(layout);
    expect(parsed.drawings).toHaveLength(6);
    expect(parsed.drawings[5]).toEqual({ kind: 'text', id: 'x', a: A, text: 'Support' });
    expect(ChartLayout.parse({ symbol: 'BTCUSD', saved: true, ...parsed }).indicators).toEqual(
      layout.indicators,
    );
  });

  it('refuses unknown kinds, extra fields and points that are not finite numbers', () => {
    const bad = (drawing: unknown) => chartDrawing.safeParse(drawing).success;
    expect(bad({ ...fib, kind: 'pitchfork' })).toBe(false);
    expect(bad({ ...fib, colour: 'red' })).toBe(false);
    expect(bad({ ...fib, a: { ...A, extra: 1 } })).toBe(false);
    expect(bad({ ...fib, a: { ...A, price: Number.NaN } })).toBe(false);
    expect(bad({ ...fib, a: { ...A, price: Number.POSITIVE_INFINITY } })).toBe(false);
    expect(bad({ ...fib, a: { ...A, price: 1e300 } })).toBe(false);
    expect(bad({ ...fib, a: { ...A, price: '100' } })).toBe(false);
    expect(bad({ ...fib, a: { ...A, time: 1.5 } })).toBe(false);
    expect(bad({ ...fib, a: { ...A, time: -1 } })).toBe(false);
    expect(bad({ ...fib, b: undefined })).toBe(false);
    expect(bad({ ...fib, id: '' })).toBe(false);
    expect(bad({ ...fib, id: '<script>' })).toBe(false);
    expect(bad({ kind: 'horizontal', id: 'h', price: Number.NaN })).toBe(false);
    expect(bad(fib)).toBe(true);
  });

  it('limits texts: length, blank, control and direction-changing characters', () => {
    const text = (value: string) =>
      chartDrawing.safeParse({ kind: 'text', id: 'x', a: A, text: value }).success;
    expect(text('x'.repeat(CHART_TEXT_MAX))).toBe(true);
    expect(text('x'.repeat(CHART_TEXT_MAX + 1))).toBe(false);
    expect(text('   ')).toBe(false);
    expect(text('a\u0000b')).toBe(false);
    expect(text('a\u202eb')).toBe(false);
    expect(text('Résistance – 1 €')).toBe(true);
  });

  it('checks indicator parameters with the dialog rules, and the colour and id', () => {
    const with_ = (indicator: unknown) =>
      ChartLayoutInput.safeParse({ indicators: [indicator], drawings: [] }).success;
    expect(with_(rsi)).toBe(true);
    expect(with_({ ...rsi, params: { period: 1 } })).toBe(false);
    expect(with_({ ...rsi, params: { period: 101 } })).toBe(false);
    expect(with_({ ...rsi, params: { period: 14.5 } })).toBe(false);
    expect(with_({ kind: 'macd', id: 1, color: 0, params: { fast: 30, slow: 26, signal: 9 } })).toBe(false);
    expect(with_({ ...rsi, kind: 'ichimoku' })).toBe(false);
    expect(with_({ ...rsi, color: 6 })).toBe(false);
    expect(with_({ ...rsi, id: 0 })).toBe(false);
    expect(with_({ ...rsi, extra: true })).toBe(false);
  });

  it('limits how many, refuses duplicate ids and any other field', () => {
    const drawings = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ kind: 'horizontal', id: `h${i}`, price: i }));
    expect(
      ChartLayoutInput.safeParse({ indicators: [], drawings: drawings(CHART_LAYOUT_MAX_DRAWINGS) }).success,
    ).toBe(true);
    expect(
      ChartLayoutInput.safeParse({ indicators: [], drawings: drawings(CHART_LAYOUT_MAX_DRAWINGS + 1) })
        .success,
    ).toBe(false);
    const indicators = (n: number) => Array.from({ length: n }, (_, i) => ({ ...rsi, id: i + 1 }));
    expect(
      ChartLayoutInput.safeParse({ indicators: indicators(CHART_LAYOUT_MAX_INDICATORS), drawings: [] })
        .success,
    ).toBe(true);
    expect(
      ChartLayoutInput.safeParse({ indicators: indicators(CHART_LAYOUT_MAX_INDICATORS + 1), drawings: [] })
        .success,
    ).toBe(false);
    expect(ChartLayoutInput.safeParse({ indicators: [rsi, rsi], drawings: [] }).success).toBe(false);
    expect(ChartLayoutInput.safeParse({ indicators: [], drawings: [fib, fib] }).success).toBe(false);
    expect(ChartLayoutInput.safeParse({ indicators: [], drawings: [], type: 'bars' }).success).toBe(false);
    expect(ChartLayoutInput.safeParse({ indicators: [] }).success).toBe(false);
  });
});
