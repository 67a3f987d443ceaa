import { MESSAGES_EN, type TradingSettings } from '@openbroker/domain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../shared/session/authStore.js';
import { fakeSockets } from '../../../test/fakeSockets.js';
import { positionFixture } from '../../../test/platformFixtures.js';
import { renderApp, userFixture } from '../../../test/renderApp.js';

/**
 * One-click trading: switched on only with the ticked risk acknowledgement, kept on the server; with it on, the market
 * list's prices and the chart's bar trade the default size at once, one command per click, through the ticket's
 * socket command, saying what came of it as the ticket does.
 */

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });
const BTC = { buy: 100_050.5, sell: 99_950.25 };

/** The terminal on BTCUSD with a server that keeps the client's trading settings. */
async function renderTerminal(initial: Partial<TradingSettings> = {}) {
  let settings: TradingSettings = { oneClick: false, acknowledgedAt: null, sizes: [], ...initial };
  const switches: Record<string, unknown>[] = [];
  const sockets = fakeSockets();
  const auth = { access_token: 'token-1', user: userFixture({ assets_group_permission: [1, 2, 3, 4, 5] }) };
  const view = renderApp('/platform/BTCUSD', {
    auth,
    socketFactory: sockets.factory,
    api: {
      '/api/accounts/get': () => ok(auth),
      '/api/trading-settings': () => ok(settings),
      '/api/trading-settings/one-click': (body) => {
        switches.push(body);
        if (body.on === true && body.acknowledged !== true)
          return {
            status: 400,
            json: { status: false, code: 'ACK_REQUIRED', key: 'oneClick.ackRequired', message: 'x' },
          };
        settings = {
          ...settings,
          oneClick: body.on === true,
          acknowledgedAt: body.on === true ? '2026-11-30T10:00:00.000Z' : settings.acknowledgedAt,
        };
        return ok(settings);
      },
      '/api/trading-settings/size': (body) => {
        settings = {
          ...settings,
          sizes: [
            { symbol: String(body.symbol), amount: Number(body.amount), leverage: Number(body.leverage) },
          ],
        };
        return ok(settings);
      },
    },
  });
  await screen.findByTestId('market-row-BTCUSD');
  await waitFor(() => sockets.prices());
  sockets.prices().push('prices', { BTCUSD: BTC });
  await waitFor(() => expect(sockets.trading().connected).toBe(true));
  sockets.trading().push('positions', { open: [], history: [] });
  sockets.trading().push('balance', { balance: 10_000, equity: 10_000, freeMargin: 10_000, profit: 0 });
  return { ...view, sockets, switches };
}

