import { formatPrice, heikinAshi, rsiSeries, smaSeries } from '@openbroker/domain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../shared/session/authStore.js';
import { fakeSockets } from '../../../test/fakeSockets.js';
import { renderApp, userFixture } from '../../../test/renderApp.js';
import { chartViewStorageKey } from './chartView.js';
import { type Bar, chart, liveSeries, priceSeries } from './testKit.js';

vi.mock('lightweight-charts', () => import('./testKit.js').then((kit) => kit.lightweightCharts));

beforeEach(() => {
  chart.reset();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as never);
});

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.restoreAllMocks();
});

const HOUR = 3600;
const thisHour = Math.floor(Date.now() / 1000 / HOUR) * HOUR;
/** 40 closed hourly candles before the current hour, closes zigzagging around 100,000. */
const CANDLES = Array.from({ length: 40 }, (_, i) => {
  const close = 100_000 + ((i * 37) % 11) * 50 - i * 10;
  return {
    time: thisHour - (40 - i) * HOUR,
    open: close - 20,
    high: close + 60,
    low: close - 80,
    close,
    volume: 1,
  };
});
const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });

function renderChart() {
  const sockets = fakeSockets();
  const auth = { access_token: 'token-1', user: userFixture({ assets_group_permission: [1, 2, 3, 4, 5] }) };
  const view = renderApp('/platform/BTCUSD', {
    auth,
    socketFactory: sockets.factory,
    api: { '/api/accounts/get': () => ok(auth), '/api/market/candles': () => ok(CANDLES) },
  });
  return { ...view, sockets };
}

const drawn = () => waitFor(() => expect(priceSeries()?.data).toHaveLength(CANDLES.length));

function addIndicator(kind: string) {
  fireEvent.click(screen.getByTestId('chart-add'));
  fireEvent.click(screen.getByTestId(`chart-add-${kind}`));
}

/** The series drawn for an indicator's lines, beside the price series. */
const indicatorSeries = () => liveSeries().filter((series) => series !== priceSeries());
const values = (data: Bar[]) => data.map((point) => point.value ?? null);

