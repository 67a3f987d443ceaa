import { brandQuote, formatPrice, tickSizeOf } from '@openbroker/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInThroughForm, newSession, screenshot } from '../support/browser.js';
import { journeyServer } from '../support/journey-server.js';

/**
 * In a real browser: one quote per brand. The demo brand marks crypto up 0.3 % per side (seed-brands.ts,
 * RETAIL_TRADING). On a BTCUSD feed of 60,000.00 / 60,020.00 the home page's widget and the terminal's ticket both
 * show the brand's quote (59,820.00 / 60,200.06), a stop loss at or above the shown sell price is refused with that
 * price in the message, and one a tick below it is accepted and stays open on the next quote.
 */

const BID = 60_000;
const ASK = 60_020;
const brand = brandQuote(
  { buy: ASK, sell: BID },
  { markup: { unit: 'percent', value: 0.3 }, pipSize: 0.01, tick: tickSizeOf(2) },
);

const journey = journeyServer({ quotes: { BTCUSD: [BID, ASK] }, verifyLedger: true });

/** A price as the site prints it ('59,820.00'). */
const numberOf = (text: string | null): number => Number((text ?? '').replace(/[^\d.-]/g, ''));

async function shown(locator: Locator, expected: number): Promise<void> {
  await expect.poll(async () => numberOf(await locator.textContent()), { timeout: 20_000 }).toBe(expected);
}

const openRows = (page: Page) => page.getByTestId('positions-open').locator('[data-testid^="position-row-"]');

describe('one quote per brand', () => {
  it('the home widget and the ticket show the same BTCUSD quote, the brand quote the engine deals at', async () => {
    const visitor = await newSession('desktop', { baseURL: journey.server.baseURL });
    try {
      const page = visitor.page;
      await page.goto('/');
      const row = page.getByTestId('quote-row-BTCUSD');
      await row.waitFor({ timeout: 20_000 });
      await shown(row.getByTestId('quote-sell'), brand.sell);
      await shown(row.getByTestId('quote-buy'), brand.buy);
      await screenshot(page, 'one-quote/home-widget-1366');
    } finally {
      await visitor.context.close();
    }

    const client = await newSession('desktop', { baseURL: journey.server.baseURL });
    try {
      const page = client.page;
      await logInThroughForm(page);
      await page.goto('/platform/BTCUSD');
      await shown(page.getByTestId('trade-sell-price'), brand.sell);
      await shown(page.getByTestId('trade-buy-price'), brand.buy);
    } finally {
      await client.context.close();
    }
  });

  it('refuses a stop loss at the shown sell price, naming it, and keeps one a tick below it open', async () => {
    const session = await newSession('desktop', { baseURL: journey.server.baseURL });
    try {
      const page = session.page;
      await logInThroughForm(page);
      await page.goto('/platform/BTCUSD');
      const panel = page.getByTestId('new-trade-panel');
      await shown(page.getByTestId('trade-sell-price'), brand.sell);
      const before = await openRows(page).count();

      await page.getByTestId('trade-buy').click();
      await page.getByTestId('trade-amount').fill('100');
      await page.getByTestId('trade-leverage').selectOption('1');
      // inside the shown sell price: the engine would close it at once, so it is refused with that price
      await page.getByTestId('trade-stop-loss').fill(String(brand.sell + 50));
      await expect.poll(() => panel.innerText()).toContain(`Can't be higher than ${formatPrice(brand.sell)}`);
      await page.getByTestId('trade-stop-loss').fill(String(brand.sell));
      await expect.poll(() => panel.innerText()).toContain(`Can't be higher than ${formatPrice(brand.sell)}`);

      // one tick below it: accepted
      const stopLoss = Math.round((brand.sell - 0.01) * 100) / 100;
      await page.getByTestId('trade-stop-loss').fill(stopLoss.toFixed(2));
      await expect.poll(() => panel.innerText()).not.toContain("Can't be");
      await page.getByTestId('trade-submit').click();
      await expect.poll(() => openRows(page).count(), { timeout: 15_000 }).toBe(before + 1);

      // the next quote (one cent up) reaches the engine and the screen: the position is still open
      journey.feed.set('BTCUSD', BID + 0.01, ASK + 0.01);
      const next = brandQuote(
        { buy: ASK + 0.01, sell: BID + 0.01 },
        { markup: { unit: 'percent', value: 0.3 }, pipSize: 0.01, tick: tickSizeOf(2) },
      );
      await shown(page.getByTestId('trade-sell-price'), next.sell);
      expect(await openRows(page).count()).toBe(before + 1);
      await screenshot(page, 'one-quote/stop-loss-kept-1366');
    } finally {
      await session.context.close();
    }
  });
});
