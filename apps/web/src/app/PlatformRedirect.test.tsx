import { AuthData } from '@openbroker/domain';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SocketFactoryContext } from '../api/sockets.js';
import { authStore } from '../shared/session/authStore.js';
import { fakeSockets } from '../test/fakeSockets.js';
import { ASSETS_FIXTURE, EMPTY_BALANCE, INSTRUMENTS_FIXTURE } from '../test/platformFixtures.js';
import { brandFixture, renderApp, userFixture } from '../test/renderApp.js';
import { AppProviders } from './AppProviders.js';
import { createI18n } from './i18n/i18n.js';
import { ROUTES } from './routes.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const auth = { access_token: 'token-1', user: userFixture() };
const ok = (data: unknown) => ({ status: true, data });
const CHOSEN = '/platform?tvwidgetsymbol=BINANCE%3AETHUSDT';

/**
 * Settles pending navigations and effects without a clock: the router idle, then a few rounds of effects and
 * microtasks flushed, so a second redirect, if any, has happened.
 */
async function settle(router: { state: { navigation: { state: string } } }) {
  for (let round = 0; round < 5; round += 1) {
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    await act(async () => {
      await Promise.resolve();
    });
  }
}

describe('/platform with a chosen symbol (spec §2)', () => {
  it('takes the symbol from the query of the location it redirects, not from the address bar', async () => {
    // the address bar says something else entirely: only the router's location counts
    window.history.replaceState(null, '', '/somewhere');
    const { router } = renderApp(CHOSEN, {
      auth,
      api: { '/api/accounts/get': () => ({ status: 200, json: ok(auth) }) },
    });
    await screen.findByTestId('platform-screen');
    await settle(router);
    expect(router.state.location.pathname).toBe('/platform/ETHUSD');
  });

  it('stays on the chosen symbol when the page re-renders while the redirect completes', async () => {
    // the browser loads /platform?…%3AETHUSDT for a signed-in client (the address bar and the router agree)
    window.history.replaceState(null, '', CHOSEN);
    authStore.set(AuthData.parse(auth));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = (typeof input === 'string' ? input : input.toString()).split('?')[0];
        const answers: Record<string, unknown> = {
          '/api/brand': ok(brandFixture()),
          '/api/accounts/get': ok(auth),
          '/api/accounts/popups': ok([]),
          '/api/market/instruments': ok(INSTRUMENTS_FIXTURE),
          '/api/get/assets': ok(ASSETS_FIXTURE),
          '/api/accounts/getBalance': ok(EMPTY_BALANCE),
          '/api/market/candles': ok([]),
        };
        const body = path && path in answers ? answers[path] : { status: false, code: 'NOT_FOUND' };
        return new Response(JSON.stringify(body), {
          status: path && path in answers ? 200 : 404,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    // The moment the router writes /platform/ETHUSD into the address bar, something else re-renders the page
    // frame (here the session store; in the browser a query or the session check): that render still has the
    // router's old location, /platform, while the address bar has lost the query.
    const replace = window.history.replaceState.bind(window.history);
    vi.spyOn(window.history, 'replaceState').mockImplementation((data, unused, url) => {
      replace(data, unused, url);
      if (String(url).startsWith('/platform/')) authStore.set(AuthData.parse({ ...auth }));
    });
    const router = createBrowserRouter(ROUTES);
    render(
      <AppProviders i18n={createI18n('en')} queryClient={new QueryClient()}>
        <SocketFactoryContext.Provider value={fakeSockets().factory}>
          <RouterProvider router={router} />
        </SocketFactoryContext.Provider>
      </AppProviders>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/platform/ETHUSD'));
    await screen.findByTestId('platform-screen');
    await settle(router);
    expect(router.state.location.pathname).toBe('/platform/ETHUSD');
    expect(window.location.pathname).toBe('/platform/ETHUSD');
  });
});
