import { MESSAGES_EN, type PaymentNextStep, TIMING } from '@openbroker/domain';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../api/types.js';
import { authStore, REGISTER_FLAG_KEY, registerFlag } from '../../shared/session/authStore.js';
import {
  completeUser,
  createdFixture,
  idempotencyKeyOf,
  ok,
  PAYMENT_OPTIONS,
  transactionFixture,
} from '../../test/paymentFixtures.js';
import { type RenderAppOptions, renderApp, userFixture } from '../../test/renderApp.js';

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  authStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const node of [...document.getElementsByTagName('form'), ...document.getElementsByTagName('script')]) {
    if (node.hasAttribute('data-ob-posted-form') || node.hasAttribute('data-ob-cashier')) node.remove();
  }
});

function renderDeposit(
  path = '/payment/deposit',
  {
    user = completeUser(),
    api = {},
    language = 'en',
  }: Pick<RenderAppOptions, 'api' | 'language'> & { user?: User } = {},
) {
  const auth = { access_token: 'token-1', user };
  return renderApp(path, {
    auth,
    language,
    api: {
      '/api/accounts/get': () => ok(auth),
      '/api/payments/methods': () => ok(PAYMENT_OPTIONS),
      '/api/transactions/get/token-1': () => ok([]),
      ...api,
    },
  });
}

const created = (next: PaymentNextStep, transactionId = 'TX-1001') => ok(createdFixture(next, transactionId));

function typeAmount(value: string) {
  fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value } });
}

function chooseMethod(provider: string) {
  fireEvent.click(within(screen.getByTestId(`payment-method-${provider}`)).getByRole('radio'));
}

const selectedTile = () =>
  screen
    .getAllByRole('radio')
    .find((radio) => (radio as HTMLInputElement).checked)
    ?.closest('label');

