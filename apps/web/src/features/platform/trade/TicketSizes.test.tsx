import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../shared/session/authStore.js';
import { fakeSockets } from '../../../test/fakeSockets.js';
import { renderApp, userFixture } from '../../../test/renderApp.js';

/**
 * The ticket's size in the margin amount (the spec's, what is sent), units or lots: whichever the client types, the
 * ticket shows the other two (worked out by the domain at the price the trade opens at) and sends the amount.
 */

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });
const EUR = { buy: 1.08555, sell: 1.08543 };

async function renderEurusd() {
  const sockets = fakeSockets();
  const auth = { access_token: 'token-1', user: userFixture({ assets_group_permission: [1, 2, 3, 4, 5] }) };
  renderApp('/platform/EURUSD', {
    auth,
    socketFactory: sockets.factory,
    api: { '/api/accounts/get': () => ok(auth) },
  });
  await screen.findByTestId('market-row-EURUSD');
  await waitFor(() => sockets.prices());
  sockets.prices().push('prices', { EURUSD: EUR });
  await waitFor(() => expect(sockets.trading().connected).toBe(true));
  sockets.trading().push('positions', { open: [], history: [] });
  sockets.trading().push('balance', { balance: 10_000, equity: 10_000, freeMargin: 10_000, profit: 0 });
  fireEvent.change(screen.getByTestId('trade-leverage'), { target: { value: '30' } });
  return sockets;
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const equiv = () => screen.getByTestId('trade-size-equiv').textContent;

describe('ticket sizes in amount, units or lots', () => {
  it('shows the units and lots an amount buys: 1,000 € at 1:30 and 1.08555 is 27,635.76067 units', async () => {
    await renderEurusd();
    type('trade-amount', '1000');
    // 1,000 × 30 ÷ 1.08555 = 27,635.76067 units; ÷ 100,000 = 0.2763576067 lots
    expect(equiv()).toContain('= 27,635.76067 units · 0.2763576067 lots at 1.08555');
  });

  it('works units out into the amount on the 0.01 step, shows what that amount really buys, and sends it', async () => {
    const sockets = await renderEurusd();
    fireEvent.click(screen.getByTestId('trade-size-mode-units'));
    type('trade-size', '12345');
    // 12,345 × 1.08555 ÷ 30 = 446.7038… → 446.70, which buys 12,344.89429 units
    expect(equiv()).toContain('Margin sent: €446.70= 12,344.89429 units · 0.1234489429 lots');
    fireEvent.click(screen.getByTestId('trade-submit'));
    await waitFor(() => expect(sockets.trading().commands('openPosition')).toHaveLength(1));
    const payload = sockets.trading().commands('openPosition')[0]?.payload;
    expect(payload).toMatchObject({
      symbol: 'EURUSD',
      direction: 'buy',
      amount: 446.7,
      leverage: 30,
      price: 1.08555,
    });
    // units are never sent: the server checks the amount only
    expect(payload).not.toHaveProperty('units');
    expect(payload).not.toHaveProperty('lots');
  });

  it('takes lots (0.1 lot = 10,000 units = 361.85 €) and keeps the size when the mode changes', async () => {
    await renderEurusd();
    fireEvent.click(screen.getByTestId('trade-size-mode-lots'));
    type('trade-size', '0.1');
    // 0.1 × 100,000 × 1.08555 ÷ 30 = 361.85 exactly
    expect(equiv()).toContain('Margin sent: €361.85= 10,000 units · 0.1 lots');
    expect(screen.getByTestId('trade-size-equiv').textContent).toContain('Units per lot: 100,000');
    fireEvent.click(screen.getByTestId('trade-size-mode-units'));
    expect((screen.getByTestId('trade-size') as HTMLInputElement).value).toBe('10000');
    fireEvent.click(screen.getByTestId('trade-size-mode-amount'));
    expect((screen.getByTestId('trade-amount') as HTMLInputElement).value).toBe('361.85');
  });

  it('checks the worked-out amount like a typed one: too small a size is refused before sending', async () => {
    const sockets = await renderEurusd();
    fireEvent.click(screen.getByTestId('trade-size-mode-units'));
    // 10 units need 0.36 € of margin: below the minimum amount of 1
    type('trade-size', '10');
    fireEvent.click(screen.getByTestId('trade-submit'));
    expect(await screen.findByText('Amount must be at least 1')).toBeTruthy();
    expect(sockets.trading().commands('openPosition')).toHaveLength(0);
  });
});
