import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Instrument } from '../../../api/types.js';
import { authStore } from '../../../shared/session/authStore.js';
import { fakeSockets } from '../../../test/fakeSockets.js';
import { INSTRUMENTS_FIXTURE } from '../../../test/platformFixtures.js';
import { BTC } from '../../../test/platformKit.js';
import { renderApp, userFixture } from '../../../test/renderApp.js';

// a closed market keeps its last brand quote in the market list, greyed, with when it opens — the one
// the screen last saw, or the one the catalogue carries (a page opened while the market is closed).

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });

async function platform(catalogue: Instrument[]) {
  const sockets = fakeSockets();
  const auth = { access_token: 'token-1', user: userFixture({ assets_group_permission: [1, 2, 3, 4, 5] }) };
  renderApp('/platform/BTCUSD', {
    auth,
    socketFactory: sockets.factory,
    api: { '/api/accounts/get': () => ok(auth), '/api/market/instruments': () => ok(catalogue) },
  });
  await screen.findByTestId('market-row-ETHUSD');
  await waitFor(() => sockets.prices());
  return sockets;
}

describe('closed market: the last prices in the market list', () => {
  it('keeps the last quote the screen saw when the market closes, greyed', async () => {
    const sockets = await platform(INSTRUMENTS_FIXTURE);
    sockets.prices().push('prices', { BTCUSD: BTC, ETHUSD: { buy: 3_000.5, sell: 2_990.25 } });
    sockets.prices().push('prices', { ETHUSD: { buy: null, sell: null } });
    const sell = await screen.findByTestId('market-last-sell-ETHUSD');
    expect(sell.textContent).toBe('2990.25');
    expect(sell.classList.contains('ob-price-last')).toBe(true);
    expect(screen.getByTestId('market-last-buy-ETHUSD').textContent).toBe('3000.50');
    expect(screen.getByTestId('market-closed-ETHUSD')).toBeTruthy();
  });

  it("shows the catalogue's last quote when the page opens on a closed market", async () => {
    const catalogue = INSTRUMENTS_FIXTURE.map((i) =>
      i.symbol === 'ETHUSD' ? { ...i, last: { buy: 3_100, sell: 3_090 } } : i,
    );
    const sockets = await platform(catalogue);
    sockets.prices().push('prices', { BTCUSD: BTC });
    expect((await screen.findByTestId('market-last-buy-ETHUSD')).textContent).toBe('3100.00');
    expect(screen.getByTestId('market-last-sell-ETHUSD').textContent).toBe('3090.00');
  });
});
