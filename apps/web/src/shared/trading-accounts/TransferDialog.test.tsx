import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RenderAppOptions, renderApp, userFixture } from '../../test/renderApp.js';
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

const EUR = accountFixture({ balance: '5000.00', equity: '5000.00' });
const USD = accountFixture({ id: 2, number: 'L-123456-2', currency: 'USD', balance: '0.00', current: false });
const DEMO = accountFixture({ id: 3, number: 'D-123456-1', kind: 'demo', current: false });

const FIGURES = {
  fromAccountId: 1,
  toAccountId: 2,
  debit: { amount: '1000.00', currency: 'EUR' },
  credit: { amount: '1085.20', currency: 'USD' },
  rate: '1.0852',
  pair: 'EURUSD',
};

async function openTransfer(api: NonNullable<RenderAppOptions['api']>) {
  const view = renderApp('/transactions/deposits', {
    auth,
    api: {
      '/api/accounts': () => ok(accountListFixture([EUR, USD, DEMO])),
      '/api/transactions/get/token-1': () => ok([]),
      ...api,
    },
  });
  const box = await screen.findByTestId('account-switcher-header');
  fireEvent.click(within(box).getByTestId('account-switcher'));
  fireEvent.click(within(box).getByRole('button', { name: /Transfer between accounts/ }));
  const dialog = await screen.findByTestId('transfer-dialog');
  return { ...view, dialog };
}

