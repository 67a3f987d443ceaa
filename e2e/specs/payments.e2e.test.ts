import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { clientWithProfile } from '../support/accounts.js';
import { baseURL, logInThroughForm, newSession, type Session, screenshot } from '../support/browser.js';
import { depositForm, payOnSandbox } from '../support/payments.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs an operator command against the e2e server, as staff would in a terminal. */
function cli(...args: string[]): Promise<string> {
  const port = new URL(baseURL()).port;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(root, 'apps/server/dist/cli.js'), ...args],
      { cwd: root, env: { ...process.env, PORT: port, DATA_DIR: inject('dataDir') }, timeout: 60_000 },
      (error, out, err) => (error ? reject(new Error(`${err}${out}`)) : resolve(out)),
    );
  });
}

describe('payments in chromium', () => {
  let session: Session | undefined;
  afterEach(async () => {
    await session?.context.close();
    session = undefined;
  });

  it('a card deposit through the sandbox page and its 3-D Secure step raises the balance on /platform', async () => {
    const client = await clientWithProfile();
    session = await newSession('desktop');
    const { page } = session;
    await logInThroughForm(page, client.email, client.password);
    await depositForm(page, 'card-1', '250');
    await payOnSandbox(page, '4242 4242 4242 4242', '1234');
    await expect
      .poll(() => page.getByTestId('deposit-result').getAttribute('data-result'), { timeout: 15_000 })
      .toBe('approved');
    await screenshot(page, 'payments-card-approved-desktop-light');
    await page.goto('/platform/BTCUSD');
    await expect
      .poll(() => page.getByTestId('summary-balance').innerText(), { timeout: 15_000 })
      .toContain('250.00');
  });

  it('a declined card shows the decline and books nothing', async () => {
    const client = await clientWithProfile();
    session = await newSession('desktop');
    const { page } = session;
    await logInThroughForm(page, client.email, client.password);
    await depositForm(page, 'card-1', '300');
    await payOnSandbox(page, '4000 0000 0000 0002');
    await expect
      .poll(() => page.getByTestId('deposit-result').getAttribute('data-result'), { timeout: 15_000 })
      .toBe('declined');
    await page.goto('/transactions/deposits');
    const row = page.getByTestId('transaction-row').first();
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('Declined');
    await page.goto('/platform/BTCUSD');
    await expect
      .poll(() => page.getByTestId('summary-balance').innerText(), { timeout: 15_000 })
      .toContain('0.00');
  });

  it('a bank-wire deposit shows the bank details and is credited when staff confirm it by CLI', async () => {
    const client = await clientWithProfile();
    session = await newSession('desktop');
    const { page } = session;
    await logInThroughForm(page, client.email, client.password);
    await depositForm(page, 'wire', '1000');
    await page.getByTestId('bank-details').waitFor({ timeout: 15_000 });
    const reference = (await page.getByTestId('bank-reference').innerText()).match(/TX-[0-9A-Z]{10}/)?.[0];
    expect(reference).toBeTruthy();
    await screenshot(page, 'payments-bank-wire-desktop-light');
    expect(await cli('transaction:list', '--status', 'pending')).toContain(reference);
    expect(await cli('transaction:confirm', reference ?? '')).toContain('Approved');
    await page.goto('/transactions/deposits');
    const row = page.locator(`[data-testid="transaction-row"][data-transaction-id="${reference}"]`);
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('Approved');
    await page.goto('/platform/BTCUSD');
    await expect
      .poll(() => page.getByTestId('summary-balance').innerText(), { timeout: 15_000 })
      .toMatch(/1[,.]?000\.00/);
  });

  it('a withdrawal request reserves the amount and is listed as pending', async () => {
    session = await newSession('desktop');
    const { page } = session;
    await logInThroughForm(page);
    await page.goto('/payment/withdraw');
    await page.getByTestId('free-margin').waitFor();
    await page.getByTestId('withdraw-amount').fill('125.50');
    await page.getByTestId('withdraw-comments').fill('To my account DE89 3704 0044 0532 0130 00');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-success').waitFor({ timeout: 15_000 });
    await page.goto('/transactions/withdrawals');
    const row = page.getByTestId('transaction-row').first();
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('Pending');
    expect(await row.innerText()).toContain('125.50');
  });

  it('each transactions tab shows its rows or says there is no data', async () => {
    session = await newSession('phone');
    const { page } = session;
    const client = await clientWithProfile();
    await logInThroughForm(page, client.email, client.password);
    for (const tab of ['deposits', 'withdrawals', 'bonuses', 'credits'] as const) {
      await page.goto(`/transactions/${tab}`);
      await page.getByTestId('transactions-screen').waitFor();
      await expect
        .poll(() => page.getByTestId(`transactions-${tab}`).innerText())
        .toContain('no data to show');
    }
    await page.goto('/transactions/unknown');
    await page.waitForURL(/\/transactions\/deposits$/);
    await screenshot(page, 'payments-transactions-empty-phone-light');
  });
});
