import { MESSAGES_EN } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Instrument } from '../../../api/types.js';
import { authStore } from '../../../shared/session/authStore.js';
import { fakeSockets } from '../../../test/fakeSockets.js';
import { INSTRUMENTS_FIXTURE } from '../../../test/platformFixtures.js';
import { answer, BTC, orderFixture, withAccount } from '../../../test/platformKit.js';
import { renderApp, userFixture } from '../../../test/renderApp.js';
import { formatOpening } from '../markets/NextOpen.js';

// while a market is closed the ticket, the Orders tab and its dialogs still place, edit and cancel pending
// orders. They show the last prices greyed and when the market opens, and say that the order waits for the opening.

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });
const NEXT_OPEN = Date.now() + 30 * 3_600_000;
const opensText = `Opens ${formatOpening(NEXT_OPEN, 'en')}`;

const catalogue = (overrides: Partial<Instrument> = {}): Instrument[] =>
  INSTRUMENTS_FIXTURE.map((i) =>
    i.symbol === 'BTCUSD' ? { ...i, nextOpen: new Date(NEXT_OPEN).toISOString(), ...overrides } : i,
  );

/** The platform on BTCUSD: a live quote first (buy 100000, sell 99900), then the market closes. */
async function closedPlatform(overrides: Partial<Instrument> = {}, orders = [orderFixture({ id: 31 })]) {
  const sockets = fakeSockets();
  const auth = { access_token: 'token-1', user: userFixture({ assets_group_permission: [1, 2, 3, 4, 5] }) };
  renderApp('/platform/BTCUSD', {
    auth,
    socketFactory: sockets.factory,
    api: {
      '/api/accounts/get': () => ok(auth),
      '/api/market/instruments': () => ok(catalogue(overrides)),
    },
  });
  await screen.findByTestId('market-row-BTCUSD');
  await waitFor(() => sockets.prices());
  sockets.prices().push('prices', { BTCUSD: BTC });
  await withAccount(sockets);
  sockets.trading().push('orders', { open: orders, history: [] });
  await waitFor(() => expect(screen.getByTestId('trade-buy-price').textContent).toBe('100000.00'));
  // the market closes: the price socket says the instrument has no price any more
  sockets.prices().push('prices', { BTCUSD: { buy: null, sell: null } });
  await screen.findByTestId('trade-buy-last');
  return sockets;
}

