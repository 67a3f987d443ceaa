import type { PositionDto } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Instrument, User } from '../../../api/types.js';
import { authStore } from '../../../shared/session/authStore.js';
import { fakeSockets } from '../../../test/fakeSockets.js';
import { INSTRUMENTS_FIXTURE, positionFixture } from '../../../test/platformFixtures.js';
import { renderApp, userFixture } from '../../../test/renderApp.js';

/**
 * The ticket: forex in pips, everything else in points; prices with the tick's decimals; levels on the
 * tick when they leave their field and when they are sent; the leverages the client can pick, in the calculator too.
 */

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });

function renderTicket(
  symbol: string,
  { user = {}, instruments }: { user?: Partial<User>; instruments?: Instrument[] } = {},
) {
  const sockets = fakeSockets();
  const auth = {
    access_token: 'token-1',
    user: userFixture({ assets_group_permission: [1, 2, 3, 4, 5], ...user }),
  };
  const view = renderApp(`/platform/${symbol}`, {
    auth,
    socketFactory: sockets.factory,
    api: {
      '/api/accounts/get': () => ok(auth),
      ...(instruments ? { '/api/market/instruments': () => ok(instruments) } : {}),
    },
  });
  return { ...view, sockets };
}

/** The brand quote as the price socket sends it: marked up and on the tick already. */
async function withQuote(sockets: ReturnType<typeof fakeSockets>, map: Record<string, unknown>) {
  await screen.findByTestId(`market-row-${Object.keys(map)[0]}`);
  await waitFor(() => sockets.prices());
  sockets.prices().push('prices', map);
}

async function withAccount(sockets: ReturnType<typeof fakeSockets>, open: PositionDto[] = []) {
  await waitFor(() => expect(sockets.trading().connected).toBe(true));
  sockets.trading().push('positions', { open, history: [] });
  sockets.trading().push('balance', { balance: 10_000, equity: 10_000, freeMargin: 10_000, profit: 0 });
}

const text = (testId: string) => screen.getByTestId(testId).textContent;
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const value = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;

const EUR = { buy: 1.08555, sell: 1.08543 };

describe('ticket units: pips for forex, points for the rest', () => {
  it('shows forex in pips and its pip value, the prices with five decimals', async () => {
    const { sockets } = renderTicket('EURUSD');
    await withQuote(sockets, { EURUSD: EUR });
    await withAccount(sockets);
    expect(text('trade-buy-price')).toBe('1.08555');
    expect(text('trade-sell-price')).toBe('1.08543');
    expect(text('trade-spread')).toBe('1.2 pips');
    type('trade-amount', '1000');
    fireEvent.change(screen.getByTestId('trade-leverage'), { target: { value: '30' } });
    // 1,000 × 30 × 0.0001 ÷ 1.08555 = €2.7636…
    expect(screen.getByText('Pip value')).toBeTruthy();
    expect(text('trade-pip-value')).toBe('€2.76');
  });

  it('shows crypto in points of one dollar (not 10,025 pips) and the value of a point', async () => {
    const { sockets } = renderTicket('BTCUSD');
    await withQuote(sockets, { BTCUSD: { buy: 100_050.5, sell: 99_950.25 } });
    await withAccount(sockets);
    expect(text('trade-spread')).toBe('100.25 points');
    expect(screen.getByTestId('new-trade-panel').textContent).not.toContain('pips');
    type('trade-amount', '1000');
    fireEvent.change(screen.getByTestId('trade-leverage'), { target: { value: '2' } });
    expect(screen.getByText('Point value')).toBeTruthy();
    // 1,000 × 2 × 1 ÷ 100,050.5 = €0.01999 (in pips of 0.01 it would be €0.0002)
    expect(text('trade-pip-value')).toBe('€0.02');
  });

  it('counts an index in points of its one-decimal tick, one point in the singular', async () => {
    const { sockets } = renderTicket('SPX500');
    await withQuote(sockets, { SPX500: { buy: 5001, sell: 5000 } });
    await withAccount(sockets);
    expect(text('trade-buy-price')).toBe('5001.0');
    expect(text('trade-sell-price')).toBe('5000.0');
    expect(text('trade-spread')).toBe('1 point');
  });
});

