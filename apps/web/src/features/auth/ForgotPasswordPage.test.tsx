import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../shared/session/authStore.js';
import { renderApp } from '../../test/renderApp.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const sent = () => ({ status: 200, json: { status: true, data: {} } });

async function ask(email: string) {
  const emailField = await screen.findByLabelText(/Email|E-Mail/);
  fireEvent.change(emailField, { target: { value: email } });
  fireEvent.submit(emailField.closest('form') as HTMLFormElement);
}

// the page must not tell whether an address has an account.
describe('forgot password (spec §2)', () => {
  it.each([
    ['a registered address', 'ada@test.example'],
    ['an unknown address', 'nobody@test.example'],
  ])('confirms the same way for %s', async (_, email) => {
    const { calls } = renderApp('/password/request', { api: { '/api/get/forgotPassword': sent } });
    await ask(email);
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(document.body.textContent).toContain('If an account exists for this address');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.find((call) => call.path === '/api/get/forgotPassword')?.body).toEqual({ email });
  });

  it("confirms too when a server still answers 'Email is not exist.'", async () => {
    renderApp('/password/request', {
      api: {
        '/api/get/forgotPassword': () => ({
          status: 404,
          json: {
            status: false,
            code: 'EMAIL_NOT_FOUND',
            key: 'auth.emailNotExist',
            message: 'Email is not exist.',
          },
        }),
      },
    });
    await ask('nobody@test.example');
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('Email is not exist.');
  });

  it('confirms in German', async () => {
    renderApp('/password/request', { language: 'de', api: { '/api/get/forgotPassword': sent } });
    await ask('nobody@test.example');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prüfen Sie Ihr E-Mail-Postfach' }),
    ).toBeTruthy();
  });

  it('says so when too many requests were made, and stays on the form', async () => {
    renderApp('/password/request', {
      api: {
        '/api/get/forgotPassword': () => ({
          status: 429,
          json: {
            status: false,
            code: 'RATE_LIMITED',
            key: 'error.rateLimited',
            message: 'Too many attempts.',
          },
        }),
      },
    });
    await ask('ada@test.example');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many attempts. Please wait a minute and try again.');
    expect(within(document.body).queryByText('Check your email')).toBeNull();
  });
});