describe('deposit page: methods and rules (spec §2, §5, §9)', () => {
  it('lists the brand’s methods as tiles with the server’s titles', async () => {
    const { calls } = renderDeposit();
    await screen.findByTestId('payment-method-card-1');
    for (const method of PAYMENT_OPTIONS.methods) {
      expect(screen.getByTestId(`payment-method-${method.provider}`).textContent).toContain(method.title);
    }
    expect(calls.find((call) => call.path === '/api/payments/methods')?.url).toBe(
      '/api/payments/methods?token=token-1',
    );
  });

  it.each([
    ['/payment/creditCard', 'card-1'],
    ['/payment/bankWire', 'wire'],
    ['/payment/alternative', 'wallet'],
    ['/payment/cashier', 'cashier'],
    ['/payment/deposit', 'card-1'],
    ['/payment/somethingElse', 'card-1'],
  ])('%s preselects %s', async (path, provider) => {
    renderDeposit(path);
    await screen.findByTestId('payment-method-card-1');
    expect(selectedTile()?.dataset.testid).toBe(`payment-method-${provider}`);
  });

  it('says when the brand has no method yet', async () => {
    renderDeposit('/payment/deposit', {
      api: { '/api/payments/methods': () => ok({ ...PAYMENT_OPTIONS, methods: [] }) },
    });
    expect(await screen.findByText(/No payment method is available yet/)).toBeTruthy();
    expect(screen.queryByTestId('deposit-submit')).toBeNull();
  });

  it('shows the minimum and refuses an amount below it without calling the server', async () => {
    const { calls } = renderDeposit();
    await screen.findByTestId('payment-method-card-1');
    expect(screen.getByTestId('deposit-minimum').textContent).toBe('Minimum Deposit € 250');
    typeAmount('100');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    const form = screen.getByTestId('deposit-form');
    expect(
      await within(form).findByText('Minimum Deposit € 250', { selector: '.invalid-feedback' }),
    ).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/transactions/create')).toBe(false);
  });

  it("shows the brand's maximum and refuses an amount above it, as the server would, without calling it", async () => {
    const { calls } = renderDeposit('/payment/bankWire', {
      api: { '/api/payments/methods': () => ok({ ...PAYMENT_OPTIONS, maxDeposit: 5000 }) },
    });
    await screen.findByTestId('payment-method-wire');
    expect(screen.getByTestId('deposit-maximum').textContent).toBe('Maximum Deposit € 5,000');
    typeAmount('5000.01');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    const form = screen.getByTestId('deposit-form');
    expect(
      await within(form).findByText('Maximum Deposit € 5,000', { selector: '.invalid-feedback' }),
    ).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/transactions/create')).toBe(false);
  });

  it('asks for an amount, and quick amounts fill it', async () => {
    renderDeposit();
    await screen.findByTestId('payment-method-card-1');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText('Amount is required')).toBeTruthy();
    fireEvent.click(screen.getByTestId('deposit-chip-1000'));
    expect((screen.getByTestId('deposit-amount') as HTMLInputElement).value).toBe('1000');
    await waitFor(() => expect(screen.queryByText('Amount is required')).toBeNull());
    expect(screen.getByTestId('deposit-submit').textContent).toContain('Deposit €1,000.00');
    expect(screen.getByTestId('deposit-summary-amount').textContent).toBe('€1,000.00');
  });

  it('an incomplete profile blocks the deposit with the message and a link to my account', async () => {
    const { calls } = renderDeposit('/payment/deposit', { user: userFixture({ city: '' }) as User });
    const blocked = await screen.findByTestId('deposit-blocked');
    expect(blocked.textContent).toContain(MESSAGES_EN['account.completeFirst']);
    expect(within(blocked).getByRole('link').getAttribute('href')).toBe('/my-account/info');
    await screen.findByTestId('payment-method-card-1');
    expect((screen.getByTestId('deposit-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(screen.getByTestId('deposit-form'));
    expect(calls.some((call) => call.path === '/api/transactions/create')).toBe(false);
  });

  it('shows the server’s field refusal translated on the field', async () => {
    renderDeposit('/payment/deposit', {
      language: 'de',
      api: {
        '/api/transactions/create': () => ({
          status: 400,
          json: {
            status: false,
            code: 'VALIDATION_FAILED',
            key: 'error.validation',
            message: MESSAGES_EN['error.validation'],
            errors: [{ path: 'amount', key: 'deposit.minimum', params: { currency: '€', min: 500 } }],
          },
        }),
      },
    });
    await screen.findByTestId('payment-method-card-1');
    typeAmount('300');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText('Mindesteinzahlung 500 €')).toBeTruthy();
    expect(screen.getByText(/Einige Felder sind ungültig/)).toBeTruthy();
  });

  it('closing clears the register flag and goes to the platform (spec §4)', async () => {
    registerFlag.set();
    const { router } = renderDeposit();
    fireEvent.click(await screen.findByTestId('deposit-close'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/platform/BTCUSD'));
    expect(window.localStorage.getItem(REGISTER_FLAG_KEY)).toBeNull();
  });
});

describe('deposit page: next steps (spec §4, §7)', () => {
  const bank = {
    beneficiary: 'Test Broker Ltd.',
    bankName: 'Sandbox Bank AG',
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX',
    reference: 'OB-123456-1001',
  };

  it('bank wire: sends the deposit, thanks for 1.5 s and keeps the bank details readable', async () => {
    const { calls } = renderDeposit('/payment/bankWire', {
      api: { '/api/transactions/create': () => created({ type: 'instructions', bank }) },
    });
    await screen.findByTestId('payment-method-wire');
    typeAmount('500');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    const details = await screen.findByTestId('bank-details');
    const call = calls.find((c) => c.path === '/api/transactions/create');
    expect(call?.body).toEqual({ amount: 500, method: 2, provider: 'wire', token: 'token-1' });
    expect(idempotencyKeyOf(call)).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(details).getByTestId('bank-iban').textContent).toBe(bank.iban);
    expect(within(details).getByTestId('bank-bic').textContent).toBe(bank.bic);
    expect(within(details).getByTestId('bank-beneficiary').textContent).toBe(bank.beneficiary);
    expect(within(details).getByTestId('bank-bank').textContent).toBe(bank.bankName);
    expect(within(details).getByTestId('bank-reference').textContent).toBe(bank.reference);
    expect(screen.getByTestId('deposit-thank-you').textContent).toContain('€500.00');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMING.thankYouCloseMs);
    });
    expect(screen.queryByTestId('deposit-thank-you')).toBeNull();
    expect(screen.getByTestId('bank-details')).toBeTruthy();
  });

  it('copies a bank detail', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderDeposit('/payment/bankWire', {
      api: { '/api/transactions/create': () => created({ type: 'instructions', bank }) },
    });
    await screen.findByTestId('payment-method-wire');
    typeAmount('500');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    fireEvent.click(await screen.findByTestId('bank-copy-iban'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(bank.iban));
  });

  it('redirect: goes to the provider page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { calls } = renderDeposit('/payment/creditCard', {
      api: {
        '/api/transactions/create': () =>
          created({ type: 'redirect', url: 'http://localhost/sandbox/pay/TX-1001' }),
      },
    });
    await screen.findByTestId('payment-method-card-1');
    typeAmount('250');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/pay/TX-1001'));
    expect(calls.find((c) => c.path === '/api/transactions/create')?.body).toMatchObject({
      amount: 250,
      method: 1,
      provider: 'card-1',
    });
    expect(screen.getByTestId('deposit-submit').textContent).toContain(
      'Taking you to the secure payment page',
    );
  });

  it('posted form: asks for the signed data, then builds and submits the form', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const { calls } = renderDeposit('/payment/creditCard', {
      api: {
        '/api/transactions/create': () => created({ type: 'form', provider: 'card-2' }, 'TX-2002'),
        '/api/transaction/send/card-2': () =>
          ok({
            action: 'http://localhost/sandbox/form',
            method: 'POST',
            signature: 'c2lnbmF0dXJl',
            data: { order_id: 'TX-2002', amount: '300.00', currency: 'EUR' },
          }),
      },
    });
    await screen.findByTestId('payment-method-card-2');
    chooseMethod('card-2');
    typeAmount('300');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.path === '/api/transactions/create')?.body).toMatchObject({
      provider: 'card-2',
    });
    expect(calls.find((c) => c.path === '/api/transaction/send/card-2')?.body).toEqual({
      transaction_id: 'TX-2002',
      token: 'token-1',
    });
    const form = document.querySelector<HTMLFormElement>('form[data-ob-posted-form]');
    expect(form?.getAttribute('action')).toBe('http://localhost/sandbox/form');
    expect(form?.method.toUpperCase()).toBe('POST');
    const fields = Object.fromEntries(
      [...(form?.querySelectorAll('input') ?? [])].map((input) => [input.name, input.value]),
    );
    expect(fields).toEqual({
      order_id: 'TX-2002',
      amount: '300.00',
      currency: 'EUR',
      signature: 'c2lnbmF0dXJl',
    });
    expect(document.querySelectorAll('form[data-ob-posted-form]')).toHaveLength(1);
  });

  it('cashier widget: loads the script once, clicks the launcher after 2 s and shows the result', async () => {
    let status = 1;
    renderDeposit('/payment/cashier', {
      api: {
        '/api/transactions/create': () =>
          created(
            { type: 'widget', scriptUrl: '/sandbox/cashier.js', session: 'sess-42', launcher: 'launcher' },
            'TX-3003',
          ),
        '/api/transactions/get/token-1': () => ok([transactionFixture('TX-3003', 9, status as 1 | 2, 400)]),
      },
    });
    await screen.findByTestId('payment-method-cashier');
    typeAmount('400');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await screen.findByTestId('cashier-widget');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    const host = document.querySelector('[data-ob-cashier-session="sess-42"]');
    expect(host).toBeTruthy();
    const scripts = [...document.getElementsByTagName('script')].filter((script) =>
      script.hasAttribute('data-ob-cashier'),
    );
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('src')).toBe('/sandbox/cashier.js');
    // what the provider's script renders
    const launcher = document.createElement('button');
    launcher.id = 'launcher';
    const click = vi.fn();
    launcher.addEventListener('click', click);
    host?.append(launcher);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMING.cashierClickMs - 500);
    });
    expect(click).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(click).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    status = 2;
    act(() => {
      window.dispatchEvent(
        new CustomEvent('ob-cashier:result', { detail: { transaction_id: 'TX-3003', result: 'approved' } }),
      );
    });
    const result = await screen.findByTestId('deposit-result');
    await waitFor(() => expect(result.dataset.result).toBe('approved'));
    expect(result.textContent).toContain('Deposit received');
    expect(result.textContent).toContain('€400.00');
  });

  it('a cashier event for another transaction is ignored', async () => {
    renderDeposit('/payment/cashier', {
      api: {
        '/api/transactions/create': () =>
          created({ type: 'widget', scriptUrl: '/sandbox/cashier.js', session: 's', launcher: 'launcher' }),
      },
    });
    await screen.findByTestId('payment-method-cashier');
    typeAmount('400');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await screen.findByTestId('cashier-widget');
    act(() => {
      window.dispatchEvent(
        new CustomEvent('ob-cashier:result', { detail: { transaction_id: 'TX-OTHER', result: 'declined' } }),
      );
    });
    expect(screen.queryByTestId('deposit-result')).toBeNull();
    expect(screen.getByTestId('cashier-widget')).toBeTruthy();
  });
});

