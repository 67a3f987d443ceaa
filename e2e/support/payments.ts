import type { Page } from 'playwright-core';

/** Opens the card deposit page, picks the provider and sends the amount, as a client does. */
export async function depositForm(page: Page, provider: string, amount: string) {
  await page.goto('/payment/creditCard');
  await page.getByTestId(`payment-method-${provider}`).click();
  await page.getByTestId('deposit-amount').fill(amount);
  await page.getByTestId('deposit-submit').click();
}

/** Pays on the sandbox provider's page (and its 3-D Secure step when a code is given), back on the deposit page. */
export async function payOnSandbox(page: Page, card: string, code?: string) {
  await page.waitForURL(/\/sandbox\/pay/);
  await page.getByTestId('sandbox-card-number').fill(card);
  await page.getByTestId('sandbox-expiry').fill('12/39');
  await page.getByTestId('sandbox-cvc').fill('123');
  await page.getByTestId('sandbox-pay').click();
  if (code !== undefined) {
    await page.getByTestId('sandbox-3ds-code').fill(code);
    await page.getByTestId('sandbox-3ds-submit').click();
  }
  await page.waitForURL(/\/payment\/creditCard\?transaction=TX-/);
}
