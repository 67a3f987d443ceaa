import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../shared/session/authStore.js';
import { completeUser, ok } from '../test/paymentFixtures.js';
import { brandFixture, renderApp } from '../test/renderApp.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
});

const auth = { access_token: 'token-1', user: completeUser() };
const signedIn = {
  auth,
  api: {
    '/api/accounts/get': () => ok(auth),
    '/api/transactions/get/token-1': () => ok([]),
  },
};

describe('every page has its own window title, "Page · Brand"', () => {
  for (const [path, title, options] of [
    ['/login', 'Log in · Test Broker', {}],
    ['/register', 'Open an account · Test Broker', { brand: brandFixture({ registrationEnabled: true }) }],
    ['/password/request', 'Forgot password · Test Broker', {}],
    ['/affiliate', 'Affiliates · Test Broker', {}],
    ['/404', 'Page not found · Test Broker', {}],
    ['/my-account/password', 'Password · My account · Test Broker', signedIn],
    ['/payment/deposit', 'Deposit · Test Broker', signedIn],
    ['/payment/withdraw', 'Withdraw · Test Broker', signedIn],
    ['/transactions/withdrawals', 'Withdrawals · Transactions · Test Broker', signedIn],
  ] as const) {
    it(`${path}: ${title}`, async () => {
      renderApp(path, options);
      await waitFor(() => expect(document.title).toBe(title));
    });
  }

  it('in German too', async () => {
    renderApp('/login', { language: 'de' });
    await waitFor(() => expect(document.title).toBe('Anmelden · Test Broker'));
  });
});
