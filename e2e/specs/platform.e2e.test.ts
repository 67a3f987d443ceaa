import { MESSAGES_EN } from '@openbroker/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInThroughForm, newSession, screenshot } from '../support/browser.js';

/**
 * The trading journey in a real browser against the production build and the simulated
 * market: a verified client opens a buy with stop loss and take profit, watches its live profit, moves
 * the stop loss, closes it and finds it in history as closed manually; an unverified client is told
 * 'The account is not verified'.
 */

/** A price as the terminal shows it (spec §9 decimals, dot decimal mark). */
const priceOf = async (locator: Locator): Promise<number> => {
  await expect
    .poll(async () => /^\d+(\.\d+)?$/.test((await locator.textContent()) ?? ''), { timeout: 20_000 })
    .toBe(true);
  return Number(await locator.textContent());
};

/** Money as the summary shows it ('€10,000.00', English). */
const moneyOf = (text: string): number => Number(text.replace(/[^\d.−-]/g, '').replace('−', '-'));

const openIds = async (page: Page): Promise<string[]> =>
  page
    .getByTestId('positions-open')
    .locator('[data-testid^="position-row-"]')
    .evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-testid')?.replace('position-row-', '') ?? ''),
    );

describe('trading on the platform (spec §2, §4, §5, §8)', () => {
  it('opens a buy with SL and TP, shows its live profit, moves the SL, closes it, finds it in history', async () => {
    const { page, context, errors } = await newSession();
    await logInThroughForm(page);
    await page.goto('/platform/BTCUSD');
    const panel = page.getByTestId('new-trade-panel');
    await panel.waitFor();

    // live dealing prices (crypto trades around the clock in the simulated market)
    const sell = await priceOf(page.getByTestId('trade-sell-price'));
    const buy = await priceOf(page.getByTestId('trade-buy-price'));
    expect(buy).toBeGreaterThan(sell);
    const freeMargin = page.getByTestId('summary-free-margin');
    await expect.poll(() => freeMargin.innerText()).toMatch(/^€[\d,]+\.\d{2}$/);
    const marginBefore = moneyOf(await freeMargin.innerText());
    const before = await openIds(page);

    // spec §5: for a buy, SL below and TP above the sell price; a wrong side is explained live
    await page.getByTestId('trade-buy').click();
    await page.getByTestId('trade-amount').fill('500');
    await page.getByTestId('trade-leverage').selectOption('2');
    await page.getByTestId('trade-stop-loss').fill(String(Math.round(sell * 1.05)));
    await expect.poll(() => panel.innerText()).toContain("Can't be higher than");
    const stopLoss = Math.round(sell * 0.9);
    const takeProfit = Math.round(sell * 1.1);
    await page.getByTestId('trade-stop-loss').fill(String(stopLoss));
    await page.getByTestId('trade-take-profit').fill(String(takeProfit));
    expect(await panel.innerText()).not.toContain("Can't be");
    await screenshot(page, 'platform-new-trade');

    await page.getByTestId('trade-submit').click();
    await expect
      .poll(() => page.getByTestId('toast-success').first().innerText(), { timeout: 15_000 })
      .toContain(MESSAGES_EN['trade.created']);

    // the new position is in the open list, with a profit that follows the price
    await expect.poll(async () => (await openIds(page)).length).toBe(before.length + 1);
    const id = (await openIds(page)).find((candidate) => !before.includes(candidate));
    expect(id).toBeTruthy();
    const row = page.getByTestId(`position-row-${id}`);
    expect(await row.innerText()).toContain('BTCUSD');
    expect(await row.getByTestId('position-stop-loss').textContent()).toBe(stopLoss.toFixed(2));
    expect(await row.getByTestId('position-take-profit').textContent()).toBe(takeProfit.toFixed(2));
    const profit = row.getByTestId('position-profit');
    await expect.poll(() => profit.innerText()).toMatch(/^[+−]?€\d/);
    const first = await profit.innerText();
    await expect.poll(() => profit.innerText(), { timeout: 30_000, interval: 250 }).not.toBe(first);
    // spec §9: free margin = balance − Σ open amounts
    await expect.poll(async () => moneyOf(await freeMargin.innerText())).toBe(marginBefore - 500);
    await screenshot(page, 'platform-open-position');

    // move the stop loss (spec §8 'The data was successfully saved')
    await page.getByTestId(`position-edit-${id}`).click();
    const modal = page.getByTestId('position-edit-modal');
    await modal.waitFor();
    const newStopLoss = Math.round(sell * 0.92);
    await modal.getByTestId('position-edit-stop-loss').fill(String(newStopLoss));
    await modal.getByTestId('position-edit-save').click();
    await expect
      .poll(() => page.getByTestId('toast-success').last().innerText(), { timeout: 15_000 })
      .toContain(MESSAGES_EN['data.saved']);
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('position-stop-loss').textContent()).toBe(newStopLoss.toFixed(2));

    // close it at the current opposite price: it leaves the open list for history, closed manually
    await page.getByTestId(`position-close-${id}`).click();
    // closing asks first (the client can turn that off in the dialog or the tab header)
    await page.getByTestId('position-close-modal').waitFor();
    await page.getByTestId('position-close-confirm').click();
    await row.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByTestId('positions-tab-history').click();
    const closed = page.getByTestId('positions-history').getByTestId(`position-row-${id}`);
    await closed.waitFor();
    expect(await closed.getByTestId('position-reason').innerText()).toBe('Manually');
    expect(await closed.getByTestId('position-closed-rate').innerText()).toMatch(/\d+\.\d{2}/);
    expect(await closed.getByTestId('position-profit').innerText()).toMatch(/^[+−]?€\d/);
    await screenshot(page, 'platform-history');
    expect(errors).toEqual([]);
    await context.close();
    // Its own polls allow up to 75 s between them (toast 15 s, profit 30 s, close 15 s, plus the defaults); one CI run
    // on PostgreSQL spent over 55 s after the submit once (not reproduced in two further runs), so the journey gets
    // the sum of its waits rather than the suite's 60 s. docs/benchmarks.md records it.
  }, 120_000);

  it("tells an unverified client 'The account is not verified'", async () => {
    const { page, context, errors } = await newSession();
    await logInThroughForm(page, 'new@example.com');
    await page.goto('/platform/BTCUSD');
    const block = page.getByTestId('trade-block');
    await expect.poll(() => block.innerText(), { timeout: 20_000 }).toBe(MESSAGES_EN['account.notVerified']);
    expect(await page.getByTestId('trade-submit').isDisabled()).toBe(true);
    await screenshot(page, 'platform-not-verified');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the 404 box for an unknown symbol', async () => {
    const { page, context } = await newSession();
    await logInThroughForm(page);
    await page.goto('/platform/NOSUCHSYMBOL');
    await expect
      .poll(() => page.getByTestId('platform-not-found').innerText(), { timeout: 15_000 })
      .toContain(MESSAGES_EN['page.notFound']);
    await context.close();
  });

  it('on a 390 px phone the trade panel is one tab away, without sideways scrolling', async () => {
    const { page, context, errors } = await newSession('phone');
    await logInThroughForm(page);
    await page.goto('/platform/EURUSD');
    await page.getByTestId('platform-tab-trade').click();
    const panel = page.getByTestId('new-trade-panel');
    expect(await panel.isVisible()).toBe(true);
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await page.getByTestId('platform-tab-positions').click();
    expect(await page.getByTestId('positions-panel').isVisible()).toBe(true);
    await screenshot(page, 'platform-phone-positions');
    expect(errors).toEqual([]);
    await context.close();
  });
});
