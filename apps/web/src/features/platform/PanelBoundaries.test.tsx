import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../shared/session/authStore.js';
import { positionFixture } from '../../test/platformFixtures.js';
import { BTC, renderPlatform, withAccount, withPrices } from '../../test/platformKit.js';

/** The chart panel throws as the chart library did while `chart.fails` is set. */
const chart = vi.hoisted(() => ({ fails: true }));
vi.mock('./chart/ChartPanel.js', () => ({
  ChartPanel: () => {
    if (chart.fails) throw new Error('Cannot update oldest data, last time=2, new time=1');
    return <div data-testid="chart">chart</div>;
  },
}));

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  chart.fails = true;
});

describe('a terminal that never goes down', () => {
  it('a panel that throws shows its Retry box while the positions and their Close buttons stay usable', async () => {
    // React reports the error the boundary caught on the console: expected here
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [positionFixture({ id: 7 })]);

    const failed = await screen.findByTestId('panel-failed-chart');
    expect(failed.textContent).toContain('Chart could not be shown');
    expect(screen.queryByTestId('chart')).toBeNull();
    // the rest of the terminal is there: the screen itself, markets, ticket, summary, positions
    expect(screen.getByTestId('platform-screen')).toBeTruthy();
    expect(screen.getByTestId('market-row-BTCUSD')).toBeTruthy();
    expect(screen.getByTestId('new-trade-panel')).toBeTruthy();
    expect(screen.getByTestId('summary-balance')).toBeTruthy();
    expect(screen.getByTestId('positions-panel')).toBeTruthy();
    const close = screen.getByTestId('position-close-7') as HTMLButtonElement;
    await waitFor(() => expect(close.disabled).toBe(false));
    fireEvent.click(close);
    expect(await screen.findByTestId('position-close-modal')).toBeTruthy();

    // Retry mounts the chart anew, in place
    chart.fails = false;
    fireEvent.click(screen.getByTestId('panel-retry-chart'));
    expect(await screen.findByTestId('chart')).toBeTruthy();
    expect(screen.queryByTestId('panel-failed-chart')).toBeNull();
    expect(screen.getByTestId('position-row-7')).toBeTruthy();
  });
});