describe('a transfer between two of the client’s live accounts', () => {
  it('sends the rate it showed, and on a requote shows the new rate and asks again, booking nothing meanwhile', async () => {
    const MOVED = { ...FIGURES, credit: { amount: '1096.10', currency: 'USD' }, rate: '1.0961' };
    let quotes = 0;
    const booked: Record<string, unknown>[] = [];
    const { dialog } = await openTransfer({
      '/api/accounts/transfers/quote': () => ok(++quotes === 1 ? FIGURES : MOVED),
      '/api/accounts/transfers': (body) => {
        booked.push(body);
        if (body.quotedRate === FIGURES.rate)
          return {
            status: 409,
            json: {
              status: false,
              code: 'TRANSFER_REQUOTE',
              key: 'transfers.requote',
              message: 'The rate moved',
              errors: [
                {
                  path: '',
                  key: 'transfers.requote',
                  params: { rate: '1.0961', credit: '$1,096.10' },
                  message: 'The rate moved',
                },
              ],
            },
          };
        return ok({ ...MOVED, id: 78, bookedAt: '2026-12-01T05:00:00.000Z' });
      },
    });
    fireEvent.change(within(dialog).getByLabelText('Amount in EUR'), { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show the rate' }));
    await within(dialog).findByTestId('transfer-figures');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));

    // the requote: its words, and the new figures to confirm
    expect(
      await within(dialog).findByText(/The rate moved to 1\.0961: you would receive \$1,096\.10/),
    ).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByTestId('transfer-rate').textContent).toBe('1 EUR = 1.0961 USD (EURUSD)'),
    );
    expect(within(dialog).queryByTestId('transfer-booked')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));
    await within(dialog).findByTestId('transfer-booked');
    expect(booked.map((b) => b.quotedRate)).toEqual(['1.0852', '1.0961']);
  });

  it('offers the live accounts only, and shows the quote before the confirm button', async () => {
    const booked: Record<string, unknown>[] = [];
    const { dialog, calls } = await openTransfer({
      '/api/accounts/transfers/quote': () => ok(FIGURES),
      '/api/accounts/transfers': (body) => {
        booked.push(body);
        return ok({ ...FIGURES, id: 77, bookedAt: '2026-12-01T05:00:00.000Z' });
      },
    });
    const from = within(dialog).getByLabelText('From') as HTMLSelectElement;
    expect([...from.options].map((o) => o.textContent)).toEqual([
      'L-123456-1 · EUR · €5,000.00',
      'L-123456-2 · USD · $0.00',
    ]);
    expect((within(dialog).getByLabelText('To') as HTMLSelectElement).value).toBe('2');
    expect(within(dialog).queryByRole('button', { name: 'Confirm transfer' })).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Amount in EUR'), { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show the rate' }));

    const figures = await within(dialog).findByTestId('transfer-figures');
    expect(calls.find((c) => c.path === '/api/accounts/transfers/quote')?.body).toMatchObject({
      fromAccountId: 1,
      toAccountId: 2,
      amount: '1000',
    });
    expect(within(figures).getByTestId('transfer-debit').textContent).toBe('€1,000.00');
    expect(within(figures).getByTestId('transfer-rate').textContent).toBe('1 EUR = 1.0852 USD (EURUSD)');
    expect(within(figures).getByTestId('transfer-credit').textContent).toBe('$1,085.20');
    // nothing is booked before the client confirms
    expect(booked).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm transfer' }));
    const done = await within(dialog).findByTestId('transfer-booked');
    expect(done.textContent).toBe('Transfer booked: €1,000.00 from L-123456-1, $1,085.20 to L-123456-2.');
    expect(booked).toMatchObject([{ fromAccountId: 1, toAccountId: 2, amount: '1000' }]);
  });

  it('checks the amount before asking the server', async () => {
    const { dialog, calls } = await openTransfer({});
    fireEvent.change(within(dialog).getByLabelText('Amount in EUR'), { target: { value: '10.555' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show the rate' }));
    expect(
      await within(dialog).findByText('Enter an amount above 0 with at most two decimals.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/accounts/transfers/quote')).toBe(false);
  });

  it("shows the server's refusal as its translated message, and books nothing", async () => {
    const refusal = () => ({
      status: 422,
      json: {
        status: false,
        code: 'REFUSED',
        key: 'withdraw.noBalance',
        message: "You don't have balance to withdraw",
      },
    });
    const { dialog, calls } = await openTransfer({
      '/api/accounts/transfers/quote': () => ok(FIGURES),
      '/api/accounts/transfers': refusal,
    });
    fireEvent.change(within(dialog).getByLabelText('Amount in EUR'), { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show the rate' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Confirm transfer' }));
    // the server's message, not the dialog's own
    const alert = await within(dialog).findByTestId('transfer-refusal');
    expect(alert.textContent).toBe("You don't have balance to withdraw");
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/accounts/transfers')).toHaveLength(1));
    expect(within(dialog).queryByTestId('transfer-booked')).toBeNull();
  });

  it("shows a refusal's values too (the server names them with its field message)", async () => {
    const { dialog } = await openTransfer({
      '/api/accounts/transfers/quote': () => ({
        status: 400,
        json: {
          status: false,
          code: 'VALIDATION',
          key: 'error.validation',
          message: 'Invalid input',
          errors: [{ path: '', key: 'withdraw.maximum', params: { max: '€ 4000.00' }, message: 'x' }],
        },
      }),
    });
    fireEvent.change(within(dialog).getByLabelText('Amount in EUR'), { target: { value: '5000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show the rate' }));
    const alert = await within(dialog).findByTestId('transfer-refusal');
    expect(alert.textContent).toBe('Maximum withdraw can be € 4000.00');
    expect(within(dialog).queryByRole('button', { name: 'Confirm transfer' })).toBeNull();
  });

  it('explains that a transfer needs two live accounts', async () => {
    renderApp('/transactions/deposits', {
      auth,
      api: {
        '/api/accounts': () => ok(accountListFixture([EUR, DEMO])),
        '/api/transactions/get/token-1': () => ok([]),
      },
    });
    const box = await screen.findByTestId('account-switcher-header');
    fireEvent.click(within(box).getByTestId('account-switcher'));
    fireEvent.click(within(box).getByRole('button', { name: /Transfer between accounts/ }));
    const dialog = await screen.findByTestId('transfer-dialog');
    expect(dialog.textContent).toContain('Open a second live account first.');
  });
});