describe('the ticket while the market is closed', () => {
  it('shows the last prices greyed and the opening; a market order stays blocked', async () => {
    await closedPlatform();
    expect(screen.getByTestId('trade-buy-last').textContent).toBe('100000.00');
    expect(screen.getByTestId('trade-sell-last').textContent).toBe('99900.00');
    expect(screen.queryByTestId('trade-buy-price')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('trade-closed-next-open').textContent).toContain(opensText),
    );
    // a market order cannot be sent; the ticket says how to place one that waits
    expect((screen.getByTestId('trade-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('trade-choose-pending').textContent).toBe(
      'The market is closed: choose Limit or Stop to place an order that waits for the opening.',
    );
    expect((screen.getByTestId('trade-amount') as HTMLInputElement).disabled).toBe(false);
  });

  it('places a limit order that waits for the opening, its level checked against the last price', async () => {
    const sockets = await closedPlatform();
    const panel = screen.getByTestId('new-trade-panel');
    fireEvent.click(within(panel).getByTestId('order-type-limit'));
    expect(within(panel).getByTestId('trade-waits-note').textContent).toContain(
      'Your order waits for it to open',
    );
    // the last prices are on the greyed buttons, with a title that says so
    expect(within(panel).queryByTestId('trade-waits-last')).toBeNull();
    expect(within(panel).getByTestId('trade-buy-last').getAttribute('title')).toBe(
      'Last price before the close',
    );
    fireEvent.change(within(panel).getByTestId('trade-amount'), { target: { value: '100' } });
    // a buy limit above the last buy price would fill at the opening at once: refused on screen
    fireEvent.change(within(panel).getByTestId('order-level'), { target: { value: '100100' } });
    const submit = within(panel).getByTestId('trade-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() =>
      expect(within(panel).getByTestId('order-level-error').textContent).toBe(
        'A buy limit must be below the current buy price 100000.00',
      ),
    );
    expect(sockets.trading().commands('placeOrder')).toEqual([]);

    fireEvent.change(within(panel).getByTestId('order-level'), { target: { value: '95000' } });
    fireEvent.change(within(panel).getByTestId('trade-stop-loss'), { target: { value: '94000' } });
    fireEvent.click(submit);
    await waitFor(() => expect(sockets.trading().commands('placeOrder')).toHaveLength(1));
    expect(sockets.trading().commands('placeOrder')[0]?.payload).toMatchObject({
      symbol: 'BTCUSD',
      direction: 'buy',
      type: 'limit',
      price: 95_000,
      amount: 100,
      stop_lost: 94_000,
      expiry: { kind: 'gtc' },
    });
    answer(sockets, 'placeOrder', { status: true, data: orderFixture({ id: 41, stop_lost: 94_000 }) });
    expect((await screen.findByTestId('toast-success')).textContent).toContain('The order was placed');
  });

  it('a halted instrument stays blocked: no pending order either', async () => {
    await closedPlatform({ halted: true });
    fireEvent.click(within(screen.getByTestId('new-trade-panel')).getByTestId('order-type-limit'));
    expect((screen.getByTestId('trade-submit') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('trade-amount') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('trade-waits-note')).toBeNull();
  });
});

describe('the Orders tab while the market is closed', () => {
  it('places a new order from the tab, with the last prices and the opening', async () => {
    const sockets = await closedPlatform();
    fireEvent.click(screen.getByTestId('positions-tab-orders'));
    fireEvent.click(screen.getByTestId('orders-new'));
    const modal = await screen.findByTestId('order-new-modal');
    expect(within(modal).getByTestId('order-new-closed-closed').textContent).toContain(
      MESSAGES_EN['price.unavailable'],
    );
    await waitFor(() =>
      expect(within(modal).getByTestId('order-new-closed-closed-next-open').textContent).toContain(opensText),
    );
    expect(within(modal).getByTestId('order-new-closed-last').textContent).toBe(
      'Last price before the close: sell 99900.00 · buy 100000.00',
    );
    expect(within(modal).getByTestId('order-new-closed-note').textContent).toContain('waits for it to open');
    fireEvent.click(within(modal).getByTestId('order-new-sell'));
    fireEvent.click(within(modal).getByTestId('order-type-stop'));
    fireEvent.change(within(modal).getByTestId('order-level'), { target: { value: '99950' } });
    expect(within(modal).getByTestId('order-level-error').textContent).toBe(
      'A sell stop must be below the current sell price 99900.00',
    );
    fireEvent.change(within(modal).getByTestId('order-level'), { target: { value: '98000' } });
    fireEvent.change(within(modal).getByTestId('order-new-amount'), { target: { value: '150' } });
    fireEvent.click(within(modal).getByTestId('order-new-submit'));
    await waitFor(() => expect(sockets.trading().commands('placeOrder')).toHaveLength(1));
    expect(sockets.trading().commands('placeOrder')[0]?.payload).toMatchObject({
      direction: 'sell',
      type: 'stop',
      price: 98_000,
      amount: 150,
    });
  });

  it('edits and cancels an order while closed', async () => {
    const sockets = await closedPlatform();
    fireEvent.click(screen.getByTestId('positions-tab-orders'));
    fireEvent.click(await screen.findByTestId('order-edit-31'));
    const modal = await screen.findByTestId('order-edit-modal');
    expect(within(modal).getByTestId('order-edit-current').textContent).toContain(
      MESSAGES_EN['price.unavailable'],
    );
    expect(within(modal).getByTestId('order-edit-waits-last').textContent).toContain('sell 99900.00');
    expect(within(modal).getByTestId('order-edit-waits-note').textContent).toContain('waits for it to open');
    fireEvent.change(within(modal).getByTestId('order-level'), { target: { value: '96000' } });
    fireEvent.click(within(modal).getByTestId('order-edit-save'));
    await waitFor(() => expect(sockets.trading().commands('updateOrder')).toHaveLength(1));
    expect(sockets.trading().commands('updateOrder')[0]?.payload).toMatchObject({ id: 31, price: 96_000 });
    answer(sockets, 'updateOrder', { status: true, data: orderFixture({ id: 31, price: 96_000 }) });
    await waitFor(() => expect(screen.queryByTestId('order-edit-modal')).toBeNull());

    fireEvent.click(screen.getByTestId('order-cancel-31'));
    await waitFor(() => expect(sockets.trading().commands('cancelOrder')).toHaveLength(1));
    expect(sockets.trading().commands('cancelOrder')[0]?.payload).toMatchObject({ id: 31 });
  });
});
