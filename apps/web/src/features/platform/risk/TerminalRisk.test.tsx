import {
  commissionAtOpen,
  DEFAULT_TRADING_PROFILE,
  formatPrice,
  liquidationPrice,
  MESSAGES_EN,
  type PositionDto,
  price,
  priceUnitOf,
  spreadInUnits,
  unitValue,
} from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Brand, User } from '../../../api/types.js';
import { authStore } from '../../../shared/session/authStore.js';
import { fakeSockets } from '../../../test/fakeSockets.js';
import { INSTRUMENTS_FIXTURE, positionFixture } from '../../../test/platformFixtures.js';
import { brandFixture, renderApp, userFixture } from '../../../test/renderApp.js';
import { formatOpening } from '../markets/NextOpen.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });
const trader = (overrides: Partial<User> = {}) =>
  userFixture({ assets_group_permission: [1, 2, 3, 4, 5], ...overrides });

function renderPlatform(
  path = '/platform/BTCUSD',
  { brand, api = {} }: { brand?: Brand; api?: Record<string, () => { status: number; json: unknown }> } = {},
) {
  const sockets = fakeSockets();
  const auth = { access_token: 'token-1', user: trader() };
  const view = renderApp(path, {
    auth,
    socketFactory: sockets.factory,
    ...(brand ? { brand } : {}),
    api: { '/api/accounts/get': () => ok(auth), ...api },
  });
  return { ...view, sockets };
}

/** BTCUSD's brand quote as the price socket sends it: marked up and on the tick already. */
const BTC = { buy: price(100_000), sell: price(99_900) };

async function withPrices(sockets: ReturnType<typeof fakeSockets>, map: Record<string, unknown>) {
  await screen.findByTestId(`market-row-${Object.keys(map)[0]}`);
  await waitFor(() => sockets.prices());
  sockets.prices().push('prices', map);
}

async function withAccount(
  sockets: ReturnType<typeof fakeSockets>,
  open: PositionDto[],
  summary: { balance: number; equity: number; freeMargin: number; profit: number },
) {
  await waitFor(() => expect(sockets.trading().connected).toBe(true));
  sockets.trading().push('positions', { open, history: [] });
  sockets.trading().push('balance', summary);
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** One position of €1,000 margin on a symbol without a price in the test: the server's figures stand. */
const MARGIN_1000 = [
  positionFixture({ id: 7, symbol: 'ETHUSD', amount: 1000, leverage: 2, open_rate: 3000 }),
];
const withEquity = (equity: number) => ({
  balance: 10_000,
  equity,
  freeMargin: 9_000,
  profit: equity - 10_000,
});

describe('summary margin level', () => {
  it('shows equity ÷ used margin in percent, plain above the margin-call level and without a banner', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, MARGIN_1000, withEquity(1_500));
    const level = await screen.findByTestId('summary-margin-level');
    await waitFor(() => expect(level.textContent).toBe('150 %'));
    expect(level.dataset.state).toBe('ok');
    expect(screen.queryByTestId('margin-call-banner')).toBeNull();
  });

  it('turns to margin call below 100 % and warns with a banner on the platform', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, MARGIN_1000, withEquity(800));
    const level = await screen.findByTestId('summary-margin-level');
    await waitFor(() => expect(level.textContent).toBe('80 %'));
    expect(level.dataset.state).toBe('marginCall');
    const banner = screen.getByTestId('margin-call-banner');
    expect(banner.dataset.state).toBe('marginCall');
    expect(banner.textContent).toContain('Margin level 80 %');
    expect(banner.textContent).toContain('at 50 % positions are closed automatically');
  });

  it('turns to stop-out at or below 50 %', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, MARGIN_1000, withEquity(500));
    const level = await screen.findByTestId('summary-margin-level');
    await waitFor(() => expect(level.dataset.state).toBe('stopOut'));
    expect(level.textContent).toBe('50 %');
    expect(screen.getByTestId('margin-call-banner').dataset.state).toBe('stopOut');
  });

  it("colours at the brand's own levels (margin call 150 %, stop-out 80 %)", async () => {
    const brand = {
      ...brandFixture(),
      trading: {
        ...DEFAULT_TRADING_PROFILE,
        marginCallLevel: 1.5,
        stopOutLevel: 0.8,
        retailLossPercent: null,
      },
    } as Brand;
    const { sockets } = renderPlatform('/platform/BTCUSD', { brand });
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, MARGIN_1000, withEquity(1_200));
    const level = await screen.findByTestId('summary-margin-level');
    await waitFor(() => expect(level.dataset.state).toBe('marginCall'));
    expect(screen.getByTestId('margin-call-banner').textContent).toContain('Below 150 %');
  });

  it('shows a dash without open positions (no margin in use)', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [], { balance: 10_000, equity: 10_000, freeMargin: 10_000, profit: 0 });
    await waitFor(() => expect(screen.getByTestId('summary-margin-level').textContent).toBe('—'));
    expect(screen.getByTestId('summary-margin-level').dataset.state).toBe('none');
  });
});

