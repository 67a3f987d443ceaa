import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp.js';
import { authStore } from '../auth/authStore.js';
import { completeUser, ok } from '../payments/paymentFixtures.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

function renderAccount(answer: (on: unknown) => { status: number; json: unknown }) {
  const auth = { access_token: 'token-1', user: completeUser() };
  const sent: unknown[] = [];
  const view = renderApp('/my-account/info', {
    auth,
    api: {
      '/api/accounts/get': () => ok(auth),
      '/api/accounts/autoTrading': (body) => {
        sent.push(body.auto_trading);
        return answer(body.auto_trading);
      },
    },
  });
  return { ...view, sent, user: auth.user };
}

describe('the auto-trading switch of the account panel (spec §4, issue 16)', () => {
  it('links to the auto-trading page', async () => {
    renderAccount(() => ok({}));
    const panel = await screen.findByTestId('account-panel');
    expect(within(panel).getByTestId('auto-trading-link').getAttribute('href')).toBe('/auto-trading');
  });

  it('sends 1 and, when the server refuses, shows its message and the way to the page', async () => {
    const { sent } = renderAccount(() => ({
      status: 409,
      json: {
        status: false,
        code: 'CONFLICT',
        key: 'auto.error.noSettings',
        message: 'Save your auto-trading settings before switching it on.',
      },
    }));
    const toggle = (await screen.findByTestId('auto-trading-toggle')) as HTMLInputElement;
    fireEvent.click(toggle);
    await waitFor(() => expect(sent).toEqual([1]));
    const refusal = await screen.findByTestId('auto-trading-refusal');
    expect(refusal.textContent).toContain('Save your auto-trading settings before switching it on.');
    expect(within(refusal).getByRole('link').getAttribute('href')).toBe('/auto-trading');
    expect(toggle.checked).toBe(false);
  });

  it('sends 1 then 0 when the server accepts', async () => {
    const { sent, user } = renderAccount((on) => ok({ ...user, auto_trading: on }));
    const toggle = (await screen.findByTestId('auto-trading-toggle')) as HTMLInputElement;
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(await screen.findByText('Auto trading is on.')).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(false));
    expect(sent).toEqual([1, 0]);
    expect(screen.queryByTestId('auto-trading-refusal')).toBeNull();
  });
});
