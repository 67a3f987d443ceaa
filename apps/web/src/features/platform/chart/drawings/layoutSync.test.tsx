import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../../shared/session/authStore.js';
import { fakeSockets } from '../../../../test/fakeSockets.js';
import { renderApp, userFixture } from '../../../../test/renderApp.js';
import { chartViewStorageKey } from '../chartView.js';
import { chart } from '../testKit.js';
import { drawingsStorageKey, unsavedStorageKey } from './layoutApi.js';

vi.mock('lightweight-charts', () => import('../testKit.js').then((kit) => kit.lightweightCharts));

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

const PATH = '/api/chart-layouts/BTCUSD';
const FIB = {
  kind: 'fibonacci',
  id: 'f1',
  a: { time: 1_767_225_600, price: 98_500 },
  b: { time: 1_767_229_200, price: 100_000.5 },
};
const RSI = { kind: 'rsi', id: 1, color: 0, params: { period: 14 } };
const answer = (data: Record<string, unknown>) => ({
  status: 200,
  json: { status: true, data: { symbol: 'BTCUSD', saved: true, indicators: [], drawings: [], ...data } },
});

/** The terminal on BTCUSD with the server's layout `stored`; saves are answered with what was sent. */
function renderChart(stored: Record<string, unknown>) {
  const auth = { access_token: 'token-1', user: userFixture({ assets_group_permission: [1, 2, 3, 4, 5] }) };
  const view = renderApp('/platform/BTCUSD', {
    auth,
    socketFactory: fakeSockets().factory,
    api: {
      '/api/accounts/get': () => ({ status: 200, json: { status: true, data: auth } }),
      [PATH]: (body) =>
        body.indicators ? answer({ indicators: body.indicators, drawings: body.drawings }) : answer(stored),
    },
  });
  const saves = () =>
    view.calls.filter((call) => call.path === PATH && 'indicators' in call.body).map((call) => call.body);
  return { ...view, saves };
}

const openDrawings = () => {
  fireEvent.click(screen.getByTestId('chart-drawings'));
  return screen.getByTestId('chart-drawings-menu');
};

describe('chart layout saved on the server', () => {
  it("shows the server's indicators and drawings, and keeps a copy in the browser", async () => {
    renderChart({ indicators: [RSI], drawings: [FIB] });
    await waitFor(() => expect(screen.getByTestId('chart-indicators').textContent).toContain('RSI'));
    expect(within(openDrawings()).getByTestId('chart-drawing-fibonacci').textContent).toContain(
      'Fibonacci retracement',
    );
    expect(JSON.parse(window.localStorage.getItem(drawingsStorageKey('BTCUSD')) ?? '[]')).toEqual([FIB]);
  });

  it("moves the browser's layout to the server once when the server has none", async () => {
    window.localStorage.setItem(
      chartViewStorageKey('BTCUSD'),
      JSON.stringify({ type: 'bars', indicators: [RSI] }),
    );
    const view = renderChart({ saved: false });
    await waitFor(() => expect(view.saves()).toHaveLength(1));
    expect(view.saves()[0]).toMatchObject({ indicators: [RSI], drawings: [] });
    // the chart type stays in the browser
    expect(view.saves()[0]).not.toHaveProperty('type');
  });

  it('saves a change after a quiet moment, with the session, and clears the unsaved mark', async () => {
    const view = renderChart({ drawings: [FIB] });
    await waitFor(() => expect(screen.getByTestId('chart-drawings').textContent).toContain('(1)'));
    fireEvent.click(screen.getByTestId('chart-add'));
    fireEvent.click(screen.getByTestId('chart-add-sma'));
    expect(window.localStorage.getItem(unsavedStorageKey('BTCUSD'))).toBe('1');
    await waitFor(() => expect(view.saves()).toHaveLength(1), { timeout: 5000 });
    expect(view.saves()[0]).toMatchObject({
      indicators: [{ kind: 'sma', params: { period: 20 } }],
      drawings: [FIB],
      token: 'token-1',
    });
    await waitFor(() => expect(window.localStorage.getItem(unsavedStorageKey('BTCUSD'))).toBeNull());
  });

  it("keeps changes the server has not confirmed over the server's copy, and sends them", async () => {
    window.localStorage.setItem(drawingsStorageKey('BTCUSD'), JSON.stringify([FIB]));
    window.localStorage.setItem(unsavedStorageKey('BTCUSD'), '1');
    const view = renderChart({ indicators: [RSI], drawings: [] });
    await waitFor(() => expect(view.saves()).toHaveLength(1));
    expect(view.saves()[0]).toMatchObject({ indicators: [], drawings: [FIB] });
    expect(screen.queryByTestId('chart-indicators')).toBeNull();
  });

  it("ignores a server layout that breaks the indicator dialog's rules, keeping the browser's", async () => {
    window.localStorage.setItem(drawingsStorageKey('BTCUSD'), JSON.stringify([FIB]));
    const view = renderChart({ indicators: [{ ...RSI, params: { period: 1000 } }], drawings: [] });
    await waitFor(() => expect(view.calls.some((call) => call.path === PATH)).toBe(true));
    expect(screen.getByTestId('chart-drawings').textContent).toContain('(1)');
    expect(screen.queryByTestId('chart-indicators')).toBeNull();
  });
});
