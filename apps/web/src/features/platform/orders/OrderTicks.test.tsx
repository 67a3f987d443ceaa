import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../shared/session/authStore.js';
import { orderFixture, renderPlatform, withAccount, withPrices } from '../../../test/platformKit.js';

/** The order forms: levels on the tick, prices with its decimals, the ticket's leverages. */

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

// BTCUSD's brand quote as the price socket sends it: buy 100000.00, sell 99900.00
const QUOTE = { buy: 100_000, sell: 99_900 };

async function ordersTab() {
  const view = renderPlatform();
  await withPrices(view.sockets, { BTCUSD: QUOTE });
  await withAccount(view.sockets);
  view.sockets.trading().push('orders', { open: [orderFixture({ id: 31 })], history: [] });
  fireEvent.click(screen.getByTestId('positions-tab-orders'));
  return view;
}

describe('editing an order', () => {
  it('rounds the level and SL/TP to the tick on leaving the field and sends them so', async () => {
    const { sockets } = await ordersTab();
    fireEvent.click(screen.getByTestId('order-edit-31'));
    const modal = await screen.findByTestId('order-edit-modal');
    expect(within(modal).getByTestId('order-edit-current').textContent).toContain('100000.00');
    const level = within(modal).getByTestId('order-level') as HTMLInputElement;
    fireEvent.change(level, { target: { value: '95999.996' } });
    fireEvent.blur(level);
    expect(level.value).toBe('96000.00');
    const stopLoss = within(modal).getByTestId('order-edit-stop-loss') as HTMLInputElement;
    // 95999.999 goes out as 96000.00, the level itself: refused, naming the level as the field shows it
    fireEvent.change(stopLoss, { target: { value: '95999.999' } });
    expect(modal.textContent).toContain("Can't be higher than 96000.00");
    fireEvent.blur(stopLoss);
    expect(stopLoss.value).toBe('96000.00');
    fireEvent.change(stopLoss, { target: { value: '95500.0049' } });
    fireEvent.click(within(modal).getByTestId('order-edit-save'));
    expect(sockets.trading().commands('updateOrder')[0]?.payload).toMatchObject({
      id: 31,
      price: 96_000,
      stop_lost: 95_500,
    });
  });
});

describe('a new order from the tab', () => {
  it("offers the ticket's leverages and places the order on the tick", async () => {
    const { sockets } = await ordersTab();
    fireEvent.click(screen.getByTestId('orders-new'));
    const modal = await screen.findByTestId('order-new-modal');
    const leverage = within(modal).getByTestId('order-new-leverage') as HTMLSelectElement;
    expect([...leverage.options].filter((o) => !o.disabled).map((o) => o.value)).toEqual(['1', '2']);
    fireEvent.click(within(modal).getByTestId('order-type-limit'));
    const level = within(modal).getByTestId('order-level') as HTMLInputElement;
    // a buy limit above the buy price: the message names it as the buy button shows it
    fireEvent.change(level, { target: { value: '100000.001' } });
    expect(within(modal).getByTestId('order-level-error').textContent).toBe(
      'A buy limit must be below the current buy price 100000.00',
    );
    fireEvent.change(level, { target: { value: '95000.004' } });
    fireEvent.blur(level);
    expect(level.value).toBe('95000.00');
    fireEvent.change(within(modal).getByTestId('order-new-amount'), { target: { value: '150' } });
    fireEvent.change(within(modal).getByTestId('order-new-take-profit'), {
      target: { value: '99000.006' },
    });
    fireEvent.click(within(modal).getByTestId('order-new-submit'));
    expect(sockets.trading().commands('placeOrder')[0]?.payload).toMatchObject({
      symbol: 'BTCUSD',
      direction: 'buy',
      type: 'limit',
      price: 95_000,
      leverage: 1,
      take_profit: 99_000.01,
    });
  });
});
