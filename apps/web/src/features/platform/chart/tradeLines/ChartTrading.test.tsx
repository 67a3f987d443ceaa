import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../../shared/session/authStore.js';
import { fakeSockets } from '../../../../test/fakeSockets.js';
import { positionFixture } from '../../../../test/platformFixtures.js';
import { orderFixture } from '../../../../test/platformKit.js';
import { renderApp, userFixture } from '../../../../test/renderApp.js';
import { chart } from '../testKit.js';

vi.mock('lightweight-charts', () => import('../testKit.js').then((kit) => kit.lightweightCharts));

/** Trading from the chart: a dragged line opens the dialog of the panels, which checks and sends it. */

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

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });
const HOUR = 3600;
const thisHour = Math.floor(Date.now() / 1000 / HOUR) * HOUR;
const candles = [2, 1].map((back) => ({
  time: thisHour - back * HOUR,
  open: 99_000,
  high: 100_500,
  low: 98_500,
  close: 99_950,
  volume: 100,
}));
/** The brand quote: buy (ask) 100000, sell (bid) 99900. */
const BTC = { buy: 100_000, sell: 99_900 };
/** y on the test kit's scale (110000 at the top, 50 a pixel). */
const yOf = (price: number) => (110_000 - price) / 50;

async function renderChart(quote = true) {
  const sockets = fakeSockets();
  const auth = { access_token: 'token-1', user: userFixture({ assets_group_permission: [1, 2, 3, 4, 5] }) };
  const view = renderApp('/platform/BTCUSD', {
    auth,
    socketFactory: sockets.factory,
    api: { '/api/accounts/get': () => ok(auth), '/api/market/candles': () => ok(candles) },
  });
  await waitFor(() => expect(chart.calls.setData.at(-1)).toHaveLength(2));
  await waitFor(() => expect(sockets.trading().connected).toBe(true));
  await waitFor(() => sockets.prices());
  if (quote) sockets.prices().push('prices', { BTCUSD: BTC });
  return { ...view, sockets };
}

const position = positionFixture({ id: 3, open_rate: 99_500, stop_lost: 97_000, take_profit: 104_000 });

async function withPosition(sockets: ReturnType<typeof fakeSockets>) {
  sockets.trading().push('positions', { open: [position], history: [] });
  sockets.trading().push('balance', { balance: 10_000, equity: 10_000, freeMargin: 9_900, profit: 0 });
  await waitFor(() => expect(lineAt('TP #3')).toBe(104_000));
}

const lineAt = (title: string) => [...chart.calls.lines].find((line) => line.title === title)?.price;
const canvas = () => screen.getByTestId('chart-canvas');

function drag(fromPrice: number, toPrice: number) {
  const target = canvas();
  const base = { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 200 };
  fireEvent.pointerDown(target, { ...base, clientY: yOf(fromPrice) + 2, buttons: 1 });
  fireEvent.pointerMove(target, { ...base, clientY: (yOf(fromPrice) + yOf(toPrice)) / 2, buttons: 1 });
  fireEvent.pointerMove(target, { ...base, clientY: yOf(toPrice), buttons: 1 });
  fireEvent.pointerUp(target, { ...base, clientY: yOf(toPrice), buttons: 0 });
}

