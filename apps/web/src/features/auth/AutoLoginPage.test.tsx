import { MESSAGES_EN } from '@openbroker/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore, REGISTER_FLAG_KEY } from '../../shared/session/authStore.js';
import { renderApp, userFixture } from '../../test/renderApp.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });
const complete = userFixture({
  phone: '+4915112345678',
  birth_date: '1990-04-01',
  country_id: 1,
  state: 'Berlin',
  city: 'Berlin',
  street: 'Unter den Linden 1',
  zip_code: '10117',
});

// spec §2: the login button is clicked automatically after 2 s; then the platform's code loads, which takes
// seconds more on a loaded machine
const AFTER_CLICK = { timeout: 15_000 };

describe('auto login (spec §2 /autoLogin/{code})', () => {
  it('logs in by itself after 2 s and opens the platform when the profile is complete', async () => {
    const auth = { access_token: 'token-auto', user: complete };
    const { router, calls } = renderApp('/autoLogin/abc123', {
      api: { '/api/accounts/login/abc123': () => ok(auth), '/api/accounts/get': () => ok(auth) },
    });
    expect(await screen.findByRole('button', { name: 'Log in now' })).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/accounts/login/'))).toBe(false);
    await screen.findByTestId('platform-screen', {}, AFTER_CLICK);
    expect(router.state.location.pathname).toBe('/platform/BTCUSD');
    expect(authStore.get()?.access_token).toBe('token-auto');
    expect(window.localStorage.getItem(REGISTER_FLAG_KEY)).toBeNull();
  });

  it('goes to my-account/info with the register flag when details are missing', async () => {
    const auth = { access_token: 'token-auto', user: userFixture() };
    const { router } = renderApp('/autoLogin/abc123', {
      api: { '/api/accounts/login/abc123': () => ok(auth), '/api/accounts/get': () => ok(auth) },
    });
    await screen.findByTestId('account-screen', {}, AFTER_CLICK);
    expect(router.state.location.pathname).toBe('/my-account/info');
    expect(window.localStorage.getItem(REGISTER_FLAG_KEY)).toBe('1');
  });

  it('shows login.auto.error for a used or expired code', async () => {
    renderApp('/autoLogin/used', {
      api: {
        '/api/accounts/login/used': () => ({
          status: 401,
          json: { status: false, code: 'AUTO_LOGIN_INVALID', key: 'login.auto.error', message: 'x' },
        }),
      },
    });
    expect(await screen.findByText(MESSAGES_EN['login.auto.error'], {}, AFTER_CLICK)).toBeTruthy();
    await waitFor(() => expect(authStore.get()).toBeNull());
    expect(screen.getByRole('link', { name: 'Go to the login page' }).getAttribute('href')).toBe('/login');
  });
});
