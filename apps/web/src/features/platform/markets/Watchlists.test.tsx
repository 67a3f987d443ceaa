import { MESSAGES_EN, type Watchlist } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOMAIN_MESSAGES_DE } from '../../../app/i18n/messages.js';
import { authStore } from '../../../shared/session/authStore.js';
import { renderApp, userFixture } from '../../../test/renderApp.js';
import { PLATFORM_EN } from '../i18n.js';

// the market list's star, its lists and its search, against a small stand-in for the server's /api/watchlists

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });
const refused = (status: number, key: string) => ({
  status,
  json: { status: false, code: 'REFUSED', key, message: MESSAGES_EN[key as keyof typeof MESSAGES_EN] ?? key },
});

/** A server keeping the client's lists: each route applies its change and answers every list. */
function listServer(start: Watchlist[]) {
  let lists = structuredClone(start);
  const answer = () => ok({ lists });
  const edit = (id: unknown, change: (l: Watchlist) => Watchlist) => {
    lists = lists.map((l) => (l.id === id ? change(l) : l));
    return answer();
  };
  const favouritesId = () => lists.find((l) => l.favourites)?.id;
  const api = {
    '/api/watchlists': answer,
    '/api/watchlists/favourite': (body: Record<string, unknown>) =>
      edit(favouritesId(), (l) => ({
        ...l,
        symbols: body.on
          ? [...l.symbols, String(body.symbol)]
          : l.symbols.filter((s) => s !== String(body.symbol)),
      })),
    '/api/watchlists/create': (body: Record<string, unknown>) => {
      lists = [...lists, { id: 100 + lists.length, name: String(body.name), favourites: false, symbols: [] }];
      return answer();
    },
    '/api/watchlists/rename': (body: Record<string, unknown>) =>
      edit(body.id, (l) => ({ ...l, name: String(body.name) })),
    '/api/watchlists/delete': (body: Record<string, unknown>) => {
      lists = lists.filter((l) => l.id !== body.id);
      return answer();
    },
    '/api/watchlists/add': (body: Record<string, unknown>) =>
      edit(body.id, (l) => ({ ...l, symbols: [...l.symbols, String(body.symbol)] })),
    '/api/watchlists/remove': (body: Record<string, unknown>) =>
      edit(body.id, (l) => ({ ...l, symbols: l.symbols.filter((s) => s !== body.symbol) })),
    '/api/watchlists/reorder': (body: Record<string, unknown>) =>
      edit(body.id, (l) => ({ ...l, symbols: body.symbols as string[] })),
  };
  return { api, lists: () => lists };
}

const FAVOURITES: Watchlist = { id: 1, name: 'Favourites', favourites: true, symbols: ['GOLD', 'BTCUSD'] };
const PICKS: Watchlist = { id: 2, name: 'Crypto picks', favourites: false, symbols: ['ETHUSD'] };

async function platform(
  api: Record<string, (body: Record<string, unknown>) => { status: number; json: unknown }>,
  language: 'en' | 'de' = 'en',
) {
  const auth = { access_token: 'token-1', user: userFixture({ assets_group_permission: [1, 2, 3, 4, 5] }) };
  const view = renderApp('/platform/BTCUSD', {
    auth,
    language,
    api: { '/api/accounts/get': () => ok(auth), ...api },
  });
  await screen.findByTestId('market-star-BTCUSD');
  return view;
}

