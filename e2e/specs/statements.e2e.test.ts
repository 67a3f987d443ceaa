import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInThroughForm, newSession } from '../support/browser.js';

/**
 * The account statement in a real browser: after a trade books a profit or loss, the demo client opens
 * Statements, downloads this month's CSV, and its last running balance, the preview's closing balance and the
 * balance the terminal shows (the server's getBalance) are the same figure.
 */

/** "€10,000.00" or "−€0.63" as a number of the account's currency. */
const amountOf = (text: string) => Number(text.replace(/[−–]/g, '-').replace(/[^0-9.-]/g, ''));

async function downloaded(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), click()]);
  return fs.readFileSync(await download.path(), 'utf8');
}

/** The cells of one RFC 4180 line whose cells are all quoted (the statement's CSV writer quotes every cell). */
const cellsOf = (line: string) =>
  [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? '').replace(/""/g, '"'));

/** The ids of the open positions the terminal lists. */
const openIds = async (page: Page): Promise<string[]> =>
  (
    await page
      .getByTestId('positions-open')
      .locator('[data-testid^="position-row-"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid') ?? ''))
  ).map((id) => id.replace('position-row-', ''));

/** The balance POST /api/accounts/getBalance answers for the session this page holds. */
async function balanceOf(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const auth = JSON.parse(localStorage.getItem('ob.auth') ?? '{}') as { access_token?: string };
    const response = await fetch('/api/accounts/getBalance', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: auth.access_token }),
    });
    const body = (await response.json()) as { data?: { balance?: number | string } };
    return Number(body.data?.balance);
  });
}

describe('statements', () => {
  it("downloads this month's statement whose closing balance is the balance the server answers", async () => {
    const { context, page } = await newSession('desktop');
    try {
      await logInThroughForm(page);
      await page.goto('/platform/BTCUSD');
      await expect
        .poll(
          async () =>
            Number(
              await page
                .getByTestId('trade-buy-price')
                .innerText()
                .catch(() => '0'),
            ) > 0,
        )
        .toBe(true);
      const before = await openIds(page);

      // a trade opened and closed: a ledger entry of this month, whatever else the demo account holds
      await page.getByTestId('trade-buy').click();
      await page.getByTestId('trade-amount').fill('100');
      await page.getByTestId('trade-leverage').selectOption('1');
      await page.getByTestId('trade-submit').click();
      await expect.poll(async () => (await openIds(page)).length).toBe(before.length + 1);
      const id = (await openIds(page)).find((candidate) => !before.includes(candidate)) as string;
      expect(id).toBeTruthy();
      await page.getByTestId(`position-close-${id}`).click();
      await page.getByTestId('position-close-modal').waitFor();
      await page.getByTestId('position-close-confirm').click();
      await page.getByTestId(`position-row-${id}`).waitFor({ state: 'detached', timeout: 15_000 });

      // the balance the server answers (POST /api/accounts/getBalance, spec §7) once the close is booked
      const shown = await balanceOf(page);
      await page.goto('/statements');
      const closing = page.getByTestId('statements-closing');
      await closing.waitFor({ timeout: 20_000 });
      await expect.poll(async () => amountOf(await closing.innerText())).toBe(shown);

      const csv = await downloaded(page, () => page.getByTestId('statements-download-csv').click());
      const lines = csv.split('\r\n').filter((line) => line.length > 0);
      const header = cellsOf(lines[0] ?? '');
      const last = cellsOf(lines.at(-1) ?? '');
      // the closed position is in it, and its running balance after the last entry is the closing balance
      expect(csv).toContain(`"${id}","BTCUSD"`);
      expect(Number(last[header.indexOf('balance')])).toBe(shown);
    } finally {
      await context.close();
    }
  });
});