describe('trading from the chart', () => {
  it('labels the entry with side, amount, leverage and the live profit, and lists the lines', async () => {
    const { sockets } = await renderChart();
    await withPosition(sockets);
    await waitFor(() =>
      expect([...chart.calls.lines].map((line) => line.title)).toContain('Buy #3 · €100.00 1:2 · +€0.80'),
    );
    const list = screen.getByTestId('chart-trade-lines');
    expect(list.textContent).toContain('TP #3: 104000.00');
  });

  it('drags the take profit: the dialog opens prefilled, Save sends it through the same command', async () => {
    const { sockets } = await renderChart();
    await withPosition(sockets);
    sockets.trading().onCommand = (event, payload) =>
      event === 'updatePosition'
        ? { status: true, data: { ...position, take_profit: payload.take_profit as number } }
        : undefined;
    drag(104_000, 105_000);
    const modal = await screen.findByTestId('position-edit-modal');
    expect((within(modal).getByTestId('position-edit-take-profit') as HTMLInputElement).value).toBe(
      '105000.00',
    );
    expect((within(modal).getByTestId('position-edit-stop-loss') as HTMLInputElement).value).toBe('97000');
    // the line shows the dragged level while the dialog is open
    expect(lineAt('TP #3')).toBe(105_000);
    fireEvent.click(within(modal).getByTestId('position-edit-save'));
    expect(sockets.trading().commands('updatePosition')[0]?.payload).toMatchObject({
      id: 3,
      stop_lost: 97_000,
      take_profit: 105_000,
    });
    await waitFor(() => expect(screen.queryByTestId('position-edit-modal')).toBeNull());
  });

  it('puts the line back when the dialog is cancelled', async () => {
    const { sockets } = await renderChart();
    await withPosition(sockets);
    drag(104_000, 106_000);
    const modal = await screen.findByTestId('position-edit-modal');
    expect(lineAt('TP #3')).toBe(106_000);
    fireEvent.click(within(modal).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('position-edit-modal')).toBeNull());
    expect(lineAt('TP #3')).toBe(104_000);
    expect(sockets.trading().commands('updatePosition')).toHaveLength(0);
  });

  it('refuses a stop loss that would be hit at once, as the dialog does, and sends nothing', async () => {
    const { sockets } = await renderChart();
    await withPosition(sockets);
    // a buy closes at the sell price 99900: a stop loss above it would close the position at once
    drag(97_000, 100_500);
    const modal = await screen.findByTestId('position-edit-modal');
    expect((within(modal).getByTestId('position-edit-stop-loss') as HTMLInputElement).value).toBe(
      '100500.00',
    );
    expect(modal.textContent).toContain("Can't be");
    fireEvent.click(within(modal).getByTestId('position-edit-save'));
    expect(sockets.trading().commands('updatePosition')).toHaveLength(0);
  });

  it('lets the chart pan when the press is not on a line, and does not move a trailing stop', async () => {
    const { sockets } = await renderChart();
    sockets.trading().push('positions', {
      open: [positionFixture({ id: 5, open_rate: 99_500, stop_lost: 97_000, trailing_stop: 500 })],
      history: [],
    });
    await waitFor(() => expect(lineAt('Trailing SL #5')).toBe(97_000));
    const down = new PointerEvent('pointerdown', { bubbles: true, cancelable: true, clientY: yOf(97_000) });
    canvas().dispatchEvent(down);
    expect(down.defaultPrevented).toBe(false);
    drag(97_000, 98_000);
    expect(screen.queryByTestId('position-edit-modal')).toBeNull();
    expect(lineAt('Trailing SL #5')).toBe(97_000);
  });

  it('pulls a stop loss out of the entry of a position without one', async () => {
    const { sockets } = await renderChart();
    sockets.trading().push('positions', {
      open: [positionFixture({ id: 6, open_rate: 99_500, take_profit: 104_000 })],
      history: [],
    });
    await waitFor(() => expect(lineAt('TP #6')).toBe(104_000));
    // below the sell price a buy closes at (99900): a stop loss
    drag(99_500, 98_000);
    const modal = await screen.findByTestId('position-edit-modal');
    expect((within(modal).getByTestId('position-edit-stop-loss') as HTMLInputElement).value).toBe('98000.00');
    expect((within(modal).getByTestId('position-edit-take-profit') as HTMLInputElement).value).toBe('104000');
    // the entry stays; the new stop loss shows where it was dropped until the dialog closes
    expect(lineAt('SL #6')).toBe(98_000);
    expect([...chart.calls.lines].some((line) => line.price === 99_500)).toBe(true);
    fireEvent.click(within(modal).getByText('Cancel'));
    await waitFor(() => expect(lineAt('SL #6')).toBeUndefined());
  });

  it('puts a held line back on Escape, and opens nothing', async () => {
    const { sockets } = await renderChart();
    await withPosition(sockets);
    const base = { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 200 };
    fireEvent.pointerDown(canvas(), { ...base, clientY: yOf(104_000), buttons: 1 });
    fireEvent.pointerMove(canvas(), { ...base, clientY: yOf(106_000), buttons: 1 });
    expect(lineAt('TP #3')).toBe(106_000);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(lineAt('TP #3')).toBe(104_000);
    fireEvent.pointerUp(canvas(), { ...base, clientY: yOf(106_000), buttons: 0 });
    expect(screen.queryByTestId('position-edit-modal')).toBeNull();
  });

  it('offers the order menu on a long press on touch, not on a press that pans', async () => {
    await renderChart();
    vi.useFakeTimers();
    try {
      const touch = { pointerId: 7, pointerType: 'touch', clientX: 150 };
      fireEvent.pointerDown(canvas(), { ...touch, clientY: yOf(99_000) });
      fireEvent.pointerMove(canvas(), { ...touch, clientY: yOf(99_000) + 30 });
      act(() => vi.advanceTimersByTime(600));
      expect(screen.queryByTestId('chart-price-menu')).toBeNull();
      fireEvent.pointerUp(canvas(), { ...touch, clientY: yOf(99_000) + 30 });

      fireEvent.pointerDown(canvas(), { ...touch, clientY: yOf(99_000) });
      act(() => vi.advanceTimersByTime(600));
    } finally {
      vi.useRealTimers();
    }
    const menu = await screen.findByTestId('chart-price-menu');
    // below the sell price 99900: a buy limit or a sell stop
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Buy limit at 99000.00', 'Sell stop at 99000.00']);
  });

  it('drags a pending order’s level into the order dialog', async () => {
    const { sockets } = await renderChart();
    sockets.trading().push('orders', { open: [orderFixture({ id: 31, price: 95_000 })], history: [] });
    await waitFor(() => expect(lineAt('Buy limit #31')).toBe(95_000));
    drag(95_000, 96_000);
    const modal = await screen.findByTestId('order-edit-modal');
    expect((within(modal).getByTestId('order-level') as HTMLInputElement).value).toBe('96000.00');
  });

  it('offers at a right-clicked price the orders valid there, opening the new-order dialog prefilled', async () => {
    await renderChart();
    // above the buy price 100000: a buy stop or a sell limit
    fireEvent.contextMenu(canvas(), { clientX: 200, clientY: yOf(104_000) });
    const menu = await screen.findByTestId('chart-price-menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Buy stop at 104000.00', 'Sell limit at 104000.00']);
    fireEvent.click(within(menu).getByTestId('chart-price-buy-stop'));
    const modal = await screen.findByTestId('order-new-modal');
    expect((within(modal).getByTestId('order-level') as HTMLInputElement).value).toBe('104000.00');
    // a toggle's test id is on its label: the radio is the input it names
    const radio = (testId: string) =>
      document.getElementById(
        within(modal).getByTestId(testId).getAttribute('for') ?? '',
      ) as HTMLInputElement;
    expect(radio('order-new-buy').checked).toBe(true);
    expect(radio('order-type-stop').checked).toBe(true);
    expect(within(modal).queryByTestId('order-level-error')).toBeNull();
  });

  it('says so when the menu has no price to check orders against', async () => {
    await renderChart(false);
    fireEvent.contextMenu(canvas(), { clientX: 200, clientY: yOf(99_000) });
    const menu = await screen.findByTestId('chart-price-menu');
    expect(within(menu).queryAllByRole('menuitem')).toHaveLength(0);
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('chart-price-menu')).toBeNull());
  });
});
