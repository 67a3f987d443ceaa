import { type CommandAck, MESSAGES_EN, type PositionDto } from '@openbroker/domain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../api/types.js';
import { authStore } from '../../shared/session/authStore.js';
import { fakeSockets } from '../../test/fakeSockets.js';
import { balanceFixture, positionFixture } from '../../test/platformFixtures.js';
import { type RenderAppOptions, renderApp, userFixture } from '../../test/renderApp.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });

/** A verified client with access to every category (spec §6). */
const trader = (overrides: Partial<User> = {}) =>
  userFixture({ assets_group_permission: [1, 2, 3, 4, 5], ...overrides });

function renderPlatform(
  path = '/platform/BTCUSD',
  {
    user = trader(),
    language,
    api = {},
  }: { user?: User; language?: RenderAppOptions['language']; api?: RenderAppOptions['api'] } = {},
) {
  const sockets = fakeSockets();
  const auth = { access_token: 'token-1', user };
  const view = renderApp(path, {
    auth,
    socketFactory: sockets.factory,
    ...(language ? { language } : {}),
    api: { '/api/accounts/get': () => ok(auth), ...api },
  });
  return { ...view, sockets };
}

/**
 * The brand quote as the price socket sends it: already marked up by the brand and on the tick. The
 * terminal shows, deals, values and checks at these prices as they are; it adds no markup of its own.
 */
const BTC = { buy: 100_000, sell: 99_900 };
// shown with the tick's decimals (0.01)
const BTC_BUY = '100000.00';
const BTC_SELL = '99900.00';

/** Waits for the screen (the market row of the map's first symbol), then plays the price socket. */
async function withPrices(sockets: ReturnType<typeof fakeSockets>, map: Record<string, unknown>) {
  await screen.findByTestId(`market-row-${Object.keys(map)[0]}`);
  await waitFor(() => sockets.prices());
  sockets.prices().push('prices', map);
}

