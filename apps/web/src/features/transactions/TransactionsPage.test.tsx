import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../shared/session/authStore.js';
import { completeUser, ok, transactionFixture } from '../../test/paymentFixtures.js';
import { renderApp } from '../../test/renderApp.js';

afterEach(() => {
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

// newest first, as the server lists them; one of every tab's type ids (spec §9)
const TRANSACTIONS = [
  transactionFixture('TX-CARD', 1, 2, 500),
  transactionFixture('TX-WIRE', 2, 1, 1000),
  transactionFixture('TX-WD', 6, 1, -125.5),
  transactionFixture('TX-WIREWD', 7, 3, -40),
  transactionFixture('TX-BONUS', 4, 2, 50),
  transactionFixture('TX-PROMO', 10, 4, 25),
  transactionFixture('TX-CASHIER', 9, 3, 300),
  transactionFixture('TX-CRYPTO', 11, 2, 260),
  transactionFixture('TX-ALT', 3, 2, 270),
];

function renderTransactions(path: string, rows = TRANSACTIONS) {
  const auth = { access_token: 'token-1', user: completeUser() };
  return renderApp(path, {
    auth,
    api: {
      '/api/accounts/get': () => ok(auth),
      '/api/transactions/get/token-1': () => ok(rows),
    },
  });
}

const listedIds = async () =>
  (await screen.findAllByTestId('transaction-row')).map((row) => row.dataset.transactionId);

describe('transactions (spec §2, §9)', () => {
  it('deposits lists type ids 1, 2, 3, 9 and 11 with the six columns', async () => {
    const { calls } = renderTransactions('/transactions/deposits');
    expect(await listedIds()).toEqual(['TX-CARD', 'TX-WIRE', 'TX-CASHIER', 'TX-CRYPTO', 'TX-ALT']);
    expect(calls.some((call) => call.url === '/api/transactions/get/token-1')).toBe(true);
    const headers = within(screen.getByTestId('transactions-deposits'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['#', 'Amount', 'Type', 'Status', 'Transaction ID', 'Time']);
    const cells = within(screen.getAllByTestId('transaction-row')[1] as HTMLElement)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells.slice(0, 5)).toEqual(['2', '€1,000.00', 'Wire Transfer Deposit', 'Pending', 'TX-WIRE']);
    expect(cells[5]).toMatch(/2025/);
  });

  it('withdrawals lists type ids 6, 7 and 8 as negative amounts with coloured statuses', async () => {
    renderTransactions('/transactions/withdrawals');
    expect(await listedIds()).toEqual(['TX-WD', 'TX-WIREWD']);
    const [first, second] = screen.getAllByTestId('transaction-row') as HTMLElement[];
    expect(first?.textContent).toContain('−€125.50');
    expect(
      within(first as HTMLElement)
        .getByText('Pending')
        .closest('[data-status]')
        ?.getAttribute('data-status'),
    ).toBe('pending');
    expect(
      within(second as HTMLElement)
        .getByText('Declined')
        .closest('[data-status]')
        ?.getAttribute('data-status'),
    ).toBe('declined');
  });

  it('bonuses lists type ids 4 and 10', async () => {
    renderTransactions('/transactions/bonuses');
    expect(await listedIds()).toEqual(['TX-BONUS', 'TX-PROMO']);
    expect(screen.getByText('Cancelled')).toBeTruthy();
  });

  it('an empty tab says no data to show', async () => {
    renderTransactions('/transactions/credits');
    const table = await screen.findByTestId('transactions-credits');
    await waitFor(() => expect(table.textContent).toContain('no data to show'));
    expect(screen.queryAllByTestId('transaction-row')).toHaveLength(0);
  });

  it('an unknown type goes to deposits', async () => {
    const { router } = renderTransactions('/transactions/everything');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions/deposits'));
    expect(await listedIds()).toHaveLength(5);
  });

  it('German names and statuses', async () => {
    const auth = { access_token: 'token-1', user: completeUser() };
    renderApp('/transactions/withdrawals', {
      auth,
      language: 'de',
      api: {
        '/api/accounts/get': () => ok(auth),
        '/api/transactions/get/token-1': () => ok(TRANSACTIONS),
      },
    });
    const [first] = await screen.findAllByTestId('transaction-row');
    expect(first?.textContent).toContain('Auszahlung');
    expect(first?.textContent).toContain('Ausstehend');
  });
});

describe('a declined transaction', () => {
  it("shows staff's reason under its status", async () => {
    const declined = {
      ...transactionFixture('TX-DECLINED', 6, 3, -200),
      status_note: 'Name on the account differs',
    };
    renderTransactions('/transactions/withdrawals', [declined, transactionFixture('TX-OK', 6, 2, -50)]);
    const row = (await screen.findAllByTestId('transaction-row')).find(
      (r) => r.dataset.transactionId === 'TX-DECLINED',
    );
    expect(within(row as HTMLElement).getByTestId('transaction-note').textContent).toBe(
      'Name on the account differs',
    );
    const other = (await screen.findAllByTestId('transaction-row')).find(
      (r) => r.dataset.transactionId === 'TX-OK',
    );
    expect(within(other as HTMLElement).queryByTestId('transaction-note')).toBeNull();
  });
});
