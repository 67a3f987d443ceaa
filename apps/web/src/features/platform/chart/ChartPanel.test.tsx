import { liquidationPrice } from '@openbroker/domain';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { marketApi } from '../../../api/market.js';
import type { CandleResolution } from '../../../api/types.js';
import { authStore } from '../../../shared/session/authStore.js';
import { fakeSockets } from '../../../test/fakeSockets.js';
import { positionFixture } from '../../../test/platformFixtures.js';
import { renderApp, userFixture } from '../../../test/renderApp.js';
import { RESOLUTION_SECONDS } from './candles.js';
import { chart } from './testKit.js';

vi.mock('lightweight-charts', () => import('./testKit.js').then((kit) => kit.lightweightCharts));

beforeEach(() => {
  chart.reset();
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
      [99_500, 'Buy #3 · €100.00 1:2'],
    ]);

    sockets.prices().push('prices', { BTCUSD: { buy: 100_010, sell: 99_990 } });
    await waitFor(() => expect(chart.calls.update.length).toBeGreaterThan(0));
    // the entry's label follows the live profit, on the line already drawn
    await waitFor(() =>
      expect([...chart.calls.lines].map((line) => line.title)).toContain('Buy #3 · €100.00 1:2 · +€0.98'),
    );
    expect(chart.calls.lines.size).toBe(3);
    // the live candle is the current bucket, on the mid (as the server builds candles)
    expect(chart.calls.update.at(-1)).toMatchObject({ time: thisHour, close: 100_000 });

    sockets.trading().push('positions', { open: [], history: [] });
    await waitFor(() => expect(chart.calls.lines.size).toBe(0));
  });

  it('draws each position’s live liquidation price and names a trailing stop', async () => {
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
    // the price socket sends the brand's quote, which the chart values positions at as it is
    const brand = { buy: 100_010, sell: 99_990 };
    sockets.prices().push('prices', { BTCUSD: brand });
    const expected = liquidationPrice({
      balance: 10_000,
      positions: open.map((p) => ({ ...p })),
      quotes: { BTCUSD: brand },
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

  it('removes the chart with its lines without calling it afterwards (Object is disposed)', async () => {
    const { sockets } = renderChart();
    await waitFor(() => expect(chart.calls.setData.at(-1)).toHaveLength(2));
    await waitFor(() => expect(sockets.trading().connected).toBe(true));
    sockets.trading().push('positions', {
      open: [positionFixture({ id: 3, open_rate: 99_500, stop_lost: 97_000, take_profit: 104_000 })],
      history: [],
    });
    await waitFor(() => expect(chart.calls.lines.size).toBe(3));
    cleanup();
    expect(chart.calls.removed).toBe(1);
    expect(chart.calls.refused).toEqual([]);
  });
});

/** Two closed candles of `resolution` before the current bucket, as the server answers a latest page. */
function closedCandles(resolution: CandleResolution) {
  const size = RESOLUTION_SECONDS[resolution];
  const current = Math.floor(Date.now() / 1000 / size) * size;
  return [2, 1].map((back) => ({
    time: current - back * size,
    open: 99_000,
    high: 100_500,
    low: 98_500,
    close: 99_950,
    volume: 100,
  }));
}

/** Waits until the chart draws `dataset` ('BTCUSD:1D') with its history. */
const drawn = (dataset: string) =>
  waitFor(() => {
    const canvas = screen.getByTestId('chart-canvas');
    expect(canvas.dataset.dataset).toBe(dataset);
    expect(canvas.dataset.bars).toBe('2');
  });

describe('chart switches under live prices', () => {
  it('switches timeframes back and forth while prices tick without a bar older than the newest', async () => {
    vi.spyOn(marketApi, 'candles').mockImplementation(async ({ resolution }) => closedCandles(resolution));
    const { sockets } = renderChart();
    await drawn('BTCUSD:1h');
    await waitFor(() => sockets.prices());
    let mid = 100_000;
    const tick = () => {
      mid += 10;
      sockets.prices().push('prices', { BTCUSD: { buy: mid + 10, sell: mid - 10 } });
    };
    // 1D, then 1m, then 1D again from the cache: the 1m live candle must not reach the daily series
    for (const resolution of ['1D', '1m', '1D', '5m', '1h', '1m', '4h', '1D', '15m', '1D'] as const) {
      tick();
      fireEvent.click(screen.getByTestId(`chart-resolution-${resolution}`));
      tick();
      await drawn(`BTCUSD:${resolution}`);
      tick();
      tick();
    }
    expect(chart.calls.update.length).toBeGreaterThan(0);
    expect(chart.calls.refused).toEqual([]);
    expect(screen.queryByTestId('panel-failed-chart')).toBeNull();
  });

  it("never draws one symbol's live candle on another symbol's chart", async () => {
    vi.spyOn(marketApi, 'candles').mockImplementation(async ({ resolution }) => closedCandles(resolution));
    const { sockets, router } = renderChart();
    await drawn('BTCUSD:1h');
    await waitFor(() => sockets.prices());
    // each push a new price (an unchanged one is no tick): BTCUSD about 100,000, ETHUSD about 3,000
    let step = 0;
    const btc = () => {
      step += 1;
      sockets.prices().push('prices', { BTCUSD: { buy: 100_010 + step, sell: 99_990 + step } });
    };
    const eth = () => {
      step += 1;
      sockets.prices().push('prices', { ETHUSD: { buy: 3_001 + step / 100, sell: 2_999 + step / 100 } });
    };
    for (const symbol of ['ETHUSD', 'BTCUSD', 'ETHUSD', 'BTCUSD']) {
      btc();
      eth();
      const from = chart.calls.update.length;
      await act(() => router.navigate(`/platform/${symbol}`));
      btc();
      eth();
      await drawn(`${symbol}:1h`);
      btc();
      eth();
      const closes = chart.calls.update.slice(from).map((bar) => bar.close as number);
      expect(closes.length).toBeGreaterThan(0);
      const expected = symbol === 'BTCUSD' ? 100_000 : 3_000;
      for (const close of closes) expect(Math.abs(close / expected - 1), symbol).toBeLessThan(0.01);
    }
    expect(chart.calls.refused).toEqual([]);
  });
});