describe('deposit page: idempotency keys', () => {
  const networkDown = () => {
    throw new TypeError('Failed to fetch');
  };

  it('a retry after a network failure reuses the key; a new attempt gets a fresh one', async () => {
    const answers: (() => { status: number; json: unknown })[] = [
      networkDown,
      () => ({ status: 500, json: { status: false, code: 'INTERNAL', key: 'error.internal', message: 'x' } }),
      () =>
        created({
          type: 'instructions',
          bank: { beneficiary: 'B', bankName: 'N', iban: 'I', bic: 'C', reference: 'R' },
        }),
    ];
    const { calls } = renderDeposit('/payment/bankWire', {
      api: { '/api/transactions/create': () => (answers.shift() ?? networkDown)() },
    });
    await screen.findByTestId('payment-method-wire');
    typeAmount('500');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    fireEvent.click(await screen.findByTestId('deposit-retry'));
    expect(await screen.findByText(MESSAGES_EN['error.internal'])).toBeTruthy();
    // the server answered: the next submit is a new attempt, even with the same amount
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await screen.findByTestId('bank-details');
    const keys = calls.filter((c) => c.path === '/api/transactions/create').map(idempotencyKeyOf);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('resending the same deposit after a network failure reuses the key; a changed one does not', async () => {
    const { calls } = renderDeposit('/payment/bankWire', {
      api: { '/api/transactions/create': networkDown },
    });
    await screen.findByTestId('payment-method-wire');
    typeAmount('500');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await screen.findByTestId('deposit-unreachable');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/transactions/create')).toHaveLength(2));
    await screen.findByTestId('deposit-unreachable');
    typeAmount('600');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/transactions/create')).toHaveLength(3));
    const keys = calls.filter((c) => c.path === '/api/transactions/create').map(idempotencyKeyOf);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(new Set(keys).size).toBe(2);
  });
});

describe('deposit page: return from a provider', () => {
  it('approved: deposit received, with the way to the platform', async () => {
    renderDeposit('/payment/creditCard?transaction=TX-9&result=approved', {
      api: { '/api/transactions/get/token-1': () => ok([transactionFixture('TX-9', 1, 2, 750)]) },
    });
    const result = await screen.findByTestId('deposit-result');
    await waitFor(() => expect(result.dataset.result).toBe('approved'));
    expect(result.textContent).toContain('Deposit received');
    expect(result.textContent).toContain('€750.00');
    expect(screen.getByTestId('deposit-result-platform').getAttribute('href')).toBe('/platform/BTCUSD');
    expect(screen.queryByTestId('deposit-form')).toBeNull();
  });

  it('declined: says what happened and offers to try again', async () => {
    const { router } = renderDeposit('/payment/creditCard?transaction=TX-9&result=declined', {
      api: { '/api/transactions/get/token-1': () => ok([transactionFixture('TX-9', 1, 3, 750)]) },
    });
    const result = await screen.findByTestId('deposit-result');
    await waitFor(() => expect(screen.queryByTestId('deposit-result-checking')).toBeNull());
    expect(result.dataset.result).toBe('declined');
    expect(result.textContent).toContain('Payment declined');
    expect(result.textContent).toContain('your balance has not changed');
    fireEvent.click(screen.getByTestId('deposit-result-again'));
    await screen.findByTestId('deposit-form');
    expect(router.state.location.search).toBe('');
  });

  it('an approval the ledger has not confirmed yet shows as pending, then confirmed on a later read', async () => {
    let status: 1 | 2 = 1;
    const { calls } = renderDeposit('/payment/creditCard?transaction=TX-9&result=approved', {
      api: { '/api/transactions/get/token-1': () => ok([transactionFixture('TX-9', 1, status, 750)]) },
    });
    const result = await screen.findByTestId('deposit-result');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/transactions/get/token-1')).toBe(true));
    expect(result.dataset.result).toBe('pending');
    expect(result.textContent).toContain('We are confirming your payment');
    status = 2;
    await waitFor(() => expect(result.dataset.result).toBe('approved'), { timeout: 4000 });
  });
});
