import type { DealerPosition, DeskClose, DeskCurrencyFigures, DeskSnapshot } from '@openbroker/domain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderBo, staffFixture } from '../../../test/backofficeKit.js';
import { DealingPage } from './DealingPage.js';
import { marginBand } from './deskFigures.js';
import { mergeCloses } from './useDealingDesk.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const POSITION: DealerPosition = {
  id: 77,
  symbol: 'EURUSD',
  symbolName: 'OANDA:EURUSD',
  direction: 'buy',
  amount: 1000,
  leverage: 30,
  open_rate: 1.08345,
  open_date: '2026-11-21T09:00:00.000Z',
  closed_rate: null,
  close_date: null,
  take_profit: null,
  stop_lost: 1.07,
  profit: -12.5,
  protected: 0,
  closingReason: null,
  userId: 41,
  clientName: 'Ada Lovelace',
  pin: '100041',
  brandSlug: 'alpha',
  accountNumber: 'L-100041-1',
  demo: false,
  currency: 'EUR',
};

const zero: DeskCurrencyFigures = {
  currency: 'EUR',
  longVolume: 0,
  shortVolume: 0,
  netVolume: 0,
  longMargin: 0,
  shortMargin: 0,
  positions: 0,
  longPositions: 0,
  shortPositions: 0,
  clientsProfit: 0,
  brokerProfit: 0,
};

const snapshot = (overrides: Partial<DeskSnapshot> = {}): DeskSnapshot => ({
  at: '2026-11-24T20:00:00.000Z',
  brandId: null,
  computeMs: 0.4,
  instruments: [
    {
      ...zero,
      symbol: 'EURUSD',
      group: 'forex',
      longVolume: 30000,
      shortVolume: 7500,
      netVolume: 22500,
      longMargin: 1000,
      shortMargin: 250,
      positions: 2,
      longPositions: 1,
      shortPositions: 1,
      clientsProfit: -12.5,
      brokerProfit: 12.5,
    },
    {
      ...zero,
      symbol: 'BTCUSD',
      group: 'crypto',
      longVolume: 100,
      shortVolume: 60000,
      netVolume: -59900,
      positions: 3,
      clientsProfit: 480,
      brokerProfit: -480,
    },
  ],
  currencies: ['EUR'],
  groups: [
    { group: 'forex', currencies: [{ ...zero, netVolume: 22500, positions: 2, brokerProfit: 12.5 }] },
    { group: 'stocks', currencies: [] },
    { group: 'crypto', currencies: [{ ...zero, netVolume: -59900, positions: 3, brokerProfit: -480 }] },
    { group: 'commodities', currencies: [] },
    { group: 'index', currencies: [] },
  ],
  totals: { accounts: 2, currencies: [{ ...zero, positions: 5, netVolume: -37400, brokerProfit: -467.5 }] },
  rates: [],
  nearest: [
    {
      userId: 41,
      accountNumber: 'L-100041-1',
      brandId: 1,
      clientName: 'Ada Lovelace',
      pin: '100041',
      brandSlug: 'alpha',
      currency: 'EUR',
      balance: 500,
      equity: 240,
      usedMargin: 400,
      marginLevel: 60,
      positions: 2,
      stopOutLevel: 50,
      marginCallLevel: 100,
    },
  ],
  ...overrides,
});

const CLOSE: DeskClose = {
  positionId: 501,
  userId: 41,
  accountNumber: 'L-100041-1',
  demo: false,
  clientName: 'Ada Lovelace',
  brandId: 1,
  brandSlug: 'alpha',
  currency: 'EUR',
  symbol: 'BTCUSD',
  direction: 'buy',
  amount: 100,
  leverage: 2,
  kind: 'stop_loss',
  cause: 'stop_loss',
  closingReason: 1,
  closedRate: 49000,
  quote: { buy: 49020, sell: 49000 },
  profit: -40,
  reason: null,
  partial: false,
  at: '2026-11-24T19:59:00.000Z',
};

const dealer = staffFixture({ id: 5, roles: ['dealer'] });