describe('chart indicators', () => {
  it('adds an indicator with its parameters and draws it over the prices', async () => {
    renderChart();
    await drawn();
    addIndicator('sma');
    const chip = await screen.findByTestId('chart-indicator-1');
    expect(within(chip).getByTestId('chart-indicator-name').textContent).toContain('SMA 20');
    await waitFor(() => expect(indicatorSeries()).toHaveLength(1));
    const [sma] = indicatorSeries();
    expect(sma).toMatchObject({ type: 'Line', pane: 0 });
    // the domain's SMA of the closes, a gap (whitespace) for each candle of the warm-up
    expect(values(sma?.data ?? [])).toEqual(smaSeries(CANDLES, { period: 20 }).map((p) => p.value));
    expect(sma?.data[0]).toEqual({ time: CANDLES[0]?.time });

    fireEvent.click(within(chip).getByTestId('chart-indicator-edit'));
    const dialog = await screen.findByTestId('chart-indicator-dialog');
    expect((within(dialog).getByLabelText('Period') as HTMLInputElement).value).toBe('20');
    expect(dialog.textContent).toContain('From 2 to 500');
  });

  it('recomputes when a parameter changes, and refuses one out of range with a message', async () => {
    renderChart();
    await drawn();
    addIndicator('sma');
    fireEvent.click(await screen.findByTestId('chart-indicator-edit'));
    const period = await screen.findByTestId('chart-param-period');
    fireEvent.change(period, { target: { value: '1' } });
    expect(screen.getByTestId('chart-param-period-error').textContent).toContain('Enter 2 or more.');
    expect((screen.getByTestId('chart-indicator-apply') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(period, { target: { value: '5' } });
    expect(screen.queryByTestId('chart-param-period-error')).toBeNull();
    fireEvent.click(screen.getByTestId('chart-indicator-apply'));

    await waitFor(() => expect(screen.getByTestId('chart-indicator-name').textContent).toContain('SMA 5'));
    expect(screen.queryByTestId('chart-indicator-dialog')).toBeNull();
    await waitFor(() =>
      expect(values(indicatorSeries()[0]?.data ?? [])).toEqual(
        smaSeries(CANDLES, { period: 5 }).map((p) => p.value),
      ),
    );
    expect(chart.calls.refused).toEqual([]);
  });

  it('puts each oscillator in a pane of its own below the prices, and removes what is removed', async () => {
    renderChart();
    await drawn();
    addIndicator('rsi');
    addIndicator('macd');
    addIndicator('ema');
    await waitFor(() => expect(indicatorSeries()).toHaveLength(5));
    const byPane = indicatorSeries().map((series) => [series.type, series.pane]);
    expect(byPane).toEqual([
      ['Line', 1],
      ['Line', 2],
      ['Line', 2],
      ['Histogram', 2],
      ['Line', 0],
    ]);
    expect(chart.priceStretch).toBe(3);
    const rsi = indicatorSeries()[0];
    expect([...(rsi?.lines ?? [])].map((line) => line.price)).toEqual([30, 70]);
    expect(values(rsi?.data ?? [])).toEqual(rsiSeries(CANDLES, { period: 14 }).map((p) => p.value));

    const macdChip = screen.getByTestId('chart-indicator-2');
    expect(macdChip.textContent).toContain('MACD 12 26 9');
    fireEvent.click(within(macdChip).getByTestId('chart-indicator-remove'));
    await waitFor(() => expect(indicatorSeries()).toHaveLength(2));
    expect(indicatorSeries().map((series) => [series.type, series.pane])).toEqual([
      ['Line', 1],
      ['Line', 0],
    ]);
    expect(screen.queryByTestId('chart-indicator-2')).toBeNull();
    fireEvent.click(within(screen.getByTestId('chart-indicator-1')).getByTestId('chart-indicator-remove'));
    fireEvent.click(within(screen.getByTestId('chart-indicator-3')).getByTestId('chart-indicator-remove'));
    await waitFor(() => expect(indicatorSeries()).toHaveLength(0));
    expect(screen.queryByTestId('chart-indicators')).toBeNull();
    expect(chart.priceStretch).toBe(1);
    expect(chart.calls.refused).toEqual([]);
  });

  it('switches the chart type: bars, a line of closes, an area, Heikin-Ashi candles', async () => {
    renderChart();
    await drawn();
    const choose = (type: string) => {
      fireEvent.click(screen.getByTestId('chart-type'));
      fireEvent.click(screen.getByTestId(`chart-type-${type}`));
    };
    choose('bars');
    await waitFor(() => expect(priceSeries()?.type).toBe('Bar'));
    expect(priceSeries()?.data).toHaveLength(CANDLES.length);
    expect(screen.getByTestId('chart-canvas').dataset.type).toBe('bars');

    choose('line');
    await waitFor(() => expect(priceSeries()?.type).toBe('Line'));
    expect(priceSeries()?.data.at(-1)).toEqual({ time: CANDLES.at(-1)?.time, value: CANDLES.at(-1)?.close });

    choose('area');
    await waitFor(() => expect(priceSeries()?.type).toBe('Area'));

    choose('heikinAshi');
    await waitFor(() => expect(priceSeries()?.type).toBe('Candlestick'));
    const expected = heikinAshi(CANDLES);
    await waitFor(() => expect(priceSeries()?.data).toEqual(expected));
    // one price series at a time, and nothing called on a removed one
    expect(liveSeries()).toHaveLength(1);
    expect(chart.calls.refused).toEqual([]);
  });

  it('keeps the type and the indicators with their parameters per symbol after a reload', async () => {
    const { router } = renderChart();
    await drawn();
    fireEvent.click(screen.getByTestId('chart-type'));
    fireEvent.click(screen.getByTestId('chart-type-bars'));
    addIndicator('bollinger');
    fireEvent.click(await screen.findByTestId('chart-indicator-edit'));
    fireEvent.change(await screen.findByTestId('chart-param-stdDev'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByTestId('chart-indicator-apply'));
    await waitFor(() =>
      expect(screen.getByTestId('chart-indicator-name').textContent).toContain('BB 20 2.5'),
    );
    expect(JSON.parse(window.localStorage.getItem(chartViewStorageKey('BTCUSD')) ?? 'null')).toEqual({
      type: 'bars',
      indicators: [{ kind: 'bollinger', params: { period: 20, stdDev: 2.5 }, id: 1, color: 0 }],
    });

    // another symbol has its own (none yet), and this one's comes back
    await act(() => router.navigate('/platform/ETHUSD'));
    await waitFor(() => expect(screen.queryByTestId('chart-indicators')).toBeNull());
    await waitFor(() => expect(priceSeries()?.type).toBe('Candlestick'));
    await act(() => router.navigate('/platform/BTCUSD'));
    await waitFor(() =>
      expect(screen.getByTestId('chart-indicator-name').textContent).toContain('BB 20 2.5'),
    );

    cleanup();
    chart.reset();
    renderChart();
    await drawn();
    expect(screen.getByTestId('chart-indicator-name').textContent).toContain('BB 20 2.5');
    expect(priceSeries()?.type).toBe('Bar');
    await waitFor(() => expect(indicatorSeries()).toHaveLength(3));
  });

  it('ignores a broken stored choice, and a broken indicator in it', async () => {
    window.localStorage.setItem(chartViewStorageKey('BTCUSD'), '{not json');
    renderChart();
    await drawn();
    expect(priceSeries()?.type).toBe('Candlestick');
    expect(screen.queryByTestId('chart-indicators')).toBeNull();
    cleanup();

    chart.reset();
    window.localStorage.setItem(
      chartViewStorageKey('BTCUSD'),
      JSON.stringify({
        type: 'hollow',
        indicators: [
          { kind: 'ema', params: { period: 9000 }, id: 1, color: 0 },
          { kind: 'ema', params: { period: 9 }, id: 2, color: 1 },
          { kind: 'vwap', params: {}, id: 3, color: 2 },
        ],
      }),
    );
    renderChart();
    await drawn();
    expect(screen.getAllByTestId('chart-indicator-name').map((chip) => chip.textContent)).toEqual(['EMA 9']);
    expect(priceSeries()?.type).toBe('Candlestick');
  });

  it('reads out the candle under the crosshair and the indicators there, else the latest', async () => {
    renderChart();
    await drawn();
    addIndicator('sma');
    await waitFor(() => expect(indicatorSeries()).toHaveLength(1));
    const readout = screen.getByTestId('chart-readout');
    const last = CANDLES.at(-1) as (typeof CANDLES)[number];
    expect(within(readout).getByTestId('chart-readout-close').textContent).toContain(formatPrice(last.close));
    const sma = smaSeries(CANDLES, { period: 20 });
    expect(within(readout).getByTestId('chart-readout-indicator-1').textContent).toContain(
      `SMA 20${formatPrice(sma.at(-1)?.value as number)}`,
    );

    const at = CANDLES[25] as (typeof CANDLES)[number];
    act(() => chart.hover(at.time));
    await waitFor(() =>
      expect(within(readout).getByTestId('chart-readout-open').textContent).toContain(formatPrice(at.open)),
    );
    expect(within(readout).getByTestId('chart-readout-high').textContent).toContain(formatPrice(at.high));
    expect(within(readout).getByTestId('chart-readout-low').textContent).toContain(formatPrice(at.low));
    expect(within(readout).getByTestId('chart-readout-close').textContent).toContain(formatPrice(at.close));
    expect(within(readout).getByTestId('chart-readout-indicator-1').textContent).toContain(
      formatPrice(sma[25]?.value as number),
    );
    // in the warm-up there is no value yet
    act(() => chart.hover(CANDLES[3]?.time ?? 0));
    await waitFor(() =>
      expect(within(readout).getByTestId('chart-readout-indicator-1').textContent).toContain('SMA 20—'),
    );

    act(() => chart.hover(null));
    await waitFor(() =>
      expect(within(readout).getByTestId('chart-readout-close').textContent).toContain(
        formatPrice(last.close),
      ),
    );
  });

  it('follows the live candle with the indicators, tick by tick', async () => {
    const { sockets } = renderChart();
    await drawn();
    addIndicator('ema');
    await waitFor(() => expect(indicatorSeries()).toHaveLength(1));
    await waitFor(() => sockets.prices());
    sockets.prices().push('prices', { BTCUSD: { buy: 100_510, sell: 100_490 } });
    await waitFor(() => expect(indicatorSeries()[0]?.data.at(-1)?.time).toBe(thisHour));
    const first = indicatorSeries()[0]?.data.at(-1)?.value as number;
    sockets.prices().push('prices', { BTCUSD: { buy: 101_010, sell: 100_990 } });
    await waitFor(() => expect(indicatorSeries()[0]?.data.at(-1)?.value).toBeGreaterThan(first));
    expect(indicatorSeries()[0]?.data).toHaveLength(CANDLES.length + 1);
    expect(
      within(screen.getByTestId('chart-readout')).getByTestId('chart-readout-close').textContent,
    ).toContain(formatPrice(101_000));
    expect(chart.calls.refused).toEqual([]);
  });
});
