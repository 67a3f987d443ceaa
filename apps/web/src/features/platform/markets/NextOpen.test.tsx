import { MESSAGES_EN } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Instrument } from '../../../api/types.js';
import { authStore } from '../../../shared/session/authStore.js';
import { fakeSockets } from '../../../test/fakeSockets.js';
import { INSTRUMENTS_FIXTURE, positionFixture } from '../../../test/platformFixtures.js';
import { BTC, orderFixture, withAccount } from '../../../test/platformKit.js';
import { renderApp, userFixture } from '../../../test/renderApp.js';
import { formatOpening, formatOpeningShort } from './NextOpen.js';

// A closed market says when it opens next (in the client's time zone) wherever its price would be:
// the open position's row, the Orders tab and the edit and close dialogs — also when it closes while the page is open.

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });
const ETH = { buy: 3_000, sell: 2_990 };
const position = positionFixture({ id: 7, symbol: 'ETHUSD', amount: 500, leverage: 2, open_rate: 3_000 });
const order = orderFixture({ id: 31, symbol: 'ETHUSD', symbolName: 'BINANCE:ETHUSDT', price: 2_800 });

const withOpening = (nextOpen: number): Instrument[] =>
  INSTRUMENTS_FIXTURE.map((i) =>
    i.symbol === 'ETHUSD' ? { ...i, nextOpen: new Date(nextOpen).toISOString() } : i,
  );

/** The platform on BTCUSD with a position and an order on ETHUSD; `catalogue` answers each catalogue request. */
async function platform(catalogue: () => Instrument[]) {
  const sockets = fakeSockets();
  const auth = { access_token: 'token-1', user: userFixture({ assets_group_permission: [1, 2, 3, 4, 5] }) };
  const instruments = vi.fn(() => ok(catalogue()));
  renderApp('/platform/BTCUSD', {
    auth,
    socketFactory: sockets.factory,
    api: { '/api/accounts/get': () => ok(auth), '/api/market/instruments': instruments },
  });
  await screen.findByTestId('market-row-ETHUSD');
  await waitFor(() => sockets.prices());
  await withAccount(sockets, [position]);
  sockets.trading().push('orders', { open: [order], history: [] });
  return { sockets, instruments };
}

const opensText = (at: number) => `Opens ${formatOpening(at, 'en')}`;