const deskApi = {
  '/api/backoffice/dealing/desk': () => ok(snapshot()),
  '/api/backoffice/dealing/closes': () => ok([CLOSE]),
  '/api/backoffice/dealing/halts': () =>
    ok([
      { id: 1, slug: 'alpha', name: 'Alpha Markets', halted: ['GOLD'] },
      { id: 2, slug: 'beta', name: 'Beta Trade', halted: [] },
    ]),
  '/api/market/instruments': () =>
    ok([
      { symbol: 'EURUSD', displayName: 'Euro / US Dollar', category: 'forex' },
      { symbol: 'GOLD', displayName: 'Gold', category: 'commodities' },
    ]),
  '/api/backoffice/positions': () => ok({ items: [POSITION], total: 1, page: 1, pageSize: 50 }),
};

describe('dealing desk', () => {
  it('shows asset-class tiles, sortable exposure with net colours and broker P/L, stop-out bands and the closes stream', async () => {
    renderBo(<DealingPage />, { staff: dealer, api: deskApi });
    const exposure = await screen.findByTestId('bo-exposure');
    // by the size of the net (either side) first: BTCUSD's −59,900 before EURUSD's 22,500
    await waitFor(() =>
      expect(
        within(exposure)
          .getAllByTestId('bod-exposure-row')
          .map((r) => r.textContent?.slice(0, 6)),
      ).toEqual(['BTCUSD', 'EURUSD']),
    );
    const nets = within(exposure).getAllByTestId('bod-net');
    expect(nets[0]?.className).toContain('ob-down');
    expect(nets[1]?.className).toContain('ob-up');
    fireEvent.click(within(exposure).getByTestId('bod-sort-symbol'));
    expect(within(exposure).getAllByTestId('bod-exposure-row')[0]?.textContent).toContain('BTCUSD');
    fireEvent.click(within(exposure).getByTestId('bod-sort-symbol'));
    expect(within(exposure).getAllByTestId('bod-exposure-row')[0]?.textContent).toContain('EURUSD');

    const crypto = screen.getByTestId('bod-tile-crypto');
    expect(crypto.textContent).toContain('−€59,900.00');
    expect(crypto.textContent).toContain('3 positions');
    expect(screen.getByTestId('bod-tile-total').textContent).toContain('−€467.50');

    const [near] = screen.getAllByTestId('bod-nearest-row');
    expect(near?.getAttribute('data-band')).toBe('marginCall');
    expect(near?.textContent).toContain('60 %');

    const [close] = await screen.findAllByTestId('bod-close-row');
    expect(close?.textContent).toContain('Stop loss');
    expect(close?.textContent).toContain('quote 49000.00 / 49020.00');
    expect(close?.textContent).toContain('−€40.00');
  });

  it('keeps a EUR brand and a USD brand apart and totals the book in the reporting currency at the rate shown', async () => {
    window.localStorage.clear();
    // €1,000 long BTCUSD on a EUR brand and $5,000 on a USD brand, EURUSD last priced on Friday (market closed)
    const eur = {
      ...zero,
      currency: 'EUR',
      longVolume: 1000,
      netVolume: 1000,
      positions: 1,
      brokerProfit: -10,
    };
    const usd = {
      ...zero,
      currency: 'USD',
      longVolume: 5000,
      netVolume: 5000,
      positions: 1,
      brokerProfit: 20,
    };
    const twoCurrencies = snapshot({
      currencies: ['EUR', 'USD'],
      instruments: [
        { ...eur, symbol: 'BTCUSD', group: 'crypto' },
        { ...usd, symbol: 'BTCUSD', group: 'crypto' },
      ],
      groups: [
        { group: 'forex', currencies: [] },
        { group: 'stocks', currencies: [] },
        { group: 'crypto', currencies: [eur, usd] },
        { group: 'commodities', currencies: [] },
        { group: 'index', currencies: [] },
      ],
      totals: { accounts: 2, currencies: [eur, usd] },
      rates: [
        {
          pair: 'EURUSD',
          base: 'EUR',
          quote: 'USD',
          mid: '1.25',
          at: '2026-11-20T21:59:00.000Z',
          live: false,
        },
      ],
    });
    renderBo(<DealingPage />, {
      staff: dealer,
      api: { ...deskApi, '/api/backoffice/dealing/desk': () => ok(twoCurrencies) },
    });
    const exposure = await screen.findByTestId('bo-exposure');
    await waitFor(() => expect(within(exposure).getAllByTestId('bod-exposure-row')).toHaveLength(2));
    const rows = within(exposure).getAllByTestId('bod-exposure-row');
    const byCurrency = Object.fromEntries(rows.map((r) => [r.getAttribute('data-currency'), r.textContent]));
    expect(byCurrency.EUR).toContain('€1,000.00');
    expect(byCurrency.USD).toContain('$5,000.00');
    // never the sum of the two
    expect(exposure.textContent).not.toContain('6,000.00');
    const crypto = screen.getByTestId('bod-tile-crypto');
    const tiles = within(crypto).getAllByTestId('bod-tile-currency');
    expect(tiles.map((c) => c.querySelector('.bod-tile-net')?.textContent)).toEqual([
      'Clients’ net notional €1,000.00',
      'Clients’ net notional $5,000.00',
    ]);

    // in EUR (the default): 1,000 + 5,000 ÷ 1.25 = €5,000.00, at EURUSD's last price
    const converted = screen.getByTestId('bod-converted');
    expect(within(converted).getByTestId('bod-converted-net').textContent).toContain('€5,000.00');
    expect(within(converted).getByTestId('bo-ccy-rate').textContent).toContain('EURUSD 1.250000');
    expect(within(converted).getByTestId('bo-ccy-rate').textContent).toContain('market closed');
    // in USD: 1,000 × 1.25 + 5,000 = $6,250.00; the choice is remembered for this member
    fireEvent.change(within(converted).getByTestId('bo-reporting-currency'), { target: { value: 'USD' } });
    expect(within(converted).getByTestId('bod-converted-net').textContent).toContain('$6,250.00');
    expect(window.localStorage.getItem('ob.bo.reportingCurrency.5')).toBe('USD');
    // in GBP: the feed has no EURGBP or GBPUSD price, so no total rather than a guess
    fireEvent.change(within(converted).getByTestId('bo-reporting-currency'), { target: { value: 'GBP' } });
    expect(within(converted).getByTestId('bod-converted-net').querySelector('dd')?.textContent).toBe(
      'no rate',
    );
    expect(within(converted).getByTestId('bo-ccy-norate').textContent).toContain(
      'No rate for EUR, USD → GBP',
    );
    window.localStorage.clear();
  });

  it('subscribes on the /backoffice socket and updates without a reload; a new close and a broker reason appear at once', async () => {
    const { sockets } = renderBo(<DealingPage />, { staff: dealer, api: deskApi });
    await screen.findAllByTestId('bod-exposure-row');
    const socket = sockets.created.find((s) => s.namespace === '/backoffice');
    if (!socket) throw new Error('the desk opened a /backoffice socket');
    expect(socket.options.auth).toEqual({ token: 'staff-token' });
    expect(socket.commands('dealing.subscribe')).toHaveLength(1);
    expect(screen.getByTestId('bod-live').textContent).toBe('Live');

    socket.push(
      'dealing.desk',
      snapshot({
        instruments: [{ ...zero, symbol: 'GOLD', group: 'commodities', netVolume: 900, positions: 1 }],
      }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('bod-exposure-row').map((r) => r.textContent?.slice(0, 4))).toEqual([
        'GOLD',
      ]),
    );
    socket.push('dealing.closed', {
      ...CLOSE,
      positionId: 502,
      kind: 'staff',
      cause: 'broker',
      reason: 'Suspected arbitrage',
      at: '2026-11-24T20:00:01.000Z',
    });
    const rows = await screen.findAllByTestId('bod-close-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('By staff');
    expect(within(rows[0] as HTMLElement).getByTestId('bod-close-reason').textContent).toContain(
      'Suspected arbitrage',
    );

    act(() => {
      socket.disconnect();
    });
    expect(screen.getByTestId('bod-live').textContent).toBe('Reconnecting…');
  });

  it('subscribes again for one brand when the brand filter changes', async () => {
    const { sockets, calls } = renderBo(<DealingPage />, { staff: dealer, api: deskApi });
    await screen.findAllByTestId('bod-exposure-row');
    const select = await screen.findByTestId('bo-brand-filter');
    await waitFor(() => expect(select.querySelectorAll('option').length).toBeGreaterThan(1));
    const value = (select.querySelectorAll('option')[1] as HTMLOptionElement).value;
    fireEvent.change(select, { target: { value } });
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/backoffice/dealing/desk' && c.search.get('brandId') === value),
      ).toBe(true),
    );
    const last = sockets.created.filter((s) => s.namespace === '/backoffice').at(-1);
    expect(last?.commands('dealing.subscribe')[0]?.payload).toEqual({ brandId: Number(value) });
    // the halts panel shows that brand only
    expect(screen.getAllByTestId('bod-halt-brand')).toHaveLength(1);
  });

  it('halts and resumes an instrument for a brand', { timeout: 20_000 }, async () => {
    // the fake server keeps what was halted, as the real one does
    const halted: Record<number, string[]> = { 1: ['GOLD'], 2: [] };
    const { posts } = renderBo(<DealingPage />, {
      staff: dealer,
      api: {
        ...deskApi,
        '/api/backoffice/dealing/halts': () =>
          ok([
            { id: 1, slug: 'alpha', name: 'Alpha Markets', halted: halted[1] },
            { id: 2, slug: 'beta', name: 'Beta Trade', halted: halted[2] },
          ]),
        'POST /api/backoffice/brands/2/halted-symbols/EURUSD': () => {
          halted[2] = ['EURUSD'];
          return ok({ brandId: 2, halted: halted[2] });
        },
        'DELETE /api/backoffice/brands/1/halted-symbols/GOLD': () => {
          halted[1] = [];
          return ok({ brandId: 1, halted: halted[1] });
        },
      },
    });
    const [alpha, beta] = await screen.findAllByTestId('bod-halt-brand');
    expect(
      within(alpha as HTMLElement)
        .getAllByTestId('bod-halted')
        .map((c) => c.textContent),
    ).toEqual(['GOLD']);
    const betaRow = beta as HTMLElement;
    await waitFor(() => expect(within(betaRow).getAllByRole('option').length).toBe(3));
    fireEvent.change(within(betaRow).getByTestId('bod-halt-select'), { target: { value: 'EURUSD' } });
    fireEvent.click(within(betaRow).getByTestId('bod-halt-add'));
    // a halt asks first, with a reason that is required
    const haltDialog = await screen.findByTestId('bo-confirm');
    expect(within(haltDialog).getByText('Halt EURUSD for Beta Trade?')).toBeTruthy();
    fireEvent.click(within(haltDialog).getByRole('button', { name: 'Halt EURUSD' }));
    expect(posts('/api/backoffice/brands/2/halted-symbols/EURUSD')).toHaveLength(0);
    fireEvent.change(within(haltDialog).getByTestId('bo-confirm-reason'), {
      target: { value: 'Exchange halted trading' },
    });
    fireEvent.click(within(haltDialog).getByRole('button', { name: 'Halt EURUSD' }));
    await waitFor(() => expect(posts('/api/backoffice/brands/2/halted-symbols/EURUSD')).toHaveLength(1));
    expect(posts('/api/backoffice/brands/2/halted-symbols/EURUSD')[0]?.body).toEqual({
      reason: 'Exchange halted trading',
    });
    expect(await within(betaRow).findByText('EURUSD', { selector: '.ob-symbol' })).toBeTruthy();

    fireEvent.click(within(alpha as HTMLElement).getByRole('button', { name: 'Resume GOLD' }));
    const resumeDialog = await screen.findByTestId('bo-confirm');
    fireEvent.change(within(resumeDialog).getByTestId('bo-confirm-reason'), {
      target: { value: 'Feed back to normal' },
    });
    fireEvent.click(within(resumeDialog).getByTestId('bo-confirm-submit'));
    await waitFor(() => expect(posts('/api/backoffice/brands/1/halted-symbols/GOLD')).toHaveLength(1));
    expect(posts('/api/backoffice/brands/1/halted-symbols/GOLD')[0]?.method).toBe('DELETE');
    await waitFor(() => expect(within(alpha as HTMLElement).queryByTestId('bod-halted')).toBeNull());
    expect(within(alpha as HTMLElement).getByText('Nothing halted.')).toBeTruthy();
  });

  it('filters positions by an exposure symbol and closes one with a reason the client will see', async () => {
    const { calls, posts } = renderBo(<DealingPage />, {
      staff: dealer,
      api: {
        ...deskApi,
        'POST /api/backoffice/clients/41/positions/77/close': () => ok({ position: POSITION }),
      },
    });
    const exposure = await screen.findByTestId('bo-exposure');
    fireEvent.click(await within(exposure).findByRole('button', { name: 'EURUSD' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/backoffice/positions' && c.search.get('symbol') === 'EURUSD'),
      ).toBe(true),
    );

    const [row] = await screen.findAllByTestId('bo-position-row');
    // the amount and the profit in the client's account currency
    expect(row?.textContent).toContain('€1,000.00');
    expect(row?.textContent).toContain('−€12.50');
    fireEvent.click(within(row as HTMLElement).getByTestId('bo-close-position'));
    const dialog = await screen.findByTestId('bo-close-dialog');
    expect(dialog.textContent).toContain('Closed by the broker');
    // its two buttons are named apart: nothing else in the dialog is called "Close"
    const names = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent?.trim());
    expect(names).toEqual(['Keep position', 'Close position #77']);
    fireEvent.click(within(dialog).getByTestId('bo-dialog-confirm'));
    expect(await within(dialog).findByText('Enter a reason: it is kept in the audit trail.')).toBeTruthy();
    expect(posts('/api/backoffice/clients/41/positions/77/close')).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('bo-reason-input'), {
      target: { value: 'Client request by phone' },
    });
    fireEvent.click(within(dialog).getByTestId('bo-dialog-confirm'));
    await waitFor(() => expect(posts('/api/backoffice/clients/41/positions/77/close')).toHaveLength(1));
    expect(posts('/api/backoffice/clients/41/positions/77/close')[0]?.body).toEqual({
      reason: 'Client request by phone',
    });
  });

  it('names each position’s account and marks a demo account’s position DEMO', async () => {
    const demoPosition: DealerPosition = { ...POSITION, id: 78, accountNumber: 'D-100041-1', demo: true };
    renderBo(<DealingPage />, {
      staff: staffFixture({ roles: ['dealer'], permissions: ['positions.read'] }),
      api: {
        '/api/backoffice/positions': () =>
          ok({ items: [POSITION, demoPosition], total: 2, page: 1, pageSize: 50 }),
      },
    });
    const [live, demo] = await screen.findAllByTestId('bo-position-row');
    expect(within(live as HTMLElement).getByTestId('bo-position-account').textContent).toBe('L-100041-1');
    expect(within(live as HTMLElement).queryByText('DEMO')).toBeNull();
    expect(within(demo as HTMLElement).getByTestId('bo-position-account').textContent).toBe('D-100041-1');
    expect(within(demo as HTMLElement).getByText('DEMO')).toBeTruthy();
  });

  it('hides closing, the desk and halts from staff who may only read positions', async () => {
    const { sockets } = renderBo(<DealingPage />, {
      staff: staffFixture({ roles: ['dealer'], permissions: ['positions.read'] }),
      api: { '/api/backoffice/positions': () => ok({ items: [POSITION], total: 1, page: 1, pageSize: 50 }) },
    });
    const [row] = await screen.findAllByTestId('bo-position-row');
    expect(within(row as HTMLElement).queryByTestId('bo-close-position')).toBeNull();
    expect(screen.queryByTestId('bo-exposure')).toBeNull();
    expect(screen.queryByTestId('bod-halts')).toBeNull();
    expect(sockets.created.some((s) => s.namespace === '/backoffice')).toBe(false);
  });
});

describe('dealing desk helpers', () => {
  it('colours margin levels by the brand levels', () => {
    const levels = { stopOutLevel: 50, marginCallLevel: 100 };
    expect(marginBand({ ...levels, marginLevel: 50 })).toBe('stopOut');
    expect(marginBand({ ...levels, marginLevel: 99.9 })).toBe('marginCall');
    expect(marginBand({ ...levels, marginLevel: 150 })).toBe('watch');
    expect(marginBand({ ...levels, marginLevel: 200 })).toBe('ok');
  });

  it('keeps one entry per position, newest first, at most 100', () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      ...CLOSE,
      positionId: i + 1,
      at: new Date(Date.UTC(2026, 10, 24, 10, 0, i)).toISOString(),
    }));
    const merged = mergeCloses([{ ...CLOSE, positionId: 120, at: '2026-11-24T12:00:00.000Z' }], many);
    expect(merged).toHaveLength(100);
    expect(merged[0]).toMatchObject({ positionId: 120, at: '2026-11-24T12:00:00.000Z' });
    expect(new Set(merged.map((c) => c.positionId)).size).toBe(100);
  });
});