async function withAccount(
  sockets: ReturnType<typeof fakeSockets>,
  open: PositionDto[] = [],
  history: PositionDto[] = [],
  summary = {
    balance: 10_000,
    equity: 10_000,
    freeMargin: 10_000 - open.reduce((s, p) => s + p.amount, 0),
    profit: 0,
  },
) {
  await waitFor(() => expect(sockets.trading().connected).toBe(true));
  sockets.trading().push('positions', { open, history });
  sockets.trading().push('balance', summary);
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('new-trade panel (spec §5, §6, §8)', () => {
  it('shows the brand quote as the price socket sends it, with no markup of its own', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    expect(screen.getByTestId('trade-buy-price').textContent).toBe(BTC_BUY);
    expect(screen.getByTestId('trade-sell-price').textContent).toBe(BTC_SELL);
    const row = screen.getByTestId('market-row-BTCUSD');
    expect(row.textContent).toContain(BTC_BUY);
    expect(row.textContent).toContain(BTC_SELL);
    // any quote on the tick is shown to the cent as sent
    sockets.prices().push('prices', { BTCUSD: { buy: 100_012.37, sell: 99_912.29 } });
    expect(screen.getByTestId('trade-buy-price').textContent).toBe('100012.37');
    expect(screen.getByTestId('trade-sell-price').textContent).toBe('99912.29');
    expect(row.textContent).toContain('100012.37');
    expect(row.textContent).toContain('99912.29');
  });

  it('flashes a market price green when it rises and red when it falls', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    const price = () => screen.getByTestId('market-row-BTCUSD').querySelector('.ob-price') as HTMLElement;
    sockets.prices().push('prices', { BTCUSD: { buy: 100_100, sell: 100_000 } });
    expect(price().className).toMatch(/ob-flash-up/);
    sockets.prices().push('prices', { BTCUSD: { buy: 100_050, sell: 99_950 } });
    expect(price().className).toMatch(/ob-flash-down/);
    expect(price().className).not.toMatch(/ob-flash-up/);
  });

  it("says 'temporarily unavailable' when the price goes away, and 'Will be back soon' in the list", async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC, ETHUSD: { buy: 3000, sell: 2999 } });
    await withAccount(sockets);
    expect(screen.queryByTestId('trade-block')).toBeNull();
    sockets.prices().push('prices', { BTCUSD: { buy: null, sell: null } });
    expect(screen.getByTestId('trade-block').textContent).toBe(
      MESSAGES_EN['trade.temporarilyUnavailableLower'],
    );
    expect((screen.getByTestId('trade-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('market-row-BTCUSD').textContent).toContain(MESSAGES_EN['price.unavailable']);
    expect(screen.getByTestId('market-row-ETHUSD').textContent).not.toContain(
      MESSAGES_EN['price.unavailable'],
    );
  });

  it('checks stop loss and take profit live against the closing price of the chosen direction', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    const panel = screen.getByTestId('new-trade-panel');
    // buy: SL below and TP above the sell price
    type('trade-stop-loss', '100000');
    type('trade-take-profit', '99000');
    expect(panel.textContent).toContain(`Can't be higher than ${BTC_SELL}`);
    expect(panel.textContent).toContain(`Can't be lower than ${BTC_SELL}`);
    // sell: SL above and TP below the buy price (a level between sell and buy is refused both ways)
    fireEvent.click(screen.getByTestId('trade-sell'));
    type('trade-stop-loss', '99950');
    type('trade-take-profit', '100100');
    expect(panel.textContent).toContain(`Can't be lower than ${BTC_BUY}`);
    expect(panel.textContent).toContain(`Can't be higher than ${BTC_BUY}`);
    // valid levels: no message
    type('trade-stop-loss', '100500');
    type('trade-take-profit', '99000');
    expect(panel.textContent).not.toContain("Can't be");
  });

  it('lists the category leverages and disables those the account may not use (custom_leverage)', async () => {
    const { sockets } = renderPlatform('/platform/EURUSD', {
      user: trader({ custom_leverage: { forex: [0, 1, 2] } }),
    });
    await withPrices(sockets, { EURUSD: { buy: 1.1, sell: 1.0999 } });
    const select = screen.getByTestId('trade-leverage') as HTMLSelectElement;
    await waitFor(() => expect(select.querySelectorAll('option[value]:not([value=""])').length).toBe(7));
    const state = Object.fromEntries(
      [...select.querySelectorAll('option')].filter((o) => o.value).map((o) => [o.value, o.disabled]),
    );
    expect(state).toEqual({
      '1': false,
      '3': false,
      '5': false,
      '10': true,
      '15': true,
      '20': true,
      '30': true,
    });
    expect(select.value).toBe('1');
  });

  it("tells an unverified client 'The account is not verified' and a client without the category 'You have no access'", async () => {
    const first = renderPlatform('/platform/BTCUSD', { user: trader({ verified_account: 0 }) });
    await withPrices(first.sockets, { BTCUSD: BTC });
    expect(screen.getByTestId('trade-block').textContent).toBe(MESSAGES_EN['account.notVerified']);
    expect((screen.getByTestId('trade-submit') as HTMLButtonElement).disabled).toBe(true);
    cleanup();

    const second = renderPlatform('/platform/BTCUSD', { user: trader({ assets_group_permission: [1] }) });
    await withPrices(second.sockets, { BTCUSD: BTC });
    await waitFor(() =>
      expect(screen.getByTestId('trade-block').textContent).toBe(MESSAGES_EN['account.noAccess']),
    );
  });

  it('opens a position at the buy price as sent, with SL and TP, and says so (spec §8 toast)', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets);
    sockets.trading().onCommand = (event, payload) =>
      event === 'openPosition'
        ? {
            status: true,
            data: positionFixture({
              id: 41,
              amount: Number(payload.amount),
              leverage: Number(payload.leverage),
              open_rate: Number(payload.price),
              stop_lost: Number(payload.stop_lost),
              take_profit: Number(payload.take_profit),
            }),
          }
        : undefined;
    type('trade-amount', '250.50');
    fireEvent.change(screen.getByTestId('trade-leverage'), { target: { value: '2' } });
    type('trade-stop-loss', '95000');
    type('trade-take-profit', '110000');
    fireEvent.click(screen.getByTestId('trade-submit'));

    const [sent] = sockets.trading().commands('openPosition');
    expect(sent?.payload).toEqual({
      dataUser: { token: 'token-1' },
      commandId: expect.any(String),
      direction: 'buy',
      amount: 250.5,
      leverage: 2,
      price: 100_000,
      symbol: 'BTCUSD',
      stop_lost: 95_000,
      take_profit: 110_000,
    });
    expect((await screen.findByTestId('toast-success')).textContent).toContain(MESSAGES_EN['trade.created']);
    expect(within(screen.getByTestId('positions-open')).getByTestId('position-row-41')).toBeTruthy();
    // the levels are cleared for the next trade
    expect((screen.getByTestId('trade-stop-loss') as HTMLInputElement).value).toBe('');
  });

  it('sends a sell at the sell price as sent, without SL/TP when they are empty', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets);
    fireEvent.click(screen.getByTestId('trade-sell'));
    type('trade-amount', '10');
    fireEvent.click(screen.getByTestId('trade-submit'));
    const [sent] = sockets.trading().commands('openPosition');
    expect(sent?.payload).toEqual({
      dataUser: { token: 'token-1' },
      commandId: expect.any(String),
      direction: 'sell',
      amount: 10,
      leverage: 1,
      price: 99_900,
      symbol: 'BTCUSD',
    });
  });

  it('checks the amount before sending: min 1, step 0.01, at most the free margin', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [], [], { balance: 500, equity: 500, freeMargin: 500, profit: 0 });
    const panel = screen.getByTestId('new-trade-panel');
    type('trade-amount', '0.5');
    fireEvent.blur(screen.getByTestId('trade-amount'));
    expect(panel.textContent).toContain('Amount must be at least 1');
    type('trade-amount', '1.005');
    expect(panel.textContent).toContain('Amount must be a multiple of 0.01');
    type('trade-amount', '600');
    expect(panel.textContent).toContain('Amount can be at most € 500.00');
    fireEvent.click(screen.getByTestId('trade-submit'));
    expect(sockets.trading().commands('openPosition')).toEqual([]);
  });

  it("shows the server's refusal translated, and its field messages under the fields", async () => {
    const { sockets } = renderPlatform('/platform/BTCUSD', { language: 'de' });
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets);
    const refusal: CommandAck = {
      status: false,
      code: 'REJECTED',
      key: 'account.noAccess',
      message: 'You have no access',
      errors: [
        { path: 'amount', key: 'field.max', params: { title: 'Amount', max: '€ 5.00' }, message: 'x' },
      ],
    };
    sockets.trading().onCommand = () => refusal;
    type('trade-amount', '10');
    fireEvent.click(screen.getByTestId('trade-submit'));
    expect((await screen.findByTestId('trade-error')).textContent).toBe('Sie haben keinen Zugriff');
    // the server's English money '€ 5.00' is written the German way
    expect(screen.getByTestId('new-trade-panel').textContent).toContain(
      'Betrag darf höchstens 5,00\u00a0€ sein',
    );
  });

  it('explains a requote (the price moved beyond the tolerance) and keeps the form for another try', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets);
    sockets.trading().onCommand = () => ({
      status: false,
      code: 'REJECTED',
      key: 'trade.requote',
      message: MESSAGES_EN['trade.requote'],
    });
    type('trade-amount', '10');
    type('trade-take-profit', '120000');
    fireEvent.click(screen.getByTestId('trade-submit'));
    expect((await screen.findByTestId('trade-error')).textContent).toBe(MESSAGES_EN['trade.requote']);
    expect((screen.getByTestId('trade-take-profit') as HTMLInputElement).value).toBe('120000');
  });

  it('says when the server does not answer, instead of waiting forever', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    type('trade-amount', '10');
    fireEvent.click(screen.getByTestId('trade-submit'));
    expect(sockets.trading().commands('openPosition')).toHaveLength(1);
    // no answer: the same command (same id) goes once more a second later, then the screen says so
    await act(async () => {
      await vi.advanceTimersByTimeAsync(11_000);
    });
    const sent = sockets.trading().commands('openPosition');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.payload.commandId).toBe(sent[0]?.payload.commandId);
    expect(screen.queryByTestId('trade-error')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    vi.useRealTimers();
    expect(screen.getByTestId('trade-error').textContent).toContain('The server did not answer in time');
  });
});

