import { MESSAGES_EN } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../shared/session/authStore.js';
import {
  answer,
  BTC,
  orderFixture,
  renderPlatform,
  withAccount,
  withPrices,
} from '../../../test/platformKit.js';
import { checkPendingOrder, MARKET_ORDER } from './pendingOrder.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

// the brand quote as the price socket sends it: buy 100000.00, sell 99900.00
const buyLimit = orderFixture({ id: 31, take_profit: 99_000, stop_lost: 94_000 });
const sellStop = orderFixture({
  id: 32,
  direction: 'sell',
  type: 'stop',
  price: 98_000,
  expiry: { kind: 'date', at: '2026-12-24T12:00:00.000Z' },
  expires_at: '2026-12-24T12:00:00.000Z',
});

async function ordersTab(
  history = [
    orderFixture({
      id: 30,
      status: 'rejected',
      message: { key: 'engineOrder.rejectedFreeMargin' },
      closed_at: '2026-11-21T12:00:00.000Z',
    }),
  ],
) {
  const view = renderPlatform();
  await withPrices(view.sockets, { BTCUSD: BTC });
  await withAccount(view.sockets);
  view.sockets.trading().push('orders', { open: [buyLimit, sellStop], history });
  fireEvent.click(screen.getByTestId('positions-tab-orders'));
  return view;
}