describe('ticket risk figures before the click', () => {
  it('shows required margin, point value, spread in points and the account liquidation price with the move', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [], { balance: 10_000, equity: 10_000, freeMargin: 10_000, profit: 0 });
    // the brand quote is shown and dealt as sent: no markup on the client
    const dealing = BTC;
    // crypto counts in points of one dollar: 100,000 − 99,900 = 100 points, not 10,000 pips
    const point = priceUnitOf('crypto', 0.01);
    expect(spreadInUnits(dealing, point, 0.01)).toBe(100);
    expect(screen.getByTestId('trade-spread').textContent).toBe('100 points');

    type('trade-amount', '10000');
    fireEvent.change(screen.getByTestId('trade-leverage'), { target: { value: '2' } });
    expect(screen.getByTestId('trade-required-margin').textContent).toBe('€10,000.00');
    // 1 × 10,000 × 2 ÷ 100,000 = €0.20 a point
    expect(unitValue(10_000, 2, point, dealing.buy)).toBe(0.2);
    expect(screen.getByText('Point value')).toBeTruthy();
    expect(screen.getByTestId('trade-pip-value').textContent).toBe('€0.20');

    const expected = liquidationPrice({
      balance: 10_000,
      positions: [],
      quotes: { BTCUSD: dealing },
      target: { symbol: 'BTCUSD', direction: 'buy', amount: 10_000, leverage: 2, open_rate: dealing.buy },
      stopOutLevel: 0.5,
    });
    expect(expected.price).not.toBeNull();
    expect(screen.getByTestId('trade-liquidation').textContent).toBe(formatPrice(expected.price as number));
    expect(screen.getByTestId('trade-liquidation-move').textContent).toContain(
      String(expected.adverseMovePercent),
    );
    // the account's stop-out at 50 % comes before the position's own loss of its whole amount
    expect(expected.cause).toBe('stop_out');
    expect(screen.getByTestId('trade-liquidation-cause').textContent).toBe('account stop-out at 50 %');
    expect(screen.getByTestId('trade-liquidation-move').textContent).toMatch(/^adverse move [\d.]+ %$/);
    expect(screen.getByTestId('new-trade-panel').textContent).not.toContain('Closed at an adverse move');
  });

  it('counts the open positions: a sell liquidates above the buy price at the account stop-out', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    const open = [
      positionFixture({ id: 3, symbol: 'BTCUSD', amount: 2_000, leverage: 2, open_rate: 100_025 }),
    ];
    await withAccount(sockets, open, { balance: 10_000, equity: 9_997, freeMargin: 8_000, profit: -3 });
    fireEvent.click(screen.getByTestId('trade-sell'));
    type('trade-amount', '1000');
    fireEvent.change(screen.getByTestId('trade-leverage'), { target: { value: '2' } });
    const dealing = BTC;
    const expected = liquidationPrice({
      balance: 10_000,
      positions: open.map((p) => ({ ...p })),
      quotes: { BTCUSD: dealing },
      target: { symbol: 'BTCUSD', direction: 'sell', amount: 1_000, leverage: 2, open_rate: dealing.sell },
      stopOutLevel: 0.5,
    });
    const shown = screen.getByTestId('trade-liquidation').textContent;
    expect(shown).toBe(expected.price === null ? 'out of reach' : formatPrice(expected.price));
  });
});