describe('closed market: the next opening beside every price', () => {
  it('shows it in the position row, the Orders tab and the order dialog', async () => {
    const nextOpen = Date.now() + 26 * 3_600_000;
    const { sockets } = await platform(() => withOpening(nextOpen));
    // ETHUSD has no price: the market is closed
    sockets.prices().push('prices', { BTCUSD: BTC });

    const row = await screen.findByTestId('position-row-7');
    const cell = within(row).getByTestId('position-unavailable');
    await waitFor(() => expect(cell.textContent).toContain(MESSAGES_EN['price.unavailable']));
    expect(within(cell).getByTestId('position-closed-7-next-open').textContent).toContain(
      opensText(nextOpen),
    );

    fireEvent.click(screen.getByTestId('positions-tab-orders'));
    const orderRow = await screen.findByTestId('order-row-31');
    expect(within(orderRow).getByTestId('order-current').textContent).toContain(
      MESSAGES_EN['price.unavailable'],
    );
    expect(within(orderRow).getByTestId('order-closed-31-next-open').textContent).toContain(
      opensText(nextOpen),
    );

    fireEvent.click(within(orderRow).getByTestId('order-edit-31'));
    const current = await screen.findByTestId('order-edit-current');
    expect(current.textContent).toContain(MESSAGES_EN['price.unavailable']);
    expect(within(current).getByTestId('order-edit-closed-next-open').textContent).toContain(
      opensText(nextOpen),
    );
  });

  it('a market that closes while the page is open asks the catalogue again and shows its opening', async () => {
    const nextOpen = Date.now() + 3 * 3_600_000;
    let closed = false;
    // the server gives the next opening once the market is closed
    const { sockets, instruments } = await platform(() =>
      closed ? withOpening(nextOpen) : INSTRUMENTS_FIXTURE,
    );
    sockets.prices().push('prices', { BTCUSD: BTC, ETHUSD: ETH });
    const row = await screen.findByTestId('position-row-7');
    await waitFor(() => expect(within(row).getByTestId('position-profit')).toBeTruthy());
    // the close dialog is open when the market closes
    fireEvent.click(within(row).getByTestId('position-close-7'));
    const modal = await screen.findByTestId('position-close-modal');
    const requests = instruments.mock.calls.length;

    closed = true;
    sockets.prices().push('prices', { ETHUSD: { buy: null, sell: null } });

    await waitFor(() =>
      expect(within(modal).getByTestId('position-close-closed-next-open').textContent).toContain(
        opensText(nextOpen),
      ),
    );
    expect(within(row).getByTestId('position-closed-7-next-open').textContent).toContain(opensText(nextOpen));
    // one more request for every place that shows the closed market
    expect(instruments.mock.calls.length).toBe(requests + 1);
  });

  it('the position dialog open when the market closes says when it opens', async () => {
    const nextOpen = Date.now() + 50 * 3_600_000;
    const { sockets } = await platform(() => withOpening(nextOpen));
    sockets.prices().push('prices', { BTCUSD: BTC, ETHUSD: ETH });
    const row = await screen.findByTestId('position-row-7');
    fireEvent.click(await within(row).findByTestId('position-edit-7'));
    const reference = await screen.findByTestId('position-edit-reference');
    sockets.prices().push('prices', { ETHUSD: { buy: null, sell: null } });
    await waitFor(() => expect(reference.textContent).toContain(MESSAGES_EN['price.unavailable']));
    expect(within(reference).getByTestId('position-edit-closed-next-open').textContent).toContain(
      opensText(nextOpen),
    );
  });

  it('shows only "Will be back soon" when the server knows no opening, asking once', async () => {
    const { sockets, instruments } = await platform(() => INSTRUMENTS_FIXTURE);
    sockets.prices().push('prices', { BTCUSD: BTC });
    const cell = await screen.findByTestId('position-unavailable');
    await waitFor(() => expect(instruments.mock.calls.length).toBe(2));
    expect(cell.textContent).toBe(MESSAGES_EN['price.unavailable']);
    expect(within(cell).queryByTestId('position-closed-7-next-open')).toBeNull();
  });
});

describe('closed market in the market list: the short form, the full one as title', () => {
  it('names the weekday within the coming week and the date beyond, without the zone', () => {
    const now = Date.UTC(2026, 10, 29, 7, 0); // a Sunday
    const monday = Date.UTC(2026, 10, 30, 0, 0);
    expect(formatOpeningShort(monday, 'en', now, 'UTC')).toMatch(/^Mon,? 12:00\sAM$/);
    expect(formatOpeningShort(monday, 'de', now, 'UTC')).toMatch(/^Mo\.,? 00:00$/);
    const later = Date.UTC(2026, 11, 8, 14, 30);
    expect(formatOpeningShort(later, 'en', now, 'UTC')).toMatch(/^Dec 8,? 02:30\sPM$/);
    expect(formatOpeningShort(later, 'en', now, 'UTC')).not.toMatch(/UTC|Tue/);
  });

  it('shows the short form in the row, with the full text as its title and for screen readers', async () => {
    const nextOpen = Date.now() + 26 * 3_600_000;
    const { sockets } = await platform(() => withOpening(nextOpen));
    sockets.prices().push('prices', { BTCUSD: BTC });
    const opening = await screen.findByTestId('market-closed-ETHUSD-next-open');
    expect(opening.getAttribute('title')).toBe(opensText(nextOpen));
    const shown = opening.querySelector('[aria-hidden="true"]:not(.bi)');
    expect(shown?.textContent).toBe(`Opens ${formatOpeningShort(nextOpen, 'en')}`);
    expect(opening.querySelector('.visually-hidden')?.textContent).toBe(opensText(nextOpen));
  });
});
