import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, userFixture } from '../../test/renderApp.js';
import { accountFixture, accountListFixture } from '../../test/tradingAccountFixtures.js';
import { authStore } from '../session/authStore.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const auth = { access_token: 'token-1', user: userFixture() };
const ok = (data: unknown) => ({ status: 200, json: { status: true, data } });

const EUR = accountFixture();
const USD = accountFixture({
  id: 2,
  number: 'L-123456-2',
  currency: 'USD',
  balance: '2500.50',
  equity: '2600.00',
  margin: '500.00',
  marginLevel: '520.00',
  current: false,
});
const DEMO = accountFixture({
  id: 3,
  number: 'D-123456-1',
  kind: 'demo',
  balance: '10000.00',
  equity: '9950.00',
  current: false,
});

/** A server holding the three accounts whose current one follows POST /api/accounts/current. */
function accountsServer(current = 1) {
  let currentId = current;
  const list = () => accountListFixture([EUR, USD, DEMO].map((a) => ({ ...a, current: a.id === currentId })));
  return {
    '/api/accounts': () => ok(list()),
    '/api/accounts/current': (body: Record<string, unknown>) => {
      currentId = Number(body.accountId);
      return ok(list());
    },
    '/api/transactions/get/token-1': () => ok([]),
  };
}

const switcher = () => screen.findByTestId('account-switcher-header');

