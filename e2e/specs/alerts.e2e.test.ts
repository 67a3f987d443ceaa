import path from 'node:path';
import { brandQuote, tickSizeOf } from '@openbroker/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInThroughForm, newSession, OUTPUT_DIR } from '../support/browser.js';
import { journeyServer } from '../support/journey-server.js';

/**
 * In a real browser: the demo client sets a price alert on BTCUSD from the bell beside the chart (prefilled with
 * the brand's bid now), sees it active in the Alerts tab, and when the controlled feed moves the price through the
 * level the server fires it once: the terminal shows the notice and the tab shows it triggered. Screenshots of the
 * tab at 1366 and 390 px, light and dark.
 */

const BID = 60_000;
const ASK = 60_020;
// the demo brand marks crypto 0.3 % per side (seed-brands.ts)
const terms = { markup: { unit: 'percent', value: 0.3 }, pipSize: 0.01, tick: tickSizeOf(2) } as const;
const brand = brandQuote({ buy: ASK, sell: BID }, terms);
const LEVEL = 59_900;

const journey = journeyServer({ quotes: { BTCUSD: [BID, ASK] } });

/**
 * The viewport as the trader sees it: a full-page shot resizes the window, and the one-screen terminal lays itself
 * out again for the new size (an open dialog and the chosen tab start afresh).
 */
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(OUTPUT_DIR, `${name}.png`) });

async function alertsTab(page: Page) {
  await page.getByTestId('positions-tab-alerts').click();
  await page.getByTestId('alerts-tab').waitFor();
}

describe('price alerts', () => {
  it('sets an alert from the chart, fires it once when the price crosses, and shows the notice', {
    timeout: 150_000,
  }, async () => {
    const session = await newSession('desktop', { baseURL: journey.server.baseURL });
    try {
      const { page } = session;
      await logInThroughForm(page);
      await page.goto('/platform/BTCUSD');
      const sellPrice = page.getByTestId('trade-sell-price');
      await expect
        .poll(async () => Number(((await sellPrice.textContent()) ?? '').replace(/[^\d.]/g, '')), {
          timeout: 30_000,
        })
        .toBe(brand.sell);
      await page.getByTestId('set-alert').click();
      const form = page.getByTestId('alert-form');
      await expect
        .poll(() => form.getByTestId('alert-value').inputValue(), { timeout: 20_000 })
        .toBe(brand.sell.toFixed(2));
      await screenshot(page, 'alerts/form-1366-light');
      await form.getByTestId('alert-value').fill(String(LEVEL));
      await form.getByTestId('alert-note').fill('Breakout watch');
      await form.getByTestId('alert-save').click();
      await form.waitFor({ state: 'detached' });

      await alertsTab(page);
      const row = page.locator('[data-testid^="alert-row-"]').first();
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 10_000 }).toBe('active');
      // a window narrowed below the one-screen layout and widened again lays the panels out anew, on the same tab
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.getByTestId('alerts-tab').waitFor();
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.getByTestId('alerts-tab').waitFor();
      await screenshot(page, 'alerts/tab-1366-light');

      // the brand's bid passes the level: the server fires the alert and the terminal tells at once
      journey.feed.set('BTCUSD', 60_200, 60_220);
      const notice = page.locator('[data-testid^="notice-alert-"]').first();
      await notice.waitFor({ timeout: 30_000 });
      expect(await notice.textContent()).toContain('BTCUSD');
      expect(await notice.textContent()).toContain('Breakout watch');
      await alertsTab(page);
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 20_000 }).toBe('triggered');
      await screenshot(page, 'alerts/fired-1366-light');

      // fired once: more prices beyond the level bring no second notice
      journey.feed.set('BTCUSD', 60_400, 60_420);
      const sell = page.getByTestId('trade-sell-price');
      await expect
        .poll(async () => Number(((await sell.textContent()) ?? '').replace(/[^\d.]/g, '')), {
          timeout: 20_000,
        })
        .toBeGreaterThan(60_200);
      expect(await page.locator('[data-testid^="notice-alert-"]').count()).toBe(1);
      expect(session.errors).toEqual([]);
    } finally {
      await session.context.close();
    }
  });

  it('looks right at 1366 and 390 px, light and dark', async () => {
    for (const [viewport, width] of [
      ['desktop', 1366],
      ['phone', 390],
    ] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const session = await newSession(viewport, { baseURL: journey.server.baseURL, colorScheme: theme });
        try {
          const { page } = session;
          // the dialog's fade is not what the screenshot is about
          await page.emulateMedia({ reducedMotion: 'reduce' });
          await session.context.addInitScript((mode) => window.localStorage.setItem('ob.theme', mode), theme);
          await logInThroughForm(page);
          await page.goto('/platform/BTCUSD');
          if (viewport === 'phone') await page.getByTestId('platform-tab-positions').click();
          await alertsTab(page);
          await page.locator('[data-testid^="alert-row-"]').first().waitFor();
          await screenshot(page, `alerts/tab-${width}-${theme}`);
          await page.getByTestId('alerts-new').click();
          await page.getByTestId('alert-form').waitFor();
          await screenshot(page, `alerts/form-${width}-${theme}`);
        } finally {
          await session.context.close();
        }
      }
    }
  });
});
