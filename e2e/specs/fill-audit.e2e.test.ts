import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInThroughForm, newSession, screenshot } from '../support/browser.js';

/**
 * The fill audit in a real browser: the demo client opens and closes a BTCUSD position (crypto trades every day),
 * opens "Audit fill" from the history, sees the pass check with the price the fill used and the feed quote it came
 * from, for the open and the close, and downloads the audit and the trade history as CSV. Screens at 1366 × 768 and
 * 390 px, light and dark.
 */

const SHOTS = '/tmp/shots/records';

const ids = async (page: Page, list: string): Promise<string[]> =>
  (
    await page
      .getByTestId(list)
      .locator('[data-testid^="position-row-"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid') ?? ''))
  ).map((id) => id.replace('position-row-', ''));

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file, 'utf8') };
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('ob.theme', value), theme);
}

describe('fill audit', () => {
  it('audits the open and the close of a BTCUSD trade: pass, the quote used, CSV', async () => {
    const { context, page, errors } = await newSession('desktop');
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
      const before = await ids(page, 'positions-open');

      await page.getByTestId('trade-buy').click();
      await page.getByTestId('trade-amount').fill('100');
      await page.getByTestId('trade-leverage').selectOption('1');
      await page.getByTestId('trade-submit').click();
      await expect.poll(async () => (await ids(page, 'positions-open')).length).toBe(before.length + 1);
      const id = (await ids(page, 'positions-open')).find(
        (candidate) => !before.includes(candidate),
      ) as string;
      expect(id).toBeTruthy();
      // the open price links to the open's audit
      expect(await page.getByTestId(`position-audit-open-${id}`).getAttribute('href')).toBe(
        `/fill-audit/${id}/open`,
      );
      const openRate = (await page.getByTestId(`position-row-${id}`).getByTestId('position-open').innerText())
        .split('\n')[0]
        ?.trim();

      await page.getByTestId(`position-close-${id}`).click();
      await page.getByTestId('position-close-modal').waitFor();
      await page.getByTestId('position-close-confirm').click();
      await page.getByTestId(`position-row-${id}`).waitFor({ state: 'detached', timeout: 15_000 });
      await page.getByTestId('positions-tab-history').click();
      const closed = page.getByTestId('positions-history').getByTestId(`position-row-${id}`);
      await closed.waitFor();
      const closedRate = (await closed.getByTestId('position-closed-rate').innerText())
        .split('\n')[0]
        ?.trim();

      // the history's CSV has the position
      const history = await downloaded(page, () => page.getByTestId('history-download-csv').click());
      expect(history.name).toMatch(/^trade-history-.+\.csv$/);
      expect(history.text).toContain(`"${id}","BTCUSD","buy","100.00"`);

      // "Audit fill" opens the audit in a new tab
      await page.getByTestId(`position-why-toggle-${id}`).click();
      await page.getByTestId(`position-audit-open-${id}`).waitFor();
      fs.mkdirSync(SHOTS, { recursive: true });
      // the viewport only: a full-page shot resizes the terminal, which lays itself out again on the open tab
      await page.screenshot({ path: path.join(SHOTS, 'terminal-history-1366.png') });
      const [audit] = await Promise.all([
        context.waitForEvent('page'),
        page.getByTestId(`position-audit-open-${id}`).click(),
      ]);
      await audit.waitForURL(`**/fill-audit/${id}/open`);
      const check = audit.getByTestId('fill-audit-check');
      await check.waitFor({ timeout: 20_000 });
      expect(await check.getAttribute('data-pass')).toBe('true');
      expect(await check.innerText()).toContain('Pass: your fill was exactly our quote at execution');
      expect(await audit.getByTestId('fill-audit-fill-price').innerText()).toBe(openRate);
      expect(await audit.getByTestId('fill-audit-expected').innerText()).toBe(openRate);
      // the brand's buy price the fill used, and the raw feed quote with the markup it came from
      expect(await audit.getByTestId('fill-audit-brand').locator('.ob-fa-used').innerText()).toBe(openRate);
      expect(await audit.getByTestId('fill-audit-feed').innerText()).toMatch(
        /Market feed \(raw\)\s+\d{4}-\d\d-\d\d/,
      );
      expect(await audit.getByTestId('fill-audit-markup').innerText()).toContain('% per side');

      const csv = await downloaded(audit, () => audit.getByTestId('fill-audit-download-csv').click());
      expect(csv.name).toBe(`fill-audit-${id}-open.csv`);
      expect(csv.text).toContain('"check","pass"');
      expect(csv.text).toContain(`"fill price","${Number(openRate)}"`);

      // the close: at the brand's sell price
      await audit.getByTestId('fill-audit-tab-close').click();
      await audit.waitForURL(`**/fill-audit/${id}/close`);
      await expect.poll(() => audit.getByTestId('fill-audit-fill-price').innerText()).toBe(closedRate);
      expect(await audit.getByTestId('fill-audit-check').getAttribute('data-pass')).toBe('true');
      expect(await audit.getByTestId('fill-audit-brand').locator('.ob-fa-used').innerText()).toBe(closedRate);

      // screens: 1366 × 768 and 390 px, light and dark
      fs.mkdirSync(SHOTS, { recursive: true });
      for (const [width, height] of [
        [1366, 768],
        [390, 844],
      ] as const) {
        await audit.setViewportSize({ width, height });
        for (const theme of ['light', 'dark'] as const) {
          await setTheme(audit, theme);
          await audit.goto(`/fill-audit/${id}/open`);
          await audit.getByTestId('fill-audit-check').waitFor();
          const file = await screenshot(audit, `fill-audit/open-${width}-${theme}`);
          fs.copyFileSync(file, path.join(SHOTS, path.basename(file)));
          expect(
            await audit.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
            `sideways scrolling at ${width} px (${theme})`,
          ).toBeLessThanOrEqual(0);
        }
      }
      await setTheme(audit, 'light');

      // the transactions tab downloads its rows
      await audit.setViewportSize({ width: 1366, height: 768 });
      await audit.goto('/transactions/deposits');
      const deposits = await downloaded(audit, () => audit.getByTestId('transactions-download-csv').click());
      expect(deposits.name).toMatch(/^transactions-deposits-.+\.csv$/);
      expect(deposits.text.split('\r\n')[0]).toBe(
        '"number","amount","currency","type","status","note","transaction id","time (UTC)"',
      );
      const file = await screenshot(audit, 'fill-audit/transactions-1366');
      fs.copyFileSync(file, path.join(SHOTS, path.basename(file)));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
