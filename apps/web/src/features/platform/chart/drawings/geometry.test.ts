import type { ChartDrawing } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import {
  distanceToSegment,
  drawingAt,
  fibonacciLevels,
  levelLabel,
  logicalToTime,
  type Placer,
  rayEnd,
  roundPrice,
  timeToLogical,
} from './geometry.js';

describe('Fibonacci retracement levels', () => {
  it('a move up from 100 to 200: 0 % at the top, 100 % back at the start', () => {
    // worked by hand: 200 − 100 × ratio
    expect(fibonacciLevels(100, 200, 2)).toEqual([
      { ratio: 0, price: 200 },
      { ratio: 0.236, price: 176.4 },
      { ratio: 0.382, price: 161.8 },
      { ratio: 0.5, price: 150 },
      { ratio: 0.618, price: 138.2 },
      { ratio: 0.786, price: 121.4 },
      { ratio: 1, price: 100 },
    ]);
  });

  it('a move down from 1.2000 to 1.1000 (forex, 4 decimals): the levels climb back up', () => {
    // 1.1000 + 0.1000 × ratio
    expect(fibonacciLevels(1.2, 1.1, 4).map((level) => level.price)).toEqual([
      1.1, 1.1236, 1.1382, 1.15, 1.1618, 1.1786, 1.2,
    ]);
  });

  it('rounds to the instrument’s decimals and labels the ratios as percentages', () => {
    // 98,500 − (98,500 − 100,000.5) × 0.236 = 98,854.118 → 98,854.12
    expect(fibonacciLevels(100_000.5, 98_500, 2)[1]?.price).toBe(98_854.12);
    expect(fibonacciLevels(10, 20, 0).map((level) => level.price)).toEqual([20, 18, 16, 15, 14, 12, 10]);
    expect(roundPrice(176.39999999, 2)).toBe(176.4);
    expect([0, 0.236, 0.382, 0.5, 0.618, 0.786, 1].map(levelLabel)).toEqual([
      '0%',
      '23.6%',
      '38.2%',
      '50%',
      '61.8%',
      '78.6%',
      '100%',
    ]);
  });
});

describe('times and bar positions', () => {
  const hourly = [3600, 7200, 10_800, 14_400];

  it('places a bar’s time on its index, between bars proportionally, beyond them at the last spacing', () => {
    expect(timeToLogical(hourly, 7200)).toBe(1);
    expect(timeToLogical(hourly, 9000)).toBe(1.5);
    expect(timeToLogical(hourly, 14_400 + 7200)).toBe(5);
    expect(timeToLogical(hourly, 0)).toBe(-1);
    expect(timeToLogical([], 5)).toBeNull();
    // a drawing made on hourly bars keeps its time on 4-hour bars: between them
    expect(timeToLogical([0, 14_400, 28_800], 3600)).toBe(0.25);
  });

  it('turns a bar position back into a time, snapped to the nearest bar', () => {
    expect(logicalToTime(hourly, 1.4)).toBe(7200);
    expect(logicalToTime(hourly, 2.6)).toBe(14_400);
    expect(logicalToTime(hourly, 5)).toBe(21_600);
    expect(logicalToTime(hourly, -2)).toBe(-3600);
    expect(logicalToTime([], 1)).toBeNull();
  });
});

describe('touching a drawing', () => {
  it('measures the distance to a segment and to a ray', () => {
    expect(distanceToSegment({ x: 5, y: 3 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(3);
    expect(distanceToSegment({ x: 14, y: 3 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(5);
    expect(distanceToSegment({ x: 14, y: 3 }, { x: 0, y: 0 }, { x: 10, y: 0 }, true)).toBe(3);
    expect(rayEnd({ x: 0, y: 0 }, { x: 10, y: 5 }, 100)).toEqual({ x: 100, y: 50 });
  });

  // one pixel per second and per unit of price, y growing downwards
  const place: Placer = {
    width: 500,
    y: (price) => -price,
    point: (time, price) => ({ x: time, y: -price }),
  };
  const drawings: ChartDrawing[] = [
    { kind: 'rectangle', id: 'box', a: { time: 100, price: -100 }, b: { time: 200, price: -200 } },
    { kind: 'trend', id: 'line', a: { time: 0, price: -150 }, b: { time: 300, price: -150 } },
    { kind: 'horizontal', id: 'level', price: -400 },
  ];

  it('finds the topmost drawing under the pointer, or none', () => {
    expect(drawingAt(drawings, { x: 150, y: 152 }, place)?.id).toBe('line');
    expect(drawingAt(drawings, { x: 150, y: 120 }, place)?.id).toBe('box');
    expect(drawingAt(drawings, { x: 450, y: 397 }, place)?.id).toBe('level');
    expect(drawingAt(drawings, { x: 450, y: 300 }, place)).toBeNull();
  });
});
