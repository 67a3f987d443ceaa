import { formatMoney, MESSAGES_EN, TIMING } from '@openbroker/domain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../shared/session/authStore.js';
import { completeUser, idempotencyKeyOf, ok, transactionFixture } from '../../test/paymentFixtures.js';
import { balanceFixture } from '../../test/platformFixtures.js';
import { type RenderAppOptions, renderApp } from '../../test/renderApp.js';

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const balance = (amount: number, freeMargin = amount) =>
  ok(balanceFixture(amount, { summary: { freeMargin } }));

function renderWithdraw(api: RenderAppOptions['api'] = {}) {
  const auth = { access_token: 'token-1', user: completeUser() };
  return renderApp('/payment/withdraw', {
    auth,
    api: {
      '/api/accounts/get': () => ok(auth),
      '/api/accounts/getBalance': () => balance(10_000, 1_500),
      '/api/transactions/get/token-1': () => ok([]),
      ...api,
    },
  });
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(field(testId), { target: { value } });
const creates = (calls: ReturnType<typeof renderWithdraw>['calls']) =>
  calls.filter((call) => call.path === '/api/transactions/create');

describe('withdraw form (spec §2, §5, §9)', () => {
  it('shows the free margin, the agreement and the pending requests', async () => {
    renderWithdraw({
      '/api/transactions/get/token-1': () =>
        ok([
          transactionFixture('TX-W1', 6, 1, -200),
          transactionFixture('TX-W0', 6, 2, -50),
          transactionFixture('TX-D1', 2, 1, 500),
        ]),
    });
    await waitFor(() => expect(screen.getByTestId('free-margin').textContent).toBe('€1,500.00'));
    expect(screen.getByTestId('withdraw-agreement').textContent).toBe(MESSAGES_EN['withdraw.agreement']);
    const pending = await screen.findAllByTestId('pending-withdrawal');
    expect(pending.map((row) => row.dataset.transactionId)).toEqual(['TX-W1']);
    expect(pending[0]?.textContent).toContain('−€200.00');
    expect(pending[0]?.textContent).toContain('Pending');
  });

  it('asks for the amount and the comments', async () => {
    const { calls } = renderWithdraw();
    await waitFor(() => expect(field('withdraw-submit').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('Amount is required')).toBeTruthy();
    expect(screen.getByText('Comments is required')).toBeTruthy();
    expect(creates(calls)).toHaveLength(0);
  });

  it('refuses more than the free margin', async () => {
    const { calls } = renderWithdraw();
    await waitFor(() => expect(field('withdraw-submit').disabled).toBe(false));
    type('withdraw-amount', '1500.01');
    type('withdraw-comments', 'To my IBAN');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    const maximum = MESSAGES_EN['withdraw.maximum'].replace('{{max}}', formatMoney(1500, '€'));
    expect(maximum).toBe('Maximum withdraw can be € 1500.00');
    expect(await screen.findByText(maximum)).toBeTruthy();
    expect(creates(calls)).toHaveLength(0);
  });

  it('with no free margin the form is closed: "You don\'t have balance to withdraw"', async () => {
    renderWithdraw({ '/api/accounts/getBalance': () => balance(300, 0) });
    const notice = await screen.findByTestId('withdraw-no-balance');
    expect(notice.textContent).toContain(MESSAGES_EN['withdraw.noBalance']);
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/payment/deposit');
    expect(field('withdraw-submit').disabled).toBe(true);
    expect(field('withdraw-amount').closest('fieldset')?.disabled).toBe(true);
  });

  it('sends a negative amount with method 6, thanks for 1.5 s and resets the form', async () => {
    let listed = [] as ReturnType<typeof transactionFixture>[];
    const { calls } = renderWithdraw({
      '/api/transactions/create': () => {
        listed = [transactionFixture('TX-W9', 6, 1, -125.5)];
        return ok({ status: 'success', transaction_id: 'TX-W9', next: { type: 'none' } });
      },
      '/api/transactions/get/token-1': () => ok(listed),
    });
    await waitFor(() => expect(field('withdraw-submit').disabled).toBe(false));
    type('withdraw-amount', '125.50');
    type('withdraw-comments', 'To my account DE89 3704 0044 0532 0130 00');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    const success = await screen.findByTestId('withdraw-success');
    expect(success.textContent).toContain('€125.50');
    const [call] = creates(calls);
    expect(call?.body).toEqual({
      amount: -125.5,
      method: 6,
      comments: 'To my account DE89 3704 0044 0532 0130 00',
      token: 'token-1',
    });
    expect(idempotencyKeyOf(call)).toMatch(/^[0-9a-f-]{36}$/);
    expect(field('withdraw-amount').value).toBe('');
    expect(field('withdraw-comments').value).toBe('');
    expect((await screen.findAllByTestId('pending-withdrawal'))[0]?.dataset.transactionId).toBe('TX-W9');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMING.thankYouCloseMs);
    });
    expect(screen.queryByTestId('withdraw-success')).toBeNull();
  });

  it('a retry after a network failure reuses the key; the next request gets a fresh one', async () => {
    let attempt = 0;
    const { calls } = renderWithdraw({
      '/api/transactions/create': () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        return ok({ status: 'success', transaction_id: `TX-${attempt}`, next: { type: 'none' } });
      },
    });
    await waitFor(() => expect(field('withdraw-submit').disabled).toBe(false));
    type('withdraw-amount', '100');
    type('withdraw-comments', 'To my card');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    const unreachable = await screen.findByTestId('withdraw-unreachable');
    fireEvent.click(within(unreachable).getByRole('button'));
    await screen.findByTestId('withdraw-success');
    type('withdraw-amount', '100');
    type('withdraw-comments', 'To my card');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() => expect(creates(calls)).toHaveLength(3));
    const keys = creates(calls).map(idempotencyKeyOf);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('shows the server’s refusal (the free margin changed meanwhile)', async () => {
    renderWithdraw({
      '/api/transactions/create': () => ({
        status: 400,
        json: {
          status: false,
          code: 'VALIDATION_FAILED',
          key: 'withdraw.noBalance',
          message: MESSAGES_EN['withdraw.noBalance'],
          errors: [],
        },
      }),
    });
    await waitFor(() => expect(field('withdraw-submit').disabled).toBe(false));
    type('withdraw-amount', '100');
    type('withdraw-comments', 'To my card');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MESSAGES_EN['withdraw.noBalance']);
  });
});
