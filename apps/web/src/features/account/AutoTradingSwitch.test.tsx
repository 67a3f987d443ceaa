import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../shared/session/authStore.js';
import { completeUser, ok } from '../../test/paymentFixtures.js';
import { renderApp } from '../../test/renderApp.js';

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

describe('the auto-trading switch of the account panel (spec §4)', () => {
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

describe('the switch where the brand switched the auto-trading screen off (site settings)', () => {
  const renderSwitchedOff = (autoTrading: 0 | 1) => {
    const auth = { access_token: 'token-1', user: { ...completeUser(), auto_trading: autoTrading } };
    const sent: unknown[] = [];
    renderApp('/my-account/info', {
      auth,
      api: {
        '/api/singletons/get/settings': () =>
          ok({ risk_warning: 'CFDs are complex instruments.', platform_components: { auto_trading: false } }),
        '/api/accounts/get': () => ok(auth),
        '/api/accounts/autoTrading': (body) => {
          sent.push(body.auto_trading);
          return ok({ ...auth.user, auto_trading: body.auto_trading });
        },
      },
    });
    return sent;
  };

  it('is not offered to a client who has it off: no switch and no link to the page', async () => {
    renderSwitchedOff(0);
    expect(await screen.findByTestId('footer-risk-warning')).toBeTruthy();
    const panel = await screen.findByTestId('account-panel');
    expect(within(panel).queryByTestId('auto-trading-toggle')).toBeNull();
    expect(within(panel).queryByTestId('auto-trading-link')).toBeNull();
  });

  it('still lets a client who has it on switch it off (then it goes), without a link to the page', async () => {
    const sent = renderSwitchedOff(1);
    expect(await screen.findByTestId('footer-risk-warning')).toBeTruthy();
    const panel = await screen.findByTestId('account-panel');
    expect(within(panel).queryByTestId('auto-trading-link')).toBeNull();
    const toggle = within(panel).getByTestId('auto-trading-toggle') as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(sent).toEqual([0]));
    // off now, and not offered: the switch goes
    await waitFor(() => expect(within(panel).queryByTestId('auto-trading-toggle')).toBeNull());
  });
});