describe('ticket: the commission the open charges', () => {
  // a brand with a pips markup (applied by the server: the socket sends its quote), 0.5 % commission on crypto
  // and the account stop-out at 30 %
  const costly = {
    ...DEFAULT_TRADING_PROFILE,
    stopOutLevel: 0.3,
    groups: {
      ...DEFAULT_TRADING_PROFILE.groups,
      crypto: {
        ...DEFAULT_TRADING_PROFILE.groups.crypto,
        markup: { unit: 'pips' as const, value: 500 },
        commission: { unit: 'percent' as const, value: 0.5 },
      },
    },
  };
  const brand = { ...brandFixture(), trading: { ...costly, retailLossPercent: null } } as Brand;
  const dealing = BTC;

  it('shows it and liquidates the account as it is after the charge', async () => {
    const { sockets } = renderPlatform('/platform/BTCUSD', { brand });
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [], { balance: 10_000, equity: 10_000, freeMargin: 10_000, profit: 0 });
    type('trade-amount', '9000');
    fireEvent.change(screen.getByTestId('trade-leverage'), { target: { value: '2' } });
    // 0.5 % of €18,000 of notional
    const commission = commissionAtOpen(costly, 'crypto', 9_000, 2);
    expect(commission).toBe(90);
    expect(screen.getByTestId('trade-commission').textContent).toBe('€90.00');
    const input = {
      balance: 10_000,
      positions: [],
      quotes: { BTCUSD: dealing },
      target: {
        symbol: 'BTCUSD',
        direction: 'buy' as const,
        amount: 9_000,
        leverage: 2,
        open_rate: dealing.buy,
      },
      stopOutLevel: 0.3,
    };
    const expected = liquidationPrice({ ...input, commission });
    const withoutCommission = liquidationPrice(input);
    expect(expected.cause).toBe('stop_out');
    expect(expected.price).not.toBe(withoutCommission.price);
    expect(screen.getByTestId('trade-liquidation').textContent).toBe(formatPrice(expected.price as number));
    expect(screen.getByTestId('trade-liquidation-cause').textContent).toBe('account stop-out at 30 %');
  });

  it('says so when the amount fits the free margin but not with the commission', async () => {
    const { sockets } = renderPlatform('/platform/BTCUSD', { brand });
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [], { balance: 10_000, equity: 10_000, freeMargin: 10_000, profit: 0 });
    type('trade-amount', '9950');
    fireEvent.change(screen.getByTestId('trade-leverage'), { target: { value: '2' } });
    expect(screen.getByTestId('trade-commission').textContent).toBe('€99.50');
    expect(screen.getByTestId('trade-commission-exceeds').textContent).toBe(
      'The amount plus the commission of €99.50 is more than your free margin. Choose a smaller amount.',
    );
    expect(screen.getByTestId('trade-liquidation').textContent).toBe('—');
  });

  it('shows no commission for a brand that charges none', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [], { balance: 10_000, equity: 10_000, freeMargin: 10_000, profit: 0 });
    expect(screen.getByTestId('trade-commission').textContent).toBe('—');
    type('trade-amount', '1000');
    fireEvent.change(screen.getByTestId('trade-leverage'), { target: { value: '2' } });
    expect(screen.getByTestId('trade-commission').textContent).toBe('€0.00');
    expect(screen.queryByTestId('trade-commission-exceeds')).toBeNull();
  });
});

describe('closed market: when it opens next', () => {
  it('shows the next opening in the client time zone next to "Will be back soon"', async () => {
    const nextOpen = Date.now() + 26 * 3_600_000;
    const instruments = INSTRUMENTS_FIXTURE.map((i) =>
      i.symbol === 'ETHUSD' ? { ...i, nextOpen: new Date(nextOpen).toISOString() } : i,
    );
    const { sockets } = renderPlatform('/platform/ETHUSD', {
      api: { '/api/market/instruments': () => ok(instruments) },
    });
    await withPrices(sockets, { BTCUSD: BTC });
    const row = await screen.findByTestId('market-row-ETHUSD');
    expect(row.textContent).toContain(MESSAGES_EN['price.unavailable']);
    const opening = within(row).getByTestId('market-closed-ETHUSD-next-open');
    expect(opening.textContent).toContain(`Opens ${formatOpening(nextOpen, 'en')}`);
    expect(screen.getByTestId('chart-closed-next-open').textContent).toContain(formatOpening(nextOpen, 'en'));
    // the ticket says it too, under 'temporarily unavailable'
    await waitFor(() => expect(screen.getByTestId('trade-closed-next-open')).toBeTruthy());
  });

  it('keeps only "Will be back soon" when no opening time is known', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    const row = await screen.findByTestId('market-row-ETHUSD');
    expect(row.textContent).toContain(MESSAGES_EN['price.unavailable']);
    expect(within(row).queryByTestId('market-closed-ETHUSD-next-open')).toBeNull();
  });

  it('formats the opening in the given time zone and language', () => {
    const at = Date.UTC(2026, 0, 19, 14, 30);
    expect(formatOpening(at, 'en', 'UTC')).toMatch(/Mon.*Jan.*19.*02:30 PM.*UTC/);
    expect(formatOpening(at, 'en', 'America/New_York')).toMatch(/09:30 AM/);
    expect(formatOpening(at, 'de', 'Europe/Berlin')).toMatch(/Mo.*19.*15:30/);
  });
});