describe('Orders tab (pending orders)', () => {
  it('lists open orders with their type, level, the price they fill at, the distance and expiry', async () => {
    await ordersTab();
    expect(screen.getByTestId('positions-tab-orders').textContent).toContain('2');
    const limit = screen.getByTestId('order-row-31');
    expect(within(limit).getByTestId('order-type').textContent).toBe('Buy limit');
    expect(within(limit).getByTestId('order-level').textContent).toBe('95000.00');
    // a buy fills at the buy price
    expect(within(limit).getByTestId('order-current').textContent).toBe('100000.00');
    expect(within(limit).getByTestId('order-distance').textContent).toContain('−5000.00');
    expect(within(limit).getByTestId('order-expiry').textContent).toBe('Good till cancelled');
    const stop = screen.getByTestId('order-row-32');
    expect(within(stop).getByTestId('order-type').textContent).toBe('Sell stop');
    // a sell fills at the sell price
    expect(within(stop).getByTestId('order-current').textContent).toBe('99900.00');
    expect(within(stop).getByTestId('order-expiry').textContent).toContain('Dec');
  });

  it('shows past orders with their status and the reason', async () => {
    await ordersTab();
    fireEvent.click(screen.getByTestId('orders-view-history'));
    const row = screen.getByTestId('order-row-30');
    expect(within(row).getByTestId('order-status').textContent).toContain('Rejected');
    expect(within(row).getByTestId('order-reason').textContent).toBe(
      MESSAGES_EN['engineOrder.rejectedFreeMargin'],
    );
  });

  it('edits the level, SL/TP and expiry with live checks and sends updateOrder', async () => {
    const { sockets } = await ordersTab();
    fireEvent.click(screen.getByTestId('order-edit-31'));
    const modal = await screen.findByTestId('order-edit-modal');
    const level = within(modal).getByTestId('order-level');
    // a buy limit above the buy price would fill at once
    fireEvent.change(level, { target: { value: '100100' } });
    expect(within(modal).getByTestId('order-level-error').textContent).toBe(
      'A buy limit must be below the current buy price 100000.00',
    );
    fireEvent.click(within(modal).getByTestId('order-edit-save'));
    expect(sockets.trading().commands('updateOrder')).toEqual([]);
    fireEvent.change(level, { target: { value: '96000' } });
    // the SL is checked against the level, not the current price
    fireEvent.change(within(modal).getByTestId('order-edit-stop-loss'), { target: { value: '96500' } });
    expect(modal.textContent).toContain("Can't be higher than 96000.00");
    fireEvent.change(within(modal).getByTestId('order-edit-stop-loss'), { target: { value: '95500' } });
    fireEvent.change(within(modal).getByTestId('order-expiry'), { target: { value: 'eod' } });
    fireEvent.click(within(modal).getByTestId('order-edit-save'));
    expect(sockets.trading().commands('updateOrder')[0]?.payload).toEqual({
      dataUser: { token: 'token-1' },
      commandId: expect.any(String),
      id: 31,
      price: 96_000,
      stop_lost: 95_500,
      take_profit: 99_000,
      expiry: { kind: 'eod' },
    });
    answer(sockets, 'updateOrder', {
      status: true,
      data: { ...buyLimit, price: 96_000, stop_lost: 95_500, expiry: { kind: 'eod' } },
    });
    await waitFor(() => expect(screen.queryByTestId('order-edit-modal')).toBeNull());
    expect(within(screen.getByTestId('order-row-31')).getByTestId('order-level').textContent).toBe(
      '96000.00',
    );
  });

  it('cancels an order; it moves to the history', async () => {
    const { sockets } = await ordersTab([]);
    fireEvent.click(screen.getByTestId('order-cancel-32'));
    expect(sockets.trading().commands('cancelOrder')[0]?.payload).toEqual({
      dataUser: { token: 'token-1' },
      commandId: expect.any(String),
      id: 32,
    });
    answer(sockets, 'cancelOrder', {
      status: true,
      data: { ...sellStop, status: 'cancelled', closed_at: '2026-11-21T12:00:00.000Z' },
    });
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Order #32 was cancelled');
    expect(screen.queryByTestId('order-row-32')).toBeNull();
    fireEvent.click(screen.getByTestId('orders-view-history'));
    expect(within(screen.getByTestId('order-row-32')).getByTestId('order-reason').textContent).toBe(
      'Cancelled by you',
    );
  });

  it('places a new pending order from the tab: the level side and a past date are refused', async () => {
    const { sockets } = await ordersTab([]);
    fireEvent.click(screen.getByTestId('orders-new'));
    const modal = await screen.findByTestId('order-new-modal');
    fireEvent.click(within(modal).getByTestId('order-new-sell'));
    fireEvent.click(within(modal).getByTestId('order-type-limit'));
    // a sell limit goes above the sell price
    fireEvent.change(within(modal).getByTestId('order-level'), { target: { value: '99000' } });
    expect(within(modal).getByTestId('order-level-error').textContent).toBe(
      'A sell limit must be above the current sell price 99900.00',
    );
    fireEvent.change(within(modal).getByTestId('order-level'), { target: { value: '101000' } });
    fireEvent.change(within(modal).getByTestId('order-expiry'), { target: { value: 'date' } });
    fireEvent.change(within(modal).getByTestId('order-expiry-date'), {
      target: { value: '2020-01-01T10:00' },
    });
    expect(within(modal).getByTestId('order-expiry-error').textContent).toBe(
      MESSAGES_EN['order.expiryInPast'],
    );
    fireEvent.change(within(modal).getByTestId('order-expiry'), { target: { value: 'gtc' } });
    fireEvent.change(within(modal).getByTestId('order-new-amount'), { target: { value: '150' } });
    fireEvent.change(within(modal).getByTestId('order-new-take-profit'), { target: { value: '99500' } });
    fireEvent.click(within(modal).getByTestId('order-new-submit'));
    expect(sockets.trading().commands('placeOrder')[0]?.payload).toEqual({
      dataUser: { token: 'token-1' },
      commandId: expect.any(String),
      symbol: 'BTCUSD',
      direction: 'sell',
      type: 'limit',
      price: 101_000,
      amount: 150,
      leverage: 1,
      take_profit: 99_500,
      expiry: { kind: 'gtc' },
    });
    answer(sockets, 'placeOrder', {
      status: true,
      data: orderFixture({
        id: 40,
        direction: 'sell',
        price: 101_000,
        amount: 150,
        leverage: 1,
        take_profit: 99_500,
      }),
    });
    expect((await screen.findByTestId('toast-success')).textContent).toContain('The order was placed');
    expect(screen.getByTestId('order-row-40')).toBeTruthy();
  });
});

describe('pending-order fields for the ticket (checkPendingOrder)', () => {
  const dealing = { buy: 100_000, sell: 99_900 };
  const now = Date.parse('2026-11-21T12:00:00.000Z');

  it('a market order is not a pending order; a buy stop must be above the buy price', () => {
    expect(checkPendingOrder(MARKET_ORDER, 'buy', dealing, now).ok).toBe(false);
    const stop = { ...MARKET_ORDER, type: 'stop' as const, level: '100000' };
    expect(checkPendingOrder(stop, 'buy', dealing, now)).toMatchObject({
      ok: false,
      errors: { level: { key: 'order.buyStopAbove' } },
    });
    expect(checkPendingOrder({ ...stop, level: '100100', expiry: 'eod' }, 'buy', dealing, now)).toEqual({
      ok: true,
      price: 100_100,
      expiry: { kind: 'eod' },
    });
  });
});