describe('the account switcher of the client area header', () => {
  it("shows the current account's number and currency with its balance in the account's currency", async () => {
    renderApp('/transactions/deposits', { auth, api: accountsServer(2) });
    const toggle = within(await switcher()).getByTestId('account-switcher');
    expect(toggle.textContent).toContain('L-123456-2');
    expect(toggle.textContent).toContain('USD');
    // the account's currency, not the brand's euro
    expect(within(toggle).getByTestId('account-switcher-balance').textContent).toBe('$2,500.50');
    expect(within(toggle).queryByTestId('demo-badge')).toBeNull();
  });

  it('lists every account with its balance, equity and margin level, the demo one marked DEMO', async () => {
    const { calls } = renderApp('/transactions/deposits', { auth, api: accountsServer() });
    const box = await switcher();
    const listed = () => calls.filter((call) => call.path === '/api/accounts').length;
    await waitFor(() => expect(listed()).toBe(1));
    fireEvent.click(within(box).getByTestId('account-switcher'));
    // read afresh on opening
    await waitFor(() => expect(listed()).toBe(2));
    const rows = within(box).getAllByTestId('account-row');
    expect(rows.map((row) => row.getAttribute('data-account'))).toEqual([
      'L-123456-1',
      'L-123456-2',
      'D-123456-1',
    ]);
    expect(rows[0]?.getAttribute('aria-current')).toBe('true');
    expect(rows[1]?.textContent).toContain('$2,500.50');
    expect(rows[1]?.textContent).toContain('$2,600.00');
    expect(rows[1]?.textContent).toContain('520 %');
    expect(within(rows[2] as HTMLElement).getByTestId('demo-badge').textContent).toBe('DEMO');
    expect(within(rows[0] as HTMLElement).queryByTestId('demo-badge')).toBeNull();
    expect(within(box).getByRole('button', { name: /Open account/ })).toBeTruthy();
    expect(within(box).getByRole('button', { name: /Transfer between accounts/ })).toBeTruthy();
    // a reset is for a demo account, and the current one is live
    expect(within(box).queryByRole('button', { name: /Reset demo balance/ })).toBeNull();
  });

  it('a click switches the account, and the account-scoped views load again for the new one', async () => {
    const { calls } = renderApp('/transactions/deposits', { auth, api: accountsServer() });
    const box = await switcher();
    const transactions = () => calls.filter((call) => call.path === '/api/transactions/get/token-1').length;
    await waitFor(() => expect(transactions()).toBe(1));
    fireEvent.click(within(box).getByTestId('account-switcher'));
    const demoRow = within(box)
      .getAllByTestId('account-row')
      .find((row) => row.getAttribute('data-account') === 'D-123456-1') as HTMLElement;
    fireEvent.click(demoRow);
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/accounts/current')?.body).toMatchObject({
        accountId: 3,
      }),
    );
    // the transactions are the demo account's now: read again
    await waitFor(() => expect(transactions()).toBe(2));
    const toggle = within(box).getByTestId('account-switcher');
    await waitFor(() => expect(toggle.textContent).toContain('D-123456-1'));
    expect(within(toggle).getByTestId('demo-badge').textContent).toBe('DEMO');
    expect(await screen.findByText('You are now trading on D-123456-1.')).toBeTruthy();
  });

  it("shows the server's refusal of a switch in the menu, in the reader's language", async () => {
    renderApp('/transactions/deposits', {
      auth,
      language: 'de',
      api: {
        ...accountsServer(),
        '/api/accounts/current': () => ({
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
    const box = await switcher();
    fireEvent.click(within(box).getByTestId('account-switcher'));
    fireEvent.click(within(box).getAllByTestId('account-row')[1] as HTMLElement);
    const alert = await within(box).findByRole('alert');
    expect(alert.textContent).toContain('Zu viele Versuche');
    expect(within(box).getByTestId('account-switcher').textContent).toContain('L-123456-1');
  });

  it('offers the reset of a demo balance on a demo account, after a confirmation', async () => {
    let resets = 0;
    renderApp('/transactions/deposits', {
      auth,
      api: {
        ...accountsServer(3),
        '/api/accounts/reset': () => {
          resets += 1;
          return ok({});
        },
      },
    });
    const box = await switcher();
    expect(within(within(box).getByTestId('account-switcher')).getByTestId('demo-badge')).toBeTruthy();
    fireEvent.click(within(box).getByTestId('account-switcher'));
    fireEvent.click(within(box).getByRole('button', { name: /Reset demo balance/ }));
    const dialog = await screen.findByTestId('reset-demo-dialog');
    expect(dialog.textContent).toContain('D-123456-1');
    expect(dialog.textContent).toContain('€10,000.00');
    expect(resets).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset balance' }));
    await waitFor(() => expect(resets).toBe(1));
    expect(await screen.findByText('The demo balance of D-123456-1 was reset.')).toBeTruthy();
  });

  it('shows nothing where the server lists no accounts', async () => {
    renderApp('/transactions/deposits', {
      auth,
      api: {
        '/api/accounts': () => ({ status: 404, json: { status: false, code: 'NOT_FOUND', message: 'x' } }),
      },
    });
    expect(await screen.findByTestId('transactions-screen')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('account-switcher')).toBeNull());
  });
});

describe('opening an account', () => {
  it('opens a live account in a currency the brand offers, or a demo account', async () => {
    const opened: Record<string, unknown>[] = [];
    renderApp('/transactions/deposits', {
      auth,
      api: {
        ...accountsServer(),
        '/api/accounts': (body) => {
          if (body.kind) {
            opened.push(body);
            return ok(accountFixture({ id: 9, number: 'L-123456-3', currency: 'GBP', current: false }));
          }
          return ok(accountListFixture([EUR], { liveCurrencies: ['EUR', 'GBP'] }));
        },
      },
    });
    const box = await switcher();
    fireEvent.click(within(box).getByTestId('account-switcher'));
    fireEvent.click(within(box).getByRole('button', { name: /Open account/ }));
    const dialog = await screen.findByTestId('open-account-dialog');
    const currency = within(dialog).getByLabelText('Currency') as HTMLSelectElement;
    expect([...currency.options].map((o) => o.value)).toEqual(['EUR', 'GBP']);
    // the demo choice says what it starts with, and is marked DEMO
    expect(dialog.textContent).toContain('Practise with €10,000.00 of virtual money.');
    expect(within(dialog).getByTestId('demo-badge')).toBeTruthy();
    fireEvent.change(currency, { target: { value: 'GBP' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open account' }));
    await waitFor(() => expect(opened).toEqual([{ kind: 'live', currency: 'GBP', token: 'token-1' }]));
    expect(await screen.findByText('Account L-123456-3 is open.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('open-account-dialog')).toBeNull());
  });

  it('sends a demo account when the client picks one', async () => {
    const opened: Record<string, unknown>[] = [];
    renderApp('/transactions/deposits', {
      auth,
      api: {
        ...accountsServer(),
        '/api/accounts': (body) => {
          if (body.kind) {
            opened.push(body);
            return ok(accountListFixture([EUR, { ...DEMO, id: 4, number: 'D-123456-2' }]));
          }
          return ok(accountListFixture([EUR]));
        },
      },
    });
    const box = await switcher();
    fireEvent.click(within(box).getByTestId('account-switcher'));
    fireEvent.click(within(box).getByRole('button', { name: /Open account/ }));
    const dialog = await screen.findByTestId('open-account-dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Demo account/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open account' }));
    await waitFor(() => expect(opened).toMatchObject([{ kind: 'demo', currency: 'EUR' }]));
  });
});