describe('positions and summary (spec §2, §9)', () => {
  // a buy of 100 at 100000 with leverage 2, valued at the brand's sell price as sent
  const open = positionFixture({ id: 7, stop_lost: 95_000, take_profit: 110_000 });

  it('shows open positions with live profit, and the summary follows the prices', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [open]);
    const row = screen.getByTestId('position-row-7');
    // (99900 − 100000) × 100 × 2 ÷ 100000 = −0.20
    expect(within(row).getByTestId('position-profit').textContent).toBe('−€0.20');
    expect(within(row).getByTestId('position-current').textContent).toBe(BTC_SELL);
    sockets.prices().push('prices', { BTCUSD: { buy: 101_000, sell: 100_900 } });
    // (100900 − 100000) × 100 × 2 ÷ 100000 = 1.80
    expect(within(row).getByTestId('position-profit').textContent).toBe('+€1.80');
    expect(screen.getByTestId('summary-profit').textContent).toBe('+€1.80');
    expect(screen.getByTestId('summary-equity').textContent).toBe('€10,001.80');
    expect(screen.getByTestId('summary-balance').textContent).toBe('€10,000.00');
    expect(screen.getByTestId('summary-free-margin').textContent).toBe('€9,900.00');
  });

  it("shows 'Will be back soon' in place of profit and actions while the price is unavailable", async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [open]);
    sockets.prices().push('prices', { BTCUSD: { buy: null, sell: null } });
    const row = screen.getByTestId('position-row-7');
    expect(within(row).getByTestId('position-unavailable').textContent).toBe(
      MESSAGES_EN['price.unavailable'],
    );
    expect(within(row).queryByTestId('position-close-7')).toBeNull();
    expect(within(row).queryByTestId('position-profit')).toBeNull();
  });

  it('closes at the opposite price as sent and lists the position in history with its reason', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [open]);
    sockets.trading().onCommand = (event, payload) =>
      event === 'closePosition'
        ? {
            status: true,
            data: {
              ...open,
              closed_rate: Number(payload.price),
              close_date: '2026-11-21T12:00:00.000Z',
              profit: -0.2,
              closingReason: 0,
            },
          }
        : undefined;
    fireEvent.click(screen.getByTestId('position-close-7'));
    // closing asks for confirmation first (unless the client turned that off)
    fireEvent.click(await screen.findByTestId('position-close-confirm'));
    const [sent] = sockets.trading().commands('closePosition');
    // spec §4: a buy closes at the sell price
    expect(sent?.payload).toEqual({
      dataUser: { token: 'token-1' },
      commandId: expect.any(String),
      id: 7,
      price: 99_900,
    });
    await waitFor(() => expect(screen.queryByTestId('position-row-7')).toBeNull());
    expect(screen.getByTestId('positions-open').textContent).toContain(MESSAGES_EN['positions.empty']);
    fireEvent.click(screen.getByTestId('positions-tab-history'));
    const row = within(screen.getByTestId('positions-history')).getByTestId('position-row-7');
    expect(within(row).getByTestId('position-reason').textContent).toBe('Manually');
    expect(within(row).getByTestId('position-closed-rate').textContent).toContain(BTC_SELL);
    expect(within(row).getByTestId('position-profit').textContent).toBe('−€0.20');
  });

  it('names every closing reason in history (spec §3)', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    const closed = [0, 1, 2, 3, 4].map((reason) =>
      positionFixture({
        id: 100 + reason,
        closed_rate: 101_000,
        close_date: '2026-11-21T12:00:00.000Z',
        profit: 2,
        closingReason: reason as PositionDto['closingReason'],
      }),
    );
    await withAccount(sockets, [], closed);
    fireEvent.click(screen.getByTestId('positions-tab-history'));
    const reasons = screen.getAllByTestId('position-reason').map((cell) => cell.textContent);
    expect(reasons).toEqual(['Manually', 'Stop Loss', 'Take Profit', 'Low Margin', 'AI Trade']);
  });

  it('edits stop loss and take profit with live checks, and confirms (spec §8 toast)', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [open]);
    sockets.trading().onCommand = (event, payload) =>
      event === 'updatePosition'
        ? {
            status: true,
            data: {
              ...open,
              stop_lost: payload.stop_lost as number | null,
              take_profit: payload.take_profit as number | null,
            },
          }
        : undefined;
    fireEvent.click(screen.getByTestId('position-edit-7'));
    const modal = await screen.findByTestId('position-edit-modal');
    expect((within(modal).getByTestId('position-edit-stop-loss') as HTMLInputElement).value).toBe('95000');
    // a stop at the price the buy closes at now would fire at once: refused, naming that price
    fireEvent.change(within(modal).getByTestId('position-edit-stop-loss'), { target: { value: '99900' } });
    expect(modal.textContent).toContain(`Can't be higher than ${BTC_SELL}`);
    fireEvent.change(within(modal).getByTestId('position-edit-stop-loss'), { target: { value: '98000' } });
    fireEvent.change(within(modal).getByTestId('position-edit-take-profit'), { target: { value: '' } });
    expect(modal.textContent).not.toContain("Can't be");
    fireEvent.click(within(modal).getByTestId('position-edit-save'));
    const [sent] = sockets.trading().commands('updatePosition');
    expect(sent?.payload).toEqual({
      dataUser: { token: 'token-1' },
      commandId: expect.any(String),
      id: 7,
      stop_lost: 98_000,
      take_profit: null,
    });
    expect((await screen.findByTestId('toast-success')).textContent).toContain(MESSAGES_EN['data.saved']);
    await waitFor(() => expect(screen.queryByTestId('position-edit-modal')).toBeNull());
    expect(within(screen.getByTestId('position-row-7')).getByTestId('position-stop-loss').textContent).toBe(
      '98000.00',
    );
  });

  it('shows the getBalance answer before the trading socket has pushed anything', async () => {
    const sockets = fakeSockets();
    const auth = { access_token: 'token-1', user: trader() };
    renderApp('/platform/BTCUSD', {
      auth,
      socketFactory: sockets.factory,
      api: {
        '/api/accounts/get': () => ok(auth),
        '/api/accounts/getBalance': () =>
          ok(
            balanceFixture(2500, {
              open: [positionFixture({ id: 9, amount: 500 })],
              summary: { equity: 2490, profit: -10 },
            }),
          ),
      },
    });
    expect(await screen.findByTestId('position-row-9')).toBeTruthy();
    expect(screen.getByTestId('summary-balance').textContent).toBe('€2,500.00');
    expect(screen.getByTestId('summary-free-margin').textContent).toBe('€2,000.00');
  });
});

