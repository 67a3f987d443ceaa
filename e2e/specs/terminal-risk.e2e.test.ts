import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInThroughForm, newSession, OUTPUT_DIR } from '../support/browser.js';
import { journeyServer } from '../support/journey-server.js';

/**
 * The terminal's risk figures in a real browser, on a market the journey moves itself (its own server with a WebSocket feed the
 * test controls, BTCUSD only: crypto trades around the clock). A client buys with most of the account, watches
 * the margin level fall, is warned at the margin-call level, and is stopped out at the liquidation price the
 * ticket showed, with the explanation; a buy limit order fills; a trailing stop follows the price and closes;
 * part of a position is closed.
 */

const journey = journeyServer({ quotes: { BTCUSD: [60_000, 60_020] }, verifyLedger: true });

/** A number as the terminal prints it ('60,200.06', '−1.67 %', '€9,823.79'). */
const numberOf = (text: string | null): number =>
  Number((text ?? '').replace('−', '-').replace(/[^\d.-]/g, ''));

const shownNumber = async (locator: Locator): Promise<number> => {
  await expect
    .poll(
      async () =>
        Number.isFinite(numberOf(await locator.textContent())) && (await locator.textContent()) !== '—',
      { timeout: 20_000 },
    )
    .toBe(true);
  return numberOf(await locator.textContent());
};

/** Waits until the ticket shows a sell price that satisfies `ok` (the feed's quote reached the browser). */
async function sellPriceShown(page: Page, ok: (sell: number) => boolean) {
  await expect
    .poll(async () => ok(numberOf(await page.getByTestId('trade-sell-price').textContent())), {
      timeout: 20_000,
    })
    .toBe(true);
}

/**
 * Keeps a screenshot of the viewport (not the full page: resizing the window to the page's height would show
 * another layout than the one-screen terminal the journey looks at).
 */
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(OUTPUT_DIR, `${name}.png`) });

const openRows = (page: Page) => page.getByTestId('positions-open').locator('[data-testid^="position-row-"]');

async function openPlatform(page: Page) {
  await logInThroughForm(page);
  await page.goto('/platform/BTCUSD');
  await page.getByTestId('new-trade-panel').waitFor();
  await shownNumber(page.getByTestId('trade-sell-price'));
}

async function buyAtMarket(page: Page, amount: string, leverage: string) {
  await page.getByTestId('trade-buy').click();
  await page.getByTestId('trade-amount').fill(amount);
  await page.getByTestId('trade-leverage').selectOption(leverage);
}

