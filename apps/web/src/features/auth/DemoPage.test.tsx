import { MESSAGES_EN } from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY, authStore, captureReferralCode } from '../../shared/session/authStore.js';
import { renderApp, userFixture } from '../../test/renderApp.js';
import { accountFixture, accountListFixture } from '../../test/tradingAccountFixtures.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const auth = { access_token: 'token-demo', user: userFixture({ token: 'token-demo' }) };
const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });
const DEMO = accountFixture({ id: 5, number: 'D-123456-1', kind: 'demo' });

function fill(form: HTMLElement, label: string, value: string) {
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });
}

describe('"Try a demo" on the public site', () => {
  it('goes from the home page to the form in one click, and into the terminal with a demo account in one more', async () => {
    captureReferralCode('?ref=PARTNER7', '/');
    const { calls, router } = renderApp('/', {
      api: {
        '/api/demo': () => ok(auth),
        '/api/accounts/get': () => ok(auth),
        '/api/accounts': () => ok(accountListFixture([DEMO])),
      },
    });
    fireEvent.click(await screen.findByTestId('nav-demo'));
    const form = await screen.findByTestId('demo-form');
    expect(router.state.location.pathname).toBe('/demo');
    // e-mail and password only
    expect(within(form).getAllByRole('textbox')).toHaveLength(1);
    fill(form, 'Email', 'Vera@Example.com');
    fill(form, 'Password', 'a long secret');
    fireEvent.click(within(form).getByRole('button', { name: 'Start the demo' }));

    await screen.findByTestId('platform-screen');
    expect(router.state.location.pathname).toBe('/platform/BTCUSD');
    // stored as a login stores it
    expect(authStore.get()).toEqual(auth);
    expect(JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null')).toEqual(auth);
    expect(calls.find((call) => call.path === '/api/demo')?.body).toMatchObject({
      email: 'vera@example.com',
      password: 'a long secret',
      language: 'en',
      ref: 'PARTNER7',
    });
    // the demo account is marked so in the header and in the terminal
    for (const place of ['header', 'terminal']) {
      const toggle = within(await screen.findByTestId(`account-switcher-${place}`)).getByTestId(
        'account-switcher',
      );
      await waitFor(() => expect(within(toggle).getByTestId('demo-badge').textContent).toBe('DEMO'));
    }
  });

  it('checks the e-mail and the password as registration does, before any call', async () => {
    const { calls } = renderApp('/demo');
    const form = await screen.findByTestId('demo-form');
    fill(form, 'Email', 'not-an-address');
    fill(form, 'Password', 'short');
    fireEvent.submit(form);
    expect(await within(form).findByText(MESSAGES_EN['email.invalid'])).toBeTruthy();
    expect(within(form).getByText('Password has minimum 8 characters')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/demo')).toBe(false);
    expect(authStore.get()).toBeNull();
  });

  it("shows the server's refusal in the visitor's language and stays on the form", async () => {
    const { router } = renderApp('/demo', {
      language: 'de',
      api: {
        '/api/demo': () => ({
          status: 409,
          json: {
            status: false,
            code: 'EMAIL_TAKEN',
            key: 'auth.emailTaken',
            message: 'This email already exist',
          },
        }),
      },
    });
    const form = await screen.findByTestId('demo-form');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ein Demokonto ausprobieren');
    fill(form, 'E-Mail', 'vera@example.com');
    fill(form, 'Passwort', 'a long secret');
    fireEvent.submit(form);
    expect(await screen.findByText('Diese E-Mail-Adresse ist bereits registriert')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/demo');
    expect(authStore.get()).toBeNull();
  });

  it('sends a signed-in client on to the platform', async () => {
    const { router } = renderApp('/demo', { auth: { access_token: 'token-1', user: userFixture() } });
    await screen.findByTestId('platform-screen');
    expect(router.state.location.pathname).toBe('/platform/BTCUSD');
  });
});
