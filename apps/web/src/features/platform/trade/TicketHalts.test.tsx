import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Instrument } from '../../../api/types.js';
import { authStore } from '../../../shared/session/authStore.js';
import { fakeSockets } from '../../../test/fakeSockets.js';
import { INSTRUMENTS_FIXTURE } from '../../../test/platformFixtures.js';
import { renderApp, userFixture } from '../../../test/renderApp.js';

/**
 * A dealer's halt reaches an open ticket over the price socket (`halts`, every symbol halted for the brand now):
 * the ticket greys its buy and sell buttons and cannot submit at once, without a reload; lifting the halt gives
 * them back.
 */

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });

/** The ticket of BTCUSD with a live price and an account; the catalogue answers the halts the server knows. */
async function openTicket() {
  const sockets = fakeSockets();
  const halted = new Set<string>();
  const catalogue = (): Instrument[] =>
    INSTRUMENTS_FIXTURE.map((instrument) => ({ ...instrument, halted: halted.has(instrument.symbol) }));
  const auth = { access_token: 'token-1', user: userFixture({ assets_group_permission: [1, 2, 3, 4, 5] }) };
  renderApp('/platform/BTCUSD', {
    auth,
    socketFactory: sockets.factory,
    api: {
      '/api/accounts/get': () => ok(auth),
      '/api/market/instruments': () => ok(catalogue()),
    },
  });
  await screen.findByTestId('market-row-BTCUSD');
  await waitFor(() => sockets.prices());
  sockets.prices().push('prices', { BTCUSD: { buy: 100_050, sell: 100_000 } });
  await waitFor(() => expect(sockets.trading().connected).toBe(true));
  sockets.trading().push('positions', { open: [], history: [] });
  sockets.trading().push('balance', { balance: 10_000, equity: 10_000, freeMargin: 10_000, profit: 0 });
  /** The server halts (or lifts) symbols: its catalogue says so, and the price socket tells the terminal. */
  const halts = (symbols: string[]) => {
    halted.clear();
    for (const symbol of symbols) halted.add(symbol);
    sockets.prices().push('halts', { symbols });
  };
  return { halts };
}

const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

describe('the ticket follows the price socket’s halts', () => {
  it('a halt of the ticket’s symbol greys its buy and sell buttons at once; lifting it gives them back', async () => {
    const { halts } = await openTicket();
    await waitFor(() => expect(screen.getByTestId('trade-buy-price').textContent).toBe('100050.00'));
    expect(button('trade-buy').disabled).toBe(false);
    expect(button('trade-sell').disabled).toBe(false);

    halts(['BTCUSD']);
    await waitFor(() => expect(button('trade-buy').disabled).toBe(true));
    expect(button('trade-sell').disabled).toBe(true);
    // the prices stay readable, greyed, and the ticket says why it cannot trade
    expect(screen.getByTestId('trade-buy-price').className).toContain('ob-placeholder');
    expect(screen.getByTestId('trade-sell-price').className).toContain('ob-placeholder');
    expect(screen.getByTestId('trade-block').textContent).toMatch(/temporarily unavailable/i);
    expect(button('trade-submit').disabled).toBe(true);

    halts([]);
    await waitFor(() => expect(button('trade-buy').disabled).toBe(false));
    expect(button('trade-sell').disabled).toBe(false);
    expect(screen.getByTestId('trade-buy-price').className).not.toContain('ob-placeholder');
    expect(screen.queryByTestId('trade-block')).toBeNull();
  });
});
