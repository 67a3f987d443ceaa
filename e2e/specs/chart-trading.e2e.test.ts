import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInThroughForm, newSession, OUTPUT_DIR } from '../support/browser.js';
import { journeyServer } from '../support/journey-server.js';

/**
 * Trading from the chart in a real browser, on a BTCUSD feed the journey controls (crypto trades every day): the
 * demo client buys with a take profit, drags the take-profit line on the chart with the mouse, confirms the
 * prefilled dialog, and sees the new take profit in the positions panel; a right-click offers orders at a price.
 */

const journey = journeyServer({ quotes: { BTCUSD: [60_000, 60_020] }, verifyLedger: true });

/** A number as the terminal prints it ('60,200.06', '−1.67'). */
const numberOf = (text: string | null): number =>
  Number((text ?? '').replace('−', '-').replace(/[^\d.-]/g, ''));

/** The viewport as the trader sees it (a full-page shot would lay the one-screen terminal out differently). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(OUTPUT_DIR, 'chart-trading', `${name}.png`) });

async function sellShown(page: Page, ok: (sell: number) => boolean) {
  await expect
    .poll(async () => ok(numberOf(await page.getByTestId('trade-sell-price').textContent())), {
      timeout: 20_000,
    })
    .toBe(true);
}

/** Where a draggable line is on screen now: the chart says it (`data-trade-lines`) after the pointer moved. */
async function lineY(canvas: Locator, key: string): Promise<number | null> {
  const raw = await canvas.getAttribute('data-trade-lines');
  const lines = JSON.parse(raw ?? '[]') as { key: string; y: number | null }[];
  return lines.find((line) => line.key === key)?.y ?? null;
}

describe('trading from the chart', () => {
  it('drags a position’s take-profit line, confirms it, and the positions panel shows the new level', async () => {
    const { page, errors } = await newSession('desktop', { baseURL: journey.server.baseURL });
    await page.setViewportSize({ width: 1366, height: 768 });
    await logInThroughForm(page);
    await page.goto('/platform/BTCUSD');
    await page.getByTestId('new-trade-panel').waitFor();
    await sellShown(page, (sell) => sell > 0);

    // the live candle spans 59,400–60,700: the entry and the take profit are inside the price scale
    journey.feed.set('BTCUSD', 60_700, 60_720);
    await sellShown(page, (sell) => sell > 60_400);
    journey.feed.set('BTCUSD', 59_400, 59_420);
    await sellShown(page, (sell) => sell < 59_300);
    journey.feed.set('BTCUSD', 60_000, 60_020);
    await sellShown(page, (sell) => sell > 59_700 && sell < 60_000);

    await page.getByTestId('trade-buy').click();
    await page.getByTestId('trade-amount').fill('100');
    await page.getByTestId('trade-leverage').selectOption('1');
    await page.getByTestId('trade-take-profit').fill('60500');
    await page.getByTestId('trade-submit').click();
    const row = page.getByTestId('positions-open').locator('[data-testid^="position-row-"]').first();
    await row.waitFor({ timeout: 20_000 });
    const id = Number((await row.getAttribute('data-testid'))?.replace('position-row-', ''));
    await expect
      .poll(async () => numberOf(await row.getByTestId('position-take-profit').textContent()))
      .toBe(60_500);

    const canvas = page.getByTestId('chart-canvas');
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the chart is not on screen');
    const x = box.x + box.width * 0.4;
    const key = `position-${id}-take_profit`;
    // hovering the chart makes it say where its lines are now
    await page.mouse.move(x, box.y + box.height / 2);
    await expect.poll(() => lineY(canvas, key)).not.toBeNull();
    await page.mouse.move(x, box.y + 10);
    const y = await lineY(canvas, key);
    if (y === null) throw new Error('no take-profit line');
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(box.height);
    await page.mouse.move(x, box.y + y);
    await expect.poll(() => canvas.getAttribute('data-line-hover')).toBe('true');
    await shot(page, 'lines-1366-light');

    // drag it up 40 px: a higher take profit
    await page.mouse.down();
    await page.mouse.move(x, box.y + y - 20, { steps: 4 });
    await page.mouse.move(x, box.y + y - 40, { steps: 4 });
    await page.mouse.up();
    const modal = page.getByTestId('position-edit-modal');
    await modal.waitFor();
    const dragged = Number(await modal.getByTestId('position-edit-take-profit').inputValue());
    expect(dragged).toBeGreaterThan(60_500);
    // the dialog has faded in
    await page.waitForFunction(() => {
      const dialog = document.querySelector('.modal.show');
      return dialog !== null && getComputedStyle(dialog).opacity === '1';
    });
    await shot(page, 'confirm-1366-light');
    await modal.getByTestId('position-edit-save').click();
    await modal.waitFor({ state: 'detached' });
    await expect
      .poll(async () => numberOf(await row.getByTestId('position-take-profit').textContent()))
      .toBe(dragged);
    // the line stays at the saved level
    await page.mouse.move(x, box.y + box.height / 2);
    await expect.poll(async () => Math.round((await lineY(canvas, key)) ?? 0)).toBe(Math.round(y - 40));

    // a right-click above the buy price offers a buy stop and a sell limit there: between the entry and the take
    // profit (now 40 px higher), clear of the take-profit line, so inside the chart whatever its height
    await page.mouse.click(x, box.y + y - 25, { button: 'right' });
    const menu = page.getByTestId('chart-price-menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Buy stop at /),
      expect.stringMatching(/^Sell limit at /),
    ]);
    await shot(page, 'menu-1366-light');
    await menu.getByTestId('chart-price-sell-limit').click();
    const order = page.getByTestId('order-new-modal');
    await order.waitFor();
    expect(numberOf(await order.getByTestId('order-level').inputValue())).toBeGreaterThan(60_200);
    await order.getByRole('button', { name: 'Cancel' }).click();
    await order.waitFor({ state: 'detached' });

    // the lines in the dark theme, and on a phone (the chart tab), light and dark
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((t) => localStorage.setItem('ob.theme', t), theme);
      for (const width of theme === 'dark' ? [1366, 390] : [390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
        await page.reload();
        if (width === 390) await page.getByTestId('platform-tab-chart').click();
        await expect.poll(() => canvas.getAttribute('data-trade-lines')).toContain(key);
        // the candles drawn and the live prices in: the screen as the trader sees it
        await expect.poll(() => page.locator('.ob-chart-card').getAttribute('data-loading')).toBe('false');
        await expect.poll(() => page.locator('.ob-chart-quote').count()).toBe(1);
        await shot(page, `lines-${width}-${theme}`);
      }
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
