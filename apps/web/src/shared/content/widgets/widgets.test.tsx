import { MESSAGES_EN } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Instrument } from '../../../api/types.js';
import { PAGE_PATH, pageAnswer, pageFixture } from '../../../features/site/siteTestKit.js';
import { fakeSockets } from '../../../test/fakeSockets.js';
import { INSTRUMENTS_FIXTURE, instrumentFixture } from '../../../test/platformFixtures.js';
import { brandFixture, renderApp } from '../../../test/renderApp.js';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const FOREX: Instrument[] = ['USDJPY', 'GBPUSD'].map((symbol) =>
  instrumentFixture({
    symbol,
    name: `FX:${symbol}`,
    displayName: symbol,
    category: 'forex',
    categoryId: 1,
    precision: 5,
  }),
);

function renderWidgets(types: string[]) {
  const sockets = fakeSockets();
  const view = renderApp('/', {
    socketFactory: sockets.factory,
    brand: { ...brandFixture(), widgets: [] },
    api: {
      [PAGE_PATH]: pageAnswer(
        pageFixture(types.map((type) => ({ component: 'widget', settings: { type } }))),
      ),
      '/api/market/instruments': () => ({
        status: 200,
        json: { status: true, data: [...INSTRUMENTS_FIXTURE, ...FOREX] },
      }),
    },
  });
  return { ...view, sockets };
}

describe('market widgets on the live price stream (spec §2)', () => {
  it('market quotes: four groups, height 500, light theme, live prices and the large-chart link', async () => {
    const { sockets } = renderWidgets(['market-quotes']);
    const widget = await screen.findByTestId('widget-market-quotes');
    expect(widget.style.height).toBe('500px');
    expect(widget.getAttribute('data-bs-theme')).toBe('light');
    for (const group of ['Crypto', 'Forex', 'Stocks', 'Commodities']) {
      expect(screen.getByTestId(`quotes-tab-${group}`)).toBeTruthy();
    }
    const row = await screen.findByTestId('quote-row-BTCUSD');
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/platform/BTCUSD');
    await waitFor(() => sockets.prices());
    sockets.prices().push('prices', { BTCUSD: { buy: 100_100, sell: 100_000 } });
    // the brand quote as the price socket sent it, the one the ticket shows and the engine deals at
    await waitFor(() => expect(within(row).getByTestId('quote-sell').textContent).toBe('100000.00'));
    expect(within(row).getByTestId('quote-buy').textContent).toBe('100100.00');
    // An instrument missing from the first snapshot is unavailable.
    expect(
      within(screen.getByTestId('quote-row-ETHUSD')).getByText(MESSAGES_EN['price.unavailable']),
    ).toBeTruthy();
    // a market that closes keeps its last prices on the widget, greyed, and says so
    sockets.prices().push('prices', { BTCUSD: { buy: null, sell: null } });
    await waitFor(() => expect(within(row).getByTestId('quote-last-sell').textContent).toBe('100000.00'));
    expect(within(row).getByTestId('quote-last-buy').className).toContain('ob-price-last');
    expect(within(row).getByText(MESSAGES_EN['price.closed'])).toBeTruthy();
    fireEvent.click(screen.getByTestId('quotes-tab-Commodities'));
    expect(await screen.findByTestId('quote-row-GOLD')).toBeTruthy();
    expect(screen.queryByTestId('quote-row-BTCUSD')).toBeNull();
  });

  it('cross rates: the eight-currency matrix, height 400, crossed through USD, — where unknown', async () => {
    const { sockets } = renderWidgets(['cross-rates']);
    const widget = await screen.findByTestId('widget-cross-rates');
    expect(widget.style.height).toBe('400px');
    await waitFor(() => sockets.prices());
    sockets.prices().push('prices', {
      EURUSD: { buy: 1.1001, sell: 1.0999 },
      USDJPY: { buy: 150.01, sell: 149.99 },
      GBPUSD: { buy: 1.2501, sell: 1.2499 },
    });
    await waitFor(() => expect(screen.getByTestId('cross-EUR-USD').textContent).toBe('1.1000'));
    expect(screen.getByTestId('cross-EUR-JPY').textContent).toBe('165.00');
    expect(screen.getByTestId('cross-GBP-EUR').textContent).toBe((1.25 / 1.1).toFixed(4));
    expect(screen.getByTestId('cross-CHF-AUD').textContent).toBe('—');
    sockets.prices().push('prices', { EURUSD: { buy: 1.1201, sell: 1.1199 } });
    await waitFor(() => expect(screen.getByTestId('cross-EUR-USD').textContent).toBe('1.1200'));
  });

  it('ticker tape: commodities, shares and crypto, live, and "Will be back soon" when unavailable', async () => {
    const { sockets } = renderWidgets(['ticker-tape']);
    const gold = await screen.findByTestId('ticker-GOLD');
    expect(gold.textContent).toContain('Gold');
    expect(screen.getByTestId('ticker-AAPL')).toBeTruthy();
    await waitFor(() => sockets.prices());
    sockets.prices().push('prices', { BTCUSD: { buy: 100_100, sell: 100_000 } });
    const btc = screen.getByTestId('ticker-BTCUSD');
    await waitFor(() => expect(within(btc).getByTestId('ticker-price').textContent).toBe('100050.00'));
    expect(gold.textContent).toContain(MESSAGES_EN['price.unavailable']);
  });
});