describe('ticket levels on the tick', () => {
  it('names in the SL/TP message the price the sell button shows', async () => {
    const { sockets } = renderTicket('EURUSD');
    await withQuote(sockets, { EURUSD: EUR });
    await withAccount(sockets);
    // a buy closes at the sell price: its stop loss must be below it
    type('trade-stop-loss', '1.0855');
    const panel = screen.getByTestId('new-trade-panel');
    expect(panel.textContent).toContain(`Can't be higher than ${text('trade-sell-price')}`);
    expect(panel.textContent).toContain("Can't be higher than 1.08543");
    // a sell closes at the buy price: its take profit must be below it
    fireEvent.click(screen.getByTestId('trade-sell'));
    type('trade-stop-loss', '');
    type('trade-take-profit', '1.0856');
    expect(panel.textContent).toContain(`Can't be higher than ${text('trade-buy-price')}`);
  });

  it('rounds SL and TP to the tick on leaving the field, checks and sends them so', async () => {
    const { sockets } = renderTicket('EURUSD');
    await withQuote(sockets, { EURUSD: EUR });
    await withAccount(sockets);
    const panel = screen.getByTestId('new-trade-panel');
    // 1.085426 goes out as 1.08543, the sell price itself: refused before it leaves the field
    type('trade-stop-loss', '1.085426');
    expect(panel.textContent).toContain("Can't be higher than 1.08543");
    fireEvent.blur(screen.getByTestId('trade-stop-loss'));
    expect(value('trade-stop-loss')).toBe('1.08543');
    type('trade-stop-loss', '1.084214');
    fireEvent.blur(screen.getByTestId('trade-stop-loss'));
    expect(value('trade-stop-loss')).toBe('1.08421');
    expect(panel.textContent).not.toContain("Can't be");
    // typed and sent without leaving the field: rounded all the same
    type('trade-take-profit', '1.0900049');
    type('trade-amount', '1000');
    fireEvent.change(screen.getByTestId('trade-leverage'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('trade-submit'));
    expect(sockets.trading().commands('openPosition')[0]?.payload).toMatchObject({
      symbol: 'EURUSD',
      direction: 'buy',
      price: 1.08555,
      stop_lost: 1.08421,
      take_profit: 1.09,
    });
  });

  it("rounds a pending order's level to the tick and places it there", async () => {
    const { sockets } = renderTicket('BTCUSD');
    await withQuote(sockets, { BTCUSD: { buy: 100_000, sell: 99_900 } });
    await withAccount(sockets);
    const ticket = screen.getByTestId('new-trade-panel');
    fireEvent.click(within(ticket).getByTestId('order-type-limit'));
    const level = within(ticket).getByTestId('order-level');
    fireEvent.change(level, { target: { value: '94999.996' } });
    fireEvent.blur(level);
    expect((level as HTMLInputElement).value).toBe('95000.00');
    // the limit is above the buy price: named as the buy button shows it
    fireEvent.change(level, { target: { value: '100000.001' } });
    type('trade-amount', '500');
    fireEvent.change(screen.getByTestId('trade-leverage'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('trade-submit'));
    expect(within(ticket).getByTestId('order-level-error').textContent).toBe(
      `A buy limit must be below the current buy price ${text('trade-buy-price')}`,
    );
    expect(sockets.trading().commands('placeOrder')).toHaveLength(0);
    fireEvent.change(level, { target: { value: '95000.004' } });
    type('trade-stop-loss', '90000.0049');
    fireEvent.click(screen.getByTestId('trade-submit'));
    expect(sockets.trading().commands('placeOrder')[0]?.payload).toMatchObject({
      type: 'limit',
      price: 95_000,
      stop_lost: 90_000,
    });
  });

  it('shows the liquidation price with the tick’s decimals', async () => {
    const { sockets } = renderTicket('EURUSD');
    await withQuote(sockets, { EURUSD: EUR });
    await withAccount(sockets, [positionFixture({ id: 3, symbol: 'EURUSD', amount: 100, open_rate: 1.085 })]);
    type('trade-amount', '5000');
    fireEvent.change(screen.getByTestId('trade-leverage'), { target: { value: '30' } });
    await waitFor(() => expect(text('trade-liquidation')).toMatch(/^1\.\d{5}$/));
  });
});

describe('leverages the client can pick', () => {
  const rows = () =>
    within(screen.getByTestId('calculator'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent);

  it('lists in the calculator only the leverages the ticket offers on the instrument', async () => {
    const { sockets } = renderTicket('BTCUSD');
    await withQuote(sockets, { BTCUSD: { buy: 100_000, sell: 99_900 } });
    await withAccount(sockets);
    await waitFor(() => expect(rows()).toEqual(['1:1', '1:2']));
    expect(text('calculator-symbol')).toBe('BTCUSD');
    expect(within(screen.getByTestId('calculator')).getByTestId('calculator-row-2').textContent).toContain(
      '50 %',
    );
    const offered = [...(screen.getByTestId('trade-leverage') as HTMLSelectElement).options]
      .filter((o) => o.value !== '' && !o.disabled)
      .map((o) => `1:${o.value}`);
    expect(offered).toEqual(rows());
  });

  it("follows the brand's cap and the client's custom leverage on forex", async () => {
    const instruments = INSTRUMENTS_FIXTURE.map((i) =>
      i.symbol === 'EURUSD' ? { ...i, leverages: [1, 3, 5, 10, 15, 20] } : i,
    );
    const { sockets } = renderTicket('EURUSD', {
      instruments,
      user: { custom_leverage: { forex: [0, 1, 2, 6] } },
    });
    await withQuote(sockets, { EURUSD: EUR });
    await withAccount(sockets);
    // 1:30 is the client's but capped by the brand; 1:10–1:20 are the brand's but not the client's
    await waitFor(() => expect(rows()).toEqual(['1:1', '1:3', '1:5']));
    const offered = [...(screen.getByTestId('trade-leverage') as HTMLSelectElement).options]
      .filter((o) => o.value !== '' && !o.disabled)
      .map((o) => `1:${o.value}`);
    expect(offered).toEqual(['1:1', '1:3', '1:5']);
  });
});
