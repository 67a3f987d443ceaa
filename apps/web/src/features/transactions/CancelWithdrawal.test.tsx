import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

const PENDING = transactionFixture('TX-PENDING', 6, 1, -125.5);
const DECLINED = transactionFixture('TX-DECLINED', 7, 3, -40);
const PAID = transactionFixture('TX-PAID', 6, 2, -60);

/** The withdrawals tab over a list the test changes, as the server would after a cancel. */
function renderWithdrawals(
  cancelAnswer: () => { status: number; json: unknown },
  language: 'en' | 'de' = 'en',
) {
  const auth = { access_token: 'token-1', user: completeUser() };
  const list = { rows: [PENDING, DECLINED, PAID] };
  const view = renderApp('/transactions/withdrawals', {
    auth,
    language,
    api: {
      '/api/accounts/get': () => ok(auth),
      '/api/transactions/get/token-1': () => ok(list.rows),
      '/api/transactions/cancel': () => {
        const answer = cancelAnswer();
        if (answer.status === 200)
          list.rows = [transactionFixture('TX-PENDING', 6, 4, -125.5), DECLINED, PAID];
        else list.rows = [transactionFixture('TX-PENDING', 6, 2, -125.5), DECLINED, PAID];
        return answer;
      },
    },
  });
  return { ...view, list };
}

const rowOf = async (id: string) =>
  (await screen.findAllByTestId('transaction-row')).find(
    (row) => row.dataset.transactionId === id,
  ) as HTMLElement;

// a client cancels a pending withdrawal from /transactions/withdrawals.
describe('cancelling a pending withdrawal', () => {
  it('offers Cancel on pending withdrawals only', async () => {
    renderWithdrawals(() => ok({}));
    expect(within(await rowOf('TX-PENDING')).getByTestId('cancel-withdrawal').textContent).toBe(
      'Cancel request',
    );
    expect(within(await rowOf('TX-DECLINED')).queryByTestId('cancel-withdrawal')).toBeNull();
    expect(within(await rowOf('TX-PAID')).queryByTestId('cancel-withdrawal')).toBeNull();
  });

  it('asks once more, sends the id with the token, says so and shows it cancelled', async () => {
    const cancelled = transactionFixture('TX-PENDING', 6, 4, -125.5);
    const { calls } = renderWithdrawals(() => ok(cancelled));
    const row = await rowOf('TX-PENDING');
    fireEvent.click(within(row).getByTestId('cancel-withdrawal'));
    expect(within(row).getByTestId('cancel-withdrawal-ask').textContent).toContain(
      'Cancel this withdrawal of €125.50?',
    );
    expect(calls.some((call) => call.path === '/api/transactions/cancel')).toBe(false);
    fireEvent.click(within(row).getByTestId('cancel-withdrawal-confirm'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      'The withdrawal was cancelled: €125.50 is back in your balance.',
    );
    expect(calls.find((call) => call.path === '/api/transactions/cancel')?.body).toEqual({
      transaction_id: 'TX-PENDING',
      token: 'token-1',
    });
    await waitFor(async () => expect((await rowOf('TX-PENDING')).textContent).toContain('Cancelled'));
    expect(within(await rowOf('TX-PENDING')).queryByTestId('cancel-withdrawal')).toBeNull();
  });

  it('keeps the request when the client changes their mind', async () => {
    const { calls } = renderWithdrawals(() => ok({}));
    const row = await rowOf('TX-PENDING');
    fireEvent.click(within(row).getByTestId('cancel-withdrawal'));
    fireEvent.click(within(row).getByRole('button', { name: 'Keep it' }));
    expect(within(row).getByTestId('cancel-withdrawal')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/transactions/cancel')).toBe(false);
  });

  it("shows the server's refusal translated and the withdrawal's real status", async () => {
    renderWithdrawals(
      () => ({
        status: 409,
        json: {
          status: false,
          code: 'TRANSACTION_FINAL',
          key: 'withdraw.notCancellable',
          message:
            'This withdrawal can no longer be cancelled: it has already been paid, declined or cancelled.',
        },
      }),
      'de',
    );
    const row = await rowOf('TX-PENDING');
    fireEvent.click(within(row).getByTestId('cancel-withdrawal'));
    expect(within(row).getByTestId('cancel-withdrawal-ask').textContent).toContain('stornieren?');
    fireEvent.click(within(row).getByTestId('cancel-withdrawal-confirm'));
    expect((await screen.findByTestId('toast-danger')).textContent).toContain(
      'Diese Auszahlung kann nicht mehr storniert werden',
    );
    // the list is read again: staff paid it meanwhile
    await waitFor(async () => expect((await rowOf('TX-PENDING')).textContent).toContain('Genehmigt'));
  });
});
