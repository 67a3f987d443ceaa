import { dealingQuote, liquidationPrice } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets } from '../../../test/fakeSockets.js';
import { positionFixture } from '../../../test/platformFixtures.js';
import { renderApp, userFixture } from '../../../test/renderApp.js';
import { authStore } from '../../auth/authStore.js';

/** lightweight-charts draws on a canvas happy-dom does not have: a recording stand-in. */
const chart = vi.hoisted(() => {
  const calls = {
    setData: [] as unknown[][],
    update: [] as unknown[],
    lines: new Set<Record<string, unknown>>(),
    removed: 0,
  };
  const series = {
    setData: (data: unknown[]) => calls.setData.push(data),
    update: (bar: unknown) => calls.update.push(bar),
    applyOptions: () => undefined,
    createPriceLine: (options: Record<string, unknown>) => {
      calls.lines.add(options);
      return options;
    },
    removePriceLine: (line: Record<string, unknown>) => calls.lines.delete(line),
  };
  const timeScale = {
    subscribeVisibleLogicalRangeChange: () => undefined,
    unsubscribeVisibleLogicalRangeChange: () => undefined,
    getVisibleLogicalRange: () => null,
    setVisibleLogicalRange: () => undefined,
  };
  const api = {
    addSeries: () => series,
    applyOptions: () => undefined,
    timeScale: () => timeScale,
    remove: () => {
      calls.removed += 1;
    },
  };
  return { calls, api };
});

vi.mock('lightweight-charts', () => ({
  createChart: () => chart.api,
  CandlestickSeries: {},
  ColorType: { Solid: 'solid' },
  CrosshairMode: { Normal: 0 },
  LineStyle: { Solid: 0, Dashed: 2 },
}));

beforeEach(() => {
  chart.calls.setData.length = 0;
  chart.calls.update.length = 0;
  chart.calls.lines.clear();
  chart.calls.removed = 0;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as never);
});

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });
const HOUR = 3600;
const now = Math.floor(Date.now() / 1000);
const thisHour = Math.floor(now / HOUR) * HOUR;
const candles = [2, 1].map((back) => ({
  time: thisHour - back * HOUR,
  open: 99_000,
  high: 100_500,
  low: 98_500,
  close: 99_950,
  volume: 100,
}));

function renderChart() {
  const sockets = fakeSockets();
  const auth = { access_token: 'token-1', user: userFixture({ assets_group_permission: [1, 2, 3, 4, 5] }) };
  const view = renderApp('/platform/BTCUSD', {
    auth,
    socketFactory: sockets.factory,
    api: { '/api/accounts/get': () => ok(auth), '/api/market/candles': () => ok(candles) },
  });
  return { ...view, sockets };
}

const candleCalls = (calls: { path: string; url: string }[]) =>
  calls
    .filter((call) => call.path === '/api/market/candles')
    .map((call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams));

describe('chart (spec §2, §9)', () => {
  it('asks for UTC candles up to now, switches timeframe, and reaches back at most 12 months', async () => {
    const { calls } = renderChart();
    await waitFor(() => expect(chart.calls.setData.at(-1)).toHaveLength(2));
    const [first] = candleCalls(calls);
    expect(first).toMatchObject({ symbol: 'BTCUSD', resolution: '1h' });
    expect(Number(first?.to)).toBe(thisHour + HOUR);
    expect(Number(first?.to) - Number(first?.from)).toBe(1500 * HOUR);

    fireEvent.click(screen.getByTestId('chart-resolution-1D'));
    await waitFor(() => expect(candleCalls(calls).some((q) => q.resolution === '1D')).toBe(true));
    const daily = candleCalls(calls).find((q) => q.resolution === '1D');
    // spec §9: chart range 12 months
    expect(Number(daily?.to) - Number(daily?.from)).toBeLessThanOrEqual(365 * 86_400 + 86_400);
    expect(Number(daily?.from)).toBeGreaterThanOrEqual(now - 365 * 86_400 - 5);
    expect(window.localStorage.getItem('ob.chart.resolution')).toBe('1D');
  });

  it('draws the open positions’ entry, stop loss and take profit, and follows the ticks', async () => {
    const { sockets } = renderChart();
    await waitFor(() => expect(chart.calls.setData.at(-1)).toHaveLength(2));
    await waitFor(() => expect(sockets.trading().connected).toBe(true));
    sockets.trading().push('positions', {
      open: [
        positionFixture({ id: 3, open_rate: 99_500, stop_lost: 97_000, take_profit: 104_000 }),
        positionFixture({ id: 4, symbol: 'ETHUSD', open_rate: 3000 }),
      ],
      history: [],
    });
    await waitFor(() => expect(chart.calls.lines.size).toBe(3));
    expect([...chart.calls.lines].map((line) => [line.price, line.title]).sort()).toEqual([
      [104_000, 'TP #3'],
      [97_000, 'SL #3'],
      [99_500, 'Buy #3'],
    ]);

    sockets.prices().push('prices', { BTCUSD: { buy: 100_010, sell: 99_990 } });
    await waitFor(() => expect(chart.calls.update.length).toBeGreaterThan(0));
    // the live candle is the current bucket, on the mid (as the server builds candles)
    expect(chart.calls.update.at(-1)).toMatchObject({ time: thisHour, close: 100_000 });

    sockets.trading().push('positions', { open: [], history: [] });
    await waitFor(() => expect(chart.calls.lines.size).toBe(0));
  });

  it('draws each position’s live liquidation price and names a trailing stop (issue 14)', async () => {
    const { sockets } = renderChart();
    await waitFor(() => expect(chart.calls.setData.at(-1)).toHaveLength(2));
    await waitFor(() => expect(sockets.trading().connected).toBe(true));
    const open = [
      positionFixture({
        id: 3,
        amount: 5_000,
        leverage: 2,
        open_rate: 99_500,
        stop_lost: 97_000,
        trailing_stop: 500,
      }),
    ];
    sockets.trading().push('positions', { open, history: [] });
    sockets.trading().push('balance', { balance: 10_000, equity: 10_000, freeMargin: 5_000, profit: 0 });
    await waitFor(() => sockets.prices());
    const feed = { buy: 100_010, sell: 99_990 };
    sockets.prices().push('prices', { BTCUSD: feed });
    const expected = liquidationPrice({
      balance: 10_000,
      positions: open.map((p) => ({ ...p })),
      quotes: { BTCUSD: dealingQuote(feed) },
      target: { ...(open[0] as (typeof open)[number]) },
      stopOutLevel: 0.5,
    });
    await waitFor(() =>
      expect([...chart.calls.lines].map((line) => [line.price, line.title])).toContainEqual([
        expected.price,
        'Liquidation #3',
      ]),
    );
    expect([...chart.calls.lines].map((line) => line.title)).toContain('Trailing SL #3');
  });

  it('removes the chart when the screen goes away', async () => {
    renderChart();
    await waitFor(() => expect(chart.calls.setData.length).toBeGreaterThan(0));
    cleanup();
    expect(chart.calls.removed).toBe(1);
  });
});