describe('one-click trading', () => {
  it('switches on only after the risk acknowledgement is ticked, and off again', async () => {
    const { switches } = await renderTerminal();
    // off: the prices are prices, not buttons
    expect(screen.queryByTestId('oc-buy-BTCUSD')).toBeNull();
    fireEvent.click(await screen.findByTestId('oc-switch'));
    const dialog = await screen.findByTestId('oc-dialog');
    expect(within(dialog).getByTestId('oc-risk').textContent).toContain('no confirmation');
    expect(within(dialog).getByTestId('oc-risk').textContent).toContain('current price');
    const turnOn = within(dialog).getByTestId('oc-turn-on') as HTMLButtonElement;
    expect(turnOn.disabled).toBe(true);
    fireEvent.click(within(dialog).getByLabelText(/I have read this/));
    expect(turnOn.disabled).toBe(false);
    fireEvent.click(turnOn);
    await within(dialog).findByTestId('oc-state-on');
    expect(switches).toEqual([{ on: true, acknowledged: true, token: 'token-1' }]);
    expect(screen.getByTestId('oc-switch').getAttribute('data-on')).toBe('true');
    expect(await screen.findByTestId('oc-buy-BTCUSD')).toBeTruthy();
    expect(screen.getByTestId('oc-bar')).toBeTruthy();

    fireEvent.click(within(dialog).getByTestId('oc-turn-off'));
    await within(dialog).findByTestId('oc-risk');
    expect(switches.at(-1)).toEqual({ on: false, token: 'token-1' });
    await waitFor(() => expect(screen.queryByTestId('oc-buy-BTCUSD')).toBeNull());
    expect(screen.queryByTestId('oc-bar')).toBeNull();
  });

  it('buys the default size at once from the market list, one command however often it is clicked', async () => {
    const { sockets } = await renderTerminal({ oneClick: true, acknowledgedAt: '2026-11-30T10:00:00.000Z' });
    const buy = await screen.findByTestId('oc-buy-BTCUSD');
    // two clicks before the answer: one command
    fireEvent.click(buy);
    fireEvent.click(buy);
    await waitFor(() => expect(sockets.trading().commands('openPosition')).toHaveLength(1));
    const [command] = sockets.trading().commands('openPosition');
    // no size of its own: the fallback 100 at the lowest leverage the client may use (crypto 1:1)
    expect(command?.payload).toMatchObject({
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: 100,
      leverage: 1,
      price: BTC.buy,
    });
    expect(command?.payload.commandId).toEqual(expect.any(String));
    expect((screen.getByTestId('oc-buy-BTCUSD') as HTMLButtonElement).disabled).toBe(true);
    act(() =>
      command?.ack?.({ status: true, data: positionFixture({ id: 51, symbol: 'BTCUSD', amount: 100 }) }),
    );
    expect((await screen.findByTestId('toast-success')).textContent).toContain('BTCUSD: position opened');
    // the new position shows its size in units and lots: 100 × 2 ÷ 100,000 = 0.002 BTC, one coin a lot
    expect((await screen.findByTestId('position-size')).textContent).toBe('0.002 units · 0.002 lots');
    await waitFor(() =>
      expect((screen.getByTestId('oc-buy-BTCUSD') as HTMLButtonElement).disabled).toBe(false),
    );
    // a new click is a new command with a new id
    fireEvent.click(screen.getByTestId('oc-buy-BTCUSD'));
    await waitFor(() => expect(sockets.trading().commands('openPosition')).toHaveLength(2));
    const ids = sockets
      .trading()
      .commands('openPosition')
      .map((c) => c.payload.commandId);
    expect(new Set(ids).size).toBe(2);
  });

  it('sells at the sell price with the saved default size, and shows a refusal as the ticket does', async () => {
    const { sockets } = await renderTerminal({
      oneClick: true,
      acknowledgedAt: '2026-11-30T10:00:00.000Z',
      sizes: [{ symbol: 'BTCUSD', amount: 250.5, leverage: 2 }],
    });
    sockets.trading().onCommand = () => ({
      status: false,
      code: 'REJECTED',
      key: 'trade.requote',
      message: MESSAGES_EN['trade.requote'],
    });
    fireEvent.click(await screen.findByTestId('oc-sell-BTCUSD'));
    expect((await screen.findByTestId('toast-danger')).textContent).toContain(MESSAGES_EN['trade.requote']);
    expect(sockets.trading().commands('openPosition')[0]?.payload).toMatchObject({
      direction: 'sell',
      amount: 250.5,
      leverage: 2,
      price: BTC.sell,
    });
  });

  it('trades from the chart bar, and saves a default size for the symbol on screen', async () => {
    const { sockets } = await renderTerminal({ oneClick: true, acknowledgedAt: '2026-11-30T10:00:00.000Z' });
    fireEvent.click(await screen.findByTestId('oc-switch'));
    const dialog = await screen.findByTestId('oc-dialog');
    fireEvent.change(within(dialog).getByTestId('oc-size-amount'), { target: { value: '42.5' } });
    fireEvent.change(within(dialog).getByTestId('oc-size-leverage'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByText('Save size'));
    expect(await within(dialog).findByText('One click trades €42.50 at 1:2.')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Close'));
    await waitFor(() => expect(screen.queryByTestId('oc-dialog')).toBeNull());
    fireEvent.click(screen.getByTestId('oc-bar-buy'));
    await waitFor(() => expect(sockets.trading().commands('openPosition')).toHaveLength(1));
    expect(sockets.trading().commands('openPosition')[0]?.payload).toMatchObject({
      amount: 42.5,
      leverage: 2,
    });
  });
});
