import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInThroughForm, screenshot } from '../support/browser.js';
import { journeyServer } from '../support/journey-server.js';

/**
 * In a real browser, on a market the journey closes and opens itself (its own server with the WebSocket feed
 * the test controls, BTCUSD only, so it runs on any day of the week). A market is closed for the product when its
 * instrument has no fresh quote — its calendar stopped the feed, or the feed went stale — which the journey does by
 * sending one quote stamped now and resending it with that stamp: BTCUSD's quotes are stale after 5 s. While closed
 * the verified demo client sees the last prices greyed, cannot buy at the market, and places a buy limit below the
 * last buy price; it waits in the Orders tab. The market then opens well below the level (the feed stamps its quotes
 * when it sends them again): the first quote fills the order at the opening's buy price, better than its level (the
 * gap rule's price improvement), and the order shows as filled.
 */

const SYMBOL = 'BTCUSD';

const journey = journeyServer({ feed: { timestamps: true }, verifyLedger: true });

/** A price as the ticket shows it ('57181.03'), once it shows one. */
async function priceOf(locator: Locator, timeout = 20_000): Promise<number> {
  await expect
    .poll(async () => /^\d+(\.\d+)?$/.test(((await locator.textContent().catch(() => '')) ?? '').trim()), {
      timeout,
    })
    .toBe(true);
  return Number(((await locator.textContent()) ?? '').trim());
}

const openRows = (page: Page) => page.getByTestId('positions-open').locator('[data-testid^="position-row-"]');
const openIds = (page: Page): Promise<string[]> =>
  openRows(page).evaluateAll((rows) =>
    rows.map((row) => row.getAttribute('data-testid')?.replace('position-row-', '') ?? ''),
  );
/** The rate a cell shows first (its date line follows it). */
const leadingNumber = (cell: Locator) =>
  cell.evaluate((element) => Number((element.firstChild?.textContent ?? '').replace(/[^\d.-]/g, '')));

describe('pending orders on a closed market', () => {
  it('a limit order placed while the market is closed fills at the open, at the opening price', async () => {
    const { page, errors } = await journey.session();
    await logInThroughForm(page);
    await page.goto(`/platform/${SYMBOL}`);
    const panel = page.getByTestId('new-trade-panel');
    await panel.waitFor();

    // the last quote before the close: live for 5 s, then stale — the market is closed for the product
    journey.feed.set(SYMBOL, 60_000, 60_010, Date.now());
    const liveBuy = await priceOf(page.getByTestId('trade-buy-price'));
    const lastBuy = await priceOf(page.getByTestId('trade-buy-last'), 30_000);
    expect(lastBuy).toBe(liveBuy);
    expect(await page.getByTestId('trade-buy-price').count()).toBe(0);
    // no market order while closed; the ticket says how to place one that waits
    expect(await page.getByTestId('trade-submit').isDisabled()).toBe(true);
    await page.getByTestId('trade-choose-pending').waitFor();

    // a buy limit 2 % below the last buy price, with a stop loss
    const before = await openIds(page);
    const level = Math.floor(lastBuy * 0.98);
    const stopLoss = Math.floor(lastBuy * 0.9);
    await panel.getByTestId('order-type-limit').click();
    await panel.getByTestId('trade-waits-note').waitFor();
    await panel.getByTestId('trade-amount').fill('100');
    await panel.getByTestId('order-level').fill(String(level));
    await panel.getByTestId('trade-stop-loss').fill(String(stopLoss));
    await panel.getByTestId('trade-submit').click();
    await expect
      .poll(() => page.getByTestId('toast-success').innerText(), { timeout: 15_000 })
      .toContain('The order was placed');
    await screenshot(page, 'closed-market-order-placed');

    // it waits in the Orders tab, beside the closed market
    await page.getByTestId('positions-tab-orders').click();
    const row = page.getByTestId('orders-open').locator('[data-testid^="order-row-"]').first();
    await row.waitFor();
    const orderId = Number(((await row.getAttribute('data-testid')) ?? '').replace('order-row-', ''));
    expect(await row.getByTestId('order-level').innerText()).toBe(level.toFixed(2));
    expect(await row.getByTestId('order-current').innerText()).toContain('Will be back soon');
    expect(await openIds(page)).toEqual(before);

    // the market opens 5 % lower: quotes stamped as they are sent, so it stays open
    journey.feed.set(SYMBOL, 57_000, 57_010);
    await page.getByTestId('positions-tab-open').click();
    await expect
      .poll(async () => (await openIds(page)).filter((id) => !before.includes(id)).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const [id] = (await openIds(page)).filter((p) => !before.includes(p));
    const position = page.getByTestId(`position-row-${id}`);
    const openRate = await leadingNumber(position.getByTestId('position-open'));
    const openingBuy = await priceOf(page.getByTestId('trade-buy-price'));
    // the gap rule: filled at the opening's buy price, better than the level (price improvement)
    expect(openRate).toBe(openingBuy);
    expect(openRate).toBeLessThan(level);
    expect(await position.getByTestId('position-stop-loss').innerText()).toContain(stopLoss.toFixed(2));
    await screenshot(page, 'closed-market-order-filled');

    // the order shows as filled, with the position it opened
    await page.getByTestId('positions-tab-orders').click();
    await page.getByTestId('orders-view-history').click();
    const filled = page.getByTestId('orders-history').getByTestId(`order-row-${orderId}`);
    await filled.waitFor();
    expect(await filled.getByTestId('order-status').innerText()).toContain('Filled');
    expect(await filled.getByTestId('order-reason').innerText()).toBe(`Opened position #${id}`);
    expect(errors).toEqual([]);
  }, 120_000);
});