describe('the screen (spec §2, §7)', () => {
  it('shows the 404 box for an unknown symbol, with the market list to choose from', async () => {
    renderPlatform('/platform/NOPE');
    const box = await screen.findByTestId('platform-not-found');
    expect(box.textContent).toContain(MESSAGES_EN['page.notFound']);
    expect(screen.getByTestId('market-list')).toBeTruthy();
    expect(screen.queryByTestId('new-trade-panel')).toBeNull();
  });

  it('a market row opens its symbol; search looks across every group', async () => {
    const { router, sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC, EURUSD: { buy: 1.1, sell: 1.0999 } });
    expect(screen.queryByTestId('market-row-EURUSD')).toBeNull();
    fireEvent.change(screen.getByTestId('market-search'), { target: { value: 'euro' } });
    fireEvent.click(await screen.findByTestId('market-row-EURUSD'));
    expect(router.state.location.pathname).toBe('/platform/EURUSD');
    fireEvent.change(screen.getByTestId('market-search'), { target: { value: '' } });
    fireEvent.click(await screen.findByTestId('market-tab-stocks'));
    // AAPL was not in the snapshot: it has no price
    expect(screen.getByTestId('market-row-AAPL').textContent).toContain(MESSAGES_EN['price.unavailable']);
  });

  it('logs out when the trading socket refuses the session (like a 401)', async () => {
    const { router, sockets } = renderPlatform();
    await screen.findByTestId('new-trade-panel');
    await waitFor(() => sockets.trading());
    sockets.trading().refuse('UNAUTHORIZED');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(authStore.get()).toBeNull();
  });

  it('opens the trading socket with the session token, and one shared price socket', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    expect(sockets.trading().options.auth).toEqual({ token: 'token-1', deltas: '1' });
    expect(sockets.created.filter((s) => s.namespace === '/prices')).toHaveLength(1);
  });
});