describe('risk on the terminal', () => {
  it('warns at the margin call and stops out at the liquidation price the ticket showed, explaining the close', async () => {
    const { page, errors } = await newSession('desktop', { baseURL: journey.server.baseURL });
    await page.setViewportSize({ width: 1366, height: 768 });
    await openPlatform(page);

    await buyAtMarket(page, '8000', '2');
    // before the click: margin, pip value, spread and the account's liquidation price after the trade
    const liquidation = await shownNumber(page.getByTestId('trade-liquidation'));
    const move = numberOf(await page.getByTestId('trade-liquidation-move').textContent());
    const sell = numberOf(await page.getByTestId('trade-sell-price').textContent());
    expect(liquidation).toBeLessThan(sell);
    // stop-out at 50 % of €8,000 used: a loss of €6,000 on €16,000 exposure, about 37.5 % (rule (a) alone: 50 %)
    expect(Math.abs(move)).toBeGreaterThan(30);
    expect(Math.abs(move)).toBeLessThan(45);
    await screenshot(page, 'terminal/ticket-before-click-1366x768');
    await page.getByTestId('trade-submit').click();
    await expect.poll(() => openRows(page).count(), { timeout: 20_000 }).toBe(1);
    const row = openRows(page).first();
    const rowLiquidation = await shownNumber(row.getByTestId('position-liquidation'));
    expect(Math.abs(rowLiquidation - liquidation) / liquidation).toBeLessThan(0.01);

    // the price falls: above the margin-call level no warning, below it a banner and a notice at once
    const level = page.getByTestId('summary-margin-level');
    journey.feed.set('BTCUSD', 54_000, 54_020);
    await sellPriceShown(page, (s) => s < 55_000);
    expect(numberOf(await level.textContent())).toBeGreaterThan(100);
    expect(await page.getByTestId('margin-call-banner').count()).toBe(0);
    journey.feed.set('BTCUSD', 52_000, 52_020);
    await page.getByTestId('margin-call-banner').waitFor({ timeout: 20_000 });
    expect(numberOf(await level.textContent())).toBeLessThan(100);
    await expect
      .poll(() => page.getByTestId('notices').innerText(), { timeout: 20_000 })
      .toMatch(/[Mm]argin call/);
    await screenshot(page, 'terminal/margin-call-1366x768');

    // just above the liquidation price the position stays open
    const bidFor = (dealingSell: number) => Math.round(dealingSell / 0.997);
    journey.feed.set('BTCUSD', bidFor(liquidation * 1.01), bidFor(liquidation * 1.01) + 20);
    await sellPriceShown(page, (s) => s < liquidation * 1.02);
    expect(await openRows(page).count()).toBe(1);

    // across it: stopped out with reason Low Margin, and told why with the equity and used margin
    journey.feed.set('BTCUSD', bidFor(liquidation * 0.995), bidFor(liquidation * 0.995) + 20);
    await expect.poll(() => openRows(page).count(), { timeout: 20_000 }).toBe(0);
    await expect
      .poll(() => page.getByTestId('notices').innerText(), { timeout: 20_000 })
      .toMatch(/Low Margin|stop-out|margin/i);
    const noticeText = await page.getByTestId('notices').innerText();
    expect(noticeText).toMatch(/€/);
    await screenshot(page, 'terminal/stopped-out-1366x768');

    await page.getByTestId('positions-tab-history').click();
    const closed = page.getByTestId('positions-history').locator('[data-testid^="position-row-"]').first();
    await expect.poll(() => closed.getByTestId('position-reason').innerText()).toContain('Low Margin');
    const closedRate = numberOf(await closed.getByTestId('position-closed-rate').textContent());
    // closed at the shown liquidation price, within the one tick that crossed it
    expect(closedRate).toBeLessThanOrEqual(liquidation * 1.0001);
    expect(closedRate).toBeGreaterThan(liquidation * 0.99);
    await closed.locator('[data-testid^="position-why-toggle-"]').click();
    await expect.poll(() => page.getByTestId('positions-history').innerText()).toMatch(/€[\d,]+\.\d{2}/);
    expect(errors).toEqual([]);
  });

  it('fills a buy limit order, moves a trailing stop that then closes, and closes part of a position', async () => {
    journey.feed.set('BTCUSD', 60_000, 60_020);
    const { page, errors } = await newSession('desktop', { baseURL: journey.server.baseURL });
    await openPlatform(page);
    await sellPriceShown(page, (s) => s > 59_000);

    // a buy limit below the market waits in the Orders tab
    await buyAtMarket(page, '1000', '1');
    await page.getByTestId('order-type-limit').click();
    await page.getByTestId('order-level').fill('59000');
    await page.getByTestId('trade-submit').click();
    await page.getByTestId('positions-tab-orders').click();
    const orderRows = page.getByTestId('orders-open').locator('[data-testid^="order-row-"]');
    await expect.poll(() => orderRows.count(), { timeout: 20_000 }).toBe(1);
    await screenshot(page, 'terminal/orders-tab');

    // the ask falls far enough that the buy price reaches the level: it fills and becomes a position
    journey.feed.set('BTCUSD', 58_700, 58_720);
    await expect.poll(() => orderRows.count(), { timeout: 20_000 }).toBe(0);
    await page.getByTestId('positions-tab-open').click();
    await expect.poll(() => openRows(page).count(), { timeout: 20_000 }).toBe(1);
    const position = openRows(page).first();
    const id = ((await position.getAttribute('data-testid')) ?? '').replace('position-row-', '');

    // a trailing stop 500 below the price follows it up and never down
    await page.getByTestId(`position-edit-${id}`).click();
    await page.getByTestId('position-edit-trailing-on').check();
    await page.getByTestId('position-edit-trailing-unit').selectOption('price');
    await page.getByTestId('position-edit-trailing-distance').fill('500');
    await page.getByTestId('position-edit-save').click();
    await page.getByTestId('position-edit-modal').waitFor({ state: 'detached' });
    journey.feed.set('BTCUSD', 61_000, 61_020);
    await expect
      .poll(async () => numberOf(await position.getByTestId('position-stop-loss').textContent()), {
        timeout: 20_000,
      })
      .toBeGreaterThan(60_000);
    const trailed = numberOf(await position.getByTestId('position-stop-loss').textContent());
    journey.feed.set('BTCUSD', 60_900, 60_920);
    await sellPriceShown(page, (s) => s < 60_800);
    expect(numberOf(await position.getByTestId('position-stop-loss').textContent())).toBe(trailed);
    // the price falls through the trailed stop: closed with reason Stop Loss
    journey.feed.set('BTCUSD', 59_000, 59_020);
    await expect.poll(() => openRows(page).count(), { timeout: 20_000 }).toBe(0);
    await page.getByTestId('positions-tab-history').click();
    await expect
      .poll(() =>
        page
          .getByTestId('positions-history')
          .locator('[data-testid^="position-row-"]')
          .first()
          .getByTestId('position-reason')
          .innerText(),
      )
      .toContain('Stop Loss');

    // part of a position: €500 of €2,000 closed, €1,500 stays open
    await page.getByTestId('positions-tab-open').click();
    await buyAtMarket(page, '2000', '1');
    await page.getByTestId('order-type-market').click();
    await page.getByTestId('trade-submit').click();
    await expect.poll(() => openRows(page).count(), { timeout: 20_000 }).toBe(1);
    const part = openRows(page).first();
    const partId = ((await part.getAttribute('data-testid')) ?? '').replace('position-row-', '');
    await page.getByTestId(`position-close-part-${partId}`).click();
    await page.getByTestId('position-close-amount').fill('500');
    await page.getByTestId('position-close-confirm').click();
    await expect.poll(() => part.innerText(), { timeout: 20_000 }).toContain('1,500.00');
    expect(errors).toEqual([]);
  });

  it('keeps the one-screen terminal readable at 1366×768 and 390 px, light and dark', async () => {
    journey.feed.set('BTCUSD', 60_000, 60_020);
    for (const theme of ['light', 'dark'] as const) {
      for (const viewport of ['desktop', 'phone'] as const) {
        const { page, errors } = await newSession(viewport, { baseURL: journey.server.baseURL });
        if (viewport === 'desktop') await page.setViewportSize({ width: 1366, height: 768 });
        await page.goto('/');
        await page.evaluate((value) => localStorage.setItem('ob.theme', value), theme);
        await logInThroughForm(page);
        await page.goto('/platform/BTCUSD');
        // on a phone the terminal is tabs: the ticket is one of them
        if (viewport === 'phone') await page.getByTestId('platform-tab-trade').click();
        await shownNumber(page.getByTestId('trade-sell-price'));
        if (viewport === 'desktop') {
          // market list, chart, ticket and the positions tabs without scrolling the page
          for (const id of ['market-list', 'chart', 'new-trade-panel', 'positions-panel']) {
            const box = await page.getByTestId(id).last().boundingBox();
            expect(box, id).not.toBeNull();
            expect((box?.y ?? 0) + 40, id).toBeLessThan(768);
          }
          const chart = await page.getByTestId('chart').last().boundingBox();
          expect(chart?.height ?? 0).toBeGreaterThanOrEqual(768 / 2 - 40);
        } else {
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        }
        await screenshot(page, `terminal/platform-${viewport === 'desktop' ? '1366x768' : '390'}-${theme}`);
        expect(errors).toEqual([]);
        await page.context().close();
      }
    }
  });
});