const rowSymbols = () =>
  within(screen.getByTestId('market-list'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('data-testid')?.replace('market-row-', ''));

describe('market list: favourites and watchlists', () => {
  it('the star puts a market on the favourites and takes it off', async () => {
    const server = listServer([FAVOURITES, PICKS]);
    const { calls } = await platform(server.api);
    const star = screen.getByTestId('market-star-ETHUSD');
    expect(star.getAttribute('aria-pressed')).toBe('false');
    expect(star.getAttribute('aria-label')).toBe('Add ETHUSD to favourites');
    expect(screen.getByTestId('market-star-BTCUSD').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(star);
    // the row under the star is not opened
    expect(screen.getByTestId('market-row-BTCUSD').getAttribute('aria-selected')).toBe('true');
    await waitFor(() =>
      expect(screen.getByTestId('market-star-ETHUSD').getAttribute('aria-pressed')).toBe('true'),
    );
    expect(calls.find((c) => c.path === '/api/watchlists/favourite')?.body).toMatchObject({
      symbol: 'ETHUSD',
      on: true,
      token: 'token-1',
    });
    expect(server.lists()[0]?.symbols).toEqual(['GOLD', 'BTCUSD', 'ETHUSD']);

    fireEvent.click(screen.getByTestId('market-star-BTCUSD'));
    await waitFor(() => expect(server.lists()[0]?.symbols).toEqual(['GOLD', 'ETHUSD']));
    expect(screen.getByTestId('market-star-BTCUSD').getAttribute('aria-pressed')).toBe('false');
  });

  it('a refused star is rolled back and a toast says why, in the reader’s language', async () => {
    const server = listServer([FAVOURITES]);
    await platform(
      { ...server.api, '/api/watchlists/favourite': () => refused(409, 'watchlists.tooManySymbols') },
      'de',
    );
    fireEvent.click(screen.getByTestId('market-star-ETHUSD'));
    expect((await screen.findByTestId('toast-danger')).textContent).toContain(
      DOMAIN_MESSAGES_DE['watchlists.tooManySymbols'] as string,
    );
    expect(screen.getByTestId('market-star-ETHUSD').getAttribute('aria-pressed')).toBe('false');
  });

  it('switches between every market, the favourites and a watchlist, in the list’s order', async () => {
    const server = listServer([FAVOURITES, PICKS]);
    await platform(server.api);
    const select = screen.getByTestId('watch-view') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      PLATFORM_EN['watch.all'],
      'Favourites (2)',
      'Crypto picks (1)',
    ]);
    expect(screen.getByTestId('market-tab-crypto')).toBeTruthy();

    fireEvent.change(select, { target: { value: '1' } });
    expect(rowSymbols()).toEqual(['GOLD', 'BTCUSD']);
    expect(screen.queryByTestId('market-tab-crypto')).toBeNull();

    fireEvent.change(select, { target: { value: '2' } });
    expect(rowSymbols()).toEqual(['ETHUSD']);

    fireEvent.change(select, { target: { value: 'all' } });
    expect(screen.getByTestId('market-tab-crypto')).toBeTruthy();
    expect(rowSymbols()).toContain('BTCUSD');
  });

  it('an empty list says how to fill it', async () => {
    const server = listServer([{ ...FAVOURITES, symbols: [] }]);
    await platform(server.api);
    fireEvent.change(screen.getByTestId('watch-view'), { target: { value: '1' } });
    expect(screen.getByTestId('market-list').textContent).toContain(PLATFORM_EN['watch.empty']);
  });

  it('makes, renames and deletes a list, adds the market on screen and orders a list with its buttons', async () => {
    const server = listServer([FAVOURITES, PICKS]);
    await platform(server.api);
    fireEvent.click(screen.getByTestId('watch-manage'));
    const manager = await screen.findByTestId('watch-manager');

    fireEvent.change(within(manager).getByTestId('watch-new-name'), { target: { value: ' Metals ' } });
    fireEvent.click(within(manager).getByTestId('watch-create'));
    await waitFor(() =>
      expect(server.lists().map((l) => l.name)).toEqual(['Favourites', 'Crypto picks', 'Metals']),
    );
    const metals = await within(manager).findByTestId('watch-list-102');

    fireEvent.click(within(metals).getByTestId('watch-rename-102'));
    fireEvent.change(within(metals).getByTestId('watch-rename-input'), { target: { value: 'Shiny' } });
    fireEvent.click(within(metals).getByTestId('watch-rename-save'));
    await waitFor(() => expect(server.lists()[2]?.name).toBe('Shiny'));

    // the market on screen (BTCUSD) goes to the chosen list
    fireEvent.change(within(manager).getByTestId('watch-add-target'), { target: { value: '102' } });
    fireEvent.click(within(manager).getByTestId('watch-add'));
    await waitFor(() => expect(server.lists()[2]?.symbols).toEqual(['BTCUSD']));

    // order of the favourites: BTCUSD up, then GOLD removed
    const up = within(manager).getByTestId('watch-up-BTCUSD');
    expect(up.getAttribute('aria-label')).toBe('Move BTCUSD up');
    expect((within(manager).getByTestId('watch-up-GOLD') as HTMLButtonElement).disabled).toBe(true);
    up.focus();
    fireEvent.click(up);
    await waitFor(() => expect(server.lists()[0]?.symbols).toEqual(['BTCUSD', 'GOLD']));
    expect(
      within(within(manager).getByTestId('watch-order'))
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-testid')),
    ).toEqual(['watch-order-BTCUSD', 'watch-order-GOLD']);
    fireEvent.click(within(manager).getByTestId('watch-remove-GOLD'));
    await waitFor(() => expect(server.lists()[0]?.symbols).toEqual(['BTCUSD']));

    fireEvent.click(within(manager).getByTestId('watch-delete-102'));
    await waitFor(() => expect(server.lists().map((l) => l.name)).toEqual(['Favourites', 'Crypto picks']));
    // the favourites can be neither renamed nor deleted
    expect(within(manager).queryByTestId('watch-delete-1')).toBeNull();
    expect(within(manager).queryByTestId('watch-rename-1')).toBeNull();
  });

  it('a list removed elsewhere brings the market list back to every market', async () => {
    const server = listServer([FAVOURITES, PICKS]);
    await platform(server.api);
    fireEvent.change(screen.getByTestId('watch-view'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('watch-manage'));
    fireEvent.click(await screen.findByTestId('watch-delete-2'));
    await waitFor(() => expect((screen.getByTestId('watch-view') as HTMLSelectElement).value).toBe('all'));
  });
});

describe('market list: search by symbol, name and alias', () => {
  const search = (text: string) =>
    fireEvent.change(screen.getByTestId('market-search'), { target: { value: text } });

  it.each([
    ['xauusd', 'GOLD'],
    ['gold', 'GOLD'],
    ['eur/usd', 'EURUSD'],
    ['spx', 'SPX500'],
    ['S&P', 'SPX500'],
    ['btc', 'BTCUSD'],
  ])('"%s" lists %s first', async (query, symbol) => {
    await platform(listServer([FAVOURITES]).api);
    search(query);
    await waitFor(() => expect(rowSymbols()[0]).toBe(symbol));
  });

  it('says when nothing matches', async () => {
    await platform(listServer([FAVOURITES]).api);
    search('qqqzzz');
    expect(await screen.findByText(PLATFORM_EN['markets.noMatch'])).toBeTruthy();
  });
});
