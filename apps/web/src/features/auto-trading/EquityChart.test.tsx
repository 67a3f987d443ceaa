import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chartPoints, EquityChart } from './EquityChart.js';

afterEach(cleanup);

describe('the equity curve of the backtest', () => {
  it('gives the chart one point per second, ascending (a later point at the same second wins)', () => {
    expect(
      chartPoints([
        { time: '2026-01-01T00:00:00.000Z', equity: 10_000 },
        { time: '2026-01-01T00:00:00.400Z', equity: 10_010 },
        { time: '2025-12-31T00:00:00.000Z', equity: 9_000 },
        { time: '2026-01-02T00:00:00.000Z', equity: 10_050 },
      ]),
    ).toEqual([
      { time: 1_767_225_600, value: 10_010 },
      { time: 1_767_312_000, value: 10_050 },
    ]);
  });

  it('draws a plain line around the starting balance where the browser has no canvas', () => {
    const { getByTestId } = render(
      <EquityChart
        points={[
          { time: '2026-01-01T00:00:00.000Z', equity: 10_000 },
          { time: '2026-01-02T00:00:00.000Z', equity: 9_500 },
          { time: '2026-01-03T00:00:00.000Z', equity: 10_500 },
        ]}
        startBalance={10_000}
        locale="en"
        money={(value) => `€${value}`}
        label="Equity of the backtest"
      />,
    );
    const figure = getByTestId('backtest-equity');
    expect(figure.getAttribute('aria-label')).toBe('Equity of the backtest');
    const line = figure.querySelector('polyline');
    expect(line?.getAttribute('points')?.split(' ')).toHaveLength(3);
    // the start (10,000) is the middle of 9,500 … 10,500: the base line runs through the middle of the 200-unit box
    expect(figure.querySelector('line')?.getAttribute('y1')).toBe('100');
  });
});
