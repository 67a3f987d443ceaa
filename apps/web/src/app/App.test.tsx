import { MESSAGES_EN } from '@openbroker/domain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '../shared/preferences/themeBoot.js';
import { AUTH_STORAGE_KEY, authStore } from '../shared/session/authStore.js';
import { brandFixture, renderApp, userFixture } from '../test/renderApp.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const auth = { access_token: 'token-1', user: userFixture() };

describe('routes', () => {
  it('shows exactly the 404 text for an unknown slug', async () => {
    renderApp('/this-page-does-not-exist-xyz');
    const box = await screen.findByTestId('not-found');
    expect(box.textContent).toBe(MESSAGES_EN['page.notFound']);
  });

  it('shows the 404 page at /404', async () => {
    renderApp('/404');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('sends a logged-out visitor of /platform to the login form', async () => {
    const { router } = renderApp('/platform');
    expect(await screen.findByTestId('login-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a logged-out visitor of /my-account to the login form', async () => {
    const { router } = renderApp('/my-account');
    await screen.findByTestId('login-form');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends /register to /login while registration is disabled', async () => {
    const { router } = renderApp('/register');
    await screen.findByTestId('login-form');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Open an account')).toBeNull();
  });

  it('opens /register and links to it from login when registration is enabled', async () => {
    renderApp('/register', { brand: brandFixture({ registrationEnabled: true }) });
    const form = await screen.findByTestId('register-form');
    expect(within(form).getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe(
      '/terms-conditions',
    );
  });

  it('shows the platform screen and the greeting to a logged-in client', async () => {
    const { router } = renderApp('/platform', {
      auth,
      api: { '/api/accounts/get': () => ({ status: 200, json: { status: true, data: auth } }) },
    });
    expect(await screen.findByTestId('platform-screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/platform/BTCUSD');
    const greeting = screen.getByTestId('user-greeting');
    expect(greeting.textContent).toContain('Ada Lovelace');
    expect(greeting.textContent).toContain('123456');
    expect(greeting.textContent).toContain('Verified');
    expect(screen.getByTestId('new-trade-panel')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('positions-open').textContent).toContain(MESSAGES_EN['positions.empty']),
    );
  });

  it('sends a logged-in client from home to the platform', async () => {
    const { router } = renderApp('/', { auth });
    await screen.findByTestId('platform-screen');
    expect(router.state.location.pathname).toBe('/platform/BTCUSD');
  });

  it('hides Referrals and the level link in restricted mode', async () => {
    renderApp('/my-account/info', { auth, brand: brandFixture({ restrictedMode: true }) });
    await screen.findByTestId('account-screen');
    expect(screen.queryByRole('link', { name: 'Referrals' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Level/ })).toBeNull();
  });
});

describe('session', () => {
  it('logout clears the stored auth and theme and goes to /login', async () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const { router, calls } = renderApp('/transactions/credits', { auth });
    await screen.findByTestId('transactions-screen');
    fireEvent.click(screen.getByTestId('logout'));
    await screen.findByTestId('login-form');
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull());
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    const logoutCall = calls.find((call) => call.path === '/api/accounts/logout');
    expect(logoutCall?.body.token).toBe('token-1');
    expect(logoutCall?.headers.Authorization).toBe('Bearer token-1');
  });

  it('a 401 from the session check logs out', async () => {
    const { router } = renderApp('/referrals', {
      auth,
      api: {
        '/api/accounts/get': () => ({
          status: 401,
          json: { status: false, code: 'UNAUTHORIZED', message: 'error.unauthorized' },
        }),
      },
    });
    expect(await screen.findByText('Your session has ended. Please log in again.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(authStore.get()).toBeNull());
  });
});

describe('login form', () => {
  it('shows the domain message for an invalid email, without calling the server', async () => {
    const { calls } = renderApp('/login');
    const form = await screen.findByTestId('login-form');
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.submit(form);
    expect(await screen.findByText(MESSAGES_EN['email.invalid'])).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/accounts/login')).toBe(false);
  });

  it('shows the translated server refusal', async () => {
    renderApp('/login', {
      language: 'de',
      api: {
        '/api/accounts/login': () => ({
          status: 401,
          json: { status: false, code: 'INVALID_CREDENTIALS', message: 'Invalid credentials.' },
        }),
      },
    });
    const form = await screen.findByTestId('login-form');
    fireEvent.change(within(form).getByLabelText('E-Mail'), { target: { value: 'ada@test.example' } });
    fireEvent.change(within(form).getByLabelText('Passwort'), { target: { value: 'wrong-password' } });
    fireEvent.submit(form);
    expect(await screen.findByText('Ungültige Zugangsdaten.')).toBeTruthy();
  });

  it('logs in, stores the session and opens the platform', async () => {
    const { router, calls } = renderApp('/login', {
      api: {
        '/api/accounts/login': () => ({ status: 200, json: { status: true, data: auth } }),
        '/api/accounts/get': () => ({ status: 200, json: { status: true, data: auth } }),
      },
    });
    const form = await screen.findByTestId('login-form');
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'Ada@Test.example' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.submit(form);
    await screen.findByTestId('platform-screen');
    expect(router.state.location.pathname).toBe('/platform/BTCUSD');
    expect(JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}').access_token).toBe('token-1');
    const body = calls.find((call) => call.path === '/api/accounts/login')?.body;
    expect(body).toMatchObject({ email: 'ada@test.example', password: 'correct horse' });
    expect(typeof body?.info).toBe('string');
  });
});

describe('chrome', () => {
  it('switching to German changes the menu and is remembered', async () => {
    renderApp('/');
    expect((await screen.findByTestId('nav-login')).textContent).toBe('Login');
    await act(async () => {
      fireEvent.change(screen.getByTestId('language-select'), { target: { value: 'de' } });
    });
    await waitFor(() => expect(screen.getByTestId('nav-login').textContent).toBe('Anmelden'));
    expect(window.localStorage.getItem('ob.lang')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  it('says so in full page when the server cannot be reached', async () => {
    renderApp('/', { brand: null });
    expect(await screen.findByTestId('app-unavailable', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