describe('ticket keyboard', () => {
  it('B and S choose and focus buy and sell; Esc clears the ticket', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [], { balance: 10_000, equity: 10_000, freeMargin: 10_000, profit: 0 });
    fireEvent.keyDown(document.body, { key: 's' });
    expect(screen.getByTestId('trade-sell').getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('trade-sell'));
    expect(screen.getByTestId('trade-submit').textContent).toContain('Sell');
    fireEvent.keyDown(document.body, { key: 'B' });
    expect(screen.getByTestId('trade-buy').getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('trade-buy'));

    const amount = screen.getByTestId('trade-amount') as HTMLInputElement;
    type('trade-amount', '250');
    type('trade-stop-loss', '90000');
    amount.focus();
    fireEvent.keyDown(amount, { key: 'Escape' });
    expect(amount.value).toBe('');
    expect((screen.getByTestId('trade-stop-loss') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).not.toBe(amount);
  });

  it('leaves keys typed into other fields alone', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [], { balance: 10_000, equity: 10_000, freeMargin: 10_000, profit: 0 });
    type('trade-amount', '250');
    const search = screen.getByTestId('market-search');
    search.focus();
    fireEvent.keyDown(search, { key: 's' });
    expect(screen.getByTestId('trade-buy').getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(search, { key: 'Escape' });
    expect((screen.getByTestId('trade-amount') as HTMLInputElement).value).toBe('250');
    // with a modifier it is the browser's shortcut, not ours
    fireEvent.keyDown(document.body, { key: 's', ctrlKey: true });
    expect(screen.getByTestId('trade-buy').getAttribute('aria-pressed')).toBe('true');
  });
});

describe('toasts on the terminal', () => {
  it('show in the summary row, not over a figure', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [], { balance: 10_000, equity: 10_000, freeMargin: 10_000, profit: 0 });
    sockets.trading().onCommand = (event, payload) =>
      event === 'openPosition'
        ? {
            status: true,
            data: positionFixture({
              id: 41,
              amount: Number(payload.amount),
              open_rate: Number(payload.price),
            }),
          }
        : undefined;
    type('trade-amount', '100');
    fireEvent.change(screen.getByTestId('trade-leverage'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('trade-submit'));
    const toast = await screen.findByTestId('toast-success');
    expect(screen.getByTestId('toast-slot').contains(toast)).toBe(true);
    expect(screen.getByTestId('platform-summary').contains(toast)).toBe(true);
    // and after the trade the amount is not flagged against the smaller free margin
    expect(screen.getByTestId('new-trade-panel').textContent).not.toContain('can be at most');
  });
});

describe('pending orders from the ticket', () => {
  it('places a buy limit at its level and shows the liquidation for an entry there', async () => {
    const { sockets } = renderPlatform();
    await withPrices(sockets, { BTCUSD: BTC });
    await withAccount(sockets, [], { balance: 10_000, equity: 10_000, freeMargin: 10_000, profit: 0 });
    const ticket = screen.getByTestId('new-trade-panel');
    fireEvent.click(within(ticket).getByTestId('order-type-limit'));
    fireEvent.change(within(ticket).getByTestId('order-level'), { target: { value: '95000' } });
    type('trade-amount', '5000');
    fireEvent.change(screen.getByTestId('trade-leverage'), { target: { value: '2' } });
    const expected = liquidationPrice({
      balance: 10_000,
      positions: [],
      quotes: { BTCUSD: BTC },
      target: { symbol: 'BTCUSD', direction: 'buy', amount: 5_000, leverage: 2, open_rate: 95_000 },
      stopOutLevel: 0.5,
    });
    expect(screen.getByTestId('trade-liquidation').textContent).toBe(formatPrice(expected.price as number));
    expect(screen.getByTestId('trade-submit').textContent).toBe('Buy limit BTCUSD');
    fireEvent.click(screen.getByTestId('trade-submit'));
    expect(sockets.trading().commands('placeOrder')[0]?.payload).toEqual({
      commandId: expect.any(String),
      dataUser: { token: 'token-1' },
      symbol: 'BTCUSD',
      direction: 'buy',
      type: 'limit',
      price: 95_000,
      amount: 5_000,
      leverage: 2,
      expiry: { kind: 'gtc' },
    });
    expect(sockets.trading().commands('openPosition')).toHaveLength(0);
  });
});
